import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { CreateBucketCommand } from "@aws-sdk/client-s3";
import { expect, test } from "@playwright/test";
import { ConfigError, parseConfig } from "@/lib/config";
import {
  createStorage,
  FilesystemStorage,
  newStorageKey,
  S3Storage,
  type Storage,
  StorageNotFoundError,
  StorageRangeError,
} from "./storage";
import { sweepUnreferenced } from "./sweep";
import {
  digest,
  failingStream,
  listedKeys,
  readAll,
  S3RVER_CREDENTIALS,
  sha256,
  startS3rver,
  tempDir,
  writeRandomFile,
} from "./test-support";

// One contract, two backends: the filesystem in a temp directory, and S3 through the real
// @aws-sdk/client-s3 against s3rver (an S3-protocol server) started in this worker.

type Made = { storage: Storage; dir: string; dataDir?: string };

const base = test.extend<object, { s3server: { endpoint: string } }>({
  s3server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startS3rver();
      await use({ endpoint: server.endpoint });
      await server.stop();
    },
    { scope: "worker" },
  ],
});

let buckets = 0;
const backends = {
  filesystem: base.extend<{ made: Made }>({
    made: async ({}, use) => {
      const dir = await tempDir();
      const dataDir = path.join(dir, "data");
      await use({ storage: new FilesystemStorage(dataDir), dir, dataDir });
      await fsp.rm(dir, { recursive: true, force: true });
    },
  }),
  s3: base.extend<{ made: Made }>({
    made: async ({ s3server }, use) => {
      const dir = await tempDir();
      const bucket = `test-${process.pid}-${++buckets}`;
      // Small parts and list pages so that multipart uploads and list paging are exercised.
      const storage = new S3Storage(
        { bucket, endpoint: s3server.endpoint, region: "us-east-1", forcePathStyle: true, ...S3RVER_CREDENTIALS },
        { partSize: 5 * 1024 * 1024, queueSize: 2, listPageSize: 2 },
      );
      await storage.client.send(new CreateBucketCommand({ Bucket: bucket }));
      await use({ storage, dir });
      storage.client.destroy();
      await fsp.rm(dir, { recursive: true, force: true });
    },
  }),
};

async function putBytes(made: Made, key: string, data: Buffer | string, contentType = "application/octet-stream") {
  const source = path.join(made.dir, `src-${Math.random().toString(36).slice(2)}`);
  await fsp.writeFile(source, data);
  const result = await made.storage.putFile(key, source, contentType);
  await fsp.rm(source);
  return result;
}

async function keys(storage: Storage, prefix?: string): Promise<string[]> {
  const found: string[] = [];
  for await (const object of storage.list(prefix)) found.push(object.key);
  return found.sort();
}

