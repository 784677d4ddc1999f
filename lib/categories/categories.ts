import type { UploadedFile } from "@/lib/api/body";
import { ApiError, conflict, invalid, notFound } from "@/lib/api/errors";
import { decodeCursor, encodeCursor, type PageRequest } from "@/lib/api/pagination";
import { type Principal, requireOrganisation } from "@/lib/auth/principal";
import { config } from "@/lib/config";
import type { Db, Tx } from "@/lib/db/client";
import { isForeignKeyViolation, isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { lockRow } from "@/lib/db/locks";
import { fileUrl } from "@/lib/downloads/urls";
import { deleteFileRows } from "@/lib/media/file-rows";
import { analyseImage } from "@/lib/media/image-upload";
import type { Storage } from "@/lib/storage/storage";
import { removeObjects, type StoredFileData, type StoredFileInput, withStoredFiles } from "@/lib/storage/stored-files";
import { CATEGORY_RESOURCE, type CreateCategory, type UpdateCategory } from "./schemas";

// Categories live in an organisation (the caller's namespace) and are only seen from it.
// They nest (a parent in the same organisation; never a cycle), carry an `order` among their
// siblings (by default after the last one), optional texts, a colour, an image and an icon, and
// an ordered list of the organisation's speech challenges. Lists are ordered by `order`, then
// creation. Files follow the all-or-nothing rule of lib/storage/stored-files.ts.

const categoryInclude = {
  parent: { select: { id: true } },
  speechChallenges: { select: { challenge: { select: { id: true } } }, orderBy: { position: "asc" } },
} as const;

type CategoryRow = NonNullable<Awaited<ReturnType<typeof findCategory>>>;

const findCategory = (db: Db | Tx, where: { pk: string } | { ns_id: { ns: string; id: string } }) =>
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

const taken = (id: string | undefined) =>
  conflict(`Category ${id} already exists`, [{ resource: CATEGORY_RESOURCE, field: "id", code: "already_exists" }]);

/** A category of the caller's organisation, else 404. */
export async function categoryInScope(db: Db, caller: Principal, id: string): Promise<CategoryRow> {
  requireOrganisation(caller);
  const row = await findCategory(db, { ns_id: { ns: caller.ns, id } });
  if (!row) throw notFound("Category");
  return row;
}

/** Locks the category row for the rest of the transaction (see lib/db/locks.ts). */
const lockCategory = (tx: Tx, pk: string) => lockRow(tx, "Category", pk, "update");

/** Serialises moves within one organisation's tree (PostgreSQL), so two concurrent moves cannot make a cycle together. */
async function lockTree(tx: Tx, ns: string): Promise<void> {
  if (config().databaseKind !== "postgres") return;
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`category-tree:${ns}`}))::text AS "locked"`;
}

/** The parent (by public id) in the caller's organisation, else 422 `missing` on parent. */
async function parentPk(db: Db | Tx, ns: string, id: string): Promise<string> {
  const row = await db.category.findUnique({ where: { ns_id: { ns, id } }, select: { pk: true } });
  if (!row) throw invalid(CATEGORY_RESOURCE, "parent", "missing", `Unknown parent category ${id}`);
  return row.pk;
}

/** The speech challenges' pks in the order given (duplicates dropped), else 422 `missing` on speechChallenges. */
async function challengePks(db: Db | Tx, ns: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db.speechChallenge.findMany({ where: { ns, id: { in: unique } }, select: { pk: true, id: true } });
  const byId = new Map(rows.map((r) => [r.id, r.pk]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length)
    throw invalid(
      CATEGORY_RESOURCE,
      "speechChallenges",
      "missing",
      `Unknown speech challenge(s): ${missing.join(", ")}`,
    );
  return unique.map((id) => byId.get(id)!);
}

/** The order after the last sibling (0 for the first). */
async function nextOrder(tx: Tx, ns: string, parent: string | null): Promise<number> {
  const last = await tx.category.findFirst({
    where: { ns, parentPk: parent },
    orderBy: { order: "desc" },
    select: { order: true },
  });
  return last ? Math.min(last.order + 1, 2_147_483_647) : 0;
}

/** How far up a parent chain is followed before it counts as broken. */
const MAX_DEPTH = 1000;

/** Refuses a parent that is the category itself or one of its descendants (422 `invalid` on parent). */
async function checkNoCycle(tx: Tx, categoryPk: string, newParentPk: string): Promise<void> {
  let current: string | null = newParentPk;
  for (let depth = 0; current; depth++) {
    if (current === categoryPk) {
      throw invalid(CATEGORY_RESOURCE, "parent", "invalid", "A category cannot be its own parent or ancestor");
    }
    if (depth >= MAX_DEPTH)
      throw invalid(CATEGORY_RESOURCE, "parent", "invalid", `Categories nest at most ${MAX_DEPTH} levels deep`);
    const row: { parentPk: string | null } | null = await tx.category.findUnique({
      where: { pk: current },
      select: { parentPk: true },
    });
    current = row?.parentPk ?? null;
  }
}

type ImageUploads = { image?: (ns: string) => StoredFileInput; icon?: (ns: string) => StoredFileInput };

async function analyseImages(files: Record<string, UploadedFile[]>): Promise<ImageUploads> {
  return {
    image: files.image?.[0] ? await analyseImage(files.image[0], CATEGORY_RESOURCE) : undefined,
    icon: files.icon?.[0] ? await analyseImage(files.icon[0], CATEGORY_RESOURCE) : undefined,
  };
}

const imageInputs = (uploads: ImageUploads, ns: string): StoredFileInput[] => [
  ...(uploads.image ? [uploads.image(ns)] : []),
  ...(uploads.icon ? [uploads.icon(ns)] : []),
];

async function createImageRows(tx: Tx, uploads: ImageUploads, rows: StoredFileData[]) {
  let next = 0;
  const out: { imageFilePk?: string; iconFilePk?: string } = {};
  if (uploads.image) out.imageFilePk = (await tx.storedFile.create({ data: rows[next++] })).pk;
  if (uploads.icon) out.iconFilePk = (await tx.storedFile.create({ data: rows[next++] })).pk;
  return out;
}

/** A foreign key violation: a speech challenge was deleted while the category was being written. */
const challengeGone = () =>
  invalid(CATEGORY_RESOURCE, "speechChallenges", "missing", "A speech challenge was deleted meanwhile");

export async function createCategory(
  db: Db,
  storage: Storage,
  caller: Principal,
  input: CreateCategory,
  files: Record<string, UploadedFile[]>,
) {
  requireOrganisation(caller);
  if (
    input.id &&
    (await db.category.findUnique({ where: { ns_id: { ns: caller.ns, id: input.id } }, select: { pk: true } }))
  ) {
    throw taken(input.id);
  }
  // Refusals come before any file is stored.
  const parent = input.parent ? await parentPk(db, caller.ns, input.parent) : null;
  const challenges = await challengePks(db, caller.ns, input.speechChallenges ?? []);
  const uploads = await analyseImages(files);
  try {
    const pk = newPk();
    await withStoredFiles(db, storage, imageInputs(uploads, caller.ns), async (tx, rows) => {
      if (parent) await lockCategory(tx, parent);
      if (parent && !(await tx.category.findUnique({ where: { pk: parent }, select: { pk: true } }))) {
        throw invalid(CATEGORY_RESOURCE, "parent", "missing", `Unknown parent category ${input.parent}`);
      }
      const filePks = await createImageRows(tx, uploads, rows);
      await tx.category.create({
        data: {
          pk,
          ns: caller.ns,
          id: input.id ?? newId(),
          parentPk: parent,
          name: input.name ?? null,
          order: input.order ?? (await nextOrder(tx, caller.ns, parent)),
          description: input.description ?? null,
          color: input.color ?? null,
          imageFilePk: filePks.imageFilePk ?? null,
          iconFilePk: filePks.iconFilePk ?? null,
          speechChallenges: { create: challenges.map((challengePk, position) => ({ challengePk, position })) },
        },
      });
    });
    return toCategory((await findCategory(db, { pk }))!);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.id);
    if (isForeignKeyViolation(error)) throw challengeGone();
    throw error;
  }
}

/** Incremental update: given fields replace the stored ones; new image/icon files replace the old ones. */
export async function updateCategory(
  db: Db,
  storage: Storage,
  caller: Principal,
  id: string,
  input: UpdateCategory,
  files: Record<string, UploadedFile[]>,
) {
  const existing = await categoryInScope(db, caller, id);
  const data: { name?: string | null; order?: number; description?: string | null; color?: string | null } = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.order !== undefined) data.order = input.order;
  if (input.description !== undefined) data.description = input.description;
  if (input.color !== undefined) data.color = input.color;
  const newParent =
    input.parent === undefined ? undefined : input.parent === null ? null : await parentPk(db, caller.ns, input.parent);
  const challenges =
    input.speechChallenges === undefined ? undefined : await challengePks(db, caller.ns, input.speechChallenges);
  const uploads = await analyseImages(files);

  let replacedKeys: string[] = [];
  try {
    await withStoredFiles(db, storage, imageInputs(uploads, caller.ns), async (tx, rows) => {
      const moving = newParent !== undefined && newParent !== existing.parentPk;
      if (moving) await lockTree(tx, caller.ns);
      await lockCategory(tx, existing.pk);
      const current = await tx.category.findUnique({
        where: { pk: existing.pk },
        select: { imageFilePk: true, iconFilePk: true },
      });
      if (!current) throw notFound("Category");
      if (moving && newParent) {
        if (!(await tx.category.findUnique({ where: { pk: newParent }, select: { pk: true } }))) {
          throw invalid(CATEGORY_RESOURCE, "parent", "missing", `Unknown parent category ${input.parent}`);
        }
        await checkNoCycle(tx, existing.pk, newParent);
      }
      const filePks = await createImageRows(tx, uploads, rows);
      if (challenges !== undefined) {
        await tx.categoryChallenge.deleteMany({ where: { categoryPk: existing.pk } });
        await tx.categoryChallenge.createMany({
          data: challenges.map((challengePk, position) => ({ categoryPk: existing.pk, challengePk, position })),
        });
      }
      await tx.category.update({
        where: { pk: existing.pk },
        data: {
          ...data,
          ...filePks,
          ...(moving ? { parentPk: newParent } : {}),
          // Moved without an order of its own: after the last of its new siblings.
          ...(moving && input.order === undefined ? { order: await nextOrder(tx, caller.ns, newParent ?? null) } : {}),
          updated: new Date(),
        },
      });
      replacedKeys = await deleteFileRows(
        tx,
        [filePks.imageFilePk ? current.imageFilePk : null, filePks.iconFilePk ? current.iconFilePk : null].filter(
          (pk): pk is string => !!pk,
        ),
      );
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw challengeGone();
    throw error;
  }
  await removeObjects(storage, replacedKeys);
  return toCategory((await findCategory(db, { pk: existing.pk }))!);
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
async function listWithParent(db: Db, ns: string, parent: string | null, page: PageRequest) {
  const rows = await db.category.findMany({
    where: { AND: [{ ns, parentPk: parent }, pageWhere(page)] },
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
  requireOrganisation(caller);
  return listWithParent(db, caller.ns, null, page);
}

/** GET /categories/:category/categories: the children of a category of the organisation. */
export async function listChildCategories(db: Db, caller: Principal, id: string, page: PageRequest) {
  const parent = await categoryInScope(db, caller, id);
  return listWithParent(db, caller.ns, parent.pk, page);
}
