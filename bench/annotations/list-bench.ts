// Annotation list benchmark: GET /api/annotations?perPage=100 over COUNT (default 100,000)
// annotations, over HTTP against the built app (a private server: e2e/support/server.ts), on
// SQLite (a fresh data dir) and on PostgreSQL (scripts/postgres.ts), one child process each.
//
// Seeding: the tenant, organisation and annotator users through the API (seedOrganisation,
// POST /users); then, directly through the generated Prisma client on the server's database,
// 100 speech challenges, 200 students, COUNT/5 result sets with one recording each and its
// audio StoredFile (durationMs, sha256), 100 assignments (one organisation) of COUNT/100
// recordings each (every recording is in 5 assignments), and one annotation per assignment
// recording: ~10 "Words" fragments each, tenantPk set, explicit ids 1..COUNT.
// Time model: assignment a is created at day 3.5·a; its annotations over the following 21 days
// (about 6 assignments overlap at any time, so ids do not follow creation order), every 10th
// annotation sharing the previous one's `created` (ties broken by id). Assignments 0-79 are
// done (doneFull set), 80-99 progressively less (the not-done ~10 % are the newest).
// Annotators: annotator-main is the full annotator of the 50 even assignments, annotator-small
// of the newest assignment only, annotator-1..8 of the other odd ones; two thirds have a base
// annotator. PostgreSQL gets VACUUM ANALYZE after seeding (what autovacuum does soon after a
// bulk load); SQLite gets nothing (the app never runs ANALYZE).
//
// The server runs scripts/serve.ts like e2e/support/server.ts privateServer, but from a private
// copy of the current build (.next without its cache), so that a `next build` started in the
// checkout meanwhile cannot break it; BACKGROUND_JOBS=false, LOG_LEVEL=warn.
// Measured, per caller: the first page, and a deep page (the middle of the caller's list: page
// 500 of 1,000 for administrators) reached by following `Link: rel="next"` untimed (every page
// of that walk is checked against the expected ids), then `?assignment=` and `?done=false`.
// Each request: 3 warm-up requests, then REQUESTS (default 30) timed one after another; median,
// p95 and the response size. Every timed response must hold exactly the expected ids.
// Finally each request is reproduced through listAnnotations() on a Prisma client with query
// logging (the same SQL the server issues), and the plan of its main SELECT is printed
// (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN (ANALYZE, BUFFERS)).
//
//   npx tsx bench/annotations/list-bench.ts
//   npx tsx bench/annotations/list-bench.ts --sqlite-only --count 20000 --requests 20
// Options: --sqlite-only, --count N (a multiple of 100), --requests N, --port P (default 4930),
// --no-explain. Prints figures; asserts nothing (a wrong page is reported, not thrown).
// Build the app first: `npx tsx scripts/prepare.ts` (or `npm run build`).
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { ADMIN_PASSWORD } from "../../e2e/support/env";
import { type PrivateServer, seedOrganisation, serverCall, serverToken } from "../../e2e/support/server";
import { PrismaClient as PostgresClient } from "../../lib/db/generated/postgres/client";
import { PrismaClient as SqliteClient } from "../../lib/db/generated/sqlite/client";
import { type RunningPostgres, startPostgres } from "../../scripts/postgres";

const { values: opts } = parseArgs({
  options: {
    "sqlite-only": { type: "boolean", default: false },
    count: { type: "string", default: "100000" },
    requests: { type: "string", default: "30" },
    port: { type: "string", default: process.env.BENCH_PORT ?? "4930" },
    "no-explain": { type: "boolean", default: false },
    db: { type: "string" }, // internal: the child process for one database
  },
});
const COUNT = Number(opts.count);
const REQUESTS = Number(opts.requests);
const PORT = Number(opts.port);
const PER_PAGE = 100;
const ASSIGNMENTS = 100;
if (!Number.isInteger(COUNT) || COUNT < 1000 || COUNT % ASSIGNMENTS)
  throw new Error("--count must be a multiple of 100, at least 1,000");
const PER_ASSIGNMENT = COUNT / ASSIGNMENTS;
const GROUPS = 20; // recording pools; assignment a annotates pool a % 20 (each recording in 5 assignments)
const RECORDINGS = PER_ASSIGNMENT * GROUPS;
const CHALLENGES = 100;
const STUDENTS = Math.ceil(RECORDINGS / CHALLENGES);

const root = path.resolve(import.meta.dirname, "../..");

/** Whether a `next build` is running (it replaces .next while it works). */
function building(): boolean {
  return fs.readdirSync("/proc").some((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      return argv.includes("build") && argv.some((a) => /(^|\/)next(\/dist\/bin\/next)?$/.test(a));
    } catch {
      return false;
    }
  });
}

/**
 * A private copy of the current build (.next without its cache, scripts/, prisma/) with links to
 * the rest of the checkout, so that a `next build` started meanwhile in the checkout (tests do
 * that whenever sources change) cannot pull the files from under the benchmark's server.
 * Waits (up to 20 minutes) while a build runs or .next has no BUILD_ID.
 */
