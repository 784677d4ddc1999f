// The worker-pool task of an upload's audio work (decode, normalise, encode, peaks, hashing):
// ingestAudio in a pool thread. Bundled to plain ESM by scripts/build-workers.ts (the pool's
// threads load no TypeScript); packages stay imports, resolved from the project's node_modules.
// Errors cross the thread boundary as data: a structured clone keeps no custom error class.
import { type IngestResult, InvalidAudioError, ingestAudio } from "../ingest";

export type IngestTask = { srcPath: string; out: { peaksPath: string; normalisedPath: string } };
export type IngestTaskResult = { ok: true; result: IngestResult } | { ok: false; invalid: string };

export default async function runIngestTask(task: IngestTask): Promise<IngestTaskResult> {
  try {
    // Already on a pool thread: the encoder runs here too, not in a thread of its own.
    return { ok: true, result: await ingestAudio(task.srcPath, task.out, { worker: false }) };
  } catch (error) {
    if (error instanceof InvalidAudioError) return { ok: false, invalid: error.reason };
    throw error;
  }
}
