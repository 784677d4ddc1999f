import fsp from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import type { Db } from "@/lib/db/client";
import { PrismaClient } from "@/lib/db/generated/sqlite/client";
import { derivedKey } from "./derived";
import { FilesystemStorage, type Storage } from "./storage";
import {
  deleteStoredFiles,
  putStoredFile,
  type StoredFileInput,
  StoredFileMismatchError,
  withStoredFiles,
} from "./stored-files";
import { sweepOrphans } from "./sweep";
import { readAll, sha256, tempDir } from "./test-support";

// The all-or-nothing rule against a real (temporary) SQLite database created from the
// project's migration, with the filesystem backend (both backends pass the same contract).

type Env = { db: Db; storage: Storage; dir: string; source: (name: string, content: string) => Promise<string> };

const it = test.extend<{ env: Env }>({
  env: async ({}, use) => {
    const dir = await tempDir("stored-files-");
    const file = path.join(dir, "test.db");
    const migrations = path.resolve(import.meta.dirname, "../../prisma/sqlite/migrations");
    const sqlite = new Database(file);
    for (const name of (await fsp.readdir(migrations)).filter((n) => !n.endsWith(".toml")).sort()) {
      sqlite.exec(await fsp.readFile(path.join(migrations, name, "migration.sql"), "utf8"));
    }
    sqlite.close();
    const db = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: `file:${file}` }) });
    const storage = new FilesystemStorage(path.join(dir, "data"));
    const source = async (name: string, content: string) => {
      const p = path.join(dir, name);
      await fsp.writeFile(p, content);
      return p;
    };
    await use({ db, storage, dir, source });
    await db.$disconnect();
    await fsp.rm(dir, { recursive: true, force: true });
  },
});

async function storedKeys(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys.sort();
}

const input = (
  sourcePath: string,
  extra: Partial<Omit<StoredFileInput, "sourcePath" | "stored" | "bytes">> = {},
): StoredFileInput => ({
  sourcePath,
  ns: "o:org",
  kind: "recording",
  contentType: "audio/ogg",
  ...extra,
});