async function snapshotBuild(say: (line: string) => void): Promise<string> {
  const deadline = Date.now() + 20 * 60_000;
  const buildId = path.join(root, ".next/BUILD_ID");
  for (let attempt = 1; ; attempt++) {
    // No BUILD_ID and no `next build` seen: the build may be about to start (prepare.ts generates the Prisma clients first).
    if (building() || !fs.existsSync(buildId)) {
      if (Date.now() > deadline)
        throw new Error("No complete app build in .next after 20 minutes: run `npx tsx scripts/prepare.ts` first");
      if (attempt === 1)
        say("waiting for a complete build in .next (a `next build` is running or .next/BUILD_ID is missing)…");
      await new Promise((r) => setTimeout(r, 5000));
      continue;
    }
    const id = fs.readFileSync(buildId, "utf8");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "annotation-bench-app-"));
    try {
      fs.cpSync(path.join(root, ".next"), path.join(dir, ".next"), {
        recursive: true,
        filter: (src) => !src.startsWith(path.join(root, ".next/cache")),
      });
      for (const d of ["scripts", "prisma"]) fs.cpSync(path.join(root, d), path.join(dir, d), { recursive: true });
      for (const f of [
        "node_modules",
        "lib",
        "public",
        "package.json",
        "next.config.mjs",
        "prisma.config.ts",
        "tsconfig.json",
      ])
        fs.symlinkSync(path.join(root, f), path.join(dir, f));
      if (
        !building() &&
        fs.existsSync(buildId) &&
        fs.readFileSync(buildId, "utf8") === id &&
        fs.existsSync(path.join(dir, ".next/BUILD_ID"))
      )
        return dir;
    } catch {
      // a build started while copying: try again
    }
    fs.rmSync(dir, { recursive: true, force: true });
    await new Promise((r) => setTimeout(r, 2000));
  }
}

type Server = { url: string; dataDir: string; log: () => string; stop: () => Promise<void> };

/** The app (scripts/serve.ts, as e2e/support/server.ts privateServer starts it) on its own data dir, from the copy of the build. */
async function startServer(appDir: string, port: number, env: Record<string, string>): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  // Another server on the port (say a second run of this benchmark) would answer in place of ours.
  if (
    await fetch(`${url}/api/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} is in use: pass another --port`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "annotation-bench-data-"));
  const logFile = path.join(dataDir, "server.log");
  const out = fs.openSync(logFile, "a");
  const child = spawn(path.join(appDir, "node_modules/.bin/tsx"), ["scripts/serve.ts"], {
    cwd: appDir,
    detached: true,
    stdio: ["ignore", out, out],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, "app.db")}`,
      PUBLIC_BASE_URL: url,
      ADMIN_PASSWORD,
      ...env,
    },
  });
  const exited = new Promise((r) => child.once("exit", r));
  // Interrupted: take the server down with the benchmark.
  const killGroup = () => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  };
  process.once("exit", killGroup);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      if (process.listenerCount(signal) === 0) process.exit(130);
    });
  }
  const log = () => fs.readFileSync(logFile, "utf8");
  const stop = async () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    } catch {
      // already gone
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok && child.exitCode === null) return { url, dataDir, log, stop };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      const text = log();
      await stop();
      throw new Error(`server on ${url} did not start:\n${text.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

// ---------------------------------------------------------------- parent: one child per database
if (!opts.db) {
  const dbs = opts["sqlite-only"] ? ["sqlite"] : ["sqlite", "postgres"];
  const args = (db: string, i: number) => [
    import.meta.filename,
    "--db",
    db,
    "--count",
    String(COUNT),
    "--requests",
    String(REQUESTS),
    "--port",
    String(PORT + i),
    ...(opts["no-explain"] ? ["--no-explain"] : []),
  ];
  // A child per database: the app's per-process caches (configuration, the cursor secret) hold one database each.
  for (const [i, db] of dbs.entries()) {
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(path.resolve(import.meta.dirname, "../../node_modules/.bin/tsx"), args(db, i), {
        stdio: "inherit",
      });
      child.on("exit", resolve);
    });
    if (code !== 0) console.log(`[${db}] benchmark exited with code ${code}`);
  }
  process.exit(0);
}

// ---------------------------------------------------------------- child: one database
const kind = opts.db as "sqlite" | "postgres";
const tag = `[${kind}]`;
const say = (line: string) => console.log(`${tag} ${line}`);

