import { iso6392 } from "iso-639-2";
import { z } from "zod";

// Field shapes shared by every domain's request and response schemas.

/** Client-supplied ids travel in URL paths and scopes: URL-safe, no slashes. */
export const idSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._~@-]{0,99}$/,
    "must be 1-100 letters, digits or . _ ~ @ - (starting with a letter or digit)",
  );

/** A required, non-blank text field. */
export const requiredText = (max = 500) => z.string().trim().min(1, "must not be empty").max(max);

const LANGUAGES = new Set(iso6392.flatMap((l) => [l.iso6392B, l.iso6392T].filter(Boolean) as string[]));
export const languageSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((code) => LANGUAGES.has(code), "must be an ISO 639-2 language code (three letters, e.g. nld, eng)");

/**
 * Bounds of request lists (a longer list is a 422 on its field, before any database work: one
 * query parameter per id would otherwise run into the database's limits). Every request list
 * has a bound; lib/api/bounded-lists.test.ts fails on one without. Ids are looked up as
 * `ns = ? AND id IN (...)`, which Prisma cannot split: on SQLite such a query takes at most 999
 * parameters, so lists of ids stay well below (with room for a second list in the same query).
 */
export const MAX_IDS = 500;
export const MAX_ROLES = 100;

/** Repeated form fields arrive as a list; a single one as a string. Both become a list of at most `max` items. */
export const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? v : Array.isArray(v) ? v : [v]),
    z.array(item).max(max, `must have at most ${max} items`),
  );

/** Integers that may arrive as form strings. */
export const intFromForm = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v)) ? Number(v) : v),
  z.number().int(),
);

export const timestamp = z.date().transform((d) => d.toISOString());
export const timestamps = { created: timestamp, updated: timestamp };
