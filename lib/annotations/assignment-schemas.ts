import { z } from "zod";
import { pageQuery } from "@/lib/api/page-query";
import { idSchema, timestamps } from "@/lib/api/schemas";
import { chosenIdSchema, isoOrNull, recordingRefInput, recordingRefSchema } from "./reference-schemas";

// Assignments: who annotates which recordings, and by when.

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

export const listAssignmentsQuery = z.object({
  ...pageQuery,
});
export type ListAssignments = z.infer<typeof listAssignmentsQuery>;
