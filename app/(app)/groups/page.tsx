import type { Metadata } from "next";
import { PermissionGuard } from "@/components/admin/permission-guard";
import { GroupsView } from "@/components/groups/groups-view";

export const metadata: Metadata = { title: "Groups · Speech training platform" };

export default function GroupsPage() {
  return (
    <PermissionGuard permission="GROUP_LIST" what="Groups">
      <GroupsView />
    </PermissionGuard>
  );
}
