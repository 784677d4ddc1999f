import { z } from "zod";
import { listOf } from "@/lib/api/schemas";

export const PROGRESS_RESOURCE = "Progress";

/** GET /categories/:category/progress?group=a&group=b&role=STUDENT (both repeatable, both optional). */
export const progressQuery = z.object({
  group: listOf(z.string().trim().min(1).max(100), 500).optional(),
  role: listOf(z.string().trim().min(1).max(100), 100).optional(),
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
  /** 0..100, rounded to two decimals (see lib/progress/progress.ts). */
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

/** GET /categories/:category/progress/grid: the same selection, plus a date range of the recordings counted. */
export const progressGridQuery = progressQuery
  .extend({
    /** Only recordings made at or after this moment. */
    from: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" }).transform((s) => new Date(s)).optional(),
    /** Only recordings made before this moment. */
    to: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" }).transform((s) => new Date(s)).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, { path: ["to"], message: "must be after from" });
export type ProgressGridQuery = z.output<typeof progressGridQuery>;

/**
 * One recorded cell: [challenge index, attempts, last recording (epoch ms), duration (ms) of the
 * most recent result set, that result set's id, pronunciation score 0..1 or null].
 */
export const progressGridCellSchema = z.tuple([z.number().int().min(0), z.number().int().min(1), z.number().int(), z.number().int().min(0), z.string(), z.number().nullable()]);

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
