// The classroom run (issue 28): N students each upload a ~3-second Ogg Opus answer into their own
// result set, back to back (closed loop), for D seconds, against fresh production servers. Prints
// every target figure:
//   stored/s, latency p50/p95/p99, errors, the servers' peak RSS (sampled VmRSS and VmHWM of each
//   HTTP process, worker threads included), and the serial server time per answer with one student
//   (the HTTP process's main-thread CPU per answer; also its whole-process CPU and the latency).
// Targets (2 cores, load generator on the same machine): ≥ 40 stored/s, p99 ≤ 2 s, 0 errors,
// peak RSS ≤ 400 MB, serial server time ≤ 30 ms per answer.
//
//   npx tsx bench/upload/classroom-bench.ts                             (SQLite + filesystem, one instance)
//   npx tsx bench/upload/classroom-bench.ts --pg-s3                     (two instances, one PostgreSQL, one S3 bucket)
//   BENCH_STUDENTS=100 BENCH_SECONDS=60 BENCH_PORT=4901 ...             (the defaults)
//   BENCH_PROFILE=1 npx tsx bench/upload/classroom-bench.ts             (the one-student run under a CPU profile)
//   BENCH_PROFILE=class ...                                             (the class run under a CPU profile instead)
//   BENCH_KEEP_LOG=/tmp/server.log ...                                  (the first instance's log, kept)
//   BENCH_IDLE_SECONDS=70 ...                                           (the class starts after 70 s without work)
// Run it at normal priority: a niced load generator is starved by the server it loads, and its own
// delays in sending and reading count as the answers' latency.
// --pg-s3 starts a throw-away PostgreSQL cluster (scripts/postgres.ts: fsync off) and s3rver in
// a process of its own (s3rver-process.ts: its CPU is reported apart, and its work does not share
// the thread that times the answers). Students alternate
// between the two instances. Needs a built app (`npm run build`) and espeak-ng + opus-tools.
// Prints figures; asserts nothing.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { ADMIN_PASSWORD } from "../../e2e/support/env";
import { type PrivateServer, privateServer, seedOrganisation, serverCall, serverToken } from "../../e2e/support/server";
import { makeSpeechOgg, missingAudioTools } from "../../lib/audio/test-audio";
import { S3RVER_CREDENTIALS } from "../../lib/storage/test-support";
import { startPostgres } from "../../scripts/postgres";
import { attributeProfile, summariseProfile } from "../http/profile-summary";

const students = Number(process.env.BENCH_STUDENTS ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const serialAnswers = Number(process.env.BENCH_SERIAL_ANSWERS ?? 40);
const port = Number(process.env.BENCH_PORT ?? 4901);
const profile = process.env.BENCH_PROFILE === "1" || process.env.BENCH_PROFILE === "class";
const profileClass = process.env.BENCH_PROFILE === "class";
const pgS3 = process.argv.includes("--pg-s3");
// A class often answers after a quiet minute (the teacher explains): whatever the servers let go
// when idle (pool threads, caches) the class's first answers then wait for.
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 0);

const missing = await missingAudioTools();
if (missing.length) throw new Error(`missing tools: ${missing.join(", ")} (apt-get install -y espeak-ng opus-tools)`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "classroom-bench-"));
const answer = fs.readFileSync(
  await makeSpeechOgg(dir, "The cat sat on the mat by the door, and then it went to sleep.", { name: "answer.opus" }),
);
// Kept afterwards (its path is printed) for Chrome DevTools.
const profDir = profile ? fs.mkdtempSync(path.join(os.tmpdir(), "classroom-profile-")) : "";

