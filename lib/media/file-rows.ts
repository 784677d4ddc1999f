import type { Tx } from "@/lib/db/client";

// StoredFile rows that belong together: an audio original with its normalised
// segment and peaks. Deleting happens in the owner's transaction; the objects are
// removed after it commits (removeObjects in lib/storage/stored-files.ts).

/** The given file pks plus the normalised segments and peaks of those that are audio originals. */
export async function audioFilePks(tx: Tx, pks: string[]): Promise<string[]> {
  if (pks.length === 0) return [];
  const rows = await tx.storedFile.findMany({
    where: { pk: { in: pks } },
    select: { pk: true, normalisedPk: true, peaksPk: true },
  });
  // An original that is its own normalised segment names itself twice.
  return [...new Set(rows.flatMap((r) => [r.pk, r.normalisedPk, r.peaksPk].filter((pk): pk is string => !!pk)))];
}

/** Deletes the rows and returns their storage keys, for removal after the commit. */
export async function deleteFileRows(tx: Tx, pks: string[]): Promise<string[]> {
  if (pks.length === 0) return [];
  const rows = await tx.storedFile.findMany({ where: { pk: { in: pks } }, select: { storageKey: true } });
  await tx.storedFile.deleteMany({ where: { pk: { in: pks } } });
  return rows.map((r) => r.storageKey);
}