const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const [kind, it] of Object.entries(backends)) {
  it.describe(`storage contract: ${kind}`, () => {
    it.describe.configure({ mode: "default" });

    it("put, then read whole and byte ranges", async ({ made }) => {
      const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
      const key = newStorageKey();
      expect(key).toMatch(/^files\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
      expect(await putBytes(made, key, data, "audio/ogg")).toEqual({ size: 1000, sha256: sha256(data) });
      const { storage } = made;
      expect(storage.kind).toBe(kind);
      expect((await readAll(await storage.read(key))).equals(data)).toBe(true);
      expect(await readAll(await storage.read(key, { start: 0, end: 0 }))).toEqual(data.subarray(0, 1));
      expect(await readAll(await storage.read(key, { start: 400, end: 599 }))).toEqual(data.subarray(400, 600));
      expect(await readAll(await storage.read(key, { start: 999, end: 999 }))).toEqual(data.subarray(999));
      // An end past the last byte is clamped, as HTTP ranges are.
      expect(await readAll(await storage.read(key, { start: 990, end: 5000 }))).toEqual(data.subarray(990));
      await expect(storage.read(key, { start: 1000, end: 1000 })).rejects.toBeInstanceOf(StorageRangeError);
      await expect(storage.read(key, { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeError);
      await expect(storage.read(newStorageKey())).rejects.toBeInstanceOf(StorageNotFoundError);
      await expect(storage.read(newStorageKey(), { start: 0, end: 1 })).rejects.toBeInstanceOf(StorageNotFoundError);
    });

    it("bytes in memory are put like a file: size and hash reported, replaced, refused under a bad key", async ({
      made,
    }) => {
      const { storage } = made;
      const key = newStorageKey();
      const first = new Uint8Array([1, 2, 3, 4, 5]);
      expect(await storage.putBytes(key, first, "application/octet-stream")).toEqual({
        size: 5,
        sha256: sha256(first),
      });
      expect((await readAll(await storage.read(key))).equals(Buffer.from(first))).toBe(true);
      const second = Buffer.from("the peaks of another take");
      expect(await storage.putBytes(key, second, "application/octet-stream")).toEqual({
        size: second.length,
        sha256: sha256(second),
      });
      expect((await readAll(await storage.read(key))).equals(second)).toBe(true);
      await expect(storage.putBytes("files/../escape", first, "text/plain")).rejects.toThrow(/Invalid storage key/);
      expect(await listedKeys(storage)).toEqual([key]);
    });

    it("stat, download and empty objects", async ({ made }) => {
      const { storage } = made;
      const key = newStorageKey();
      await putBytes(made, key, "hello");
      const stat = await storage.stat(key);
      expect(stat?.size).toBe(5);
      expect(Math.abs(stat!.modified.getTime() - Date.now())).toBeLessThan(60_000);
      expect(await storage.stat(newStorageKey())).toBeNull();

      const target = path.join(made.dir, "downloaded");
      await storage.download(key, target);
      expect(await fsp.readFile(target, "utf8")).toBe("hello");
      await expect(storage.download(newStorageKey(), path.join(made.dir, "absent"))).rejects.toBeInstanceOf(
        StorageNotFoundError,
      );
      expect(fs.existsSync(path.join(made.dir, "absent"))).toBe(false);

      const empty = newStorageKey();
      expect(await putBytes(made, empty, "")).toEqual({ size: 0, sha256: sha256("") });
      expect((await storage.stat(empty))?.size).toBe(0);
      expect((await readAll(await storage.read(empty))).length).toBe(0);
    });

    it("list: everything or a prefix, with paging", async ({ made }) => {
      const { storage } = made;
      const written = [
        "files/aa/01/one",
        "files/aa/02/two",
        "files/ab/01/three",
        "files/bb/01/four",
        "files/bb/01/five",
      ];
      for (const key of written) await putBytes(made, key, key);
      expect(await keys(storage)).toEqual([...written].sort());
      expect(await keys(storage, "files/aa/")).toEqual(["files/aa/01/one", "files/aa/02/two"]);
      expect(await keys(storage, "files/a")).toEqual(["files/aa/01/one", "files/aa/02/two", "files/ab/01/three"]);
      expect(await keys(storage, "files/bb/01/f")).toEqual(["files/bb/01/five", "files/bb/01/four"]);
      expect(await keys(storage, "files/cc/")).toEqual([]);
      for await (const object of storage.list("files/aa/01/")) {
        expect(object).toEqual({ key: "files/aa/01/one", size: "files/aa/01/one".length, modified: expect.any(Date) });
      }
      await expect(storage.list("other/")[Symbol.asyncIterator]().next()).rejects.toThrow(/Invalid storage prefix/);
    });

    it("delete is idempotent", async ({ made }) => {
      const { storage } = made;
      const key = newStorageKey();
      await putBytes(made, key, "x");
      await storage.delete(key);
      expect(await storage.stat(key)).toBeNull();
      await storage.delete(key);
      await storage.delete(newStorageKey());
      expect(await keys(storage)).toEqual([]);
    });

    it("overwrite replaces the object; a failed overwrite keeps the old one", async ({ made }) => {
      const { storage } = made;
      const key = newStorageKey();
      await putBytes(made, key, "first version");
      await putBytes(made, key, "second");
      expect((await readAll(await storage.read(key))).toString()).toBe("second");
      await expect(storage.putStream(key, failingStream(6 * 1024 * 1024), "text/plain")).rejects.toThrow(
        "source failed mid-copy",
      );
      expect((await readAll(await storage.read(key))).toString()).toBe("second");
    });

    it("a source failing mid-copy leaves nothing under the key", async ({ made }) => {
      const { storage } = made;
      const key = newStorageKey();
      // Larger than one S3 part: the multipart upload is started, then aborted.
      await expect(storage.putStream(key, failingStream(7 * 1024 * 1024), "audio/ogg")).rejects.toThrow(
        "source failed mid-copy",
      );
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.read(key)).rejects.toBeInstanceOf(StorageNotFoundError);
      expect(await keys(storage)).toEqual([]);
      await expect(storage.putFile(key, path.join(made.dir, "no-such-file"), "audio/ogg")).rejects.toThrow(/ENOENT/);
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.putFile("../escape", path.join(made.dir, "x"), "audio/ogg")).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.stat("files/.tmp/x")).rejects.toThrow(/Invalid storage key/);
    });

    it("putStream stores a stream", async ({ made }) => {
      const key = newStorageKey();
      const chunks = [Buffer.from("abc"), Buffer.from("def")];
      expect(await made.storage.putStream(key, Readable.from(chunks), "text/plain")).toEqual({
        size: 6,
        sha256: sha256("abcdef"),
      });
      expect((await readAll(await made.storage.read(key))).toString()).toBe("abcdef");
    });

    it("a 50 MB file round-trips by hash, streamed in both directions", async ({ made }) => {
      it.setTimeout(120_000);
      const { storage } = made;
      const size = 50 * 1024 * 1024;
      const source = path.join(made.dir, "big");
      const hash = await writeRandomFile(source, size);
      const key = newStorageKey();
      expect(await storage.putFile(key, source, "audio/wav")).toEqual({ size, sha256: hash });
      expect((await storage.stat(key))?.size).toBe(size);

      const whole = await digest(await storage.read(key));
      expect(whole).toMatchObject({ sha256: hash, size });
      // Streamed in pieces, never as one buffer of the whole file.
      expect(whole.chunks).toBeGreaterThan(10);
      expect(whole.largestChunk).toBeLessThanOrEqual(4 * 1024 * 1024);

      // A range across an S3 part boundary (5 MiB parts here) matches the source bytes.
      const start = 5 * 1024 * 1024 - 100;
      const end = 10 * 1024 * 1024 + 99;
      const expected = await readAll(fs.createReadStream(source, { start, end }));
      const ranged = await digest(await storage.read(key, { start, end }));
      expect(ranged).toMatchObject({ size: end - start + 1, sha256: sha256(expected) });

      const copy = path.join(made.dir, "copy");
      await storage.download(key, copy);
      expect(await digest(fs.createReadStream(copy))).toMatchObject({ sha256: hash, size });
    });

    it("health", async ({ made }) => {
      expect(await made.storage.health()).toEqual({ ok: true, kind });
    });

    it("the sweep deletes only unreferenced keys that are old enough", async ({ made }) => {
      it.setTimeout(30_000);
      const { storage } = made;
      const referenced = newStorageKey();
      const orphan = newStorageKey();
      const young = newStorageKey();
      await putBytes(made, referenced, "kept: a row points at it");
      await putBytes(made, orphan, "deleted: nothing points at it");
      // S3 reports modification times in whole seconds.
      await sleep(2500);
      const youngPut = Date.now();
      await putBytes(made, young, "kept: its row may still be on its way");
      const checked: string[][] = [];
      const isReferenced = async (batch: string[]) => {
        checked.push([...batch]);
        return new Set(batch.filter((k) => k === referenced));
      };

      const dry = await sweepUnreferenced(storage, isReferenced, {
        olderThanMs: 1500 + (Date.now() - youngPut),
        dryRun: true,
      });
      expect(dry).toEqual({ scanned: 3, candidates: 2, deleted: 1, incompleteRemoved: 0 });
      expect(await keys(storage)).toEqual([referenced, orphan, young].sort());

      checked.length = 0;
      const result = await sweepUnreferenced(storage, isReferenced, {
        olderThanMs: 1500 + (Date.now() - youngPut),
        batchSize: 1,
      });
      expect(result).toEqual({ scanned: 3, candidates: 2, deleted: 1, incompleteRemoved: 0 });
      expect(checked.map((b) => b.length)).toEqual([1, 1]);
      expect(await keys(storage)).toEqual([referenced, young].sort());

      // Everything unreferenced goes once it is old enough.
      const later = await sweepUnreferenced(storage, isReferenced, { olderThanMs: 0 });
      expect(later).toMatchObject({ scanned: 2, deleted: 1 });
      expect(await keys(storage)).toEqual([referenced]);
    });
  });
}

