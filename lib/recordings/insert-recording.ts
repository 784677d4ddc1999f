import { ALIGN_RECORDING_REFERENCE, hasTextToAlign, NO_TEXT_TO_ALIGN } from "@/lib/annotations/reference-alignment";
import type { Tx } from "@/lib/db/client";
import type { SpeechRecording } from "@/lib/db/generated/sqlite/client";
import { newId, newPk } from "@/lib/db/ids";
import { enqueue } from "@/lib/jobs/queue";
import { createAudioRows } from "@/lib/media/audio-upload";
import type { StoredFileData } from "@/lib/storage/stored-files";
import { appendToResultSet } from "./result-sets";

// The rows of a new speech recording, inside the caller's transaction (withStoredFiles): its audio
// file rows, its place at the end of the student's result set, the recording itself, and the job
// that aligns its reference annotation when the challenge has sentences (otherwise a note says
// why it gets none). An answer (recordings.ts) and a reading attempt prepared for annotation
// (lib/reading/record-attempt.ts) are stored alike.
// The three inserts are raw statements (tagged templates, so parameters stay parameters): through
// Prisma's model API each one was compiled by its query compiler and run by its plan interpreter,
// about 3 ms of the server's thread per answer (bench/upload/classroom-bench.ts, issue 28).

export type NewRecording = {
  ns: string;
  /** The recording's id (a new one when absent) and its result set's. */
  id?: string;
  resultSetId: string;
  userPk: string;
  challenge: { pk: string; srtFilePk: string | null };
  durationMs: number;
  /** The reading attempt it was made from, if any. */
  sourceFeedbackPk?: string;
};

export async function insertRecording(tx: Tx, files: StoredFileData[], input: NewRecording) {
  const audioFilePk = await createAudioRows(tx, files);
  const set = await appendToResultSet(tx, {
    ns: input.ns,
    id: input.resultSetId,
    userPk: input.userPk,
    challengePk: input.challenge.pk,
    durationMs: input.durationMs,
  });
  const aligned = hasTextToAlign(input.challenge);
  const now = new Date();
  const created: SpeechRecording = {
    pk: newPk(),
    ns: input.ns,
    id: input.id ?? newId(),
    challengePk: input.challenge.pk,
    userPk: input.userPk,
    resultSetPk: set.pk,
    position: set.position,
    audioFilePk,
    sourceFeedbackPk: input.sourceFeedbackPk ?? null,
    referenceNote: aligned ? null : NO_TEXT_TO_ALIGN,
    created: now,
    updated: now,
  };
  await tx.$executeRaw`INSERT INTO "SpeechRecording" ("pk", "ns", "id", "challengePk", "userPk", "resultSetPk", "position", "audioFilePk", "sourceFeedbackPk", "referenceNote", "created", "updated")
    VALUES (${created.pk}, ${created.ns}, ${created.id}, ${created.challengePk}, ${created.userPk}, ${created.resultSetPk}, ${created.position}, ${created.audioFilePk}, ${created.sourceFeedbackPk}, ${created.referenceNote}, ${now}, ${now})`;
  if (aligned) await enqueue(tx, ALIGN_RECORDING_REFERENCE, created.pk);
  return { recording: created, resultSet: set };
}
