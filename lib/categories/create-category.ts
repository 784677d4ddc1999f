import type { UploadedFile } from "@/lib/api/body";
import { invalid } from "@/lib/api/errors";
import { type Principal, requireOrganisation } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isForeignKeyViolation, isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { policyRules } from "@/lib/policies/registry";
import type { Storage } from "@/lib/storage/storage";
import { withStoredFiles } from "@/lib/storage/stored-files";
import { findCategory, toCategory } from "./categories";
import {
  analyseImages,
  challengeGone,
  challengePks,
  createImageRows,
  imageInputs,
  lockCategory,
  nextOrder,
  parentPk,
  taken,
} from "./category-writes";
import { CATEGORY_RESOURCE, type CreateCategory } from "./schemas";

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
  const parent = input.parent ? await parentPk(db, policyRules.category.read(caller), input.parent) : null;
  const challenges = await challengePks(db, policyRules.challenge.read(caller), input.speechChallenges ?? []);
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
