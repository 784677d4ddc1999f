import { z } from "zod";

// POST /users/import (ours): students from a CSV text (columns firstName, infix, lastName, group,
// username; a header row names them, in any order and case) or from JSON rows of the same
// fields. The whole import is all-or-nothing: when any row is bad, nothing is created and the
// answer (422) reports every row; otherwise every student is created in one transaction (201)
// and the answer reports every row with its username and generated password, shown this once.

export const MAX_IMPORT_ROWS = 2000;
export const MAX_IMPORT_CSV = 1_000_000;

export const importRowSchema = z.object({
  firstName: z.string().max(1000).optional(),
  infix: z.string().max(1000).nullish(),
  lastName: z.string().max(1000).optional(),
  group: z.string().max(1000).nullish(),
  username: z.string().max(1000).nullish(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importUsersSchema = z
  .object({
    csv: z.string().max(MAX_IMPORT_CSV).optional(),
    rows: z.array(importRowSchema).max(MAX_IMPORT_ROWS, `must have at most ${MAX_IMPORT_ROWS} items`).optional(),
    /** Groups named in the file that do not exist yet are created (else such a row is an error). */
    createGroups: z.boolean().default(false),
  })
  .refine((b) => (b.csv === undefined) !== (b.rows === undefined), {
    message: "send either csv or rows",
    path: ["csv"],
  });
export type ImportUsers = z.infer<typeof importUsersSchema>;

const rowError = z.object({ field: z.string(), message: z.string() });

export const importReportRowSchema = z.object({
  /** 1-based line of the CSV (the header is line 1), or 1-based index of the JSON row. */
  row: z.number().int(),
  firstName: z.string(),
  infix: z.string().nullable(),
  lastName: z.string(),
  group: z.string().nullable(),
  username: z.string().nullable(),
  /** Set on success: the new user's id and the generated password (shown once). */
  id: z.string().optional(),
  password: z.string().optional(),
  errors: z.array(rowError),
});
export type ImportReportRow = z.output<typeof importReportRowSchema>;

export const importReportSchema = z.object({
  created: z.number().int(),
  createdGroups: z.array(z.string()),
  rows: z.array(importReportRowSchema),
});
export type ImportReport = z.output<typeof importReportSchema>;

/** The 422 answer: the message, the usual field errors, and the row-by-row report. */
export const importFailureSchema = z.object({
  message: z.string(),
  errors: z
    .array(z.object({ resource: z.string(), field: z.string(), code: z.string(), message: z.string().optional() }))
    .optional(),
  /** The row-by-row report (absent when the body itself is malformed). */
  rows: z.array(importReportRowSchema).optional(),
});
