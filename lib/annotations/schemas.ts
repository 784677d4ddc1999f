import { z } from "zod";
import { notFound } from "@/lib/api/errors";
import { pageQuery } from "@/lib/api/page-query";
import { idSchema, requiredText, timestamps } from "@/lib/api/schemas";

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

/** Due dates: an ISO 8601 date or date-time (kept as given, normalised); blank or null clears. */
const dueDateSchema = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z
    .string()
    .trim()
    .refine(
      (s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)),
      "must be an ISO 8601 date (YYYY-MM-DD) or date-time",
    )
    .transform((s) => (s.length === 10 ? s : new Date(s).toISOString()))
    .nullish(),
);

const annotatorSchema = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), idSchema.nullish());

export const createAssignmentSchema = z.object({
  id: chosenIdSchema.optional(),
  name: z.string().trim().max(500).nullish(),
  baseAnnotator: annotatorSchema,
  fullAnnotator: idSchema,
  recordings: z.array(recordingRefInput).min(1, "must name at least one recording").max(1000),
  baseDueDate: dueDateSchema,
  fullDueDate: dueDateSchema,
});
export type CreateAssignment = z.infer<typeof createAssignmentSchema>;

/** PUT /assignments/:assignment: incremental; recordings replaces the list. */
export const updateAssignmentSchema = createAssignmentSchema.omit({ id: true }).partial();
export type UpdateAssignment = z.infer<typeof updateAssignmentSchema>;

const isoOrNull = z
  .date()
  .nullable()
  .transform((d) => d?.toISOString() ?? null);

export const assignmentSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  baseAnnotator: z.string().nullable(),
  fullAnnotator: z.string(),
  recordings: z.array(recordingRefSchema),
  baseDueDate: z.string().nullable(),
  fullDueDate: z.string().nullable(),
  annotations: z.array(
    z.object({ id: z.number().int(), recording: recordingRefSchema, doneBase: isoOrNull, doneFull: isoOrNull }),
  ),
  ...timestamps,
});
export type AssignmentOut = z.output<typeof assignmentSchema>;

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

export const listAssignmentsQuery = z.object({
  ...pageQuery,
});
export type ListAssignments = z.infer<typeof listAssignmentsQuery>;

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

// Label schemes: an organisation's annotation layers, their labels and the base annotators' subset.

const layerName = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,49}$/, "must be 1-50 letters, digits, _ or - (starting with a letter)");

export const layerSchema = z
  .object({
    name: layerName,
    /** Labels are free text (the Words layer: the word itself) instead of a fixed list. */
    freeText: z.boolean().default(false),
    /** Labels of this layer may overlap in time. */
    allowOverlap: z.boolean().default(false),
    /** Base annotators may use this layer (for fixed lists, also per label). */
    baseAllowed: z.boolean().default(true),
    labels: z
      .array(z.object({ label: requiredText(200), baseAllowed: z.boolean().default(true) }))
      .max(500)
      .default([]),
  })
  .refine(
    (l) => (l.freeText ? l.labels.length === 0 : l.labels.length > 0),
    "a free-text layer has no label list; any other layer needs at least one label",
  )
  .refine(
    (l) => new Set(l.labels.map((x) => x.label)).size === l.labels.length,
    "labels must be unique within a layer",
  );
export type Layer = z.output<typeof layerSchema>;

export const schemeInput = z.object({
  layers: z
    .array(layerSchema)
    .min(1, "needs at least one layer")
    .max(50)
    .refine((ls) => new Set(ls.map((l) => l.name)).size === ls.length, "layer names must be unique"),
});

export const schemeSchema = z.object({
  organisation: z.string(),
  layers: z.array(
    z.object({
      name: z.string(),
      freeText: z.boolean(),
      allowOverlap: z.boolean(),
      baseAllowed: z.boolean(),
      labels: z.array(z.object({ label: z.string(), baseAllowed: z.boolean() })),
    }),
  ),
  /** Whether this is the built-in default (the organisation has not configured its own). */
  isDefault: z.boolean(),
  updated: z
    .date()
    .nullable()
    .transform((d) => d?.toISOString() ?? null),
});
export type SchemeOut = z.output<typeof schemeSchema>;
