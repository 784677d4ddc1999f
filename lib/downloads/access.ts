import type { Db } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";

// Who may download a stored file: callers of its organisation (its namespace), the
// tenant that organisation belongs to, top-level admins, and the annotators of a recording
// (its audio and the audio's normalised and peaks files). Everyone else gets 404.

export async function downloadableFile(db: Db, caller: Principal, filePk: string) {
  const file = await db.storedFile.findUnique({ where: { pk: filePk } });
  if (!file || !((await mayReach(db, caller, file.ns)) || (await annotatesFile(db, caller, filePk)))) throw notFound("File");
  return file;
}

async function annotatesFile(db: Db, caller: Principal, filePk: string): Promise<boolean> {
  if (!caller.user) return false;
  const originals = await db.storedFile.findMany({ where: { OR: [{ pk: filePk }, { normalisedPk: filePk }, { peaksPk: filePk }] }, select: { pk: true } });
  const assigned = await db.assignmentRecording.findFirst({
    where: {
      recording: { audioFilePk: { in: originals.map((o) => o.pk) } },
      assignment: { OR: [{ fullAnnotatorPk: caller.user.pk }, { baseAnnotatorPk: caller.user.pk }] },
    },
    select: { recordingPk: true },
  });
  return assigned !== null;
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
