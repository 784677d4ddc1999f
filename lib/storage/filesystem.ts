import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertKey,
  assertPrefix,
  assertRange,
  type ByteRange,
  bytesResult,
  KEY_ROOT,
  measuring,
  openPutSource,
  type PutResult,
  type Storage,
  StorageNotFoundError,
  StorageRangeError,
  type StoredObject,
} from "./core";

const TMP = ".tmp";

/**
 * Objects as files: key `files/ab/cd/<uuid>` is `<dataDir>/files/ab/cd/<uuid>`. A put writes a
 * temp file in `<dataDir>/files/.tmp/` (same filesystem), fsyncs it, renames it into place and
 * fsyncs the directory: after a crash a key holds the old file, the whole new one, or nothing.
 * What a crash leaves in `.tmp` is removed by cleanupIncomplete (called by the orphan sweep).
 */
export class FilesystemStorage implements Storage {
  readonly kind = "filesystem" as const;
  private readonly root: string;
  private readonly tmpDir: string;
  // Directories this instance made or found: each put needs two (the temp directory and its key's
  // fan-out directory), and `mkdir -p` of an existing one is two trips through libuv's thread pool
  // and the event loop. At most the temp directory and 65,792 fan-out directories.
  private readonly knownDirs = new Set<string>();

  constructor(readonly dataDir: string) {
    this.root = path.join(dataDir, KEY_ROOT);
    this.tmpDir = path.join(this.root, TMP);
  }

  async putFile(key: string, sourcePath: string, contentType: string): Promise<PutResult> {
    assertKey(key);
    const source = await openPutSource(sourcePath);
    if ("handle" in source) return this.putStream(key, source.handle.createReadStream(), contentType);
    return this.putWhole(key, source.bytes, source.result);
  }

  async putBytes(key: string, bytes: Uint8Array, _contentType: string): Promise<PutResult> {
    assertKey(key);
    return this.putWhole(key, bytes, bytesResult(bytes));
  }

  private async putWhole(key: string, bytes: Uint8Array, result: PutResult): Promise<PutResult> {
    const tmp = this.tmpPath();
    try {
      await this.inDir(this.tmpDir, () => fsp.writeFile(tmp, bytes, { flag: "wx", flush: true }));
      await this.install(tmp, key);
      return result;
    } catch (error) {
      await fsp.rm(tmp, { force: true }).catch(() => {});
      throw error;
    }
  }

  async putStream(key: string, source: Readable, _contentType: string): Promise<PutResult> {
    try {
      assertKey(key);
    } catch (error) {
      source.destroy();
      throw error;
    }
    const tmp = this.tmpPath();
    const measure = measuring();
    try {
      // Not from knownDirs: a stream cannot be retried if the directory was removed meanwhile.
      await fsp.mkdir(this.tmpDir, { recursive: true });
      // flush: fsync before close; pipeline settles only once the file is closed.
      await pipeline(source, measure.stream, fs.createWriteStream(tmp, { flags: "wx", flush: true }));
      await this.install(tmp, key);
      return measure.result();
    } catch (error) {
      source.destroy();
      await fsp.rm(tmp, { force: true }).catch(() => {});
      throw error;
    }
  }

  private tmpPath(): string {
    return path.join(this.tmpDir, `${randomUUID()}.tmp`);
  }

  /** Renames a complete, fsynced temp file into place and makes that durable. */
  private async install(tmp: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    const dir = path.dirname(target);
    const created = await this.inDir(dir, () => fsp.rename(tmp, target));
    await syncDir(dir);
    // New fan-out directories must be durable in their parents too.
    if (created) {
      for (let d = dir; d !== path.dirname(created); d = path.dirname(d)) await syncDir(path.dirname(d));
    }
  }

  /** Makes `dir` (with its parents) unless known to exist; returns the first directory made, if any. */
  private async ensureDir(dir: string): Promise<string | undefined> {
    if (this.knownDirs.has(dir)) return undefined;
    const created = await fsp.mkdir(dir, { recursive: true });
    this.knownDirs.add(dir);
    return created;
  }

  /**
   * Runs `write` (which creates an entry in `dir`) once `dir` exists; if a directory known to exist
   * was removed meanwhile (ENOENT), makes it again and retries once. Returns the first directory made.
   */
  private async inDir(dir: string, write: () => Promise<unknown>): Promise<string | undefined> {
    const created = await this.ensureDir(dir);
    try {
      await write();
      return created;
    } catch (error) {
      if (!isMissing(error) || created !== undefined) throw error;
      this.knownDirs.delete(dir);
      const remade = await this.ensureDir(dir);
      await write();
      return remade;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    if (range) assertRange(range);
    const file = await this.openFile(key);
    if (!range) return file.handle.createReadStream();
    if (range.start >= file.size) {
      await file.handle.close();
      throw new StorageRangeError(key, range);
    }
    return file.handle.createReadStream({ start: range.start, end: Math.min(range.end, file.size - 1) });
  }

  async download(key: string, targetPath: string): Promise<void> {
    const file = await this.openFile(key);
    try {
      await pipeline(file.handle.createReadStream(), fs.createWriteStream(targetPath));
    } catch (error) {
      await fsp.rm(targetPath, { force: true }).catch(() => {});
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number; modified: Date } | null> {
    try {
      const s = await fsp.stat(this.pathOf(key));
      return s.isFile() ? { size: s.size, modified: s.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await fsp.unlink(file);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async *list(prefix: string = KEY_ROOT): AsyncIterable<StoredObject> {
    assertPrefix(prefix);
    yield* this.walk(this.root, KEY_ROOT, prefix);
  }

  private async *walk(dir: string, keyDir: string, prefix: string): AsyncGenerator<StoredObject> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue; // .tmp and anything else hidden
      const key = keyDir + entry.name;
      if (entry.isDirectory()) {
        const sub = `${key}/`;
        if (sub.startsWith(prefix) || prefix.startsWith(sub)) yield* this.walk(path.join(dir, entry.name), sub, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        try {
          const s = await fsp.stat(path.join(dir, entry.name));
          yield { key, size: s.size, modified: s.mtime };
        } catch (error) {
          if (!isMissing(error)) throw error; // deleted meanwhile
        }
      }
    }
  }

  async cleanupIncomplete(olderThanMs: number): Promise<number> {
    let names: string[];
    try {
      names = await fsp.readdir(this.tmpDir);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.tmpDir, name);
      try {
        const s = await fsp.lstat(file);
        if (s.mtimeMs >= cutoff) continue;
        await fsp.rm(file, { recursive: true, force: true });
        removed++;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return removed;
  }

  async health(): Promise<{ ok: boolean; kind: "filesystem"; message?: string }> {
    const probe = path.join(this.tmpDir, `health-${process.pid}-${randomUUID()}`);
    try {
      await fsp.mkdir(this.tmpDir, { recursive: true });
      await fsp.writeFile(probe, "ok");
      await fsp.rm(probe);
      return { ok: true, kind: this.kind };
    } catch (error) {
      return { ok: false, kind: this.kind, message: (error as Error).message };
    }
  }

  private pathOf(key: string): string {
    assertKey(key);
    return path.join(this.dataDir, key);
  }

  private async openFile(key: string): Promise<{ handle: fsp.FileHandle; size: number }> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.pathOf(key), "r");
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(key);
      throw error;
    }
    const s = await handle.stat().catch(async (error) => {
      await handle.close();
      throw error;
    });
    if (!s.isFile()) {
      await handle.close();
      throw new StorageNotFoundError(key);
    }
    return { handle, size: s.size };
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

async function syncDir(dir: string): Promise<void> {
  const handle = await fsp.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
