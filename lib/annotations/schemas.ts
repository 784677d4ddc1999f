import { z } from "zod";
import { pageQuery } from "@/lib/api/page-query";
import { idSchema, requiredText, timestamps } from "@/lib/api/schemas";
import { chosenIdSchema, intIdSchema, isoOrNull, recordingRefInput, recordingRefSchema } from "./reference-schemas";

// Fragments: times in seconds on the wire, whole milliseconds inside.

export const labelInput = z.object({
  layer: requiredText(50),
  label: z.string().trim().min(1, "must not be empty").max(500),
  comment: z
    .string()
    .max(2000)
    .nullish()
    .transform((c) => c ?? ""),
});

const seconds = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v),
  z
    .number({ error: "must be a number of seconds" })
    .finite()
    .min(0, "must not be negative")
    .max(86_400, "must be at most a day"),
);

export const fragmentInput = z.object({
  start: seconds,
  end: seconds,
  labels: z.array(labelInput).min(1, "must hold at least one label").max(50),
});
export type FragmentInput = z.infer<typeof fragmentInput>;

/** A 60-minute recording's words alone are 5,000 fragments and more; the body size limit bounds them further. */
export const MAX_FRAGMENTS = 100_000;
export const fragmentsInput = z.array(fragmentInput).max(MAX_FRAGMENTS, `at most ${MAX_FRAGMENTS} fragments`);

/** doneBase / doneFull: a date-time marks it done (true means now), null or false clears it. */
const doneSchema = z.preprocess(
  (v) => (v === false || v === "" ? null : v),
  z
    .union([
      z.literal(true),
      z.iso
        .datetime({ offset: true, error: "must be an ISO 8601 date-time, true, false or null" })
        .transform((s) => new Date(s)),
    ])
    .nullable()
    .optional(),
);

export const createAnnotationSchema = z.object({
  id: chosenIdSchema.optional(),
  /** The original's create example carries the id in a field named `annotation`. */
  annotation: chosenIdSchema.optional(),
  doneBase: doneSchema,
  doneFull: doneSchema,
  recording: recordingRefInput,
  assignment: intIdSchema,
  fragments: fragmentsInput,
});
export type CreateAnnotation = z.infer<typeof createAnnotationSchema>;

/** PUT /annotations/:annotation: incremental; recording and assignment, when given, must be the annotation's own. */
export const updateAnnotationSchema = createAnnotationSchema.omit({ id: true, annotation: true }).partial();
export type UpdateAnnotation = z.infer<typeof updateAnnotationSchema>;

/** done=true|1, false|0; empty means no filter. Anything else is left for the boolean to refuse. */
const DONE_VALUES: Record<string, boolean | undefined> = {
  true: true,
  "1": true,
  false: false,
  "0": false,
  "": undefined,
};
const doneFilter = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  const key = v.trim().toLowerCase();
  // (Not `DONE_VALUES[key] ?? v`: that turns the empty value back into "" instead of "no filter".)
  return Object.hasOwn(DONE_VALUES, key) ? DONE_VALUES[key] : v;
}, z.boolean({ error: "must be true or false" }).optional());

/** A filter given once or repeated (`?assignment=1&assignment=2` selects either, as the contract's filters do). */
const oneOrMore = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || Array.isArray(v) ? v : [v]),
    z.array(item).max(100, "at most 100 values").optional(),
  );

export const listAnnotationsQuery = z.object({
  annotator: oneOrMore(idSchema),
  assignment: oneOrMore(intIdSchema),
  recording: oneOrMore(idSchema),
  done: doneFilter,
  ...pageQuery,
});
export type ListAnnotations = z.infer<typeof listAnnotationsQuery>;

export const fragmentSchema = z.object({
  start: z.number(),
  end: z.number(),
  labels: z.array(z.object({ layer: z.string(), label: z.string(), comment: z.string() })),
});

export const annotationSchema = z.object({
  id: z.number().int().nullable(),
  doneBase: isoOrNull,
  doneFull: isoOrNull,
  recording: recordingRefSchema,
  assignment: z.number().int().nullable(),
  fragments: z.array(fragmentSchema),
  audioUrl: z.string().nullable(),
  /** Ours, for editors: waveform peaks (BBC audiowaveform v2, 10 ms per point), the normalised audio and its duration in seconds. */
  peaksUrl: z.string().nullable(),
  normalisedAudioUrl: z.string().nullable(),
  duration: z.number().nullable(),
  /** Ours: the save count behind the ETag (send it back in If-Match). */
  version: z.number().int(),
  ...timestamps,
});
export type AnnotationOut = z.output<typeof annotationSchema>;

export const listRevisionsQuery = z.object({ ...pageQuery });
export type ListRevisions = z.infer<typeof listRevisionsQuery>;

/** Ours: one saved state of an annotation (GET /annotations/:annotation/revisions). */
export const revisionSchema = z.object({
  version: z.number().int(),
  /** The id of the user who saved it; null for a tenant or organisation acting as itself, or a deleted user. */
  savedBy: z.string().nullable(),
  savedByName: z.string().nullable(),
  saved: z.date().transform((d) => d.toISOString()),
  doneBase: isoOrNull,
  doneFull: isoOrNull,
  fragments: z.array(fragmentSchema),
});
export type RevisionOut = z.output<typeof revisionSchema>;

/** PUT .../recordings/:recording/reference: the fragments (required). */
export const putReferenceSchema = z.object({ annotations: fragmentsInput });

export const EXPORT_FORMAT_NAMES = ["textgrid", "eaf", "vtt", "json"] as const;
export const exportQuery = z.object({
  format: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(EXPORT_FORMAT_NAMES).default("json"),
  ),
});

/** The import upload: a TextGrid or EAF file part named `file` (multipart), or base64 in JSON. */
export const IMPORT_FILES = ["file"] as const;

export * from "./assignment-schemas";
export * from "./reference-schemas";
export * from "./scheme-schemas";