const USER_HZ = 100; // Linux's clock ticks per second in /proc/<pid>/stat
/** The fields of /proc/<pid>[/task/<tid>]/stat after the command's name: [1] ppid, [11] utime, [12] stime, [13] cutime, [14] cstime. */
function statFields(file: string): number[] {
  const f = fs.readFileSync(file, "utf8");
  return f
    .slice(f.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
}

const stops: (() => Promise<void>)[] = [];
let shared: Record<string, string> = {};
// CPU ms of the PostgreSQL server: the postmaster, its live children (the connections) and the
// children it has waited for.
let postgresCpu: (() => number) | null = null;
// CPU ms of the S3 server's process.
let s3Cpu: (() => number) | null = null;

/** s3rver in a process of its own (s3rver-process.ts), so that its work does not delay the load generator's thread. */
async function startS3rverProcess(): Promise<{ endpoint: string; pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "s3rver-process.ts")], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(out.split("\n")[0]!);
    });
    child.once("exit", (code) => reject(new Error(`s3rver exited (${code}) before it listened`)));
  });
  const { endpoint } = JSON.parse(line) as { endpoint: string };
  return {
    endpoint,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
if (pgS3) {
  const postgres = await startPostgres();
  stops.push(postgres.stop);
  postgresCpu = () => {
    const root = postgres.pid();
    const [, , , , , , , , , , , utime, stime, cutime, cstime] = statFields(`/proc/${root}/stat`);
    let ticks = utime! + stime! + cutime! + cstime!;
    for (const entry of fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
      try {
        const f = statFields(`/proc/${entry}/stat`);
        if (f[1] === root) ticks += f[11]! + f[12]!;
      } catch {
        // the process ended meanwhile
      }
    }
    return (ticks * 1000) / USER_HZ;
  };
  const s3 = await startS3rverProcess();
  stops.push(s3.stop);
  s3Cpu = () => cpuMs(`/proc/${s3.pid}/stat`);
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  await client.send(new CreateBucketCommand({ Bucket: "classroom" }));
  shared = {
    DATABASE_URL: postgres.url,
    STORAGE: "s3",
    S3_BUCKET: "classroom",
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  };
}
const env: Record<string, string> = {
  LOG_LEVEL: "warn",
  ...shared,
  // e.g. BENCH_SERVER_NODE_OPTIONS=--max-semi-space-size=4 (the heap limit is SERVER_HEAP_MB, passed on from the environment)
  ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
  ...(profile
    ? {
        NODE_OPTIONS: `--import ${path.join(import.meta.dirname, "../http/cpu-profiler.mjs")}`,
        CPU_PROFILE_DIR: profDir,
      }
    : {}),
};
// The second instance starts after the first has migrated the database.
const servers: PrivateServer[] = [await privateServer(port, env)];
if (pgS3) servers.push(await privateServer(port + 1, env));

const status = (pid: number, field: string) =>
  Number(/\d+/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${field}:.*`))![0])![0]) * 1024;
// utime + stime of a thread or process, in ms.
const cpuMs = (file: string) => {
  const [utime, stime] = statFields(file).slice(11, 13);
  return ((utime! + stime!) * 1000) / USER_HZ;
};
const pids = servers.map((s) => s.httpPid()!);
const mainCpu = () => cpuMs(`/proc/${pids[0]}/task/${pids[0]}/stat`);
const allCpu = (pid = pids[0]!) => cpuMs(`/proc/${pid}/stat`);
// CPU ms of every live thread of the first instance, by thread (most are named "node": worker
// threads, libuv's pool), to say which threads an answer keeps busy.
const threadCpu = () => {
  const byName = new Map<string, number>();
  for (const tid of fs.readdirSync(`/proc/${pids[0]}/task`)) {
    try {
      const comm = fs.readFileSync(`/proc/${pids[0]}/task/${tid}/comm`, "utf8").trim();
      const name = Number(tid) === pids[0] ? "main" : `${comm}#${tid}`;
      byName.set(name, (byName.get(name) ?? 0) + cpuMs(`/proc/${pids[0]}/task/${tid}/stat`));
    } catch {
      // the thread ended meanwhile
    }
  }
  return byName;
};

/** Each thread's CPU since `before`, per answer, busiest first (those of 0.5 ms or more). */
const threadsSince = (before: Map<string, number>, answers: number) =>
  [...threadCpu()]
    .map(([name, ms]) => [name, (ms - (before.get(name) ?? 0)) / Math.max(1, answers)] as const)
    .filter(([, ms]) => ms >= 0.5)
    .sort((a, b) => b[1] - a[1]);
