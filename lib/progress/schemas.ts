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
