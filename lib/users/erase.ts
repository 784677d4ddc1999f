import { conflict } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db, Tx } from "@/lib/db/client";
import { audioFilePks, deleteFileRows } from "@/lib/media/file-rows";
import type { Storage } from "@/lib/storage/storage";
import { removeObjects } from "@/lib/storage/stored-files";
import { manageableUser } from "./update";

// DELETE /users/:id erases a person: credentials, tokens, profile, group memberships, and
// everything they submitted (recordings with their result sets and combined audio, feedback,
// pronunciation analyses, choice recognitions) with the stored files of all of it.
//
// Annotation work is never deleted as a side effect (as with a speech challenge): when a
// recording of theirs carries an annotation or a reference annotation a person saved, or they are named on an
// assignment as an annotator, the erase is refused with 409 saying so. The administrator
// exports and removes that work first.
//
// All or nothing: every row goes in one transaction, the StoredFile rows with them; the stored
// objects are removed after it commits. Downloads are answered from StoredFile rows, so a crash
// between the commit and the removal leaves objects that nothing can download; the orphan sweep
// (lib/storage/sweep.ts) removes them later.

export async function eraseUser(db: Db, storage: Storage, caller: Principal, id: string): Promise<void> {
  const target = await manageableUser(db, caller, id);
  if (target.pk === caller.user?.pk || target.pk === caller.actorUserPk)
    throw conflict("You cannot erase your own account");
  const keys = await db.$transaction(async (tx) => {
    const userPk = target.pk;
    await refuseWhenAnnotationWork(tx, userPk);
    const sets = await tx.resultSet.findMany({
      where: { userPk },
      select: { pk: true, combinedFilePk: true, combinedPeaksPk: true },
    });
    const setPks = sets.map((s) => s.pk);
    const inSets = setPks.length ? [{ resultSetPk: { in: setPks } }] : [];
    const [recordings, feedback, analyses, recognitions] = await Promise.all([
      tx.speechRecording.findMany({ where: { OR: [{ userPk }, ...inSets] }, select: { audioFilePk: true } }),
      tx.feedback.findMany({ where: { OR: [{ userPk }, ...inSets] }, select: { audioFilePk: true } }),
      tx.pronunciationAnalysis.findMany({ where: { userPk }, select: { audioFilePk: true } }),
      tx.choiceRecognition.findMany({ where: { userPk }, select: { audioFilePk: true } }),
    ]);
    const filePks = [
      ...recordings.map((r) => r.audioFilePk),
      ...feedback.map((f) => f.audioFilePk),
      ...analyses.map((a) => a.audioFilePk),
      ...recognitions.map((r) => r.audioFilePk),
      ...sets.flatMap((s) => [s.combinedFilePk, s.combinedPeaksPk]),
    ].filter((pk): pk is string => !!pk);
    const removed = await deleteFileRows(tx, await audioFilePks(tx, [...new Set(filePks)]));
    await tx.feedback.deleteMany({ where: { OR: [{ userPk }, ...inSets] } });
    await tx.speechRecording.deleteMany({ where: { OR: [{ userPk }, ...inSets] } });
    if (setPks.length) await tx.resultSet.deleteMany({ where: { pk: { in: setPks } } });
    // The rest goes with the user row (cascade): profile, roles, group memberships, credentials,
    // tokens issued to them and every token derived from their sign-ins, analyses, recognitions.
    await tx.token.deleteMany({ where: { OR: [{ userPk }, { actorUserPk: userPk }] } });
    await tx.user.delete({ where: { pk: userPk } });
    return removed;
  });
  await removeObjects(storage, keys);
}

async function refuseWhenAnnotationWork(tx: Tx, userPk: string): Promise<void> {
  const recording = { userPk };
  const [annotations, references, assignments] = await Promise.all([
    tx.annotation.count({ where: { recording } }),
    // Only what a person saved: a forced alignment's reference goes with the recording (it can be made again).
    tx.referenceAnnotation.count({ where: { recording, engine: null } }),
    tx.assignment.count({ where: { OR: [{ fullAnnotatorPk: userPk }, { baseAnnotatorPk: userPk }] } }),
  ]);
  const reasons = [
    annotations ? `${annotations} annotation(s) on their recordings` : "",
    references ? `${references} reference annotation(s) on their recordings` : "",
    assignments ? `they are an annotator on ${assignments} assignment(s)` : "",
  ].filter(Boolean);
  if (reasons.length) {
    throw conflict(
      `This user cannot be erased while annotation work depends on them (${reasons.join("; ")}): export that work and remove the recordings from their assignments, or reassign the assignments, first`,
    );
  }
}
