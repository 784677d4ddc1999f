import type { UploadedFile } from "@/lib/api/body";
import { conflict } from "@/lib/api/errors";
import { type Principal, requireOrganisation } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { DEFAULT_READING_STOP } from "@/lib/reading/count-reading";
import type { Storage } from "@/lib/storage/storage";
import { withStoredFiles } from "@/lib/storage/stored-files";
import { analyseUploads, createFileRows, generatedSrt, storedFileInputs } from "./challenge-files";
import { type CreateSpeechChallenge, SPEECH_CHALLENGE_RESOURCE } from "./schemas";
import { toSpeechChallenge } from "./speech-challenges";

const taken = (id: string | undefined) =>
  conflict(`Speech challenge ${id} already exists`, [
    { resource: SPEECH_CHALLENGE_RESOURCE, field: "id", code: "already_exists" },
  ]);

export async function createSpeechChallenge(
  db: Db,
  storage: Storage,
  caller: Principal,
  input: CreateSpeechChallenge,
  files: Record<string, UploadedFile[]>,
) {
  requireOrganisation(caller);
  // A taken id is refused before the file work; the unique constraint settles races.
  if (
    input.id &&
    (await db.speechChallenge.findUnique({ where: { ns_id: { ns: caller.ns, id: input.id } }, select: { pk: true } }))
  ) {
    throw taken(input.id);
  }
  const uploads = await analyseUploads(files);
  // A typed passage gives the SRT when none was uploaded (an uploaded SRT wins).
  const sentences = input.sentences?.length ? input.sentences : null;
  const generated = !uploads.srt && sentences ? await generatedSrt(sentences) : null;
  if (generated) uploads.srt = generated.srt;
  try {
    const row = await withStoredFiles(db, storage, storedFileInputs(uploads, caller.ns), async (tx, rows) => {
      const filePks = await createFileRows(tx, uploads, rows);
      return tx.speechChallenge.create({
        data: {
          pk: newPk(),
          ns: caller.ns,
          id: input.id ?? newId(),
          topic: input.topic ?? null,
          language: input.language,
          referenceAudioFilePk: filePks.referenceAudioFilePk ?? null,
          srtFilePk: filePks.srtFilePk ?? null,
          imageFilePk: filePks.imageFilePk ?? null,
          metadata: input.metadata ?? null,
          passage: sentences ? JSON.stringify(sentences) : null,
          srtGenerated: !!generated,
          readingStop: input.readingStop ?? DEFAULT_READING_STOP,
        },
      });
    });
    return toSpeechChallenge(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.id);
    throw error;
  } finally {
    await generated?.cleanup();
  }
}
