// Progress benchmark: GET /categories/:id/progress (the contract's JSON answer) for a category
// tree of BENCH_CHALLENGES (default 200) speech challenges (half in the root, half in a nested
// child) over one group of BENCH_USERS (default 1,000) students, each of whom recorded about
// BENCH_COVERAGE (default 0.6) of the challenges (one result set per challenge, 1 or 2
// recordings), on SQLite (a fresh file) and on PostgreSQL (scripts/postgres.ts). Rows are seeded
// directly through the generated Prisma clients after `prisma migrate deploy`.
//
// The answer is served end to end: a child process (bench/progress/progress-server.ts) serves
// the Response the route handler returns over node:http, and this process reads it as an HTTP
// client. Per database it prints:
//   - the cold and warm times (request sent → last byte read; warm = best of BENCH_RUNS, default 3),
//   - the answer's size, and the JSON.stringify time of the same answer (parsed once, then
//     stringified BENCH_RUNS times: best),
//   - the server's peak RSS and heap during a warm call (sampled every 2 ms) and over its growth
//     from just before the call,
//   - the SQL statements of one call (Prisma's `query` log events on a client of this process, plus
//     lib/db/raw-rows.ts's statements),
// and ends with `progress ratio sqlite: R` and `progress ratio postgres: R`, R = warm / stringify.
//
//   npx tsx bench/progress/progress-bench.ts
//   BENCH_USERS=200 BENCH_CHALLENGES=50 BENCH_DBS=sqlite npx tsx bench/progress/progress-bench.ts
// Prints figures; asserts nothing.
import { execFileSync, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as PostgresClient } from "../../lib/db/generated/postgres/client";
import { PrismaClient as SqliteClient } from "../../lib/db/generated/sqlite/client";
import { engineEnv } from "../../scripts/db-sync";
import { startPostgres } from "../../scripts/postgres";
import { organisationPrincipal } from "./organisation-principal";
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
  const challenges = Array.from({ length: CHALLENGES }, (_, i) => ({
    pk: randomUUID(),
    ns,
    id: `c${i}`,
    language: "eng",
    referenceAudioFilePk: i % 2 ? randomUUID() : null,
  }));
  await batched(challenges, 1000, (part) => db.speechChallenge.createMany({ data: part }));
  const half = Math.ceil(CHALLENGES / 2);
  await db.categoryChallenge.createMany({
    data: challenges.map((c, i) => ({
      categoryPk: i < half ? rootPk : childPk,
      challengePk: c.pk,
      position: i < half ? i : i - half,
    })),
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
  await batched(users, 2000, (part) =>
    db.userRole.createMany({ data: part.map((u) => ({ userPk: u.pk, roleName: "STUDENT" })) }),
  );
  await batched(users, 2000, (part) =>
    db.groupMember.createMany({ data: part.map((u) => ({ groupPk, userPk: u.pk })) }),
  );
  // The same data on both databases.
  const { sets, recordings } = progressRows(ns, users, challenges, COVERAGE);
  await batched(sets, 2000, (part) => db.resultSet.createMany({ data: part }));
  await batched(recordings, 2000, (part) => db.speechRecording.createMany({ data: part }));
  const principal = await organisationPrincipal(tenantPk, orgPk);

  return { principal, tenantPk, orgPk, sets: sets.length, recordings: recordings.length };
}

type Statement = { query: string; duration: number };
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ratios: string[] = [];
const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`;

/** Counts the SQL statements the client sends (Prisma's `query` log events). */
function counting(client: SqliteClient | PostgresClient) {
  let log: Statement[] = [];
  (client as unknown as { $on(event: "query", cb: (e: Statement) => void): void }).$on(
    "query",
    (e) => void log.push({ query: e.query, duration: Number(e.duration) }),
  );
  return { log: () => log, reset: () => void (log = []) };
}

type Server = { port: number; ask: (m: string) => Promise<Record<string, number>>; stop: () => void };

function startServer(url: string, seeded: { tenantPk: string; orgPk: string }): Promise<Server> {
  const child = fork(path.join(import.meta.dirname, "progress-server.ts"), [], {
    execArgv: ["--expose-gc", "--import", "tsx"],
    env: {
      ...process.env,
      DATABASE_URL: url,
      BENCH_TENANT_PK: seeded.tenantPk,
      BENCH_ORG_PK: seeded.orgPk,
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ask = (m: string) =>
    new Promise<Record<string, number>>((resolve) => {
      child.once("message", (r) => resolve(r as Record<string, number>));
      child.send(m);
    });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the bench server exited (${code})`)));
    child.once("message", (m) => resolve({ port: (m as { port: number }).port, ask, stop: () => child.send("exit") }));
  });
}

