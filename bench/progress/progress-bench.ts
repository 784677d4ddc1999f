// Progress benchmark: GET /categories/:id/progress's domain function (lib/progress/progress.ts)
// for a category tree of BENCH_CHALLENGES (default 200) speech challenges (half in the root,
// half in a nested child) over one group of BENCH_USERS (default 1,000) students, each of whom
// recorded about BENCH_COVERAGE (default 0.6) of the challenges (one result set per challenge,
// 1 or 2 recordings), on SQLite (a fresh file) and on PostgreSQL (scripts/postgres.ts).
// Rows are seeded directly through the generated Prisma clients after `prisma migrate deploy`.
// It calls categoryProgress() with an organisation principal (buildPrincipal) and prints the
// time and the NUMBER OF SQL QUERIES, counted two ways on the same client:
//   - SQL statements: Prisma's `query` log events ($on("query"), emitted per statement sent
//     through the driver adapter), the reliable figure;
//   - Prisma operations: a client extension ($allOperations) counting findMany & co.
// Each figure is for one warm call (after one warm-up call); the cold first call is printed too.
//
//   npx tsx bench/progress/progress-bench.ts
//   BENCH_USERS=200 BENCH_CHALLENGES=50 BENCH_DBS=sqlite npx tsx bench/progress/progress-bench.ts
// Prints figures; asserts nothing.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "../../lib/db/generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../../lib/db/generated/postgres/client";
import { startPostgres } from "../../scripts/postgres";
import { engineEnv } from "../../scripts/db-sync";
import { progressRows } from "./progress-rows";

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const CHALLENGES = Number(process.env.BENCH_CHALLENGES ?? 200);
const COVERAGE = Number(process.env.BENCH_COVERAGE ?? 0.6);
const DBS = (process.env.BENCH_DBS ?? "sqlite,postgres").split(",").map((s) => s.trim());

const root = path.resolve(import.meta.dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "progress-bench-"));
// fileUrl / combinedAudioUrl read the configuration: give it a data dir and a base URL.
process.env.DATA_DIR = dir;
process.env.PUBLIC_BASE_URL ??= "http://localhost:3000";
const { buildPrincipal } = await import("../../lib/auth/principal");
const { categoryProgress } = await import("../../lib/progress/progress");
type Db = import("../../lib/db/client").Db;

function migrate(url: string) {
  execFileSync(path.join(root, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, ...engineEnv(), DATABASE_URL: url },
    stdio: ["ignore", "ignore", "pipe"],
  });
}

