import type { Db } from "@/lib/db/client";
import type { Storage } from "./core";
import { referencedKeys } from "./stored-files";

// The periodic orphan sweep (scheduled elsewhere). A file is stored before its row is
// committed, so a young unreferenced object may belong to a transaction still running:
// only objects older than `olderThanMs` are candidates. That age must exceed the longest
// time between storing a file and committing its row (uploads, processing, retries).

export const DEFAULT_ORPHAN_AGE_MS = 24 * 3600 * 1000;
export const DEFAULT_TEMP_AGE_MS = 3600 * 1000;

export type SweepOptions = {
  /** Unreferenced objects at least this old are deleted. */
  olderThanMs: number;
  /** Temp files / unfinished uploads at least this old are removed (default one hour). */
  tempOlderThanMs?: number;
  /** Keys checked against the database per query. */
  batchSize?: number;
  /** Only count what would be deleted. */
  dryRun?: boolean;
};

export type SweepResult = {
  /** Objects listed. */
  scanned: number;
  /** Old enough to be candidates. */
  candidates: number;
  /** Unreferenced candidates deleted (or that would be, in a dry run). */
  deleted: number;
  /** Temp files / unfinished multipart uploads removed. */
  incompleteRemoved: number;
};

/** The production sweep: references are StoredFile.storageKey values. */
export function sweepOrphans(db: Db, storage: Storage, options: SweepOptions): Promise<SweepResult> {
  return sweepUnreferenced(storage, (keys) => referencedKeys(db, keys), options);
}

/** The sweep itself, with the reference check passed in (testable without a database). */
export async function sweepUnreferenced(
  storage: Storage,
  isReferenced: (keys: string[]) => Promise<Set<string>>,
  options: SweepOptions,
): Promise<SweepResult> {
  const { olderThanMs, tempOlderThanMs = DEFAULT_TEMP_AGE_MS, batchSize = 500, dryRun = false } = options;
  if (!(olderThanMs >= 0)) throw new RangeError("olderThanMs must be a non-negative number");
  const cutoff = Date.now() - olderThanMs;
  const result: SweepResult = { scanned: 0, candidates: 0, deleted: 0, incompleteRemoved: 0 };

  let batch: string[] = [];
  const flush = async () => {
    const referenced = await isReferenced(batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      if (!dryRun) await storage.delete(key);
      result.deleted++;
    }
    batch = [];
  };
  for await (const object of storage.list()) {
    result.scanned++;
    if (object.modified.getTime() > cutoff) continue;
    result.candidates++;
    batch.push(object.key);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();

  if (!dryRun) result.incompleteRemoved = await storage.cleanupIncomplete(tempOlderThanMs);
  return result;
}
