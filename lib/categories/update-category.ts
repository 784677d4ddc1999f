import type { UploadedFile } from "@/lib/api/body";
import { invalid, notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isForeignKeyViolation } from "@/lib/db/ids";
import { deleteFileRows } from "@/lib/media/file-rows";
import { policyRules } from "@/lib/policies/registry";
import type { Storage } from "@/lib/storage/storage";
import { removeObjects, withStoredFiles } from "@/lib/storage/stored-files";
import { categoryInScope, findCategory, toCategory } from "./categories";
import {
  analyseImages,
  challengeGone,
  challengePks,
  checkNoCycle,
  createImageRows,
  imageInputs,
  lockCategory,
  lockTree,
  nextOrder,
  parentPk,
} from "./category-writes";
import { CATEGORY_RESOURCE, type UpdateCategory } from "./schemas";

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
    input.parent === undefined
      ? undefined
      : input.parent === null
        ? null
        : await parentPk(db, policyRules.category.read(caller), input.parent);
  const challenges =
    input.speechChallenges === undefined
      ? undefined
      : await challengePks(db, policyRules.challenge.read(caller), input.speechChallenges);
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
