import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import pg from "pg";
import type { Db } from "./client";
import { PrismaClient } from "./generated/sqlite/client";
import { closeRawReaders, readsDatabase } from "./raw-rows";
import { withStatementCache } from "./sqlite-statement-cache";

/** For unit tests of DB-backed domain code: a fresh SQLite file with every migration applied. */
export async function createTestDb(): Promise<{ db: Db; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-db-"));
  const file = path.join(dir, "test.db");
  const raw = new Database(file);
  const migrations = path.resolve(import.meta.dirname, "../../prisma/sqlite/migrations");
  for (const name of fs
    .readdirSync(migrations)
    .filter((n) => fs.statSync(path.join(migrations, n)).isDirectory())
    .sort()) {
    raw.exec(fs.readFileSync(path.join(migrations, name, "migration.sql"), "utf8"));
  }
  raw.close();
  const db = new PrismaClient({
    adapter: withStatementCache(new PrismaBetterSQLite3({ url: `file:${file}`, timeout: 10_000 })),
  });
  // Domain code that reads with the driver (raw-rows.ts) reads this file too, not the configured database.
  readsDatabase(db, `file:${file}`);
  return {
    db,
    close: async () => {
      await db.$disconnect();
      await closeRawReaders();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A new, empty database on the test run's PostgreSQL server (TEST_PG_URL, set by `npm test`), for a
 * test that changes a schema; null when the run has none. `drop` removes it, connections and all.
 */
export async function scratchPostgres(prefix: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.TEST_PG_URL;
  if (!base) return null;
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}
