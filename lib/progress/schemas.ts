import { z } from "zod";
import { idSchema, listOf } from "@/lib/api/schemas";

export const PROGRESS_RESOURCE = "Progress";

const knownTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** GET /categories/:category/progress?group=a&group=b&role=STUDENT (both repeatable, both optional). */
export const progressQuery = z.object({
  group: listOf(z.string().trim().min(1).max(100), 500).optional(),
  role: listOf(z.string().trim().min(1).max(100), 100).optional(),
  /** Ours: the IANA time zone the CSV's times are written in (default UTC); the JSON ignores it. */
  timeZone: z
    .string()
    .trim()
    .max(100)
    .refine(knownTimeZone, "must be an IANA time zone, such as Europe/Amsterdam")
    .optional(),
});
export type ProgressQuery = z.infer<typeof progressQuery>;

export const progressRecordingSetSchema = z.object({
  id: z.string(),
  combinedAudioUrl: z.string(),
  recordings: z.array(z.object({ id: z.string(), audioUrl: z.string().nullable() })),
});

export const progressEntrySchema = z.object({
  /** The requested category's id. */
  category: z.string(),
  /** 0..100, rounded to two decimals (see lib/progress/stream-progress.ts). */
  percentage: z.number().min(0).max(100),
  user: z.object({ id: z.string(), firstName: z.string(), infix: z.string().nullable(), lastName: z.string() }),
  challenges: z.array(
    z.object({
      id: z.string(),
      referenceAudioUrl: z.string().nullable(),
      recordingSet: progressRecordingSetSchema.nullable(),
    }),
  ),
});
export type ProgressEntry = z.output<typeof progressEntrySchema>;

const dateTime = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" }).transform((s) => new Date(s));
const range = {
  /** Only recordings made at or after this moment. */
  from: dateTime.optional(),
  /** Only recordings made before this moment. */
  to: dateTime.optional(),
};
const fromBeforeTo: [(q: { from?: Date; to?: Date }) => boolean, { path: string[]; message: string }] = [
  (q) => !q.from || !q.to || q.from < q.to,
  { path: ["to"], message: "must be after from" },
];

/** GET /categories/:category/progress/grid: the same selection, plus a date range of the recordings counted. */
export const progressGridQuery = progressQuery.extend(range).refine(...fromBeforeTo);
export type ProgressGridQuery = z.output<typeof progressGridQuery>;

/**
 * One recorded cell: [challenge index, attempts (answers, i.e. result sets), last recording (epoch ms), duration (ms) of the
 * most recent result set, pronunciation score 0..1 or null]. Which set that is, and its
 * recordings, come from GET /categories/:category/progress/cell when the cell is opened.
 */
export const progressGridCellSchema = z.tuple([
  z.number().int().min(0),
  z.number().int().min(1),
  z.number().int(),
  z.number().int().min(0),
  z.number().nullable(),
]);

/** Our compact form of the progress answer, for grids: ids and numbers, each name once, no URLs. */
export const progressGridSchema = z.object({
  category: z.string(),
  challenges: z.array(z.object({ id: z.string(), topic: z.string().nullable(), hasReferenceAudio: z.boolean() })),
  students: z.array(
    z.object({
      id: z.string(),
      firstName: z.string(),
      infix: z.string().nullable(),
      lastName: z.string(),
      /** As in the contract answer, over the recordings in the date range. */
      percentage: z.number().min(0).max(100),
      /** The recorded cells only, by challenge index. */
      cells: z.array(progressGridCellSchema),
    }),
  ),
});
export type ProgressGrid = z.output<typeof progressGridSchema>;
export type ProgressGridCell = z.output<typeof progressGridCellSchema>;

/** GET /categories/:category/progress/cell?user=…&challenge=…: one cell of the grid, with the same date range. */
export const progressCellQuery = z.object({ user: idSchema, challenge: idSchema, ...range }).refine(...fromBeforeTo);
export type ProgressCellQuery = z.output<typeof progressCellQuery>;

/** One answer (result set) of a user for a challenge: one attempt. `created` is its newest recording's time. */
export const progressAnswerSchema = z.object({
  id: z.string(),
  combinedAudioUrl: z.string(),
  durationMs: z.number().int().min(0),
  created: z.string(),
  /** In position order. */
  recordings: z.array(z.object({ id: z.string(), audioUrl: z.string().nullable(), created: z.string() })),
});
export type ProgressAnswer = z.output<typeof progressAnswerSchema>;

/** One grid cell opened: the user's most recent result set for the challenge (by the grid's rule, within the range) and its recordings. */
export const progressCellSchema = z.object({
  user: z.string(),
  challenge: z.string(),
  /** The challenge's reference audio, to compare with. */
  referenceAudioUrl: z.string().nullable(),
  /** Answers (result sets) by the user for the challenge (within the range): one answer of several recordings is one attempt. */
  attempts: z.number().int().min(0),
  /** The contract's recordingSet, with its duration and each recording's creation time. */
  recordingSet: progressRecordingSetSchema
    .extend({
      durationMs: z.number().int().min(0),
      /** In position order. */
      recordings: z.array(progressRecordingSetSchema.shape.recordings.element.extend({ created: z.string() })),
    })
    .nullable(),
  /** Ours (issue 29): every answer counted in `attempts`, newest first, each with its recordings to play. */
  answers: z.array(progressAnswerSchema),
});
export type ProgressCell = z.output<typeof progressCellSchema>;
