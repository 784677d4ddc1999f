import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { config } from "@/lib/config";
import { observeDbQuery } from "@/lib/metrics/hooks";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { withStatementCache } from "./sqlite-statement-cache";

// Both generated clients have the same models; domain code is typed against one.
export type Db = SqliteClient;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

const globalForDb = globalThis as unknown as { db?: Db };

function createClient(): Db {
  return timed(createBareClient());
}

/** Every query's time goes to the db_query_duration_seconds histogram (GET /api/metrics). */
function timed(client: Db): Db {
  return client.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        const started = performance.now();
        try {
          return await query(args);
        } finally {
          try {
            observeDbQuery(model, operation, (performance.now() - started) / 1000);
          } catch {
            // never let metrics fail a query
          }
        }
      },
    },
  }) as unknown as Db;
}

function createBareClient(): Db {
  const { databaseUrl, databaseKind } = config();
  if (databaseKind === "postgres") {
    return new PostgresClient({ adapter: new PrismaPg({ connectionString: databaseUrl }) }) as unknown as Db;
  }
  const file = databaseUrl.replace(/^file:/, "");
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // timeout is better-sqlite3's busy timeout: writers wait for the lock instead of failing.
  const adapter = withStatementCache(new PrismaBetterSQLite3({ url: databaseUrl, timeout: 10_000 }));
  return new SqliteClient({ adapter });
}

export function db(): Db {
  globalForDb.db ??= createClient();
  return globalForDb.db;
}

/** Per-connection settings; WAL persists in the file, so running it once at start-up suffices. */
export async function prepareDatabase(): Promise<void> {
  if (config().databaseKind === "sqlite") {
    await db().$queryRawUnsafe("PRAGMA journal_mode = WAL");
  }
}
