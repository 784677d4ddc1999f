import { log } from "@/lib/api/log";
import type { Db, Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/sqlite/client";
import { newPk } from "@/lib/db/ids";
import { newStorageKey, type PutResult, type Storage } from "./core";
import { deleteDerived, derivedBase } from "./derived";

// The all-or-nothing rule for files and their rows, in one place:
//   1. store the file under a new key (atomic in both backends);
//   2. create its StoredFile row in the caller's transaction;
//   3. if the transaction fails, delete the file again.
// A crash between 1 and 3 leaves an unreferenced object, which the orphan sweep
// (lib/storage/sweep.ts) removes once it is old enough. A row never points at a missing
// or partial file. Deleting goes the other way: rows first, then objects.

export type AudioInfo = { format: string; sampleRate: number; channels: number; durationMs: number };

export type StoredFileInput = {
  ns: string;
  kind: string;
  contentType: string;
  /** When given, checked against what was stored (a mismatch discards the object and throws). */
  sha256?: string;
  size?: number | bigint;
  audio?: AudioInfo;
} & (
  | {
      /** A local file; it is copied, not moved: the caller removes its temp file. */
      sourcePath: string;
      stored?: undefined;
      bytes?: undefined;
    }
  | {
      sourcePath?: undefined;
      /** Already stored under this key (by the audio worker): only its row is still to be written. */
      stored: PutResult & { storageKey: string };
      bytes?: undefined;
    }
  | {
      sourcePath?: undefined;
      stored?: undefined;
      /** The file's bytes, held in memory (made by the audio worker for a storage it cannot write to). */
      bytes: Uint8Array;
    }
);

/** The create data of one StoredFile row. */
export type StoredFileData = {
  pk: string;
  ns: string;
  kind: string;
  contentType: string;
  size: bigint;
  sha256: string;
  storageKey: string;
  format: string | null;
  sampleRate: number | null;
  channels: number | null;
  durationMs: number | null;
};
// Fails to compile when the model and this type drift apart.
const _rowFits = (row: StoredFileData): Prisma.StoredFileUncheckedCreateInput => row;
void _rowFits;

export class StoredFileMismatchError extends Error {
  constructor(
    readonly field: "size" | "sha256",
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`Stored file ${field} mismatch: expected ${expected}, stored ${actual}`);
    this.name = "StoredFileMismatchError";
  }
}

/**
 * Stores a local file (or bytes in memory) and returns the data for its StoredFile row; the caller creates the row
 * in its DB transaction. If that transaction fails, call discard(). SHA-256 and size are
 * measured while copying.
 */
export async function putStoredFile(
  storage: Storage,
  input: StoredFileInput,
): Promise<{ row: StoredFileData; discard: () => Promise<void> }> {
  const storageKey = input.stored?.storageKey ?? newStorageKey();
  const stored =
    input.stored ??
    (input.bytes
      ? await storage.putBytes(storageKey, input.bytes, input.contentType)
      : await storage.putFile(storageKey, input.sourcePath, input.contentType));
  const discard = () => removeObjects(storage, [storageKey]);
  const mismatch =
    input.sha256 !== undefined && input.sha256.toLowerCase() !== stored.sha256
      ? new StoredFileMismatchError("sha256", input.sha256, stored.sha256)
      : input.size !== undefined && BigInt(input.size) !== BigInt(stored.size)
        ? new StoredFileMismatchError("size", String(input.size), String(stored.size))
        : undefined;
  if (mismatch) {
    await discard();
    throw mismatch;
  }
  const row: StoredFileData = {
    pk: newPk(),
    ns: input.ns,
    kind: input.kind,
    contentType: input.contentType,
    size: BigInt(stored.size),
    sha256: stored.sha256,
    storageKey,
    format: input.audio?.format ?? null,
    sampleRate: input.audio?.sampleRate ?? null,
    channels: input.audio?.channels ?? null,
    durationMs: input.audio?.durationMs ?? null,
  };
  return { row, discard };
}

/**
 * Stores every file, then runs `write(tx, rows)` in one transaction; `write` creates the
 * StoredFile rows (e.g. `tx.storedFile.createMany({ data: rows })`, or nested creates) and
 * whatever refers to them. On any failure the stored files are deleted again, except those
 * whose rows turn out to be committed after all (a failure after COMMIT); if that cannot be
 * checked, the objects are left for the orphan sweep.
 */
export async function withStoredFiles<T>(
  db: Db,
  storage: Storage,
  files: StoredFileInput[],
  write: (tx: Tx, rows: StoredFileData[]) => Promise<T>,
  options?: { maxWait?: number; timeout?: number; transaction?: boolean },
): Promise<T> {
  // All at once: their fsyncs (or S3 requests) overlap instead of queueing one after another.
  const puts = await Promise.allSettled(files.map((file) => putStoredFile(storage, file)));
  const stored = puts.flatMap((p) => (p.status === "fulfilled" ? [p.value.row] : []));
  const failed = puts.find((p) => p.status === "rejected");
  if (failed) {
    await removeObjects(
      storage,
      stored.map((r) => r.storageKey),
    );
    throw failed.reason;
  }
  try {
    // transaction: false, for a write that is one statement (atomic on its own).
    if (options?.transaction === false) return await write(db, stored);
    return await db.$transaction((tx) => write(tx, stored), { maxWait: options?.maxWait, timeout: options?.timeout });
  } catch (error) {
    const keys = stored.map((r) => r.storageKey);
    let referenced: Set<string>;
    try {
      referenced = await referencedKeys(db, keys);
    } catch {
      log("warn", "storage.discard_deferred", { keys: keys.length });
      throw error;
    }
    await removeObjects(
      storage,
      keys.filter((k) => !referenced.has(k)),
    );
    throw error;
  }
}

/**
 * Deletes StoredFile rows, then their objects. Returns how many rows were deleted. An object
 * whose delete fails is logged and left for the orphan sweep (its row is gone already).
 * Callers that delete rows in their own transaction use removeObjects() after it commits.
 */
export async function deleteStoredFiles(db: Db, storage: Storage, pks: string[]): Promise<number> {
  if (pks.length === 0) return 0;
  const keys = await db.$transaction(async (tx) => {
    const rows = await tx.storedFile.findMany({ where: { pk: { in: pks } }, select: { storageKey: true } });
    await tx.storedFile.deleteMany({ where: { pk: { in: pks } } });
    return rows.map((r) => r.storageKey);
  });
  await removeObjects(storage, keys);
  return keys.length;
}

/** Best-effort delete of objects whose rows are gone (or were never committed). Never throws. */
export async function removeObjects(storage: Storage, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(key);
      await deleteDerived(storage, key);
    } catch (error) {
      log("warn", "storage.delete_failed", { key, error: (error as Error).message });
    }
  }
}

/** Which of these keys a StoredFile row references (a derived object's key: through its file's key). */
export async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const base = (key: string) => derivedBase(key) ?? key;
  const rows = await db.storedFile.findMany({
    where: { storageKey: { in: [...new Set(keys.map(base))] } },
    select: { storageKey: true },
  });
  const referenced = new Set(rows.map((r) => r.storageKey));
  return new Set(keys.filter((key) => referenced.has(base(key))));
}
