import { notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { mayDownload } from "@/lib/policies/files";

// A stored file, for a caller who may read the row that owns it (lib/policies/files.ts);
// everyone else gets 404, as if it did not exist.
export async function downloadableFile(db: Db, caller: Principal, filePk: string) {
  const file = await db.storedFile.findUnique({ where: { pk: filePk } });
  if (!file || !(await mayDownload(db, caller, filePk))) throw notFound("File");
  return file;
}
