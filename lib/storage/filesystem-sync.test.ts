import fsp from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { FilesystemStorage } from "./filesystem";
import { putSmallFilesSync } from "./filesystem-sync";
import { inTempDir, listedKeys, readAll, sha256, writeRandomFile } from "./test-support";

// The audio worker's puts (filesystem-sync.ts) must land exactly as FilesystemStorage's own: read
// back through the backend, listed, and all or nothing.

test("an answer's files land in one fan-out directory, readable through the backend with their hashes", () =>
  inTempDir(async (dir) => {
    const storage = new FilesystemStorage(dir);
    const sources = await Promise.all(
      [1000, 20_000, 300].map(async (size, i) => {
        const file = path.join(dir, `src-${i}`);
        return { file, hash: await writeRandomFile(file, size), size };
      }),
    );
    const stored = putSmallFilesSync(
      dir,
      sources.map((s) => s.file),
    );
    expect(stored.map((s) => s && { size: s.size, sha256: s.sha256 })).toEqual(
      sources.map((s) => ({ size: s.size, sha256: s.hash })),
    );
    const keys = stored.map((s) => s!.storageKey);
    expect(new Set(keys.map((k) => path.dirname(k))).size).toBe(1);
    expect(await listedKeys(storage)).toEqual([...keys].sort());
    for (const [i, key] of keys.entries())
      expect(sha256(await readAll(await storage.read(key)))).toBe(sources[i]!.hash);
    expect(await fsp.readdir(path.join(dir, "files/.tmp"))).toEqual([]);
  }));

test("a file too large to put whole is left to the server; a missing directory is made again", () =>
  inTempDir(async (dir) => {
    const small = path.join(dir, "small");
    const large = path.join(dir, "large");
    await fsp.writeFile(small, "small");
    await writeRandomFile(large, (1 << 20) + 1);
    const [first] = putSmallFilesSync(dir, [small]);
    // Someone removes the directories this thread knows about: the next put makes them again.
    await fsp.rm(path.join(dir, "files"), { recursive: true });
    const [none, second] = putSmallFilesSync(dir, [large, small]);
    expect(none).toBeNull();
    expect(await fsp.readFile(path.join(dir, second!.storageKey), "utf8")).toBe("small");
    expect(await listedKeys(new FilesystemStorage(dir))).toEqual([second!.storageKey]);
    expect(await fsp.stat(path.join(dir, first!.storageKey)).catch(() => null)).toBeNull();
  }));

test("when one file cannot be read, nothing is stored and no temp file is left", () =>
  inTempDir(async (dir) => {
    const present = path.join(dir, "present");
    await fsp.writeFile(present, "content");
    expect(() => putSmallFilesSync(dir, [present, path.join(dir, "missing")])).toThrow(/ENOENT/);
    expect(await listedKeys(new FilesystemStorage(dir))).toEqual([]);
    expect(await fsp.readdir(path.join(dir, "files/.tmp"))).toEqual([]);
  }));

test("a file with the same bytes as one before it is stored as a link to it, and each key removes on its own", () =>
  inTempDir(async (dir) => {
    const storage = new FilesystemStorage(dir);
    const upload = path.join(dir, "upload");
    const segment = path.join(dir, "segment");
    const peaks = path.join(dir, "peaks");
    const hash = await writeRandomFile(upload, 30_000);
    await fsp.copyFile(upload, segment);
    await writeRandomFile(peaks, 400);
    const [a, b, c] = putSmallFilesSync(dir, [upload, segment, peaks]);
    expect(b!.sha256).toBe(hash);
    expect(new Set([a!.storageKey, b!.storageKey, c!.storageKey]).size).toBe(3);
    const [sa, sb, sc] = await Promise.all([a, b, c].map((s) => fsp.stat(path.join(dir, s!.storageKey))));
    // One inode for the two identical files (written and synced once); the peaks have their own.
    expect(sb!.ino).toBe(sa!.ino);
    expect(sa!.nlink).toBe(2);
    expect(sc!.nlink).toBe(1);
    await storage.delete(a!.storageKey);
    expect(sha256(await readAll(await storage.read(b!.storageKey)))).toBe(hash);
    expect(await listedKeys(storage)).toEqual([b!.storageKey, c!.storageKey].sort());
    expect(await fsp.readdir(path.join(dir, "files/.tmp"))).toEqual([]);
  }));
