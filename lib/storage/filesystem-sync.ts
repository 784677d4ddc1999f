import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { assertKey, KEY_ROOT, newStorageKey, type PutResult, WHOLE_FILE_BYTES } from "./core";

// FilesystemStorage.putFile's steps with blocking calls, for a worker-pool thread that has just made
// the files (lib/audio/pool/ingest-task.ts): each written to a temp file in `files/.tmp` and
// fsynced, renamed into place, the directory (and any directory it needed made) fsynced. Same
// layout and durability. Done from the server's thread, each step is a trip through libuv's thread
// pool and back through the event loop: an answer's three files took about 45 of them, each waking
// a thread on a machine where the event loop already waits for a core. Files stored together go to
// one fan-out directory, so one directory sync covers their renames. A file with the same bytes as
// one before it (an Ogg Opus upload is its own normalised segment) becomes a hard link to that one's
// fsynced temp file: the same durability without writing and syncing the bytes twice, and each key
// still removable on its own.

const TMP = ".tmp";
// Directories this thread made or found (see FilesystemStorage.knownDirs).
const knownDirs = new Set<string>();

export type PutSync = PutResult & { storageKey: string };

/**
 * Stores each file (under a new key, all in one fan-out directory) in the filesystem storage rooted
 * at `dataDir`; null for a file larger than a put reads whole (the server streams those). All or
 * nothing: on failure what was stored is removed again.
 */
export function putSmallFilesSync(dataDir: string, sourcePaths: string[]): (PutSync | null)[] {
  const tmpDir = path.join(dataDir, KEY_ROOT, TMP);
  const first = newStorageKey();
  const pending: { tmp: string; key: string; result: PutResult }[] = [];
  const out: (PutSync | null)[] = [];
  const moved: string[] = [];
  try {
    for (const source of sourcePaths) {
      const bytes = readSmall(source);
      if (!bytes) {
        out.push(null);
        continue;
      }
      const key = pending.length ? newStorageKey(first) : first;
      const tmp = path.join(tmpDir, `${randomUUID()}.tmp`);
      const result = { size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
      const same = pending.find((p) => p.result.sha256 === result.sha256 && p.result.size === result.size);
      pending.push({ tmp, key, result });
      inDir(tmpDir, () => (same ? linkOrWrite(same.tmp, tmp, bytes) : writeDurably(tmp, bytes)));
      out.push({ ...result, storageKey: key });
    }
    if (!pending.length) return out;
    const dir = path.dirname(path.join(dataDir, first));
    const created = inDir(dir, () => {
      for (const p of pending.slice(moved.length)) {
        fs.renameSync(p.tmp, path.join(dataDir, p.key));
        moved.push(p.key);
      }
    });
    syncDir(dir);
    if (created) for (let d = dir; d !== path.dirname(created); d = path.dirname(d)) syncDir(path.dirname(d));
    return out;
  } catch (error) {
    for (const p of pending) fs.rmSync(p.tmp, { force: true });
    for (const key of moved) removeSync(dataDir, key);
    throw error;
  }
}

/** Removes an object putSmallFilesSync stored (when what it was stored for failed); absent keys are fine. */
export function removeSync(dataDir: string, key: string): void {
  assertKey(key);
  fs.rmSync(path.join(dataDir, key), { force: true });
}

function readSmall(file: string): Buffer | null {
  const fd = fs.openSync(file, "r");
  try {
    return fs.fstatSync(fd).size > WHOLE_FILE_BYTES ? null : fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function writeDurably(file: string, bytes: Buffer): void {
  const fd = fs.openSync(file, "wx");
  try {
    fs.writeFileSync(fd, bytes);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** A hard link to an fsynced temp file with the same bytes; a durable copy where links fail. */
function linkOrWrite(existing: string, file: string, bytes: Buffer): void {
  try {
    fs.linkSync(existing, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EPERM" && code !== "EXDEV" && code !== "ENOTSUP" && code !== "EMLINK") throw error;
    writeDurably(file, bytes);
  }
}

/** Runs `write` in `dir`, made first unless known; remade and retried once if removed meanwhile. */
function inDir(dir: string, write: () => void): string | undefined {
  const created = ensureDir(dir);
  try {
    write();
    return created;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if ((code !== "ENOENT" && code !== "ENOTDIR") || created !== undefined) throw error;
    knownDirs.delete(dir);
    const remade = ensureDir(dir);
    write();
    return remade;
  }
}

function ensureDir(dir: string): string | undefined {
  if (knownDirs.has(dir)) return undefined;
  const created = fs.mkdirSync(dir, { recursive: true });
  knownDirs.add(dir);
  return created;
}

function syncDir(dir: string): void {
  const fd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