/** Deterministic pseudo-random numbers (the same data on both databases). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const WORDS =
  "the quick brown fox jumps over a lazy dog while seven small children read their morning lessons aloud in class".split(
    " ",
  );
const DAY = 86_400_000;
const BASE = Date.UTC(2025, 0, 6, 8, 0, 0);

type Seeded = { id: number; created: number; a: number; done: boolean };
type Client = SqliteClient | PostgresClient;

async function inBatches<T>(rows: T[], size: number, insert: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function seed(server: PrivateServer, client: Client) {
  // seedOrganisation, serverCall and serverToken only use the server's url.
  const db = client as unknown as SqliteClient;
  const t0 = performance.now();
  // Through the API: tenant, organisation, tokens, annotators (with their roles).
  const { admin, tenant, org } = await seedOrganisation(server, "bench", "bench");
  const json = (data: unknown) => JSON.stringify(data);
  const fullIds = ["annotator-main", ...Array.from({ length: 8 }, (_, i) => `annotator-${i + 1}`), "annotator-small"];
  const baseIds = Array.from({ length: 5 }, (_, i) => `base-${i}`);
  for (const id of fullIds)
    await serverCall(
      server,
      "POST",
      "/users",
      org,
      json({ id, firstName: "Full", infix: null, lastName: id, roles: ["ANNOTATOR_FULL"] }),
      "application/json",
    );
  for (const id of baseIds)
    await serverCall(
      server,
      "POST",
      "/users",
      org,
      json({ id, firstName: "Base", infix: null, lastName: id, roles: ["ANNOTATOR_BASE"] }),
      "application/json",
    );
  const asUser = (id: string) =>
    serverToken(
      server,
      { grant_type: "client_credentials", scope: `tenant/bench/organisation/bench/student/${id}` },
      org,
    );
  const tokens = { admin, tenant, org, main: await asUser("annotator-main"), small: await asUser("annotator-small") };

  const t = await db.tenant.findUniqueOrThrow({ where: { id: "bench" } });
  const o = await db.organisation.findUniqueOrThrow({ where: { tenantPk_id: { tenantPk: t.pk, id: "bench" } } });
  const ns = `o:${o.pk}`;
  const users = await db.user.findMany({ where: { ns }, select: { pk: true, id: true } });
  const userPk = new Map(users.map((u) => [u.id, u.pk]));

  const random = rng(7);
  const big = { timeout: 600_000, maxWait: 60_000 };
  // Challenges, students, result sets with one recording each, and the recordings' audio files.
  const challenges = Array.from({ length: CHALLENGES }, (_, i) => ({
    pk: randomUUID(),
    ns,
    id: `challenge-${i}`,
    language: "nld",
    topic: `Lesson ${i}`,
  }));
  const students = Array.from({ length: STUDENTS }, (_, i) => ({
    pk: randomUUID(),
    ns,
    id: `student-${i}`,
    level: "organisation",
    tenantPk: t.pk,
    organisationPk: o.pk,
    firstName: "Student",
    infix: null,
    lastName: `S${i}`,
  }));
  const files: {
    pk: string;
    ns: string;
    kind: string;
    contentType: string;
    size: bigint;
    sha256: string;
    storageKey: string;
    format: string;
    sampleRate: number;
    channels: number;
    durationMs: number;
  }[] = [];
  const sets: {
    pk: string;
    ns: string;
    id: string;
    userPk: string;
    challengePk: string;
    recordingCount: number;
    durationMs: number;
  }[] = [];
  const recordings: {
    pk: string;
    ns: string;
    id: string;
    challengePk: string;
    userPk: string;
    resultSetPk: string;
    position: number;
    audioFilePk: string;
    created: Date;
  }[] = [];
  for (let r = 0; r < RECORDINGS; r++) {
    const durationMs = 3000 + Math.floor(random() * 12_000);
    const filePk = randomUUID();
    const student = students[r % STUDENTS]!;
    const challenge = challenges[Math.floor(r / STUDENTS) % CHALLENGES]!;
    files.push({
      pk: filePk,
      ns,
      kind: "audio",
      contentType: "audio/ogg",
      size: BigInt(durationMs * 4),
      sha256: createHash("sha256").update(filePk).digest("hex"),
      storageKey: `bench/${filePk}`,
      format: "ogg-opus",
      sampleRate: 48000,
      channels: 1,
      durationMs,
    });
    const setPk = randomUUID();
    sets.push({
      pk: setPk,
      ns,
      id: randomUUID(),
      userPk: student.pk,
      challengePk: challenge.pk,
      recordingCount: 1,
      durationMs,
    });
    recordings.push({
      pk: randomUUID(),
      ns,
      id: randomUUID(),
      challengePk: challenge.pk,
      userPk: student.pk,
      resultSetPk: setPk,
      position: 0,
      audioFilePk: filePk,
      created: new Date(BASE - 30 * DAY + r * 60_000),
    });
  }
  await db.$transaction(async (tx) => {
    await tx.speechChallenge.createMany({ data: challenges });
    await tx.user.createMany({ data: students });
    await tx.userRole.createMany({ data: students.map((s) => ({ userPk: s.pk, roleName: "STUDENT" })) });
    await inBatches(files, 1000, (part) => tx.storedFile.createMany({ data: part }));
    await inBatches(sets, 1000, (part) => tx.resultSet.createMany({ data: part }));
    await inBatches(recordings, 1000, (part) => tx.speechRecording.createMany({ data: part }));
  }, big);

  // Assignments, their recordings and one annotation per assignment recording.
  const fullOf = (a: number) =>
    a === ASSIGNMENTS - 1 ? "annotator-small" : a % 2 === 0 ? "annotator-main" : `annotator-${(((a - 1) / 2) % 8) + 1}`;
  const assignments = Array.from({ length: ASSIGNMENTS }, (_, a) => ({
    id: a + 1,
    tenantPk: t.pk,
    organisationPk: o.pk,
    name: `Batch ${a + 1}`,
    fullAnnotatorPk: userPk.get(fullOf(a))!,
    baseAnnotatorPk: a % 3 === 0 ? null : userPk.get(`base-${a % 5}`)!,
    baseDueDate: null,
    fullDueDate: new Date(BASE + a * 3.5 * DAY + 28 * DAY).toISOString().slice(0, 10),
    created: new Date(BASE + a * 3.5 * DAY),
    updated: new Date(BASE + a * 3.5 * DAY),
  }));
  const links: { assignmentId: number; recordingPk: string; position: number }[] = [];
  const annotations: {
    id: number;
    tenantPk: string;
    assignmentId: number;
    recordingPk: string;
    fragments: string;
    doneBase: Date | null;
    doneFull: Date | null;
    version: number;
    created: Date;
    updated: Date;
  }[] = [];
  const expected: Seeded[] = [];
  let fragmentBytes = 0;
  for (let a = 0; a < ASSIGNMENTS; a++) {
    const doneShare = Math.min(1, Math.max(0, (ASSIGNMENTS - 1 - a) / 20));
    const start = BASE + a * 3.5 * DAY + 3_600_000;
    let previous = 0;
    for (let k = 0; k < PER_ASSIGNMENT; k++) {
      const r = (a % GROUPS) * PER_ASSIGNMENT + k;
      const recording = recordings[r]!;
      const durationMs = files[r]!.durationMs;
      links.push({ assignmentId: a + 1, recordingPk: recording.pk, position: k });
      // ~10 consecutive word fragments inside the recording.
      const n = 8 + Math.floor(random() * 5);
      const step = Math.floor(durationMs / (n + 1));
      const fragments = Array.from({ length: n }, (_, i) => {
        const startMs = 200 + i * step;
        return {
          startMs,
          endMs: startMs + Math.floor(step * (0.6 + random() * 0.35)),
          labels: [
            {
              layer: "Words",
              label: WORDS[Math.floor(random() * WORDS.length)]!,
              comment: random() < 0.1 ? "unclear" : "",
            },
          ],
        };
      });
      const text = JSON.stringify(fragments);
      fragmentBytes += text.length;
      const created =
        k % 10 === 9 ? previous : start + Math.floor((k * 21 * DAY) / PER_ASSIGNMENT) + Math.floor(random() * 60_000);
      previous = created;
      const done = k < doneShare * PER_ASSIGNMENT;
      const baseDone = assignments[a]!.baseAnnotatorPk !== null && k < Math.min(1, doneShare + 0.1) * PER_ASSIGNMENT;
      const id = a * PER_ASSIGNMENT + k + 1;
      annotations.push({
        id,
        tenantPk: t.pk,
        assignmentId: a + 1,
        recordingPk: recording.pk,
        fragments: text,
        doneBase: baseDone ? new Date(created + 3_600_000) : null,
        doneFull: done ? new Date(created + 7_200_000) : null,
        version: done ? 3 : 1,
        created: new Date(created),
        updated: new Date(created + (done ? 7_200_000 : 0)),
      });
      expected.push({ id, created, a, done });
    }
  }
  await db.$transaction(async (tx) => {
    await tx.assignment.createMany({ data: assignments });
    await inBatches(links, 2000, (part) => tx.assignmentRecording.createMany({ data: part }));
  }, big);
  // One transaction per 10,000 annotations, 1,000 rows per INSERT.
  await inBatches(annotations, 10_000, (chunk) =>
    db.$transaction((tx) => inBatches(chunk, 1000, (part) => tx.annotation.createMany({ data: part })), big),
  );
  if (kind === "postgres") {
    for (const table of ["Assignment", "Annotation"]) {
      await db.$queryRawUnsafe(
        `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT MAX("id") FROM "${table}"))::text AS v`,
      );
    }
    await db.$executeRawUnsafe("VACUUM ANALYZE");
  }
  expected.sort((x, y) => x.created - y.created || x.id - y.id);
  say(
    `seeded ${COUNT.toLocaleString("en")} annotations (${ASSIGNMENTS} assignments × ${PER_ASSIGNMENT.toLocaleString("en")}, ` +
      `fragments JSON ${Math.round(fragmentBytes / COUNT)} B on average), ${RECORDINGS.toLocaleString("en")} recordings, ` +
      `${expected.filter((e) => !e.done).length.toLocaleString("en")} not done, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return {
    tokens,
    expected,
    assignmentIdOf: (a: number) => a + 1,
    evenAssignment: (ASSIGNMENTS / 2) % 2 === 0 ? ASSIGNMENTS / 2 : ASSIGNMENTS / 2 - 1,
  };
}

// ---------------------------------------------------------------- HTTP
type Page = { status: number; bytes: number; ids: number[]; next: string | null; body: string; ms: number };

async function get(url: string, token: string, retry = true): Promise<Page> {
  const t0 = performance.now();
  let res: Response;
  try {
    res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  } catch (error) {
    // A keep-alive connection the server closed while this process was blocked (better-sqlite3
    // is synchronous: seeding, EXPLAIN) fails at once; the retry, on a new connection, is timed.
    if (retry) return get(url, token, false);
    throw error;
  }
  const buf = await res.arrayBuffer();
  const ms = performance.now() - t0;
  const body = new TextDecoder().decode(buf);
  let ids: number[] = [];
  if (res.ok) {
    const parsed = JSON.parse(body) as { id: number }[] | { id: number };
    ids = Array.isArray(parsed) ? parsed.map((x) => x.id) : [parsed.id];
  }
  const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("link") ?? "")?.[1] ?? null;
  return { status: res.status, bytes: buf.byteLength, ids, next, body, ms };
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const fmtIds = (ids: number[]) => (ids.length ? `${ids.slice(0, 3).join(",")}…${ids.slice(-2).join(",")}` : "none");

/** Follows rel="next" from `url` until page `page` (1-based); checks each page against `want`. Returns that page's URL. */
async function walk(url: string, token: string, page: number, want: number[]) {
  let problems = 0;
  const t0 = performance.now();
  for (let p = 1; ; p++) {
    const res = await get(url, token);
    const expectIds = want.slice((p - 1) * PER_PAGE, p * PER_PAGE);
    if (res.status !== 200 || !sameIds(res.ids, expectIds)) {
      if (problems++ < 3)
        say(
          `  walk page ${p}: status ${res.status}, got ${fmtIds(res.ids)} (${res.ids.length}), expected ${fmtIds(expectIds)} (${expectIds.length}) ${res.status !== 200 ? res.body.slice(0, 300) : ""}`,
        );
    }
    if (p === page) return { url, problems, msPerPage: (performance.now() - t0) / p };
    if (!res.next) {
      say(`  walk ended at page ${p} without rel="next" (expected ${page} pages or more)`);
      return { url: null, problems: problems + 1, msPerPage: 0 };
    }
    url = res.next;
  }
}

