import type { UploadedFile } from "@/lib/api/body";
import { notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import type { Storage } from "@/lib/storage/storage";
import { removeObjects, withStoredFiles } from "@/lib/storage/stored-files";
import { analyseUploads, createFileRows, deleteFiles, storedFileInputs } from "./challenge-files";
import type { UpdateSpeechChallenge } from "./schemas";
import { lockSpeechChallenge, speechChallengeInScope, toSpeechChallenge } from "./speech-challenges";

/** Incremental update; new files replace the old ones, whose rows go in the transaction and objects after the commit. */
export async function updateSpeechChallenge(
  db: Db,
  storage: Storage,
  caller: Principal,
  id: string,
  input: UpdateSpeechChallenge,
  files: Record<string, UploadedFile[]>,
) {
  const existing = await speechChallengeInScope(db, caller, id);
  const data: { topic?: string | null; language?: string; metadata?: string | null } = {};
  if (input.topic !== undefined) data.topic = input.topic;
  if (input.language !== undefined) data.language = input.language;
  if (input.metadata !== undefined) data.metadata = input.metadata;

  const uploads = await analyseUploads(files);
  let replacedKeys: string[] = [];
  const row = await withStoredFiles(db, storage, storedFileInputs(uploads, caller.ns), async (tx, rows) => {
    await lockSpeechChallenge(tx, existing.pk, "update");
    const current = await tx.speechChallenge.findUnique({
      where: { pk: existing.pk },
      select: { referenceAudioFilePk: true, srtFilePk: true, imageFilePk: true },
    });
    if (!current) throw notFound("Speech challenge");
    const filePks = await createFileRows(tx, uploads, rows);
    const updated = await tx.speechChallenge.update({
      where: { pk: existing.pk },
      data: { ...data, ...filePks, updated: new Date() },
    });
    replacedKeys = await deleteFiles(tx, [
      filePks.referenceAudioFilePk ? current.referenceAudioFilePk : null,
      filePks.srtFilePk ? current.srtFilePk : null,
      filePks.imageFilePk ? current.imageFilePk : null,
    ]);
    return updated;
  });
  await removeObjects(storage, replacedKeys);
  return toSpeechChallenge(row);
}
