// The classroom run (issue 28): N students each upload a ~3-second Ogg Opus answer into their own
// result set, back to back (closed loop), for D seconds, against a fresh production server (own
// SQLite file and data dir). Prints every target figure:
//   stored/s, latency p50/p95/p99, errors, the server's peak RSS (sampled VmRSS and VmHWM of the
//   HTTP process, worker threads included), and the serial server time per answer with one student
//   (the HTTP process's main-thread CPU per answer, and the one student's mean latency).
// Targets (2 cores, load generator on the same machine): ≥ 40 stored/s, p99 ≤ 2 s, 0 errors,
// peak RSS ≤ 400 MB, serial server time ≤ 30 ms per answer.
//
//   nice -n 19 npx tsx bench/upload/classroom-bench.ts
//   BENCH_STUDENTS=100 BENCH_SECONDS=60 BENCH_PORT=4901 npx tsx bench/upload/classroom-bench.ts
//   BENCH_PROFILE=1 npx tsx bench/upload/classroom-bench.ts   (also a CPU profile of the one-student run)
// Needs a built app (`npm run build`) and espeak-ng + opus-tools. Prints figures; asserts nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { privateServer, seedOrganisation, serverCall } from "../../e2e/support/server";
import { makeSpeechOgg, missingAudioTools } from "../../lib/audio/test-audio";
import { summariseProfile } from "../http/profile-summary";

const students = Number(process.env.BENCH_STUDENTS ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const serialAnswers = Number(process.env.BENCH_SERIAL_ANSWERS ?? 40);
const port = Number(process.env.BENCH_PORT ?? 4901);
const profile = process.env.BENCH_PROFILE === "1";

const missing = await missingAudioTools();
if (missing.length) throw new Error(`missing tools: ${missing.join(", ")} (apt-get install -y espeak-ng opus-tools)`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "classroom-bench-"));
const answer = fs.readFileSync(
  await makeSpeechOgg(dir, "The cat sat on the mat by the door, and then it went to sleep.", { name: "answer.opus" }),
);
const profDir = path.join(dir, "profile");
fs.mkdirSync(profDir);

const server = await privateServer(port, {
  LOG_LEVEL: "warn",
  ...(profile
    ? {
        NODE_OPTIONS: `--import ${path.join(import.meta.dirname, "../http/cpu-profiler.mjs")}`,
        CPU_PROFILE_DIR: profDir,
      }
    : {}),
});
const pid = server.httpPid()!;
const status = (field: string) =>
  Number(/\d+/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${field}:.*`))![0])![0]) * 1024;
// utime + stime of the main thread (tid = pid) and of the whole process, in ms.
const cpuMs = (file: string) => {
  const f = fs.readFileSync(file, "utf8");
  const [utime, stime] = f
    .slice(f.lastIndexOf(")") + 2)
    .split(" ")
    .slice(11, 13)
    .map(Number);
  return ((utime! + stime!) * 1000) / 100; // USER_HZ is 100 on Linux
};
const mainCpu = () => cpuMs(`/proc/${pid}/task/${pid}/stat`);
const allCpu = () => cpuMs(`/proc/${pid}/stat`);

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const tokens: string[] = [];
let upload: (token: string, set: string) => Promise<number>;
try {
  const { org } = await seedOrganisation(server, "class", "class");
  const json = (d: unknown) => JSON.stringify(d);
  const challenge = new FormData();
  challenge.append("id", "answer");
  challenge.append("language", "eng");
  challenge.append("topic", "Read aloud");
  await serverCall(server, "POST", "/challenges/speech", org, challenge);
  for (let i = 0; i < students; i++) {
    const s = await serverCall<{ id: string }>(
      server,
      "POST",
      "/users",
      org,
      json({ firstName: `Student${i}`, infix: null, lastName: "Bench", roles: ["STUDENT"] }),
      "application/json",
    );
    tokens.push(
      (
        await serverCall<{ access_token: string }>(
          server,
          "POST",
          "/tokens",
          org,
          new URLSearchParams({
            grant_type: "client_credentials",
            scope: `tenant/class/organisation/class/student/${s.id}`,
          }).toString(),
          "application/x-www-form-urlencoded",
        )
      ).access_token,
    );
  }
  const blob = new Blob([new Uint8Array(answer)], { type: "audio/ogg" });
  upload = async (token: string, set: string): Promise<number> => {
    const body = new FormData();
    body.append("resultSetId", set);
    body.append("audio", blob, "answer.opus");
    const response = await fetch(`${server.url}/api/challenges/speech/answer/recordings`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  };

  // Warm-up (module loading, JIT, worker start-up), not counted.
  for (let i = 0; i < 10; i++) await upload(tokens[0]!, "warm-up");

  // One student, serially: the server time per answer.
  if (profile) process.kill(pid, "SIGUSR2");
  const main0 = mainCpu();
  const all0 = allCpu();
  const t0 = performance.now();
  let serialErrors = 0;
  for (let i = 0; i < serialAnswers; i++) if ((await upload(tokens[0]!, "serial")) !== 201) serialErrors++;
  const serialWall = (performance.now() - t0) / serialAnswers;
  const serialMain = (mainCpu() - main0) / serialAnswers;
  const serialAll = (allCpu() - all0) / serialAnswers;
  console.log(`One student, ${serialAnswers} answers of ${(answer.length / 1024).toFixed(1)} KB Ogg Opus (~3 s):`);
  console.log(
    `  serial server time per answer: main thread ${serialMain.toFixed(1)} ms CPU; whole process ${serialAll.toFixed(1)} ms CPU; latency ${serialWall.toFixed(1)} ms; errors ${serialErrors}`,
  );
  if (profile) {
    await server.terminate();
    console.log(summariseProfile(profDir, 25));
  } else await classRun();
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

async function classRun() {
  // The class: N students, closed loop, D seconds.
  const idle = status("VmRSS");
  let peak = idle;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, status("VmRSS"));
    } catch {
      // the server went away: the figures below will say so
    }
  }, 100);
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  let stored = 0;
  const end = performance.now() + seconds * 1000;
  const c0 = allCpu();
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, i) => {
      while (performance.now() < end) {
        const s = performance.now();
        let code: string;
        try {
          code = String(await upload(token, `class-${i}`));
        } catch (e) {
          code = (e as Error).message;
        }
        if (code === "201") {
          stored++;
          latencies.push(performance.now() - s);
        } else errors.set(code, (errors.get(code) ?? 0) + 1);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${students} students × ${seconds} s, closed loop, each into their own result set:`);
  console.log(`  stored ${stored} in ${wall.toFixed(1)} s: ${(stored / wall).toFixed(1)} answers/s`);
  console.log(
    `  latency p50 ${pct(latencies, 50).toFixed(0)} ms, p95 ${pct(latencies, 95).toFixed(0)} ms, p99 ${pct(latencies, 99).toFixed(0)} ms, max ${(latencies.at(-1) ?? 0).toFixed(0)} ms`,
  );
  console.log(
    `  errors ${errorCount}${errorCount ? ` (${[...errors].map(([k, v]) => `${k}: ${v}`).join(", ")})` : ""}`,
  );
  console.log(
    `  server RSS idle ${mb(idle)}, peak sampled ${mb(peak)}, VmHWM ${mb(status("VmHWM"))}; server CPU ${((allCpu() - c0) / Math.max(1, stored)).toFixed(1)} ms per stored answer`,
  );
}