/** One request (node:http: no client-side timeouts on a loaded machine); the body's bytes counted (and kept only when asked). */
function get(port: number, category: string, keep = false): Promise<{ ms: number; bytes: number; text: string }> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(`http://127.0.0.1:${port}/?category=${category}&group=class&role=STUDENT`, (response) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.byteLength;
          if (keep || response.statusCode !== 200) chunks.push(chunk);
        });
        response.on("end", () => {
          const ms = performance.now() - t;
          if (response.statusCode !== 200)
            return reject(new Error(`status ${response.statusCode}: ${Buffer.concat(chunks).toString()}`));
          resolve({ ms, bytes, text: keep ? Buffer.concat(chunks).toString("utf8") : "" });
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

async function run(kind: "sqlite" | "postgres", url: string, client: SqliteClient | PostgresClient) {
  const t0 = performance.now();
  const c = counting(client);
  const seeded = await seed(client as unknown as Db);
  console.log(
    `[${kind}] seeded ${USERS} users, ${CHALLENGES} challenges, ${seeded.sets} result sets, ${seeded.recordings} recordings in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  // A live PostgreSQL has been through autovacuum: planner statistics, and the visibility map
  // that lets the covering indexes answer without heap reads. Freshly bulk-loaded rows have neither yet.
  if (kind === "postgres") await client.$executeRawUnsafe("VACUUM ANALYZE");
  const server = await startServer(url, seeded);
  try {
    const cold = await get(server.port, "root");
    console.log(`[${kind}] cold       : ${cold.ms.toFixed(0).padStart(6)} ms, ${mb(cold.bytes)}`);
    let warm = Infinity;
    let memory = { peakRss: 0, peakHeap: 0, rss: 0, heap: 0 };
    for (let i = 0; i < RUNS; i++) {
      const before = await server.ask("reset");
      const r = await get(server.port, "root");
      const after = await server.ask("report");
      console.log(
        `[${kind}] warm ${i + 1}     : ${r.ms.toFixed(0).padStart(6)} ms, ${mb(r.bytes)}; server peak RSS ${mb(after.peakRss!)} (+${mb(after.peakRss! - before.rss!)}), peak heap ${mb(after.peakHeap!)} (+${mb(after.peakHeap! - before.heap!)}); process maxRSS ${mb(after.maxRss!)}`,
      );
      warm = Math.min(warm, r.ms);
      if (after.peakRss! > memory.peakRss)
        memory = { peakRss: after.peakRss!, peakHeap: after.peakHeap!, rss: before.rss!, heap: before.heap! };
    }
    const child = await get(server.port, "child");
    console.log(`[${kind}] child only : ${child.ms.toFixed(0).padStart(6)} ms, ${mb(child.bytes)}`);
    // The same answer, parsed once, then stringified.
    const { text } = await get(server.port, "root", true);
    const entries = JSON.parse(text) as { percentage: number; challenges: { recordingSet: unknown }[] }[];
    let stringify = Infinity;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      JSON.stringify(entries);
      stringify = Math.min(stringify, performance.now() - t);
    }
    const sets = entries.reduce((n, e) => n + e.challenges.filter((ch) => ch.recordingSet).length, 0);
    const mean = entries.reduce((n, e) => n + e.percentage, 0) / Math.max(1, entries.length);
    console.log(
      `[${kind}] answer     : ${entries.length} entries × ${entries[0]?.challenges.length ?? 0} challenges, ${sets} recording sets, mean ${mean.toFixed(2)} %, ${mb(Buffer.byteLength(text))}`,
    );
    console.log(
      `[${kind}] warm ${warm.toFixed(0)} ms; JSON.stringify of the same answer ${stringify.toFixed(1)} ms; server peak RSS ${mb(memory.peakRss)} (+${mb(memory.peakRss - memory.rss)} during the call), peak heap ${mb(memory.peakHeap)} (+${mb(memory.peakHeap - memory.heap)})`,
    );
    ratios.push(`progress ratio ${kind}: ${(warm / stringify).toFixed(2)}`);
  } finally {
    server.stop();
  }
  // The statements of one call, on this process's counting client.
  c.reset();
  const { onRawStatement } = await import("../../lib/db/raw-rows");
  const raw: Statement[] = [];
  const stop = onRawStatement((s) => void raw.push({ query: s.sql, duration: s.ms }));
  await statementsOfOneCall(client as unknown as Db, url, seeded.principal);
  stop();
  await (await import("../../lib/db/raw-rows")).closeRawReaders();
  console.log(
    `[${kind}] ${c.log().length + raw.length} SQL statements per call (${raw.length} through lib/db/raw-rows.ts):`,
  );
  for (const s of [...c.log(), ...raw])
    console.log(
      `[${kind}]   ${s.duration.toFixed(1).padStart(7)} ms  ${s.query
        .replace(/^SELECT .*? FROM /s, "SELECT … FROM ")
        .replace(/\s+/g, " ")
        .replace(/(\$\d+|\?)(,\s*(\$\d+|\?))+/g, "…")
        .slice(0, 150)}`,
    );
}

async function statementsOfOneCall(db: Db, url: string, principal: Awaited<ReturnType<typeof seed>>["principal"]) {
  const { progressResponse } = await import("../../lib/progress/respond");
  const { readsDatabase } = await import("../../lib/db/raw-rows");
  readsDatabase(db, url);
  await (
    await progressResponse(db, principal, "root", { group: ["class"], role: ["STUDENT"] }, "application/json")
  ).arrayBuffer();
}

try {
  if (DBS.includes("sqlite")) {
    const url = `file:${path.join(dir, "bench.db")}`;
    migrate(url);
    const client = new SqliteClient({
      adapter: new PrismaBetterSQLite3({ url }),
      log: [{ emit: "event", level: "query" }],
    });
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
      const client = new PostgresClient({
        adapter: new PrismaPg({ connectionString: pg.url }),
        log: [{ emit: "event", level: "query" }],
      });
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
for (const line of ratios) console.log(line);
