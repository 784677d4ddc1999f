// The worker-pool task of an upload's audio work (decode, normalise, encode, peaks, hashing):
// ingestAudio in a pool thread; with `store`, the original, its normalised segment and its peaks
// are then put into the filesystem storage from here too (filesystem-sync.ts), so the server's
// thread only writes their rows; for another storage (S3), an upload held in memory comes back with
// the files it made as bytes, so the server's thread handles no file at all. Where the upload is
// its own normalised segment (IngestResult.segmentIsOriginal) it is the only file: nothing was
// decoded, and its peaks are made when first asked for (writeSegmentPeaks, below).
// An upload held in memory (`bytes`: a small multipart part, see lib/api/body.ts) is written to a
// scratch directory of this thread's own, with blocking calls, and that directory is gone again
// when the task ends. Bundled to plain ESM by
// scripts/build-workers.ts (the pool's threads load no TypeScript); packages stay imports,
// resolved from the project's node_modules. Errors cross the thread boundary as data: a
// structured clone keeps no custom error class.
import fs from "node:fs";
import path from "node:path";
import { type PutSync, putSmallFilesSync, removeSync } from "../../storage/filesystem-sync";
import { INGEST_SCRATCH_PREFIX } from "../../storage/temp-prefixes";
import "../../workers/pool-thread-priority.mjs";
import { audioFilePaths, type IngestResult, InvalidAudioError, ingestAudio, type PeaksInfo } from "../ingest";
import { writeSegmentPeaks } from "../segment-peaks";

type Out = { peaksPath: string; normalisedPath: string };
export type IngestTask =
  | {
      srcPath: string;
      out: Out;
      /** The filesystem storage's data directory, to store the files in. */
      store?: { dataDir: string };
    }
  | {
      /** The upload itself. */
      bytes: Uint8Array;
      /** Where to make the scratch directory (the server's temp directory: swept after a crash). */
      scratchIn: string;
      /** Without it (a storage this thread cannot write to, S3), the made files come back as `made`. */
      store?: { dataDir: string };
    };
/** A file stored by the task (null: too large to put whole; the server streams it). */
export type StoredPut = PutSync | null;
/** The normalised segment and the peaks made from an upload held in memory (both null: the upload itself is the segment). */
export type MadeFiles = { normalised: Uint8Array | null; peaks: Uint8Array | null };
export type IngestTaskResult =
  /** `stored`: in audioFilePaths() order. */
  { ok: true; result: IngestResult; stored?: StoredPut[]; made?: MadeFiles } | { ok: false; invalid: string };

/** The peaks of a stored segment that was kept as uploaded (segment-peaks.ts), written to `peaksPath`. */
export type PeaksTask = { peaksOf: string; peaksPath: string };
export type PeaksTaskResult = { ok: true; peaks: PeaksInfo } | { ok: false; invalid: string };

export default async function runIngestTask(task: IngestTask): Promise<IngestTaskResult>;
export default async function runIngestTask(task: PeaksTask): Promise<PeaksTaskResult>;
export default async function runIngestTask(task: IngestTask | PeaksTask): Promise<IngestTaskResult | PeaksTaskResult> {
  if ("peaksOf" in task) return peaksOf(task);
  if ("bytes" in task) return fromMemory(task);
  const ingested = await ingest(task.srcPath, task.out);
  if (!ingested.ok || !task.store) return ingested;
  const stored = putSmallFilesSync(task.store.dataDir, audioFilePaths(ingested.result, task.srcPath, task.out));
  return { ...ingested, stored };
}

async function peaksOf(task: PeaksTask): Promise<PeaksTaskResult> {
  try {
    return { ok: true, peaks: await writeSegmentPeaks(task.peaksOf, task.peaksPath) };
  } catch (error) {
    if (error instanceof InvalidAudioError) return { ok: false, invalid: error.reason };
    throw error;
  }
}

async function ingest(srcPath: string, out: Out): Promise<IngestTaskResult> {
  try {
    // Already on a pool thread: the encoder runs here too, not in a thread of its own.
    return { ok: true, result: await ingestAudio(srcPath, out, { worker: false }) };
  } catch (error) {
    if (error instanceof InvalidAudioError) return { ok: false, invalid: error.reason };
    throw error;
  }
}

/**
 * An upload held in memory: all its files stored, or none (without `stored`: one was too large
 * to put whole, and the server does the whole upload again from a file of its own). Without a
 * store, the files it made come back in memory and the server puts them, with no file of its own.
 */
async function fromMemory(task: Extract<IngestTask, { bytes: Uint8Array }>): Promise<IngestTaskResult> {
  fs.mkdirSync(task.scratchIn, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(task.scratchIn, INGEST_SCRATCH_PREFIX));
  try {
    const srcPath = path.join(scratch, "upload");
    fs.writeFileSync(srcPath, task.bytes);
    const out = { normalisedPath: path.join(scratch, "normalised.ogg"), peaksPath: path.join(scratch, "peaks.dat") };
    const ingested = await ingest(srcPath, out);
    if (!ingested.ok) return ingested;
    if (!task.store) {
      if (ingested.result.segmentIsOriginal) return { ...ingested, made: { normalised: null, peaks: null } };
      const made = { normalised: fs.readFileSync(out.normalisedPath), peaks: fs.readFileSync(out.peaksPath) };
      return { ...ingested, made };
    }
    const stored = putSmallFilesSync(task.store.dataDir, audioFilePaths(ingested.result, srcPath, out));
    if (stored.every((s) => s !== null)) return { ...ingested, stored };
    for (const s of stored) if (s) removeSync(task.store.dataDir, s.storageKey);
    return ingested;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
