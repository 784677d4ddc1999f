import { z } from "zod";
import { config } from "@/lib/config";
import { ApiError } from "./errors";

// Keyset pagination for admin lists: `perPage` (default 20, at most 100) and an
// opaque `startCursor`; the next page is announced in a `Link: <...>; rel="next"`
// header and the body stays a plain list. Cursors stay valid while rows are added.

export { pageQuery } from "./page-query";

type SortValue = string | number | Date;
type Cursor = { v: string | number; d: boolean; pk: string };

export function encodeCursor(value: SortValue, pk: string): string {
  const c: Cursor = value instanceof Date ? { v: value.toISOString(), d: true, pk } : { v: value, d: false, pk };
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

const cursorSchema = z.object({ v: z.union([z.string(), z.number()]), d: z.boolean(), pk: z.string() });

export function decodeCursor(raw: string): { value: SortValue; pk: string } {
  try {
    const c = cursorSchema.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    if (c.d && (typeof c.v !== "string" || Number.isNaN(Date.parse(c.v)))) throw new Error("bad date");
    return { value: c.d ? new Date(c.v as string) : c.v, pk: c.pk };
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
    const { value, pk } = decodeCursor(page.startCursor);
    // The leading bound lets a (field, pk) index seek to the cursor instead of scanning from the start.
    where = { AND: [{ [field]: { [`${op}e`]: value } }, { OR: [{ [field]: { [op]: value } }, { [field]: value, pk: { [op]: pk } }] }] };
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
