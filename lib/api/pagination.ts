import { z } from "zod";
import { config } from "@/lib/config";
import { ApiError } from "./errors";

// Keyset pagination for admin lists: `perPage` (default 20, at most 100) and an
// opaque `startCursor`; the next page is announced in a `Link: <...>; rel="next"`
// header and the body stays a plain list. Cursors stay valid while rows are added.

export { pageQuery } from "./page-query";

type SortValue = string | Date;
type Cursor = { v: string; d: boolean; pk: string };

export function encodeCursor(value: SortValue, pk: string): string {
  const c: Cursor = value instanceof Date ? { v: value.toISOString(), d: true, pk } : { v: value, d: false, pk };
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

// Cursors are not signed: the client can make one up. Whatever it holds reaches the database
// as a bound, so it must be what finishPage writes: text without NUL (PostgreSQL refuses it)
// or lone surrogates, a moment as toISOString() gives it (years 1-9999: PostgreSQL has no
// year 0), of the sort field's kind (timestamps are dates, every other sort field is text);
// else Prisma or the database throws (a 500).
const text = z
  .string()
  .max(500)
  .refine((s) => !s.includes("\u0000") && s.isWellFormed());
const cursorSchema = z.union([
  z.object({ v: z.iso.datetime().refine((v) => new Date(v).getUTCFullYear() >= 1), d: z.literal(true), pk: text }),
  z.object({ v: text, d: z.literal(false), pk: text }),
]);
const TIMESTAMP_FIELDS = new Set(["created", "updated"]);

export function decodeCursor(raw: string, field: string): { value: SortValue; pk: string } {
  try {
    const c = cursorSchema.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    if (c.d !== TIMESTAMP_FIELDS.has(field)) throw new Error("a cursor of another order");
    return { value: c.d ? new Date(c.v) : c.v, pk: c.pk };
  } catch {
    throw new ApiError("bad_request", "startCursor is not a cursor this service issued");
  }
}

export type PageRequest = { perPage: number; startCursor?: string };

/**
 * Prisma `where`/`orderBy`/`take` for one page ordered by `field` then `pk`.
 * Fetch `take` rows and pass them to `finishPage`.
 */
export function pageArgs(field: string, direction: "asc" | "desc", page: PageRequest) {
  const orderBy = [{ [field]: direction }, { pk: direction }];
  const op = direction === "asc" ? "gt" : "lt";
  let where: Record<string, unknown> = {};
  if (page.startCursor) {
    const { value, pk } = decodeCursor(page.startCursor, field);
    // The leading bound lets a (field, pk) index seek to the cursor instead of scanning from the start.
    where = {
      AND: [
        { [field]: { [`${op}e`]: value } },
        { OR: [{ [field]: { [op]: value } }, { [field]: value, pk: { [op]: pk } }] },
      ],
    };
  }
  return { where, orderBy, take: page.perPage + 1 };
}

export function finishPage<T extends { pk: string }>(rows: T[], page: PageRequest, sortValue: (row: T) => SortValue) {
  const items = rows.slice(0, page.perPage);
  const last = items[items.length - 1];
  const nextCursor = rows.length > page.perPage && last ? encodeCursor(sortValue(last), last.pk) : null;
  return { items, nextCursor };
}

/** The `Link` header for the next page: the request's URL (public base, no token) with a new cursor. */
export function nextLink(req: Request, nextCursor: string | null): Record<string, string> {
  if (!nextCursor) return {};
  const url = new URL(req.url);
  const params = new URLSearchParams(url.search);
  params.delete("access_token");
  params.set("startCursor", nextCursor);
  return { Link: `<${config().publicBaseUrl}${url.pathname}?${params}>; rel="next"` };
}