const threadList = (threads: (readonly [string, number])[]) =>
  threads.map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`).join(", ");

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const boundary = "----classroom-bench-boundary";
// One body per result set, built once: the load generator shares the 2 cores with the server, so it
// posts prebuilt multipart bytes over keep-alive connections (node:http) instead of building a
// FormData and going through fetch for every answer, which cost it about 20 ms of CPU per answer.
const bodies = new Map<string, Buffer>();
function bodyFor(set: string): Buffer {
  let body = bodies.get(set);
  if (!body) {
    body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="resultSetId"\r\n\r\n${set}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="answer.opus"\r\nContent-Type: audio/ogg\r\n\r\n`,
      ),
      answer,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    bodies.set(set, body);
  }
  return body;
}
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** One answer; resolves with the HTTP status. */
function upload(server: PrivateServer, token: string, set: string): Promise<number> {
  const body = bodyFor(set);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}/api/challenges/speech/answer/recordings`,
      {
        method: "POST",
        agent,
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": body.length,
        },
      },
      (response) => {
        response.on("data", () => {});
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

try {
  const first = servers[0]!;
  const { org } = await seedOrganisation(first, "class", "class");
  const challenge = new FormData();
  challenge.append("id", "answer");
  challenge.append("language", "eng");
  challenge.append("topic", "Read aloud");
  await serverCall(first, "POST", "/challenges/speech", org, challenge);
  const tokens: string[] = [];
  for (let i = 0; i < students; i++) {
    const s = await serverCall<{ id: string }>(
      first,
      "POST",
      "/users",
      org,
      JSON.stringify({ firstName: `Student${i}`, infix: null, lastName: "Bench", roles: ["STUDENT"] }),
      "application/json",
    );
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      scope: `tenant/class/organisation/class/student/${s.id}`,
    });
    const t = await serverCall<{ access_token: string }>(
      first,
      "POST",
      "/tokens",
      org,
      form.toString(),
      "application/x-www-form-urlencoded",
    );
    tokens.push(t.access_token);
  }

  // Warm-up of every instance (module loading, JIT, worker start-up), not counted.
  for (const server of servers) for (let i = 0; i < 10; i++) await upload(server, tokens[0]!, "warm-up");

  // Database queries by model and operation (GET /api/metrics), to count them per answer.
  const admin = await serverToken(first, { grant_type: "password", username: "admin", password: ADMIN_PASSWORD });
  const queries = async () => {
    const text = await (
      await fetch(`${first.url}/api/metrics`, { headers: { Authorization: `Bearer ${admin}` } })
    ).text();
    const counts = new Map<string, number>();
    for (const m of text.matchAll(/^db_query_duration_seconds_count\{model="([^"]*)",operation="([^"]*)"\} (\S+)$/gm))
      counts.set(`${m[1]}.${m[2]}`, Number(m[3]));
    return counts;
  };
  const queries0 = await queries();

  // One student, serially, on the first instance: the server time per answer.
  if (profile && !profileClass) process.kill(pids[0]!, "SIGUSR2");
  const main0 = mainCpu();
  const all0 = allCpu();
  const threads0 = threadCpu();
  const t0 = performance.now();
  let serialErrors = 0;
  for (let i = 0; i < serialAnswers; i++) if ((await upload(first, tokens[0]!, "serial")) !== 201) serialErrors++;
  const serialWall = (performance.now() - t0) / serialAnswers;
  const serialMain = (mainCpu() - main0) / serialAnswers;
  const serialAll = (allCpu() - all0) / serialAnswers;
  const byThread = threadsSince(threads0, serialAnswers);
  console.log(
    `${pgS3 ? "PostgreSQL + S3 (s3rver), two instances" : "SQLite + filesystem, one instance"}; answer ${(answer.length / 1024).toFixed(1)} KB Ogg Opus (~3 s)`,
  );
  console.log(`One student, ${serialAnswers} answers one after the other:`);
  console.log(
    `  serial server time per answer: main thread ${serialMain.toFixed(1)} ms CPU; whole process ${serialAll.toFixed(1)} ms CPU; latency ${serialWall.toFixed(1)} ms; errors ${serialErrors}`,
  );
  console.log(`  CPU per answer by thread: ${threadList(byThread)}`);
  const perAnswer = [...(await queries())]
    .map(([k, n]) => [k, (n - (queries0.get(k) ?? 0)) / serialAnswers] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  console.log(
    `  database: ${perAnswer.reduce((a, [, n]) => a + n, 0).toFixed(1)} queries per answer (${perAnswer
      .map(([k, n]) => `${k} ${n.toFixed(1)}`)
      .join(", ")})`,
  );
  if (profile && !profileClass) {
    await first.terminate();
    console.log(summariseProfile(profDir, 25));
    console.log(
      `\nmain-thread time by what it was for (inclusive, per answer):\n${attributeProfile(profDir, serialAnswers)}`,
    );
  } else {
    if (idleSeconds > 0) await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const before = await queries();
    if (profileClass) process.kill(pids[0]!, "SIGUSR2");
    const stored = await classRun(tokens);
    const during = [...(await queries())]
      .map(([k, n]) => [k, (n - (before.get(k) ?? 0)) / Math.max(1, stored)] as const)
      .filter(([, n]) => n >= 0.05)
      .sort((a, b) => b[1] - a[1]);
    console.log(
      `  database (first instance): ${during.reduce((a, [, n]) => a + n, 0).toFixed(1)} queries per stored answer (${during
        .map(([k, n]) => `${k} ${n.toFixed(1)}`)
        .join(", ")})`,
    );
    if (profileClass) {
      await first.terminate();
      console.log(summariseProfile(profDir, 25));
      console.log(
        `\nmain-thread time by what it was for (inclusive, per stored answer):\n${attributeProfile(profDir, stored)}`,
      );
    }
  }
} finally {
  if (process.env.BENCH_KEEP_LOG)
    fs.copyFileSync(path.join(servers[0]!.dataDir, "server.log"), process.env.BENCH_KEEP_LOG);
  for (const server of servers) await server.stop();
  for (const stop of stops.reverse()) await stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

/** The class: N students, closed loop, D seconds; returns how many answers were stored. */
async function classRun(tokens: string[]): Promise<number> {
  const idle = pids.map((pid) => status(pid, "VmRSS"));
  const peak = [...idle];
  const sampler = setInterval(() => {
    pids.forEach((pid, i) => {
      try {
        peak[i] = Math.max(peak[i]!, status(pid, "VmRSS"));
      } catch {
        // the server went away: the errors below say so
      }
    });
  }, 100);
  const latencies: number[] = [];
  // Each student's first answer apart: the class starts at once, so the first answers queue
  // behind each other at every stage together instead of in a pipeline.
  const firstLatencies: number[] = [];
  const laterLatencies: number[] = [];
  // Per instance, and answers stored per student: where the slowest answers come from.
  const byInstance = servers.map(() => [] as number[]);
  const perStudent = tokens.map(() => 0);
  const errors = new Map<string, number>();
  let stored = 0;
  const end = performance.now() + seconds * 1000;
  const c0 = pids.map((pid) => allCpu(pid));
  const main0 = pids.map((pid) => cpuMs(`/proc/${pid}/task/${pid}/stat`));
  const self0 = process.cpuUsage();
  const pg0 = postgresCpu?.() ?? 0;
  const s30 = s3Cpu?.() ?? 0;
  const classThreads0 = threadCpu();
  let storedByFirst = 0;
  // Time each main thread spent running and runnable but waiting for a core (schedstat, ns).
  const sched = () =>
    pids.map((pid) => fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ").map(Number));
  const sched0 = sched();
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, i) => {
      const server = servers[i % servers.length]!;
      let first = true;
      while (performance.now() < end) {
        const s = performance.now();
        let code: string;
        try {
          code = String(await upload(server, token, `class-${i}`));
        } catch (e) {
          code = (e as Error).message;
        }
        if (code === "201") {
          stored++;
          if (server === servers[0]) storedByFirst++;
          latencies.push(performance.now() - s);
          byInstance[i % servers.length]!.push(performance.now() - s);
          perStudent[i]!++;
          (first ? firstLatencies : laterLatencies).push(performance.now() - s);
          first = false;
        } else errors.set(code, (errors.get(code) ?? 0) + 1);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const sched1 = sched();
  clearInterval(sampler);
  for (const l of [latencies, firstLatencies, laterLatencies, ...byInstance]) l.sort((a, b) => a - b);
  perStudent.sort((a, b) => a - b);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  const cpu = pids.reduce((sum, pid, i) => sum + allCpu(pid) - c0[i]!, 0);
  const self = process.cpuUsage(self0);
  const pgMs = postgresCpu ? postgresCpu() - pg0 : null;
  const s3Ms = s3Cpu ? s3Cpu() - s30 : null;
  const classThreads = threadsSince(classThreads0, storedByFirst);
  const mainBusy = pids.map((pid, i) => cpuMs(`/proc/${pid}/task/${pid}/stat`) - main0[i]!);
  console.log(
    `\n${students} students × ${seconds} s, closed loop, each into their own result set${idleSeconds > 0 ? `, after ${idleSeconds} s without work` : ""}:`,
  );
  console.log(`  stored ${stored} in ${wall.toFixed(1)} s: ${(stored / wall).toFixed(1)} answers/s`);
  console.log(
    `  latency p50 ${pct(latencies, 50).toFixed(0)} ms, p95 ${pct(latencies, 95).toFixed(0)} ms, p99 ${pct(latencies, 99).toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms`,
  );
  console.log(
    `    each student's first answer: p50 ${pct(firstLatencies, 50).toFixed(0)} ms, p90 ${pct(firstLatencies, 90).toFixed(0)} ms, max ${(firstLatencies.at(-1) ?? 0).toFixed(0)} ms; the later ones: p50 ${pct(laterLatencies, 50).toFixed(0)} ms, p99 ${pct(laterLatencies, 99).toFixed(0)} ms, max ${(laterLatencies.at(-1) ?? 0).toFixed(0)} ms`,
  );
  if (servers.length > 1)
    console.log(
      `    by instance (p50 / p99): ${byInstance.map((l, k) => `${k + 1}: ${pct(l, 50).toFixed(0)} / ${pct(l, 99).toFixed(0)} ms (${l.length})`).join(", ")}`,
    );
  console.log(
    `    answers stored per student: min ${perStudent[0]}, median ${perStudent[Math.floor(perStudent.length / 2)]}, max ${perStudent.at(-1)}`,
  );
  console.log(
    `  errors ${errorCount}${errorCount ? ` (${[...errors].map(([k, v]) => `${k}: ${v}`).join(", ")})` : ""}`,
  );
  pids.forEach((pid, i) =>
    console.log(
      `  instance ${i + 1}: RSS idle ${mb(idle[i]!)}, peak sampled ${mb(peak[i]!)}, VmHWM ${mb(status(pid, "VmHWM"))}; main thread busy ${((100 * mainBusy[i]!) / (wall * 1000)).toFixed(0)} %, waiting for a core ${((100 * (sched1[i]![1]! - sched0[i]![1]!)) / 1e6 / (wall * 1000)).toFixed(0)} %`,
    ),
  );
  console.log(
    `  server CPU ${(cpu / Math.max(1, stored)).toFixed(1)} ms per stored answer (all instances, all threads); load generator ${((self.user + self.system) / 1000 / Math.max(1, stored)).toFixed(1)} ms${pgMs !== null ? `; PostgreSQL ${(pgMs / Math.max(1, stored)).toFixed(1)} ms` : ""}${s3Ms !== null ? `; S3 server (s3rver) ${(s3Ms / Math.max(1, stored)).toFixed(1)} ms` : ""}`,
  );
  console.log(`  instance 1's CPU per answer it stored, by thread: ${threadList(classThreads)}`);
  return stored;
}
