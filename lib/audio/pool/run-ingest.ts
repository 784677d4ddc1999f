// Runs an upload's audio work (ingestAudio: decode, normalise, encode, peaks, hashing) in the
// shared worker pool, off the event loop. When the pool and its bounded queue are full this throws
// PoolBusyError (the API answers 503 with Retry-After). Without the bundled task (a source tree
// that was never built) the work runs on this thread, at most one per core at a time.
import os from "node:os";
import path from "node:path";
import { sharedPool } from "@/lib/workers/pool";
import { poolScript } from "@/lib/workers/pool-scripts";
import { type IngestResult, InvalidAudioError, ingestAudio } from "../ingest";
import { writeSegmentPeaks } from "../segment-peaks";
import type { IngestTask, IngestTaskResult, MadeFiles, PeaksTask, PeaksTaskResult, StoredPut } from "./ingest-task";

type Out = { peaksPath: string; normalisedPath: string };

const script = () => poolScript("ingest");

/**
 * The upload's audio work; with `store`, the pool thread also stores the original, its normalised
 * segment and its peaks in the filesystem storage (`stored`, in that order; absent without a pool).
 */
export async function ingestInPool(
  srcPath: string,
  out: Out,
  store?: { dataDir: string },
): Promise<{ result: IngestResult; stored?: StoredPut[] }> {
  const file = script();
  if (!file) return { result: await withLocalSlot(() => ingestAudio(srcPath, out)) };
  return run(file, { srcPath: path.resolve(srcPath), out, store });
}

/**
 * An upload held in memory, analysed by a pool thread (ingest-task.ts) and either stored there in
 * the filesystem storage `store` (`stored`) or, without one, handed back with the files it made
 * (`made`). Null when there is no pool, or when a file was too large for the thread to store (the
 * caller then takes the upload from a file, with ingestInPool).
 */
export async function ingestBytesInPool(
  bytes: Uint8Array,
  scratchIn: string,
  store?: { dataDir: string },
): Promise<{ result: IngestResult; stored: StoredPut[] } | { result: IngestResult; made: MadeFiles } | null> {
  const file = script();
  if (!file) return null;
  const { result, stored, made } = await run(file, { bytes, scratchIn: path.resolve(scratchIn), store });
  return stored ? { result, stored } : made ? { result, made } : null;
}

/** Writes the peaks of the stored Ogg Opus segment at `srcPath` (kept as uploaded, so never decoded) to `peaksPath`, in the pool. */
export async function segmentPeaksInPool(srcPath: string, peaksPath: string): Promise<void> {
  const file = script();
  if (!file) {
    await withLocalSlot(() => writeSegmentPeaks(srcPath, peaksPath));
    return;
  }
  const task: PeaksTask = { peaksOf: path.resolve(srcPath), peaksPath: path.resolve(peaksPath) };
  const answer = await sharedPool().run<PeaksTaskResult>(file, task, { timeoutMs: 0 });
  if (!answer.ok) throw new InvalidAudioError(answer.invalid);
}

async function run(file: string, task: IngestTask) {
  const answer = await sharedPool().run<IngestTaskResult>(file, task, { timeoutMs: 0 });
  if (!answer.ok) throw new InvalidAudioError(answer.invalid);
  return { result: answer.result, stored: answer.stored, made: answer.made };
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
