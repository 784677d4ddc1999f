import type { Metadata } from "next";
import { PermissionGuard } from "@/components/admin/permission-guard";
import { GroupDetail } from "@/components/groups/group-detail";

export const metadata: Metadata = { title: "Group · Speech training platform" };

export default async function GroupPage({ params }: { params: Promise<{ group: string }> }) {
  const { group } = await params;
  return (
    <PermissionGuard permission="GROUP_LIST" what="Groups">
      <GroupDetail id={decodeURIComponent(group)} />
    </PermissionGuard>
  );
}
