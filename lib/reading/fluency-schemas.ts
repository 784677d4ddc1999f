import { z } from "zod";
import { idSchema, requiredText } from "@/lib/api/schemas";

// Ours: fluency over time for a group (GET /groups/:group/reading, also as CSV) and the school's
// reading bands for it (PUT /groups/:group/reading-bands).

export const FLUENCY_RESOURCE = "Reading";
export const MAX_BANDS = 10;

const dateTime = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" }).transform((s) => new Date(s));

export const fluencyQuery = z
  .object({
    /** Only attempts at this speech challenge. */
    challenge: idSchema.optional(),
    /** Only attempts made at or after this moment. */
    from: dateTime.optional(),
    /** Only attempts made before this moment. */
    to: dateTime.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from < q.to, { path: ["to"], message: "must be after from" });
export type FluencyQuery = z.output<typeof fluencyQuery>;

export const bandSchema = z.object({
  name: requiredText(100),
  /** A student whose latest WCPM is below this (and not below a lower band's) is in the band. */
  belowWcpm: z.number().positive().max(1000),
});

export const putBandsSchema = z.object({
  bands: z
    .array(bandSchema)
    .max(MAX_BANDS)
    .refine((b) => new Set(b.map((x) => x.belowWcpm)).size === b.length, "two bands must not share a threshold")
    .refine((b) => new Set(b.map((x) => x.name)).size === b.length, "two bands must not share a name"),
});
export type PutBands = z.infer<typeof putBandsSchema>;
export const bandsSchema = putBandsSchema;

const iso = z.date().transform((d) => d.toISOString());

const attemptSchema = z.object({
  feedbackId: z.string(),
  challengeId: z.string().nullable(),
  challengeName: z.string().nullable(),
  created: iso,
  wcpm: z.number().nullable(),
  accuracy: z.number().nullable(),
  errors: z.number().int(),
  expectedWords: z.number().int(),
  notAssessed: z.number().int(),
});

export const fluencySchema = z.object({
  group: z.object({ id: z.string(), name: z.string() }),
  /** The school's bands, lowest threshold first. */
  bands: z.array(bandSchema),
  /** Whether the caller may set the bands (PUT /groups/:group/reading-bands: the same policy). */
  mayEditBands: z.boolean(),
  students: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** Oldest first. */
      attempts: z.array(attemptSchema),
      latestWcpm: z.number().nullable(),
      latestAccuracy: z.number().nullable(),
      /** WCPM per week (least-squares slope); null with fewer than two attempts with a WCPM. */
      trend: z.number().nullable(),
      /** The band of the latest WCPM; null above every band or without one. */
      band: z.string().nullable(),
    }),
  ),
  /** Students per band (null: above every band), then those without a WCPM. */
  distribution: z.array(z.object({ band: z.string().nullable(), students: z.number().int() })),
  unmeasured: z.number().int(),
  /** The text's words read wrongly most often, with the latest 10 attempts (feedback ids) they were misread in, newest first. */
  misread: z.array(
    z.object({
      word: z.string(),
      count: z.number().int(),
      attempts: z.array(z.object({ feedbackId: z.string(), student: z.string(), created: iso })),
    }),
  ),
});
export type FluencyOut = z.output<typeof fluencySchema>;
