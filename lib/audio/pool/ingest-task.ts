// The worker-pool task of an upload's audio work (decode, normalise, encode, peaks, hashing):
// ingestAudio in a pool thread; with `store`, the original, its normalised segment and its peaks
// are then put into the filesystem storage from here too (filesystem-sync.ts), so the server's
// thread only writes their rows. Bundled to plain ESM by scripts/build-workers.ts (the pool's
// threads load no TypeScript); packages stay imports, resolved from the project's node_modules.
// Errors cross the thread boundary as data: a structured clone keeps no custom error class.
import { type PutSync, putSmallFilesSync } from "../../storage/filesystem-sync";
import { type IngestResult, InvalidAudioError, ingestAudio } from "../ingest";

export type IngestTask = {
  srcPath: string;
  out: { peaksPath: string; normalisedPath: string };
  /** The filesystem storage's data directory, to store the three files in. */
  store?: { dataDir: string };
};
/** A file stored by the task (null: too large to put whole; the server streams it). */
export type StoredPut = PutSync | null;
export type IngestTaskResult =
  | { ok: true; result: IngestResult; stored?: [StoredPut, StoredPut, StoredPut] }
  | { ok: false; invalid: string };

export default async function runIngestTask(task: IngestTask): Promise<IngestTaskResult> {
  let result: IngestResult;
  try {
    // Already on a pool thread: the encoder runs here too, not in a thread of its own.
    result = await ingestAudio(task.srcPath, task.out, { worker: false });
  } catch (error) {
    if (error instanceof InvalidAudioError) return { ok: false, invalid: error.reason };
    throw error;
  }
  if (!task.store) return { ok: true, result };
  const files = [task.srcPath, task.out.normalisedPath, task.out.peaksPath];
  const stored = putSmallFilesSync(task.store.dataDir, files) as [StoredPut, StoredPut, StoredPut];
  return { ok: true, result, stored };
}
