import { ApiError, notFound } from "@/lib/api/errors";
import { decodeCursor, encodeCursor, type PageRequest } from "@/lib/api/pagination";
import type { Principal } from "@/lib/auth/principal";
import type { Db, Tx } from "@/lib/db/client";
import { fileUrl } from "@/lib/downloads/urls";
import type { Where } from "@/lib/policies/reach";
import { policyRules } from "@/lib/policies/registry";

// Categories live in an organisation (the caller's namespace) and are only seen from it.
// They nest (a parent in the same organisation; never a cycle), carry an `order` among their
// siblings (by default after the last one), optional texts, a colour, an image and an icon, and
// an ordered list of the organisation's speech challenges. Lists are ordered by `order`, then
// creation. Files follow the all-or-nothing rule of lib/storage/stored-files.ts. Writes are one
// operation per file (create-category.ts, update-category.ts, sharing category-writes.ts); here
// the reads.

const categoryInclude = {
  parent: { select: { id: true } },
  speechChallenges: { select: { challenge: { select: { id: true } } }, orderBy: { position: "asc" } },
} as const;

type CategoryRow = NonNullable<Awaited<ReturnType<typeof findCategory>>>;

export const findCategory = (db: Db | Tx, where: { pk: string }) =>
  db.category.findUnique({ where, include: categoryInclude });

/** The response shape's source. */
export function toCategory(row: CategoryRow) {
  return {
    ...row,
    parent: row.parent?.id ?? null,
    imageUrl: fileUrl(row.imageFilePk),
    iconUrl: fileUrl(row.iconFilePk),
    speechChallenges: row.speechChallenges.map((c) => c.challenge.id),
  };
}

/** A category of the caller's organisation, else 404. */
export async function categoryInScope(db: Db, caller: Principal, id: string): Promise<CategoryRow> {
  const row = await db.category.findFirst({
    where: { AND: [policyRules.category.read(caller), { id }] },
    include: categoryInclude,
  });
  if (!row) throw notFound("Category");
  return row;
}

export async function getCategory(db: Db, caller: Principal, id: string) {
  return toCategory(await categoryInScope(db, caller, id));
}

// Keyset pages ordered by (order, created, pk): the cursor value is "<order>|<created ISO>".
function pageWhere(page: PageRequest): object {
  if (!page.startCursor) return {};
  const { value, pk } = decodeCursor(page.startCursor, "order");
  // A made-up cursor reaches the database too: an order within INT4, a moment as toISOString() writes it.
  const match =
    typeof value === "string" ? /^(-?\d{1,10})\|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)$/.exec(value) : null;
  const created = match ? new Date(match[2]) : null;
  const order = match ? Number(match[1]) : NaN;
  if (!created || Number.isNaN(created.getTime()) || created.getUTCFullYear() < 1 || Math.abs(order) > 2 ** 31 - 1)
    throw new ApiError("bad_request", "startCursor is not a cursor this service issued");
  return {
    OR: [{ order: { gt: order } }, { order, created: { gt: created } }, { order, created, pk: { gt: pk } }],
  };
}

/** The categories with this parent (null: the top level), ordered by `order`, then creation. */
async function listWithParent(db: Db, scope: Where, parent: string | null, page: PageRequest) {
  const rows = await db.category.findMany({
    where: { AND: [scope, { parentPk: parent }, pageWhere(page)] },
    orderBy: [{ order: "asc" }, { created: "asc" }, { pk: "asc" }],
    take: page.perPage + 1,
    include: categoryInclude,
  });
  const items = rows.slice(0, page.perPage);
  const last = items[items.length - 1];
  const nextCursor =
    rows.length > page.perPage && last ? encodeCursor(`${last.order}|${last.created.toISOString()}`, last.pk) : null;
  return { items: items.map(toCategory), nextCursor };
}

/** GET /categories: the organisation's top-level categories. */
export async function listTopCategories(db: Db, caller: Principal, page: PageRequest) {
  return listWithParent(db, policyRules.category.list(caller), null, page);
}

/** GET /categories/:category/categories: the children of a category of the organisation. */
export async function listChildCategories(db: Db, caller: Principal, id: string, page: PageRequest) {
  const parent = await categoryInScope(db, caller, id);
  return listWithParent(db, policyRules.category.list(caller), parent.pk, page);
}
