import type { UploadedFile } from "@/lib/api/body";
import { conflict, invalid } from "@/lib/api/errors";
import { config } from "@/lib/config";
import type { Db, Tx } from "@/lib/db/client";
import { lockRow } from "@/lib/db/locks";
import { analyseImage } from "@/lib/media/image-upload";
import type { Where } from "@/lib/policies/reach";
import type { StoredFileData, StoredFileInput } from "@/lib/storage/stored-files";
import { CATEGORY_RESOURCE } from "./schemas";

// What creating and updating a category share: locks, the checks of a parent and of the speech
// challenges named, the order after the last sibling, and the image and icon files.

export const taken = (id: string | undefined) =>
  conflict(`Category ${id} already exists`, [{ resource: CATEGORY_RESOURCE, field: "id", code: "already_exists" }]);

/** Locks the category row for the rest of the transaction (see lib/db/locks.ts). */
export const lockCategory = (tx: Tx, pk: string) => lockRow(tx, "Category", pk, "update");

/** Serialises moves within one organisation's tree (PostgreSQL), so two concurrent moves cannot make a cycle together. */
export async function lockTree(tx: Tx, ns: string): Promise<void> {
  if (config().databaseKind !== "postgres") return;
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`category-tree:${ns}`}))::text AS "locked"`;
}

/** The parent (by public id) in the caller's organisation, else 422 `missing` on parent. */
export async function parentPk(db: Db | Tx, scope: Where, id: string): Promise<string> {
  const row = await db.category.findFirst({ where: { AND: [scope, { id }] }, select: { pk: true } });
  if (!row) throw invalid(CATEGORY_RESOURCE, "parent", "missing", `Unknown parent category ${id}`);
  return row.pk;
}

/** The speech challenges' pks in the order given (duplicates dropped), else 422 `missing` on speechChallenges. */
export async function challengePks(db: Db | Tx, scope: Where, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db.speechChallenge.findMany({
    where: { AND: [scope, { id: { in: unique } }] },
    select: { pk: true, id: true },
  });
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
export async function nextOrder(tx: Tx, ns: string, parent: string | null): Promise<number> {
  const last = await tx.category.findFirst({
    where: { ns, parentPk: parent },
    orderBy: { order: "desc" },
    select: { order: true },
  });
  return last ? Math.min(last.order + 1, 2_147_483_647) : 0;
}

/** How far up a parent chain is followed before it counts as broken. */
export const MAX_DEPTH = 1000;

/** Refuses a parent that is the category itself or one of its descendants (422 `invalid` on parent). */
export async function checkNoCycle(tx: Tx, categoryPk: string, newParentPk: string): Promise<void> {
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

export type ImageUploads = { image?: (ns: string) => StoredFileInput; icon?: (ns: string) => StoredFileInput };

export async function analyseImages(files: Record<string, UploadedFile[]>): Promise<ImageUploads> {
  return {
    image: files.image?.[0] ? await analyseImage(files.image[0], CATEGORY_RESOURCE) : undefined,
    icon: files.icon?.[0] ? await analyseImage(files.icon[0], CATEGORY_RESOURCE) : undefined,
  };
}

export const imageInputs = (uploads: ImageUploads, ns: string): StoredFileInput[] => [
  ...(uploads.image ? [uploads.image(ns)] : []),
  ...(uploads.icon ? [uploads.icon(ns)] : []),
];

export async function createImageRows(tx: Tx, uploads: ImageUploads, rows: StoredFileData[]) {
  let next = 0;
  const out: { imageFilePk?: string; iconFilePk?: string } = {};
  if (uploads.image) out.imageFilePk = (await tx.storedFile.create({ data: rows[next++] })).pk;
  if (uploads.icon) out.iconFilePk = (await tx.storedFile.create({ data: rows[next++] })).pk;
  return out;
}

/** A foreign key violation: a speech challenge was deleted while the category was being written. */
export const challengeGone = () =>
  invalid(CATEGORY_RESOURCE, "speechChallenges", "missing", "A speech challenge was deleted meanwhile");
