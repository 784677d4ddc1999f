import type { UploadedFile } from "@/lib/api/body";
import { conflict, invalid, notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import type { ReadingStop } from "@/lib/reading/count-reading";
import { recountChallengeFigures } from "@/lib/reading/recount-challenge";
import type { Storage } from "@/lib/storage/storage";
import { removeObjects, withStoredFiles } from "@/lib/storage/stored-files";
import { analyseUploads, createFileRows, deleteFiles, generatedSrt, storedFileInputs } from "./challenge-files";
import { SPEECH_CHALLENGE_RESOURCE, type UpdateSpeechChallenge } from "./schemas";
import { lockSpeechChallenge, passageSentences, speechChallengeInScope, toSpeechChallenge } from "./speech-challenges";

type Data = {
  referenceAudioFilePk?: null;
  imageFilePk?: null;
  topic?: string | null;
  language?: string;
  metadata?: string | null;
  passage?: string | null;
  srtGenerated?: boolean;
  srtFilePk?: string | null;
  readingStop?: ReadingStop;
};

/**
 * Incremental update; new files replace the old ones, whose rows go in the transaction and objects
 * after the commit. New sentences regenerate the SRT when the current one is generated or absent;
 * an uploaded SRT is kept (it wins), and clearing the sentences removes only a generated SRT.
 * Removing a stored file drops it; once an uploaded SRT is removed the SRT follows the passage again.
 * A new reading stop recounts the stored figures of the challenge's feedback in the transaction.
 */
export async function updateSpeechChallenge(
  db: Db,
  storage: Storage,
  caller: Principal,
  id: string,
  input: UpdateSpeechChallenge,
  files: Record<string, UploadedFile[]>,
) {
  const existing = await speechChallengeInScope(db, caller, id);
  const data: Data = {};
  if (input.topic !== undefined) data.topic = input.topic;
  if (input.language !== undefined) data.language = input.language;
  if (input.metadata !== undefined) data.metadata = input.metadata;
  if (input.readingStop !== undefined) data.readingStop = input.readingStop;

  const removing = new Set(input.remove ?? []);
  for (const name of removing)
    if (files[name]?.length)
      throw invalid(SPEECH_CHALLENGE_RESOURCE, "remove", "invalid", `${name} cannot be uploaded and removed at once`);
  if (removing.has("referenceAudio")) data.referenceAudioFilePk = null;
  if (removing.has("image")) data.imageFilePk = null;
  const srtRemoved = removing.has("srt");

  const uploads = await analyseUploads(files);
  if (uploads.srt) data.srtGenerated = false;
  const sentences =
    input.sentences !== undefined
      ? input.sentences?.length
        ? input.sentences
        : null
      : passageSentences(existing.passage);
  if (input.sentences !== undefined) data.passage = sentences ? JSON.stringify(sentences) : null;
  const followsPassage =
    (input.sentences !== undefined || srtRemoved) &&
    !uploads.srt &&
    (srtRemoved || !(existing.srtFilePk && !existing.srtGenerated));
  const generated = followsPassage && sentences ? await generatedSrt(sentences) : null;
  if (generated) {
    uploads.srt = generated.srt;
    data.srtGenerated = true;
  }
  let replacedKeys: string[] = [];
  try {
    const row = await withStoredFiles(
      db,
      storage,
      storedFileInputs(uploads, caller.ns),
      async (tx, rows) => {
        await lockSpeechChallenge(tx, existing.pk, "update");
        const current = await tx.speechChallenge.findUnique({
          where: { pk: existing.pk },
          select: {
            referenceAudioFilePk: true,
            srtFilePk: true,
            imageFilePk: true,
            srtGenerated: true,
            readingStop: true,
          },
        });
        if (!current) throw notFound("Speech challenge");
        // An SRT uploaded since the read above is not to be replaced by the passage's (unless removed).
        if (followsPassage && !srtRemoved && current.srtFilePk && !current.srtGenerated) {
          throw conflict("The speech challenge's SRT was replaced meanwhile: send the sentences again");
        }
        const filePks = await createFileRows(tx, uploads, rows);
        const dropGenerated = followsPassage && !sentences && current.srtFilePk !== null;
        if (dropGenerated) Object.assign(data, { srtFilePk: null, srtGenerated: false });
        const updated = await tx.speechChallenge.update({
          where: { pk: existing.pk },
          data: { ...data, ...filePks, updated: new Date() },
        });
        // Read under the challenge's lock: feedback created or corrected meanwhile waits for it.
        if (data.readingStop && data.readingStop !== current.readingStop) {
          await recountChallengeFigures(tx, existing.pk, data.readingStop);
        }
        replacedKeys = await deleteFiles(tx, [
          filePks.referenceAudioFilePk || removing.has("referenceAudio") ? current.referenceAudioFilePk : null,
          filePks.srtFilePk || dropGenerated ? current.srtFilePk : null,
          filePks.imageFilePk || removing.has("image") ? current.imageFilePk : null,
        ]);
        return updated;
      },
      // Recounting a large challenge's feedback may take longer than the default 5 s.
      { maxWait: 30_000, timeout: 30_000 },
    );
    await removeObjects(storage, replacedKeys);
    return toSpeechChallenge(row);
  } finally {
    await generated?.cleanup();
  }
}
