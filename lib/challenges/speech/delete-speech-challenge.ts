import { conflict, notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db, Tx } from "@/lib/db/client";
import type { Storage } from "@/lib/storage/storage";
import { removeObjects } from "@/lib/storage/stored-files";
import { deleteFiles } from "./challenge-files";
import { lockSpeechChallenge, speechChallengeInScope } from "./speech-challenges";

/**
 * Deletes the challenge with its files, its recordings, its result sets and its feedback, and
 * all their audio (rows in one transaction, objects after it). Result sets are those of the
 * challenge and those holding only its recordings.
 */
export async function deleteSpeechChallenge(db: Db, storage: Storage, caller: Principal, id: string): Promise<void> {
  const existing = await speechChallengeInScope(db, caller, id);
  const keys = await db.$transaction(async (tx) => {
    await lockSpeechChallenge(tx, existing.pk, "update");
    const current = await tx.speechChallenge.findUnique({
      where: { pk: existing.pk },
      select: { referenceAudioFilePk: true, srtFilePk: true, imageFilePk: true },
    });
    if (!current) throw notFound("Speech challenge");
    const pk = existing.pk;
    const recordings = await tx.speechRecording.findMany({
      where: { challengePk: pk },
      select: { audioFilePk: true, resultSetPk: true },
    });
    const setPks = new Set(
      (await tx.resultSet.findMany({ where: { challengePk: pk }, select: { pk: true } })).map((s) => s.pk),
    );
    // A result set without a challenge of its own goes too when every recording in it is this challenge's.
    const recordingSets = [...new Set(recordings.map((r) => r.resultSetPk))].filter((s) => !setPks.has(s));
    if (recordingSets.length) {
      const shared = await tx.speechRecording.findMany({
        where: { resultSetPk: { in: recordingSets }, challengePk: { not: pk } },
        select: { resultSetPk: true },
      });
      const keep = new Set(shared.map((r) => r.resultSetPk));
      for (const s of recordingSets) if (!keep.has(s)) setPks.add(s);
    }
    const sets = [...setPks];
    await refuseWhenAnnotated(tx, pk, sets);
    const setRows = await tx.resultSet.findMany({
      where: { pk: { in: sets } },
      select: { combinedFilePk: true, combinedPeaksPk: true },
    });
    // Recordings and feedback in those sets are deleted with them (cascade); their audio goes here.
    const setRecordings = sets.length
      ? await tx.speechRecording.findMany({ where: { resultSetPk: { in: sets } }, select: { audioFilePk: true } })
      : [];
    const feedback = await tx.feedback.findMany({
      where: { OR: [{ challengePk: pk }, ...(sets.length ? [{ resultSetPk: { in: sets } }] : [])] },
      select: { audioFilePk: true },
    });
    const removed = await deleteFiles(tx, [
      current.referenceAudioFilePk,
      current.srtFilePk,
      current.imageFilePk,
      ...recordings.map((r) => r.audioFilePk),
      ...setRecordings.map((r) => r.audioFilePk),
      ...setRows.flatMap((s) => [s.combinedFilePk, s.combinedPeaksPk]),
      ...feedback.map((f) => f.audioFilePk),
    ]);
    await tx.feedback.deleteMany({
      where: { OR: [{ challengePk: pk }, ...(sets.length ? [{ resultSetPk: { in: sets } }] : [])] },
    });
    await tx.speechRecording.deleteMany({
      where: { OR: [{ challengePk: pk }, ...(sets.length ? [{ resultSetPk: { in: sets } }] : [])] },
    });
    if (sets.length) await tx.resultSet.deleteMany({ where: { pk: { in: sets } } });
    await tx.speechChallenge.delete({ where: { pk } });
    return removed;
  });
  await removeObjects(storage, keys);
}

/** Annotators' work is never deleted as a side effect: recordings with annotations keep their challenge (409). */
async function refuseWhenAnnotated(tx: Tx, challengePk: string, resultSetPks: string[]): Promise<void> {
  const recording = { OR: [{ challengePk }, ...(resultSetPks.length ? [{ resultSetPk: { in: resultSetPks } }] : [])] };
  const [annotations, references] = await Promise.all([
    tx.annotation.count({ where: { recording } }),
    tx.referenceAnnotation.count({ where: { recording } }),
  ]);
  if (annotations + references > 0) {
    throw conflict(
      `Recordings of this challenge carry ${annotations} annotation(s) and ${references} reference annotation(s): export them, then remove those recordings from their assignments, before deleting the challenge`,
    );
  }
}
