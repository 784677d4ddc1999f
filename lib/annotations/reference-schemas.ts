import { z } from "zod";
import { notFound } from "@/lib/api/errors";
import { idSchema } from "@/lib/api/schemas";

// Ids of the annotation domain and references to the speech recording annotated.

export const ASSIGNMENT_RESOURCE = "Assignment";
export const ANNOTATION_RESOURCE = "Annotation";
export const REFERENCE_RESOURCE = "ReferenceAnnotation";
export const SCHEME_RESOURCE = "AnnotationScheme";

const INT_MAX = 2_147_483_647;

/** Assignment and annotation ids: integers in responses, strings (or numbers) on input. */
export const intIdSchema = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v.trim()) : v),
  z
    .number({ error: "must be a positive integer" })
    .int("must be a positive integer")
    .min(1, "must be a positive integer")
    .max(INT_MAX, "is out of range"),
);

/**
 * Client-chosen ids for new assignments and annotations. Ids are one sequence for all tenants,
 * and the database continues counting after a chosen id (int-ids.ts): a chosen id near the
 * 32-bit limit would leave PostgreSQL's sequence nothing to hand out (every create without an
 * id failing, for every tenant) and SQLite ids the API no longer accepts. A billion leaves
 * over a billion generated ids above the largest chosen one.
 */
export const MAX_CHOSEN_ID = 1_000_000_000;
export const chosenIdSchema = intIdSchema.refine(
  (n) => n <= MAX_CHOSEN_ID,
  `must be at most ${MAX_CHOSEN_ID} when chosen by the client`,
);

/** A path parameter that must be an integer id; anything else names no object (404, like an unknown id). */
export function idParam(raw: string, what: string): number {
  const parsed = intIdSchema.safeParse(raw);
  if (!parsed.success) throw notFound(what);
  return parsed.data;
}

/** FlatRecordingReference on input: together the full namespace of one speech recording. */
export const recordingRefInput = z.object({
  tenant: idSchema,
  organisation: idSchema,
  challenge: idSchema,
  recording: idSchema,
});
export type RecordingRefInput = z.infer<typeof recordingRefInput>;

export const recordingRefSchema = z.object({
  tenant: z.string().nullable(),
  organisation: z.string(),
  challenge: z.string(),
  recording: z.string(),
  digest: z.string().nullable(),
});
export type RecordingRef = z.output<typeof recordingRefSchema>;

/** A timestamp in responses: ISO 8601, or null. */
export const isoOrNull = z
  .date()
  .nullable()
  .transform((d) => d?.toISOString() ?? null);
