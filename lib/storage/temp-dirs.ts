import fs from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";
import { TEMP_DIR_PREFIXES, type TempDirPrefix } from "./temp-prefixes";

// Requests make their own directories under $DATA_DIR/tmp (multipart uploads, JSON file
// fields, combining a result set's audio, copying a reading attempt, a websocket answer's audio,
// an audio worker's copy of an upload held in memory: lib/audio/pool/ingest-task.ts)
// and remove them when they end; a process killed
// mid-request (kill -9, OOM) leaves them behind. The tmp directory is this instance's local
// disk, but another instance may share it, so only directories nobody has written to for a
// while go: newer than any upload or combine could still be running is left alone.

/** $DATA_DIR/tmp, where requests make their temp directories. */
export const requestTmpDir = () => path.join(config().dataDir, "tmp");

/** Runs `work` in a fresh directory under $DATA_DIR/tmp (swept if a crash leaves it), removed afterwards. */
export async function inTempDir<T>(prefix: TempDirPrefix, work: (dir: string) => Promise<T>): Promise<T> {
  const tmp = requestTmpDir();
  await fs.mkdir(tmp, { recursive: true });
  const dir = await fs.mkdtemp(path.join(tmp, prefix));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** At start: the process that made them is gone, unless another instance shares the disk. */
export const STALE_AT_START_MS = 5 * 60_000;
/** In the periodic sweep: longer than any request runs. */
export const STALE_IN_SWEEP_MS = 3600_000;

/** Removes request temp directories under `tmpDir` untouched for `olderThanMs`; how many went. */
export async function removeStaleTempDirs(tmpDir: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let entries;
  try {
    entries = await fs.readdir(tmpDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isDirectory() || !TEMP_DIR_PREFIXES.some((p) => entry.name.startsWith(p))) continue;
    const dir = path.join(tmpDir, entry.name);
    const touched = await lastWrite(dir);
    if (touched === null || now - touched < olderThanMs) continue;
    await fs.rm(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** The newest modification time of the directory and what is directly in it (a file being written counts). */
async function lastWrite(dir: string): Promise<number | null> {
  try {
    let newest = (await fs.stat(dir)).mtimeMs;
    for (const name of await fs.readdir(dir)) {
      const stat = await fs.stat(path.join(dir, name)).catch(() => null);
      if (stat) newest = Math.max(newest, stat.mtimeMs);
    }
    return newest;
  } catch {
    // Removed meanwhile by the request that made it.
    return null;
  }
}
