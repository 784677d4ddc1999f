import type { Db } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";

// Who may download a stored file: callers of its organisation (its namespace), the
// tenant that organisation belongs to, and top-level admins. Everyone else gets 404.

export async function downloadableFile(db: Db, caller: Principal, filePk: string) {
  const file = await db.storedFile.findUnique({ where: { pk: filePk } });
  if (!file || !(await mayReach(db, caller, file.ns))) throw notFound("File");
  return file;
}

async function mayReach(db: Db, caller: Principal, fileNs: string): Promise<boolean> {
  if (caller.ns === fileNs) return true;
  if (caller.level === "top") return caller.roles.includes("ADMIN");
  if (caller.level === "tenant" && fileNs.startsWith("o:")) {
    const org = await db.organisation.findUnique({ where: { pk: fileNs.slice(2) }, select: { tenantPk: true } });
    return org?.tenantPk === caller.tenant!.pk;
  }
  return false;
}
