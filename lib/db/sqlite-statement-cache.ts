import type { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { Database, Statement } from "better-sqlite3";

// Prisma's better-sqlite3 adapter compiles every query's SQL again (`client.prepare(sql)` per call,
// BEGIN included): on an upload that is a sixth of the main thread's database time. This keeps the
// compiled statements of the connection, the most recently used `size` of them, keyed by their SQL.
// A better-sqlite3 statement can be bound only once, so the adapter gets a view per call that
// passes the call's arguments to the cached statement instead; it resets after every run, so a
// cached one never holds a lock or a read transaction open.

/** The part of a statement the adapter uses: bind(args) then run(), or columns() and raw().all(). */
type Bound = {
  readonly reader: boolean;
  run(): unknown;
  columns(): ReturnType<Statement["columns"]>;
  raw(): { all(): unknown[] };
};
type Reusable = { readonly reader: boolean; bind(args: unknown[]): Bound; run(...args: unknown[]): unknown };

/** `factory`, whose connection keeps its compiled statements (the `size` most recently used). */
export function withStatementCache(factory: PrismaBetterSQLite3, size = 200): PrismaBetterSQLite3 {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    cacheStatements((adapter as unknown as { client: Database }).client, size);
    return adapter;
  };
  return factory;
}

/** Makes `db.prepare` answer from a cache of compiled statements (exported for its unit test). */
export function cacheStatements(db: Database, size: number): void {
  const compile = db.prepare.bind(db);
  const cache = new Map<string, Statement>();
  const prepare = (sql: string): Reusable => {
    let statement = cache.get(sql);
    if (statement) cache.delete(sql);
    else {
      statement = compile(sql);
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return reusable(statement);
  };
  (db as unknown as { prepare: typeof prepare }).prepare = prepare;
}

function reusable(statement: Statement): Reusable {
  return {
    reader: statement.reader,
    run: (...args) => statement.run(...args),
    bind: (args) => ({
      reader: statement.reader,
      run: () => statement.run(args),
      columns: () => statement.columns(),
      raw: () => ({ all: () => statement.raw(true).all(args) }),
    }),
  };
}