it("putStoredFile measures the file and returns its row; discard removes it", async ({ env }) => {
  const { row, discard } = await putStoredFile(
    env.storage,
    input(await env.source("a.ogg", "audio bytes"), {
      audio: { format: "opus", sampleRate: 48000, channels: 1, durationMs: 1234 },
    }),
  );
  expect(row).toEqual({
    pk: expect.any(String),
    ns: "o:org",
    kind: "recording",
    contentType: "audio/ogg",
    size: 11n,
    sha256: sha256("audio bytes"),
    storageKey: expect.stringMatching(/^files\/[0-9a-f]{2}\/[0-9a-f]{2}\//),
    format: "opus",
    sampleRate: 48000,
    channels: 1,
    durationMs: 1234,
  });
  expect(await storedKeys(env.storage)).toEqual([row.storageKey]);
  await env.db.storedFile.create({ data: row });
  expect(await env.db.storedFile.findUnique({ where: { pk: row.pk } })).toMatchObject({
    size: 11n,
    sha256: row.sha256,
  });
  await discard();
  expect(await storedKeys(env.storage)).toEqual([]);
});

it("putStoredFile stores bytes held in memory the same way", async ({ env }) => {
  const bytes = Buffer.from("peaks made by the audio worker");
  const { row } = await putStoredFile(env.storage, {
    bytes,
    ns: "o:org",
    kind: "audio-peaks",
    contentType: "application/octet-stream",
  });
  expect(row).toMatchObject({ kind: "audio-peaks", size: BigInt(bytes.length), sha256: sha256(bytes) });
  expect(await storedKeys(env.storage)).toEqual([row.storageKey]);
  expect((await readAll(await env.storage.read(row.storageKey))).equals(bytes)).toBe(true);
  // A given hash is checked here too.
  await expect(
    putStoredFile(env.storage, { bytes, ns: "o:org", kind: "x", contentType: "text/plain", sha256: sha256("other") }),
  ).rejects.toBeInstanceOf(StoredFileMismatchError);
  expect(await storedKeys(env.storage)).toEqual([row.storageKey]);
});

it("putStoredFile checks a given hash and size, and stores nothing on a mismatch", async ({ env }) => {
  const file = await env.source("b.ogg", "content");
  const ok = await putStoredFile(env.storage, input(file, { sha256: sha256("content").toUpperCase(), size: 7 }));
  expect(ok.row.sha256).toBe(sha256("content"));
  await ok.discard();
  await expect(putStoredFile(env.storage, input(file, { sha256: sha256("other") }))).rejects.toBeInstanceOf(
    StoredFileMismatchError,
  );
  await expect(putStoredFile(env.storage, input(file, { size: 8n }))).rejects.toThrow(/size mismatch/);
  expect(await storedKeys(env.storage)).toEqual([]);
});

it("withStoredFiles commits rows that point at stored files", async ({ env }) => {
  const files = [
    input(await env.source("1.wav", "first")),
    input(await env.source("2.wav", "second"), { contentType: "audio/wav" }),
  ];
  const result = await withStoredFiles(env.db, env.storage, files, async (tx, rows) => {
    await tx.storedFile.createMany({ data: rows });
    return rows.map((r) => r.pk);
  });
  const rows = await env.db.storedFile.findMany({ where: { pk: { in: result } } });
  expect(rows).toHaveLength(2);
  for (const row of rows) expect((await env.storage.stat(row.storageKey))?.size).toBe(Number(row.size));
  expect(await storedKeys(env.storage)).toEqual(rows.map((r) => r.storageKey).sort());
});

it("withStoredFiles deletes the stored files when the transaction fails", async ({ env }) => {
  const files = [input(await env.source("1.wav", "first")), input(await env.source("2.wav", "second"))];
  await expect(
    withStoredFiles(env.db, env.storage, files, async (tx, rows) => {
      await tx.storedFile.createMany({ data: rows });
      throw new Error("later step failed");
    }),
  ).rejects.toThrow("later step failed");
  expect(await env.db.storedFile.count()).toBe(0);
  expect(await storedKeys(env.storage)).toEqual([]);

  // A database error (a duplicate primary key) rolls back and discards too.
  await expect(
    withStoredFiles(env.db, env.storage, files, async (tx, rows) => {
      await tx.storedFile.create({ data: rows[0] });
      await tx.storedFile.create({ data: { ...rows[1], pk: rows[0].pk } });
    }),
  ).rejects.toMatchObject({ code: "P2002" });
  expect(await env.db.storedFile.count()).toBe(0);
  expect(await storedKeys(env.storage)).toEqual([]);
});

it("withStoredFiles removes what it stored when a later file cannot be stored", async ({ env }) => {
  let called = false;
  const files = [input(await env.source("1.wav", "first")), input(path.join(env.dir, "missing.wav"))];
  await expect(
    withStoredFiles(env.db, env.storage, files, async () => {
      called = true;
    }),
  ).rejects.toThrow(/ENOENT/);
  expect(called).toBe(false);
  expect(await storedKeys(env.storage)).toEqual([]);
});

it("withStoredFiles keeps the files when the rows were committed despite an error", async ({ env }) => {
  // A failure reported after COMMIT (e.g. a lost connection): the rows exist, so must the files.
  const flaky = new Proxy(env.db, {
    get(target, property, receiver) {
      if (property !== "$transaction") return Reflect.get(target, property, receiver);
      return async (...args: Parameters<Db["$transaction"]>) => {
        await target.$transaction(...args);
        throw new Error("connection lost after commit");
      };
    },
  });
  await expect(
    withStoredFiles(flaky, env.storage, [input(await env.source("1.wav", "first"))], (tx, rows) =>
      tx.storedFile.createMany({ data: rows }),
    ),
  ).rejects.toThrow("connection lost after commit");
  const [row] = await env.db.storedFile.findMany();
  expect(await storedKeys(env.storage)).toEqual([row.storageKey]);
});

it("deleteStoredFiles deletes rows, then their objects", async ({ env }) => {
  const files = [input(await env.source("1.wav", "first")), input(await env.source("2.wav", "second"))];
  const rows = await withStoredFiles(env.db, env.storage, files, async (tx, rows) => {
    await tx.storedFile.createMany({ data: rows });
    return rows;
  });
  expect(await deleteStoredFiles(env.db, env.storage, [rows[0].pk, "no-such-pk"])).toBe(1);
  expect(await env.db.storedFile.count()).toBe(1);
  expect(await storedKeys(env.storage)).toEqual([rows[1].storageKey]);
  expect(await deleteStoredFiles(env.db, env.storage, [])).toBe(0);
});

it("sweepOrphans deletes old objects that no StoredFile row references", async ({ env }) => {
  const referenced = await withStoredFiles(
    env.db,
    env.storage,
    [input(await env.source("kept.wav", "kept"))],
    async (tx, rows) => {
      await tx.storedFile.createMany({ data: rows });
      return rows[0];
    },
  );
  // Stored, but its transaction failed and the process died before discarding it.
  const orphan = (await putStoredFile(env.storage, input(await env.source("orphan.wav", "orphan")))).row;
  const young = (await putStoredFile(env.storage, input(await env.source("young.wav", "young")))).row;
  const anHourAgo = new Date(Date.now() - 3600 * 1000);
  for (const key of [referenced.storageKey, orphan.storageKey]) {
    await fsp.utimes(path.join(env.dir, "data", key), anHourAgo, anHourAgo);
  }
  expect(await sweepOrphans(env.db, env.storage, { olderThanMs: 10 * 60 * 1000 })).toEqual({
    scanned: 3,
    candidates: 2,
    deleted: 1,
    incompleteRemoved: 0,
  });
  expect(await storedKeys(env.storage)).toEqual([referenced.storageKey, young.storageKey].sort());
});

it("objects derived from a file (cached spectrogram tiles) are kept by the sweep while its row exists and deleted with it", async ({
  env,
}) => {
  const rows = await withStoredFiles(
    env.db,
    env.storage,
    [input(await env.source("a.ogg", "a")), input(await env.source("b.ogg", "b"))],
    async (tx, rows) => {
      await tx.storedFile.createMany({ data: rows });
      return rows;
    },
  );
  const derived = async (base: string, name: string) => {
    const key = derivedKey(base, name);
    await env.storage.putFile(key, await env.source(`${name}.bin`, name), "application/octet-stream");
    return key;
  };
  const [a0, a1, b0] = [
    await derived(rows[0].storageKey, "tile-0"),
    await derived(rows[0].storageKey, "tile-1"),
    await derived(rows[1].storageKey, "tile-0"),
  ];
  // Of a file whose row never existed: an orphan like any other.
  const stray = derivedKey("files/zz/zz/zzzz-no-row", "tile-0");
  await env.storage.putFile(stray, await env.source("stray.bin", "stray"), "application/octet-stream");
  const anHourAgo = new Date(Date.now() - 3600 * 1000);
  for (const key of [a0, a1, b0, stray]) await fsp.utimes(path.join(env.dir, "data", key), anHourAgo, anHourAgo);
  expect((await sweepOrphans(env.db, env.storage, { olderThanMs: 10 * 60 * 1000 })).deleted).toBe(1);
  expect(await storedKeys(env.storage)).toEqual([rows[0].storageKey, a0, a1, rows[1].storageKey, b0].sort());

  expect(await deleteStoredFiles(env.db, env.storage, [rows[0].pk])).toBe(1);
  expect(await storedKeys(env.storage)).toEqual([rows[1].storageKey, b0].sort());
});
