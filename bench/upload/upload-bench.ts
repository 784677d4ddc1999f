// Upload benchmark over HTTP against a real app server (its own SQLite file and data dir):
//  - one 60-minute recording (Ogg Opus, and 16 kHz mono WAV) sent as a pronunciation challenge's
//    referenceAudio: time to ingest (the request: upload on loopback + validation + peaks +
//    normalised segment + storage) next to `ffmpeg -i file -f null -` on the same file, and the
//    server's peak RSS (VmHWM of a fresh server process) against its idle RSS;
//  - 50 concurrent short uploads (5 s WAV) as pronunciation analyses: wall time, latency
//    percentiles, server peak RSS.
//
//   npx tsx bench/upload/upload-bench.ts
//   BENCH_MINUTES=10 BENCH_AUDIO_DIR=/tmp/bench-audio npx tsx bench/upload/upload-bench.ts
// Prints figures; asserts nothing. Make sure the app is built (`npm run build` or `npm start` once).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type PrivateServer, privateServer, seedOrganisation, serverCall } from "../../e2e/support/server";
import { makeLongSpeech, makeSpeechWav, missingAudioTools } from "../../lib/audio/test-audio";

const minutes = Number(process.env.BENCH_MINUTES ?? 60);
const port = Number(process.env.BENCH_PORT ?? 4900);
const dir = process.env.BENCH_AUDIO_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "upload-bench-"));
fs.mkdirSync(dir, { recursive: true });
const missing = await missingAudioTools();
if (missing.length)
  throw new Error(`missing tools: ${missing.join(", ")} (apt-get install -y espeak-ng opus-tools sox ffmpeg)`);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const memory = (pid: number, field: "VmHWM" | "VmRSS") =>
  Number(
    /\d+/.exec(
      fs
        .readFileSync(`/proc/${pid}/status`, "utf8")
        .split("\n")
        .find((l) => l.startsWith(field))!,
    )![0],
  ) * 1024;

const call = serverCall;

/** A fresh server with an organisation and a student; returns their tokens. */
async function freshServer() {
  const server = await privateServer(port, { LOG_LEVEL: "warn", MAX_UPLOAD_BYTES: String(2 * 1024 ** 3) });
  const { org, asStudent } = await seedOrganisation(server, "bench", "bench");
  return { server, org, asStudent, pid: server.httpPid()! };
}

async function createChallenge(server: PrivateServer, org: string, file: string, id: string) {
  const body = new FormData();
  body.append("id", id);
  body.append("transcription", "benchmark");
  body.append("language", "eng");
  body.append("referenceAudio", await fs.openAsBlob(file), path.basename(file));
  return call(server, "POST", "/challenges/pronunciation", org, body);
}

function ffmpegSeconds(file: string): number {
  const t0 = performance.now();
  const r = spawnSync("ffmpeg", ["-v", "error", "-nostdin", "-i", file, "-f", "null", "-"]);
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr}`);
  return (performance.now() - t0) / 1000;
}

console.log(`Making ${minutes}-minute recordings in ${dir} ...`);
const long = [
  {
    label: `Ogg Opus, ${minutes} min`,
    file: await reuse(`long-${minutes}.opus`, () =>
      makeLongSpeech(dir, minutes * 60, { format: "ogg", name: `long-${minutes}.opus` }),
    ),
  },
  {
    label: `WAV 16 kHz mono, ${minutes} min`,
    file: await reuse(`long-${minutes}.wav`, () =>
      makeLongSpeech(dir, minutes * 60, { format: "wav", sampleRate: 16000, name: `long-${minutes}.wav` }),
    ),
  },
];
const short = await reuse("short.wav", () =>
  makeSpeechWav(dir, "A short answer of about five seconds, spoken clearly.", { name: "short.wav" }),
);

async function reuse(name: string, make: () => Promise<string>): Promise<string> {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? file : make();
}

console.log("\nOne long recording per fresh server (POST /challenges/pronunciation, referenceAudio)");
console.log(
  "file                         | size    | ingest  | ffmpeg decode | ratio | server idle RSS | server peak RSS",
);
for (const { label, file } of long) {
  const { server, org, pid } = await freshServer();
  try {
    await createChallenge(server, org, short, "warm-up");
    const idle = memory(pid, "VmRSS");
    const t0 = performance.now();
    await createChallenge(server, org, file, "long");
    const ingest = (performance.now() - t0) / 1000;
    const peak = memory(pid, "VmHWM");
    const ff = ffmpegSeconds(file);
    console.log(
      `${label.padEnd(28)} | ${mb(fs.statSync(file).size).padStart(7)} | ${ingest.toFixed(1).padStart(5)} s | ${ff.toFixed(1).padStart(11)} s | ${(ingest / ff).toFixed(2).padStart(5)} | ${mb(idle).padStart(15)} | ${mb(peak).padStart(15)}`,
    );
  } finally {
    await server.stop();
  }
}

console.log("\n50 concurrent short uploads (POST /challenges/pronunciation/:id/analyses, 5 s WAV)");
{
  const { server, org, asStudent, pid } = await freshServer();
  try {
    await createChallenge(server, org, short, "c");
    const bytes = fs.readFileSync(short);
    const idle = memory(pid, "VmRSS");
    const latencies: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        const body = new FormData();
        body.append("audio", new Blob([new Uint8Array(bytes)], { type: "audio/wav" }), "a.wav");
        const s = performance.now();
        await call(server, "POST", "/challenges/pronunciation/c/analyses", asStudent, body);
        latencies.push(performance.now() - s);
      }),
    );
    const wall = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
    console.log(
      `wall ${wall.toFixed(2)} s (${(50 / wall).toFixed(1)} uploads/s); latency p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`,
    );
    console.log(`server RSS idle ${mb(idle)}, peak ${mb(memory(pid, "VmHWM"))}`);
  } finally {
    await server.stop();
  }
}
if (!process.env.BENCH_AUDIO_DIR) fs.rmSync(dir, { recursive: true, force: true });
