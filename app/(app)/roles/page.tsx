import type { Metadata } from "next";
import { PermissionGuard } from "@/components/admin/permission-guard";
import { RolesView } from "@/components/roles-view";

export const metadata: Metadata = { title: "Roles · Speech training platform" };

export default function RolesPage() {
  return (
    <PermissionGuard what="Roles">
      <RolesView />
    </PermissionGuard>
  );
}
