import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";
import { log } from "@/lib/api/log";
import { config } from "@/lib/config";
import { observeDbQuery } from "@/lib/metrics/hooks";

// Rows as plain arrays straight from the database driver, for the one read path whose answer
// is made of hundreds of thousands of rows (progress: lib/progress/read-progress-cells.ts). There, Prisma's
// $queryRaw costs about as much again as the query itself (every row becomes an object of
// converted values); the driver's array rows do not. Also three hot reads (GET /api/tenants/:id,
// GET /api/user, and a token's principal past the token cache: lib/auth/tokens.ts), where Prisma's
// per-query compile cost more than the rest of the request. Writes and every other read go through
// Prisma (lib/db/client.ts).
//
// Its own read-only connection to the configured database: a separate SQLite connection (WAL:
// readers never block the writer) or a small pg pool. What it reads is committed data only.

export type RawReader = Reader;
type Reader = {
  kind: "sqlite" | "postgres";
  rows: (sql: string, params: unknown[]) => Promise<unknown[][]>;
  close: () => Promise<void>;
};
type Listener = (statement: { sql: string; ms: number }) => void;
const listeners = new Set<Listener>();

/** Calls `listener` after each statement (a benchmark's statement count); returns the unsubscribe. */
export function onRawStatement(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Every statement's time goes to the db_query_duration_seconds histogram, like Prisma's (lib/db/client.ts). */
function observed(reader: Reader): Reader {
  return {
    ...reader,
    rows: async (sql, params) => {
      const started = performance.now();
      try {
        return await reader.rows(sql, params);
      } finally {
        const ms = performance.now() - started;
        try {
          observeDbQuery(undefined, "rawRows", ms / 1000);
          for (const listener of listeners) listener({ sql, ms });
        } catch {
          // never let observation fail a query
        }
      }
    },
  };
}

const globalForReaders = globalThis as unknown as { rawReaders?: Map<string, Reader> };
const urls = new WeakMap<object, string>();

function sqliteReader(url: string): Reader {
  const connection = new Database(url.replace(/^file:/, ""), { readonly: true, fileMustExist: true, timeout: 10_000 });
  // Prepared once per SQL text: preparing costs more than running a one-row read (GET /api/user).
  // Bounded, as a statement's text may vary with its number of parameters.
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = connection.prepare(sql).raw(true);
      if (statements.size >= 200) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    return statement;
  };
  return {
    kind: "sqlite",
    rows: async (sql, params) => prepared(sql).all(...params) as unknown[][],
    close: async () => void connection.close(),
  };
}

/** A read refused because its connection's prepared statement no longer fits the table (a migration retyped a column it selects). */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === "0A000" && /cached plan must not change result type/.test(String(error));

/** Distinct statements a process prepares at most (each connection keeps its prepared statements). */
const MAX_PREPARED = 200;

function postgresReader(url: string): Reader {
  const pool = new pg.Pool({ connectionString: url, max: 4, idleTimeoutMillis: 30_000 });
  // Named, so that each connection parses and plans a statement once, not on every read (an
  // answer's token and challenge reads; bench/upload/classroom-bench.ts --pg-s3). Bounded: a
  // statement's text may vary with its number of parameters.
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    let name = names.get(sql);
    if (!name && names.size < MAX_PREPARED) {
      name = `raw_${createHash("sha256").update(sql).digest("hex").slice(0, 24)}`;
      names.set(sql, name);
    }
    return name;
  };
  // An idle connection the server drops (a restart, a failover) is an 'error' event on the pool:
  // unhandled, it would end the process. The pool replaces the connection on the next query.
  pool.on("error", (error) => log("warn", "raw-rows", { error: error.message }));
  const read = async (sql: string, params: unknown[], name: string | undefined) =>
    (await pool.query({ name, text: sql, values: params, rowMode: "array" })).rows as unknown[][];
  return {
    kind: "postgres",
    rows: async (sql, params) => {
      const name = nameOf(sql);
      try {
        return await read(sql, params, name);
      } catch (error) {
        // A stale kept statement: pool.query has closed that connection (as it does after any failed
        // query), and other connections may keep the same statement, so the read is tried once more
        // unprepared, which always plans afresh.
        if (name === undefined || !isStalePlan(error)) throw error;
        log("warn", "raw-rows", {
          error: "a prepared read no longer fits its table (a migration): read again unprepared",
        });
        return read(sql, params, undefined);
      }
    },
    close: () => pool.end(),
  };
}

/** Says which database a Prisma client other than the application's (lib/db/client.ts) reads, e.g. a benchmark's. */
export function readsDatabase(client: object, databaseUrl: string): void {
  urls.set(client, databaseUrl);
}

/** The reader of the database behind `client` (the configured one unless readsDatabase said otherwise), one per database and process. */
export function rawReader(client: object): Reader {
  const url = urls.get(client) ?? config().databaseUrl;
  const readers = (globalForReaders.rawReaders ??= new Map());
  let reader = readers.get(url);
  if (!reader) {
    reader = observed(url.startsWith("file:") ? sqliteReader(url) : postgresReader(url));
    readers.set(url, reader);
  }
  return reader;
}

/** Closes every reader (a process that switches databases, e.g. a benchmark). */
export async function closeRawReaders(): Promise<void> {
  const readers = globalForReaders.rawReaders;
  globalForReaders.rawReaders = undefined;
  await Promise.all([...(readers?.values() ?? [])].map((r) => r.close()));
}
