// npm run backup -- <dir>: a consistent copy of the embedded installation (SQLite database and
// stored files) while the app runs. npm run restore -- <dir> puts it back (scripts/restore.ts).
//
// 1. The database is copied with SQLite's online backup API (better-sqlite3 `backup()`): a
//    snapshot of one moment, taken page by page without stopping writers.
// 2. Then the stored files. Files are written (fsynced, renamed into place) before the rows that
//    name them are committed, and never changed afterwards, so every file the snapshot names
//    already exists. Files added since the snapshot are copied too (harmless: unreferenced).
// 3. Every StoredFile row of the snapshot is checked against the copy: size and SHA-256.
// With PostgreSQL or S3 storage the operator backs up the database and the bucket (pg_dump,
// bucket versioning/replication): this script refuses them.

import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import { parseConfig } from "../lib/config";

export const MANIFEST = "backup.json";
const FILES = "files";
const TMP = ".tmp";

export type Manifest = { format: 1; created: string; database: string; files: number; bytes: number; sha256: string };

export function embeddedPaths(env: NodeJS.ProcessEnv = process.env): { dataDir: string; dbFile: string } {
  const cfg = parseConfig(env);
  if (cfg.databaseKind !== "sqlite")
    throw new Error(
      "Backups by this script are for the embedded SQLite database; back up PostgreSQL with pg_dump or your provider's snapshots.",
    );
  if (cfg.storage.kind !== "filesystem")
    throw new Error(
      "Backups by this script are for filesystem storage; back up the S3 bucket with its own versioning or replication.",
    );
  return { dataDir: cfg.dataDir, dbFile: path.resolve(cfg.databaseUrl.replace(/^file:/, "")) };
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Copies every file under `from` into `to` (skipping the storage's temp folder); returns the count and bytes. */
async function copyTree(from: string, to: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const visit = async (rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(path.join(from, rel), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    await fsp.mkdir(path.join(to, rel), { recursive: true });
    for (const e of entries) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) {
        if (rel === "" && e.name === TMP) continue;
        await visit(r);
      } else if (e.isFile()) {
        try {
          await fsp.copyFile(path.join(from, r), path.join(to, r), fs.constants.COPYFILE_FICLONE);
          files++;
          bytes += (await fsp.stat(path.join(to, r))).size;
        } catch (error) {
          // A file removed while copying (a delete, the orphan sweep) was not needed by the snapshot
          // unless the check below says so.
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
      }
    }
  };
  await visit("");
  return { files, bytes };
}

/** Every stored file the database names is in `dataDir` with its recorded size and SHA-256. */
export async function verify(dbFile: string, dataDir: string): Promise<string[]> {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(`SELECT "storageKey" AS key, "sha256" AS sha256, "size" AS size FROM "StoredFile"`)
      .all() as { key: string; sha256: string; size: number | bigint }[];
    const problems: string[] = [];
    for (const row of rows) {
      const file = path.join(dataDir, row.key);
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat) problems.push(`${row.key}: missing`);
      else if (stat.size !== Number(row.size)) problems.push(`${row.key}: ${stat.size} bytes, expected ${row.size}`);
      else if ((await sha256File(file)) !== row.sha256) problems.push(`${row.key}: SHA-256 differs`);
    }
    return problems;
  } finally {
    db.close();
  }
}

export async function backup(target: string, env: NodeJS.ProcessEnv = process.env): Promise<Manifest> {
  const { dataDir, dbFile } = embeddedPaths(env);
  if (!fs.existsSync(dbFile)) throw new Error(`No database at ${dbFile}`);
  await fsp.mkdir(target, { recursive: true });
  if ((await fsp.readdir(target)).length) throw new Error(`${target} is not empty`);
  const dbCopy = path.join(target, "app.db");
  const source = new Database(dbFile, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 10000");
    await source.backup(dbCopy);
  } finally {
    source.close();
  }
  const copied = await copyTree(path.join(dataDir, FILES), path.join(target, FILES));
  const problems = await verify(dbCopy, target);
  if (problems.length) throw new Error(`The backup is incomplete:\n- ${problems.join("\n- ")}`);
  const manifest: Manifest = {
    format: 1,
    created: new Date().toISOString(),
    database: "app.db",
    files: copied.files,
    bytes: copied.bytes,
    sha256: await sha256File(dbCopy),
  };
  await fsp.writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const target = process.argv[2];
  if (!target) {
    console.error("Usage: npm run backup -- <empty or new directory>");
    process.exit(2);
  }
  backup(path.resolve(target)).then(
    (m) => console.log(`Backed up the database and ${m.files} files (${m.bytes} bytes) to ${path.resolve(target)}`),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