type Row = {
  caller: string;
  request: string;
  items: string;
  bytes: string;
  median: string;
  p95: string;
  check: string;
};

async function timeRequest(caller: string, request: string, url: string, token: string, want: number[]): Promise<Row> {
  for (let i = 0; i < 3; i++) await get(url, token);
  const times: number[] = [];
  let last: Page | undefined;
  let wrong = 0;
  for (let i = 0; i < REQUESTS; i++) {
    last = await get(url, token);
    times.push(last.ms);
    if (last.status !== 200 || !sameIds(last.ids, want)) wrong++;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor((times.length - 1) / 2)]!;
  const p95 = times[Math.ceil(times.length * 0.95) - 1]!;
  if (last!.status !== 200) say(`  ${caller} ${request}: HTTP ${last!.status} ${last!.body.slice(0, 300)}`);
  else if (wrong)
    say(
      `  ${caller} ${request}: got ids ${fmtIds(last!.ids)} (${last!.ids.length}), expected ${fmtIds(want)} (${want.length})`,
    );
  return {
    caller,
    request,
    items: String(last!.ids.length),
    bytes: `${(last!.bytes / 1024).toFixed(0)} KiB`,
    median: `${median.toFixed(1)} ms`,
    p95: `${p95.toFixed(1)} ms`,
    check: last!.status !== 200 ? `HTTP ${last!.status}` : wrong ? `WRONG in ${wrong}/${REQUESTS}` : "ids ok",
  };
}

