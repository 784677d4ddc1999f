import { z } from "zod";
import { pageQuery } from "@/lib/api/page-query";
import { idSchema, listOf, MAX_IDS, timestamps } from "@/lib/api/schemas";

export const RECORDING_RESOURCE = "SpeechRecording";

/** POST /challenges/speech/:challenge/recordings (multipart): text fields; `audio` is a file part. */
export const createRecordingSchema = z.object({
  id: idSchema.optional(),
  resultSetId: idSchema,
});
export type CreateRecording = z.infer<typeof createRecordingSchema>;

export const listRecordingsQuery = z.object({
  /** Only these users' recordings (teachers and administrators); repeatable. */
  userId: listOf(z.string().trim().min(1), MAX_IDS).optional(),
  ...pageQuery,
});
export type ListRecordings = z.infer<typeof listRecordingsQuery>;

export const resultSetRefSchema = z.object({ id: z.string(), combinedAudioUrl: z.string() });

export const recordingSchema = z.object({
  id: z.string(),
  audioUrl: z.string().nullable(),
  resultSet: resultSetRefSchema,
  userId: z.string().nullable(),
  /**
   * Ours: where the reference annotation stands. "aligned": made by forced alignment (engine named);
   * "saved": saved by a person; "pending": an engine is aligning it; "unavailable": none can (note says why).
   */
  referenceAnnotation: z.object({
    status: z.enum(["aligned", "saved", "pending", "unavailable"]),
    engine: z.string().nullable(),
    note: z.string().nullable(),
  }),
  /** Ours: the reading attempt (feedback) this recording was prepared from for annotation; null when recorded directly. */
  feedbackId: z.string().nullable(),
  ...timestamps,
});
export type SpeechRecordingOut = z.output<typeof recordingSchema>;