test.describe("filesystem backend", () => {
  test("puts write a temp file in files/.tmp and rename it; failures and crashes leave no file under the key", async () => {
    const dir = await tempDir();
    try {
      const storage = new FilesystemStorage(dir);
      const tmp = path.join(dir, "files", ".tmp");
      const key = newStorageKey();
      await fsp.writeFile(path.join(dir, "src"), "content");
      await storage.putFile(key, path.join(dir, "src"), "text/plain");
      expect(await fsp.readFile(path.join(dir, key), "utf8")).toBe("content");
      expect(await fsp.readdir(tmp)).toEqual([]);

      // While a put is under way its bytes are only in the temp file.
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const slowKey = newStorageKey();
      async function* slow() {
        yield Buffer.alloc(1024, 1);
        await gate;
        yield Buffer.alloc(1024, 2);
      }
      const pending = storage.putStream(slowKey, Readable.from(slow()), "text/plain");
      await expect.poll(async () => (await fsp.readdir(tmp)).length).toBe(1);
      expect(fs.existsSync(path.join(dir, slowKey))).toBe(false);
      expect(await storage.stat(slowKey)).toBeNull();
      expect(await keys(storage)).toEqual([key]);
      release();
      await pending;
      expect((await storage.stat(slowKey))?.size).toBe(2048);

      // A source failing mid-copy: no file under the key, and its temp file is removed.
      const failed = newStorageKey();
      await expect(storage.putStream(failed, failingStream(3 * 1024 * 1024), "text/plain")).rejects.toThrow();
      expect(fs.existsSync(path.join(dir, failed))).toBe(false);
      expect(await fsp.readdir(tmp)).toEqual([]);

      // A crash mid-put leaves a temp file behind; the sweep removes it once it is an hour old.
      const crashed = path.join(tmp, "crashed.tmp");
      const recent = path.join(tmp, "recent.tmp");
      await fsp.writeFile(crashed, "partial");
      await fsp.writeFile(recent, "in progress");
      const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
      await fsp.utimes(crashed, twoHoursAgo, twoHoursAgo);
      const result = await sweepUnreferenced(storage, async (batch) => new Set(batch), { olderThanMs: 0 });
      expect(result).toEqual({ scanned: 2, candidates: 2, deleted: 0, incompleteRemoved: 1 });
      expect(await fsp.readdir(tmp)).toEqual(["recent.tmp"]);
      expect(await keys(storage)).toEqual([key, slowKey].sort());
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });

  test("directories removed behind the backend's back are made again by the next put", async () => {
    const dir = await tempDir();
    try {
      const storage = new FilesystemStorage(dir);
      await fsp.writeFile(path.join(dir, "src"), "content");
      await storage.putFile("files/ab/cd/one", path.join(dir, "src"), "text/plain");
      // The backend now knows files/.tmp and files/ab/cd exist; someone removes them both.
      await fsp.rm(path.join(dir, "files"), { recursive: true });
      await storage.putFile("files/ab/cd/two", path.join(dir, "src"), "text/plain");
      expect(await fsp.readFile(path.join(dir, "files/ab/cd/two"), "utf8")).toBe("content");
      await fsp.rm(path.join(dir, "files"), { recursive: true });
      await storage.putStream("files/ab/cd/three", Readable.from([Buffer.from("streamed")]), "text/plain");
      expect(await fsp.readFile(path.join(dir, "files/ab/cd/three"), "utf8")).toBe("streamed");
      expect(await keys(storage)).toEqual(["files/ab/cd/three"]);
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });

  test("objects live under DATA_DIR/files and nothing else there is listed", async () => {
    const dir = await tempDir();
    try {
      await fsp.writeFile(path.join(dir, "app.db"), "not a stored file");
      const storage = createStorage(parseConfig(env({ DATA_DIR: dir })));
      expect(storage).toBeInstanceOf(FilesystemStorage);
      const key = "files/ab/cd/0123";
      await fsp.writeFile(path.join(dir, "src"), "x");
      await storage.putFile(key, path.join(dir, "src"), "text/plain");
      expect(fs.existsSync(path.join(dir, "files", "ab", "cd", "0123"))).toBe(true);
      expect(await keys(storage)).toEqual([key]);
      const unwritable = new FilesystemStorage(path.join(dir, "app.db"));
      expect(await unwritable.health()).toMatchObject({ ok: false, kind: "filesystem" });
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });
});

test.describe("configuration", () => {
  test("STORAGE=s3 selects S3 and requires a bucket; the secret is never serialised", () => {
    expect(parseConfig(env({})).storage).toEqual({ kind: "filesystem" });
    expect(() => parseConfig(env({ STORAGE: "s3" }))).toThrow(ConfigError);
    expect(() => parseConfig(env({ STORAGE: "s3" }))).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => parseConfig(env({ STORAGE: "s3", S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k" }))).toThrow(
      /set both or neither/,
    );
    expect(() => parseConfig(env({ STORAGE: "s3", S3_BUCKET: "b", S3_FORCE_PATH_STYLE: "sometimes" }))).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
    expect(() => parseConfig(env({ STORAGE: "azure" }))).toThrow(/STORAGE/);

    const cfg = parseConfig(
      env({
        STORAGE: "s3",
        S3_BUCKET: "speech",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "key-id",
        S3_SECRET_ACCESS_KEY: "very-secret",
        S3_FORCE_PATH_STYLE: "true",
      }),
    );
    expect(cfg.storage).toMatchObject({
      kind: "s3",
      bucket: "speech",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "key-id",
      forcePathStyle: true,
    });
    expect(cfg.storage.kind === "s3" && cfg.storage.secretAccessKey).toBe("very-secret");
    expect(JSON.stringify(cfg)).not.toContain("very-secret");
    const storage = createStorage(cfg);
    expect(storage).toBeInstanceOf(S3Storage);
    (storage as S3Storage).client.destroy();
  });

  test("S3 health reports a missing bucket without secrets", async () => {
    const server = await startS3rver();
    try {
      const storage = new S3Storage({
        bucket: "absent",
        endpoint: server.endpoint,
        region: "us-east-1",
        forcePathStyle: true,
        ...S3RVER_CREDENTIALS,
      });
      const health = await storage.health();
      expect(health).toMatchObject({ ok: false, kind: "s3" });
      expect(health.message).toContain("absent");
      expect(health.message).not.toContain(S3RVER_CREDENTIALS.secretAccessKey);
      storage.client.destroy();
    } finally {
      await server.stop();
    }
  });
});