function table(rows: Row[]) {
  const head: Row = {
    caller: "caller",
    request: "request",
    items: "items",
    bytes: "size",
    median: "median",
    p95: "p95",
    check: "check",
  };
  const keys = Object.keys(head) as (keyof Row)[];
  const width = Object.fromEntries(
    keys.map((k) => [k, Math.max(...[head, ...rows].map((r) => r[k].length))]),
  ) as Record<keyof Row, number>;
  const right = new Set<keyof Row>(["items", "bytes", "median", "p95"]);
  const line = (r: Row) => keys.map((k) => (right.has(k) ? r[k].padStart(width[k]) : r[k].padEnd(width[k]))).join("  ");
  say(line(head));
  for (const r of rows) say(line(r));
}

// ---------------------------------------------------------------- main (child)
let pg: RunningPostgres | undefined;
let appDir: string | undefined;
let server: Server | undefined;
let client: Client | undefined;
try {
  if (kind === "postgres") pg = await startPostgres();
  appDir = await snapshotBuild(say);
  server = await startServer(appDir, PORT, {
    LOG_LEVEL: "warn",
    BACKGROUND_JOBS: "false",
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  });
  const url = pg ? pg.url : `file:${path.join(server.dataDir, "app.db")}`;
  // For the reproduction through listAnnotations() below (lib reads its configuration from the environment).
  Object.assign(process.env, { DATA_DIR: server.dataDir, DATABASE_URL: url, PUBLIC_BASE_URL: server.url });
  client = pg
    ? new PostgresClient({ adapter: new PrismaPg({ connectionString: url }), log: [{ emit: "event", level: "query" }] })
    : new SqliteClient({
        adapter: new PrismaBetterSQLite3({ url, timeout: 10_000 }),
        log: [{ emit: "event", level: "query" }],
      });
  const statements: { query: string; params: string; duration: number }[] = [];
  let logging = false;
  (
    client as unknown as { $on(e: "query", cb: (e: { query: string; params: string; duration: number }) => void): void }
  ).$on("query", (e) => {
    if (logging) statements.push({ query: e.query, params: e.params, duration: Number(e.duration) });
  });

  const { tokens, expected, assignmentIdOf, evenAssignment } = await seed(server as unknown as PrivateServer, client);
  const api = `${server.url}/api/annotations`;
  const visible = {
    all: expected,
    main: expected.filter((e) => e.a % 2 === 0),
    small: expected.filter((e) => e.a === ASSIGNMENTS - 1),
  };
  const pageOf = (list: Seeded[], page: number) => list.slice((page - 1) * PER_PAGE, page * PER_PAGE).map((e) => e.id);
  const middle = (list: Seeded[]) => Math.max(1, Math.ceil(list.length / PER_PAGE / 2));

  // A single annotation, to see the API answers at all on the seeded data.
  const one = await get(`${api}/${expected[0]!.id}`, tokens.tenant);
  if (one.status !== 200) say(`GET /api/annotations/${expected[0]!.id} → ${one.status} ${one.body.slice(0, 500)}`);

  const deepAll = middle(visible.all);
  const deepMain = middle(visible.main);
  say(`walking to page ${deepAll} (as the tenant) and ${deepMain} (annotator-main) by rel="next", untimed…`);
  const walkAll = await walk(
    `${api}?perPage=${PER_PAGE}`,
    tokens.tenant,
    deepAll,
    visible.all.map((e) => e.id),
  );
  const walkMain = await walk(
    `${api}?perPage=${PER_PAGE}`,
    tokens.main,
    deepMain,
    visible.main.map((e) => e.id),
  );
  say(
    `walk: tenant ${deepAll} pages, ${walkAll.msPerPage.toFixed(1)} ms per page on average, ${walkAll.problems} wrong; ` +
      `annotator-main ${deepMain} pages, ${walkMain.msPerPage.toFixed(1)} ms per page, ${walkMain.problems} wrong`,
  );

  const assignmentId = assignmentIdOf(evenAssignment);
  const ofAssignment = visible.all.filter((e) => e.a === evenAssignment);
  const notDone = visible.all.filter((e) => !e.done);
  const mainNotDone = visible.main.filter((e) => !e.done);
  type Case = { caller: string; token: string; request: string; url: string | null; want: number[] };
  const cases: Case[] = [
    {
      caller: "admin (top user)",
      token: tokens.admin,
      request: "first page",
      url: `${api}?perPage=${PER_PAGE}`,
      want: pageOf(visible.all, 1),
    },
    {
      caller: "admin (top user)",
      token: tokens.admin,
      request: `page ${deepAll}`,
      url: walkAll.url,
      want: pageOf(visible.all, deepAll),
    },
    {
      caller: "tenant",
      token: tokens.tenant,
      request: "first page",
      url: `${api}?perPage=${PER_PAGE}`,
      want: pageOf(visible.all, 1),
    },
    {
      caller: "tenant",
      token: tokens.tenant,
      request: `page ${deepAll}`,
      url: walkAll.url,
      want: pageOf(visible.all, deepAll),
    },
    {
      caller: "organisation",
      token: tokens.org,
      request: "first page",
      url: `${api}?perPage=${PER_PAGE}`,
      want: pageOf(visible.all, 1),
    },
    {
      caller: "organisation",
      token: tokens.org,
      request: `page ${deepAll}`,
      url: walkAll.url,
      want: pageOf(visible.all, deepAll),
    },
    {
      caller: "annotator-main",
      token: tokens.main,
      request: "first page",
      url: `${api}?perPage=${PER_PAGE}`,
      want: pageOf(visible.main, 1),
    },
    {
      caller: "annotator-main",
      token: tokens.main,
      request: `page ${deepMain}`,
      url: walkMain.url,
      want: pageOf(visible.main, deepMain),
    },
    {
      caller: "annotator-small",
      token: tokens.small,
      request: "first page",
      url: `${api}?perPage=${PER_PAGE}`,
      want: pageOf(visible.small, 1),
    },
    {
      caller: "admin (top user)",
      token: tokens.admin,
      request: `?assignment=${assignmentId}`,
      url: `${api}?assignment=${assignmentId}&perPage=${PER_PAGE}`,
      want: pageOf(ofAssignment, 1),
    },
    {
      caller: "tenant",
      token: tokens.tenant,
      request: `?assignment=${assignmentId}`,
      url: `${api}?assignment=${assignmentId}&perPage=${PER_PAGE}`,
      want: pageOf(ofAssignment, 1),
    },
    {
      caller: "annotator-main",
      token: tokens.main,
      request: `?assignment=${assignmentId}`,
      url: `${api}?assignment=${assignmentId}&perPage=${PER_PAGE}`,
      want: pageOf(ofAssignment, 1),
    },
    {
      caller: "admin (top user)",
      token: tokens.admin,
      request: "?done=false",
      url: `${api}?done=false&perPage=${PER_PAGE}`,
      want: pageOf(notDone, 1),
    },
    {
      caller: "tenant",
      token: tokens.tenant,
      request: "?done=false",
      url: `${api}?done=false&perPage=${PER_PAGE}`,
      want: pageOf(notDone, 1),
    },
    {
      caller: "annotator-main",
      token: tokens.main,
      request: "?done=false",
      url: `${api}?done=false&perPage=${PER_PAGE}`,
      want: pageOf(mainNotDone, 1),
    },
  ];
  const rows: Row[] = [];
  const loadBefore = os.loadavg()[0]!;
  for (const c of cases) {
    if (!c.url)
      rows.push({
        caller: c.caller,
        request: c.request,
        items: "-",
        bytes: "-",
        median: "-",
        p95: "-",
        check: "no page (walk failed)",
      });
    else rows.push(await timeRequest(c.caller, c.request, c.url, c.token, c.want));
  }
  const load = () => `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} CPUs`;
  say(
    `GET /api/annotations, perPage=${PER_PAGE}, ${REQUESTS} requests each after 3 warm-up (sequential, keep-alive); ${load()} (${loadBefore.toFixed(1)} before):`,
  );
  table(rows);

  if (!opts["no-explain"]) {
    // The same requests through listAnnotations() on the logging client: the SQL the server issues.
    const { resolveToken } = await import("../../lib/auth/tokens");
    const { listAnnotations } = await import("../../lib/annotations/annotations");
    const { listAnnotationsQuery } = await import("../../lib/annotations/schemas");
    const db = client as unknown as SqliteClient;
    const flat = (sql: string) => sql.replace(/\s+/g, " ");
    const explain = async (sql: string, params: unknown[]) => {
      if (kind === "sqlite") {
        const plan = await db.$queryRawUnsafe<{ id: number; parent: number; detail: string }[]>(
          `EXPLAIN QUERY PLAN ${sql}`,
          ...params,
        );
        const depth = new Map<number, number>([[0, 0]]);
        for (const p of plan) {
          depth.set(Number(p.id), (depth.get(Number(p.parent)) ?? 0) + 1);
          say(`    plan: ${"  ".repeat(depth.get(Number(p.id))! - 1)}${p.detail}`);
        }
      } else {
        const plan = await db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
          `EXPLAIN (ANALYZE, BUFFERS) ${sql}`,
          ...params,
        );
        for (const p of plan) if (!/^\s*(Buffers|Planning:)/.test(p["QUERY PLAN"])) say(`    plan: ${p["QUERY PLAN"]}`);
      }
    };
    /** The statement alone through $queryRawUnsafe: median of 7 after one warm-up, and its row count. */
    const timeSql = async (sql: string, params: unknown[]) => {
      let rows = (await db.$queryRawUnsafe<unknown[]>(sql, ...params)).length;
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const t0 = performance.now();
        rows = (await db.$queryRawUnsafe<unknown[]>(sql, ...params)).length;
        times.push(performance.now() - t0);
      }
      return { ms: times.sort((a, b) => a - b)[3]!, rows };
    };
    // The proposed cursor predicate: a sargable lower bound `created >= c` in front of the OR, i.e.
    // { created: { gte: c }, OR: [{ created: { gt: c } }, { id: { gt: id } }] } in Prisma terms.
    const col = (c: string) =>
      kind === "sqlite" ? `\`main\`.\`Annotation\`.\`${c}\`` : `"public"."Annotation"."${c}"`;
    const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\`]/g, "\\$&");
    const ph = kind === "sqlite" ? "\\?" : "\\$\\d+";
    const cursorOr = new RegExp(
      `\\(${esc(col("created"))} > (${ph}) OR \\(${esc(col("created"))} = (${ph}) AND ${esc(col("id"))} > (${ph})\\)\\)`,
    );
    const withLowerBound = (sql: string, params: unknown[]) => {
      const m = cursorOr.exec(sql);
      if (!m || sql.includes(`${col("created")} >= `)) return null; // no cursor, or the bound is there already
      if (kind === "postgres")
        return { sql: sql.replace(cursorOr, () => `(${col("created")} >= ${m[2]} AND ${m[0]})`), params };
      const before = (sql.slice(0, m.index).match(/\?/g) ?? []).length;
      return {
        sql: sql.replace(cursorOr, () => `(${col("created")} >= ? AND ${m[0]})`),
        params: [...params.slice(0, before), params[before], ...params.slice(before)],
      };
    };

    say("");
    say("query plans of the main SELECT, reproduced through listAnnotations() with Prisma query logging;");
    say("'alone' is that statement through $queryRawUnsafe (median of 7):");
    const mains = new Map<Case, { sql: string; params: unknown[] }>();
    for (const c of cases) {
      if (!c.url) continue;
      const principal = (await resolveToken(db, c.token))!;
      const query = listAnnotationsQuery.parse(Object.fromEntries(new URL(c.url).searchParams));
      await listAnnotations(db, principal, query); // warm
      statements.length = 0;
      logging = true;
      const t0 = performance.now();
      await listAnnotations(db, principal, query);
      const total = performance.now() - t0;
      logging = false;
      const main = statements.find(
        (s) => /FROM\s+[`"](main|public)[`"]\.[`"]Annotation[`"]/.test(s.query) && /ORDER BY/.test(s.query),
      );
      say("");
      say(
        `${c.caller}, ${c.request}: listAnnotations ${total.toFixed(1)} ms in-process, ${statements.length} statements: ${statements.map((x) => x.duration.toFixed(0)).join(" + ")} ms (Prisma durations)`,
      );
      if (!main) {
        for (const x of statements) say(`  statement: ${flat(x.query).slice(0, 400)} ${x.params.slice(0, 200)}`);
        continue;
      }
      const params = JSON.parse(main.params) as unknown[];
      mains.set(c, { sql: main.query, params });
      const alone = await timeSql(main.query, params);
      say(`  SQL: ${flat(main.query.replace(/^SELECT .*? FROM/s, "SELECT … FROM"))}`);
      say(`  params: ${JSON.stringify(params).slice(0, 200)}`);
      say(`  alone: ${alone.ms.toFixed(2)} ms, ${alone.rows} rows`);
      await explain(main.query, params);
      const proposed = withLowerBound(main.query, params);
      if (proposed) {
        const t = await timeSql(proposed.sql, proposed.params);
        say(
          `  with the proposed cursor predicate (created >= c AND (created > c OR (created = c AND id > i))): alone ${t.ms.toFixed(2)} ms, ${t.rows} rows`,
        );
        await explain(proposed.sql, proposed.params);
      }
    }

    // ?done=false: candidate indexes, created on this throw-away database (each set dropped before
    // the next), then the same requests again. The first set can be written in models.prisma
    // (@@index); the second, partial indexes, only in a hand-written migration.
    const variants = [
      {
        label: "@@index([doneFull, created, id]) and @@index([tenantPk, doneFull, created, id])",
        indexes: [
          `CREATE INDEX "bench_done_1" ON "Annotation"("doneFull", "created", "id")`,
          `CREATE INDEX "bench_done_2" ON "Annotation"("tenantPk", "doneFull", "created", "id")`,
        ],
      },
      {
        label: `partial ("created", "id") and ("tenantPk", "created", "id") WHERE "doneFull" IS NULL`,
        indexes: [
          `CREATE INDEX "bench_done_1" ON "Annotation"("created", "id") WHERE "doneFull" IS NULL`,
          `CREATE INDEX "bench_done_2" ON "Annotation"("tenantPk", "created", "id") WHERE "doneFull" IS NULL`,
        ],
      },
    ];
    const doneCases = cases.filter(
      (c) => c.request === "?done=false" || (c.caller === "tenant" && c.request === "first page"),
    );
    for (const variant of variants) {
      for (const sql of variant.indexes) await db.$executeRawUnsafe(sql);
      if (kind === "postgres") await db.$executeRawUnsafe(`ANALYZE "Annotation"`);
      say("");
      say(`?done=false with ${variant.label} (${load()}):`);
      const after: Row[] = [];
      for (const c of doneCases) after.push(await timeRequest(c.caller, c.request, c.url!, c.token, c.want));
      table(after);
      for (const c of doneCases) {
        const main = mains.get(c);
        if (!main) continue;
        const alone = await timeSql(main.sql, main.params);
        say(`  ${c.caller}, ${c.request}: alone ${alone.ms.toFixed(2)} ms, ${alone.rows} rows`);
        await explain(main.sql, main.params);
      }
      for (const name of ["bench_done_1", "bench_done_2"]) await db.$executeRawUnsafe(`DROP INDEX "${name}"`);
    }
  }
} catch (error) {
  say(
    `failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}${(error as { cause?: unknown }).cause ? `\n  cause: ${String((error as { cause?: unknown }).cause)}` : ""}`,
  );
  if (server) say(`server log (tail):\n${server.log().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  await client?.$disconnect();
  await server?.stop();
  await pg?.stop();
  if (appDir) fs.rmSync(appDir, { recursive: true, force: true });
}