async function batched<T>(rows: T[], size: number, insert: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function seed(db: Db) {
  const tenantPk = randomUUID();
  const orgPk = randomUUID();
  const ns = `o:${orgPk}`;
  await db.tenant.create({ data: { pk: tenantPk, id: "bench", name: "Bench" } });
  await db.organisation.create({ data: { pk: orgPk, tenantPk, id: "bench", name: "Bench" } });
  await db.role.create({ data: { name: "STUDENT" } });
  const rootPk = randomUUID();
  const childPk = randomUUID();
  await db.category.create({ data: { pk: rootPk, ns, id: "root", name: "Root" } });
  await db.category.create({ data: { pk: childPk, ns, id: "child", name: "Child", parentPk: rootPk } });
  const challenges = Array.from({ length: CHALLENGES }, (_, i) => ({ pk: randomUUID(), ns, id: `c${i}`, language: "eng", referenceAudioFilePk: i % 2 ? randomUUID() : null }));
  await batched(challenges, 1000, (part) => db.speechChallenge.createMany({ data: part }));
  const half = Math.ceil(CHALLENGES / 2);
  await db.categoryChallenge.createMany({
    data: challenges.map((c, i) => ({ categoryPk: i < half ? rootPk : childPk, challengePk: c.pk, position: i < half ? i : i - half })),
  });
  const groupPk = randomUUID();
  await db.group.create({ data: { pk: groupPk, ns, id: "class", name: "Class" } });
  const users = Array.from({ length: USERS }, (_, i) => ({
    pk: randomUUID(),
    ns,
    id: `u${i}`,
    level: "organisation",
    tenantPk,
    organisationPk: orgPk,
    firstName: "Student",
    infix: null,
    lastName: `S${String(i).padStart(5, "0")}`,
  }));
  await batched(users, 1000, (part) => db.user.createMany({ data: part }));
  await batched(users, 2000, (part) => db.userRole.createMany({ data: part.map((u) => ({ userPk: u.pk, roleName: "STUDENT" })) }));
  await batched(users, 2000, (part) => db.groupMember.createMany({ data: part.map((u) => ({ groupPk, userPk: u.pk })) }));
  // The same data on both databases.
  const { sets, recordings } = progressRows(ns, users, challenges, COVERAGE);
  await batched(sets, 2000, (part) => db.resultSet.createMany({ data: part }));
  await batched(recordings, 2000, (part) => db.speechRecording.createMany({ data: part }));
  const principal = buildPrincipal({
    token: { pk: "bench", familyPk: "bench", lineage: "bench", expiresAt: new Date(8.64e15) },
    scope: "tenant/bench/organisation/bench",
    kind: "organisation",
    level: "organisation",
    user: null,
    tenant: { pk: tenantPk, id: "bench" },
    organisation: { pk: orgPk, id: "bench" },
    roles: ["ORGANISATION"],
    actorUserPk: null,
    actor: null,
  });
  return { principal, sets: sets.length, recordings: recordings.length };
}

type Statement = { query: string; duration: number };
type Counted = { db: Db; statements: () => number; operations: () => number; log: () => Statement[]; reset: () => void };

/** The client with both counters (see the header). */
function counted(client: SqliteClient | PostgresClient): Counted {
  let statements = 0;
  let operations = 0;
  let log: Statement[] = [];
  (client as unknown as { $on(event: "query", cb: (e: Statement) => void): void }).$on("query", (e) => {
    statements++;
    log.push({ query: e.query, duration: Number(e.duration) });
  });
  const db = (client as SqliteClient).$extends({
    query: {
      async $allOperations({ args, query }) {
        operations++;
        return query(args);
      },
    },
  }) as unknown as Db;
  return { db, statements: () => statements, operations: () => operations, log: () => log, reset: () => void ((statements = 0), (operations = 0), (log = [])) };
}

async function run(kind: "sqlite" | "postgres", url: string, client: SqliteClient | PostgresClient) {
  const t0 = performance.now();
  const seeded = await seed(client as unknown as Db);
  console.log(`[${kind}] seeded ${USERS} users, ${CHALLENGES} challenges, ${seeded.sets} result sets, ${seeded.recordings} recordings in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const c = counted(client);
  const query = { group: ["class"], role: ["STUDENT"] };
  for (const [label, category] of [["cold", "root"], ["warm", "root"], ["warm", "root"], ["child only", "child"]] as const) {
    c.reset();
    const t = performance.now();
    const entries = await categoryProgress(c.db, seeded.principal, category, query);
    const ms = performance.now() - t;
    const sets = entries.reduce((n, e) => n + e.challenges.filter((ch) => ch.recordingSet).length, 0);
    const mean = entries.reduce((n, e) => n + e.percentage, 0) / Math.max(1, entries.length);
    console.log(
      `[${kind}] ${label.padEnd(10)} ${category.padEnd(5)}: ${ms.toFixed(0).padStart(6)} ms, ${String(c.statements()).padStart(3)} SQL statements, ${String(c.operations()).padStart(3)} Prisma operations; ` +
        `${entries.length} entries × ${entries[0]?.challenges.length ?? 0} challenges, ${sets} recording sets, mean ${mean.toFixed(2)} %`,
    );
  }
  void url;
  // The last warm root call's statements with the database's own time (Prisma's duration, ms).
  c.reset();
  await categoryProgress(c.db, seeded.principal, "root", query);
  for (const s of c.log()) console.log(`[${kind}]   ${s.duration.toFixed(1).padStart(7)} ms  ${s.query.replace(/^SELECT .*? FROM /s, "SELECT … FROM ").replace(/\s+/g, " ").replace(/(\$\d+|\?)(,\s*(\$\d+|\?))+/g, "…").slice(0, 150)}`);
}

try {
  if (DBS.includes("sqlite")) {
    const url = `file:${path.join(dir, "bench.db")}`;
    migrate(url);
    const client = new SqliteClient({ adapter: new PrismaBetterSQLite3({ url }), log: [{ emit: "event", level: "query" }] });
    try {
      await client.$queryRawUnsafe("PRAGMA journal_mode = WAL");
      await run("sqlite", url, client);
    } finally {
      await client.$disconnect();
    }
  }
  if (DBS.includes("postgres")) {
    const pg = await startPostgres();
    try {
      migrate(pg.url);
      const client = new PostgresClient({ adapter: new PrismaPg({ connectionString: pg.url }), log: [{ emit: "event", level: "query" }] });
      try {
        await run("postgres", pg.url, client);
      } finally {
        await client.$disconnect();
      }
    } finally {
      await pg.stop();
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
