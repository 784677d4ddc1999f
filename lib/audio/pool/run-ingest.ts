// Runs an upload's audio work (ingestAudio: decode, normalise, encode, peaks, hashing) in the
// shared worker pool, off the event loop. When the pool and its bounded queue are full this throws
// PoolBusyError (the API answers 503 with Retry-After). Without the bundled task (a source tree
// that was never built) the work runs on this thread, at most one per core at a time.
import os from "node:os";
import path from "node:path";
import { findWorkerScript, sharedPool } from "@/lib/workers/pool";
import { type IngestResult, InvalidAudioError, ingestAudio } from "../ingest";
import type { IngestTask, IngestTaskResult, StoredPut } from "./ingest-task";

const script = () => findWorkerScript(undefined, ".workers", ["ingest-task.mjs"]);

/**
 * The upload's audio work; with `store`, the pool thread also stores the original, its normalised
 * segment and its peaks in the filesystem storage (`stored`, in that order; absent without a pool).
 */
export async function ingestInPool(
  srcPath: string,
  out: IngestTask["out"],
  store?: IngestTask["store"],
): Promise<{ result: IngestResult; stored?: StoredPut[] }> {
  const file = script();
  if (!file) return { result: await withLocalSlot(() => ingestAudio(srcPath, out)) };
  const task: IngestTask = { srcPath: path.resolve(srcPath), out, store };
  const answer = await sharedPool().run<IngestTaskResult>(file, task, { timeoutMs: 0 });
  if (!answer.ok) throw new InvalidAudioError(answer.invalid);
  return { result: answer.result, stored: answer.stored };
}

// The fallback's bound: decoding and encoding are CPU-bound, so more at once than cores only
// multiplies memory without finishing sooner.
const SLOTS = Math.max(1, os.availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function withLocalSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}
