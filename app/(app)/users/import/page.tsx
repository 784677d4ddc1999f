import type { Metadata } from "next";
import { PermissionGuard } from "@/components/admin/permission-guard";
import { UserImportView } from "@/components/users/user-import";

export const metadata: Metadata = { title: "Import students · Speech training platform" };

export default function ImportStudents() {
  return (
    <PermissionGuard permission="USER_CREATE" what="Importing students">
      <UserImportView />
    </PermissionGuard>
  );
}
