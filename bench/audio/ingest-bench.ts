// Ingest benchmark: 60-minute spoken recordings (espeak-ng looped with sox) as Ogg Opus and WAV.
// For each file: ingestAudio() time and peak RSS (in a fresh child process), ffmpeg's plain decode
// time of the same file (the speed bar) and, for reference, ffmpeg doing the same job (decode,
// 16 kHz mono, libopus at the same settings). Also 10 vs 60 minutes to show memory does not grow with length.
//
//   npx tsx bench/audio/ingest-bench.ts            # files made in a temp dir, removed afterwards
//   BENCH_AUDIO_DIR=/tmp/x npx tsx bench/audio/ingest-bench.ts   # keep and reuse the files
//   BENCH_MINUTES=20 ...                            # shorter long files
//   INGEST_COMPLEXITY=0 ...                         # another Opus encoder complexity
// Prints figures; asserts nothing.
import { spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SEGMENT_CONFIG } from "../../lib/audio/ingest";
import { makeLongSpeech, missingAudioTools } from "../../lib/audio/test-audio";

const complexity = Number(process.env.INGEST_COMPLEXITY ?? SEGMENT_CONFIG.complexity);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const minutes = Number(process.env.BENCH_MINUTES ?? 60);
const keep = !!process.env.BENCH_AUDIO_DIR;
const dir = process.env.BENCH_AUDIO_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), "ingest-bench-")));
await fs.mkdir(dir, { recursive: true });

const missing = await missingAudioTools();
if (missing.length)
  throw new Error(`missing tools: ${missing.join(", ")} (apt-get install -y espeak-ng opus-tools sox ffmpeg)`);

type Spec = { label: string; seconds: number; format: "wav" | "ogg"; sampleRate?: number; channels?: 1 | 2 };
const specs: Spec[] = [
  { label: `Ogg Opus 48k mono 32k (opusenc), ${minutes} min`, seconds: minutes * 60, format: "ogg" },
  { label: `WAV 16k mono s16, ${minutes} min`, seconds: minutes * 60, format: "wav", sampleRate: 16000 },
  { label: `WAV 22.05k mono s16, ${minutes} min`, seconds: minutes * 60, format: "wav", sampleRate: 22050 },
  { label: `WAV 48k stereo s16, ${minutes} min`, seconds: minutes * 60, format: "wav", sampleRate: 48000, channels: 2 },
  { label: "Ogg Opus 48k mono 32k (opusenc), 10 min", seconds: 600, format: "ogg" },
  { label: "WAV 16k mono s16, 10 min", seconds: 600, format: "wav", sampleRate: 16000 },
  { label: "WAV 48k stereo s16, 10 min", seconds: 600, format: "wav", sampleRate: 48000, channels: 2 },
];

function run(
  cmd: string,
  args: string[],
): Promise<{ ms: number; stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ ms: performance.now() - t0, stdout, stderr, code }));
  });
}

async function timeCmd(cmd: string, args: string[]): Promise<{ ms: number; cpuMs: number; maxRssMB: number }> {
  // /usr/bin/time: %M peak RSS in KiB, %U/%S CPU seconds.
  const r = await run("/usr/bin/time", ["-f", "TIME %M %U %S", cmd, ...args]);
  if (r.code !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  const [, rss, user, sys] = /TIME (\d+) ([\d.]+) ([\d.]+)/.exec(r.stderr) ?? [];
  return { ms: r.ms, cpuMs: (Number(user) + Number(sys)) * 1000, maxRssMB: Math.round(Number(rss) / 1024) };
}

async function ingestChild(file: string, worker = "auto") {
  const r = await run(process.execPath, ["--import", "tsx", path.join(here, "ingest-child.ts"), file, worker]);
  if (r.code !== 0) throw new Error(`ingest failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!) as {
    ms: number;
    cpuMs: number;
    baseRssMB: number;
    sampledPeakRssMB: number;
    maxRssMB: number;
    normalisedBytes: number;
    result: { info: { durationMs: number; samples: number }; normalised: { durationMs: number } };
  };
}

const haveTime = await fs.access("/usr/bin/time").then(
  () => true,
  () => false,
);
if (!haveTime) throw new Error("/usr/bin/time missing (apt-get install -y time)");

console.log(
  `# ingest benchmark: ${os.cpus().length} cores, Node ${process.version}, ${(await run("ffmpeg", ["-version"])).stdout.split("\n")[0]}`,
);
console.log(`# normalised segment: ${JSON.stringify({ ...SEGMENT_CONFIG, complexity })}`);
console.log(
  `# files in ${dir}${keep ? " (kept)" : ""}; load average at start ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);

const files: Array<{ spec: Spec; file: string }> = [];
for (const spec of specs) {
  const name = `bench-${spec.seconds}s-${spec.format}-${spec.sampleRate ?? 48000}-${spec.channels ?? 1}ch.${spec.format === "ogg" ? "opus" : "wav"}`;
  const file = path.join(dir, name);
  const exists = await fs.stat(file).then(
    (s) => s.size > 0,
    () => false,
  );
  if (!exists) {
    const t0 = performance.now();
    await makeLongSpeech(dir, spec.seconds, {
      format: spec.format,
      sampleRate: spec.sampleRate,
      channels: spec.channels,
      name,
    });
    console.log(`# made ${name} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  files.push({ spec, file });
}

const rows: string[] = [];
rows.push(
  [
    "file",
    "size MB",
    "ingest s",
    "ffmpeg decode s",
    "ratio",
    "ingest CPU s",
    "ffmpeg CPU s",
    "ingest maxRSS MB (base)",
    "ffmpeg same job s",
    "no-worker ingest s",
    "normalised KB",
  ].join(" | "),
);
for (const { spec, file } of files) {
  const size = (await fs.stat(file)).size;
  // Warm the page cache so neither side pays for the first read.
  for await (const _ of createReadStream(file, { highWaterMark: 1 << 22 })) void _;
  // Two runs each, interleaved; the best of each counts (the machine may be shared).
  const ffA = await timeCmd("ffmpeg", ["-v", "error", "-nostdin", "-i", file, "-f", "null", "-"]);
  const ingA = await ingestChild(file);
  const ffB = await timeCmd("ffmpeg", ["-v", "error", "-nostdin", "-i", file, "-f", "null", "-"]);
  const ingB = await ingestChild(file);
  const ff = Math.min(ffA.ms, ffB.ms);
  const ing = ingA.ms <= ingB.ms ? ingA : ingB;
  const job = await timeCmd("ffmpeg", [
    "-v",
    "error",
    "-nostdin",
    "-y",
    "-i",
    file,
    "-ac",
    "1",
    "-ar",
    "16000",
    "-c:a",
    "libopus",
    "-b:a",
    String(SEGMENT_CONFIG.bitrate),
    "-application",
    "voip",
    "-frame_duration",
    "20",
    "-compression_level",
    String(complexity),
    "-f",
    "ogg",
    "/dev/null",
  ]);
  const single = spec.seconds >= 600 ? await ingestChild(file, "off") : null;
  const row = [
    spec.label,
    (size / 2 ** 20).toFixed(1),
    (ing.ms / 1000).toFixed(2),
    (ff / 1000).toFixed(2),
    (ing.ms / ff).toFixed(2),
    (ing.cpuMs / 1000).toFixed(2),
    (Math.min(ffA.cpuMs, ffB.cpuMs) / 1000).toFixed(2),
    `${ing.maxRssMB} (${ing.baseRssMB})`,
    (job.ms / 1000).toFixed(2),
    single ? (single.ms / 1000).toFixed(2) : "-",
    Math.round(ing.normalisedBytes / 1024).toString(),
  ].join(" | ");
  rows.push(row);
  console.log(row);
  console.log(
    `#   runs: ffmpeg decode ${(ffA.ms / 1000).toFixed(2)} / ${(ffB.ms / 1000).toFixed(2)} s (maxRSS ${ffA.maxRssMB} MB), ` +
      `ingest ${(ingA.ms / 1000).toFixed(2)} / ${(ingB.ms / 1000).toFixed(2)} s (maxRSS ${ingA.maxRssMB} / ${ingB.maxRssMB} MB); ` +
      `ingest sampled peak RSS ${ing.sampledPeakRssMB} MB; durations: source ${ing.result.info.durationMs} ms, normalised ${ing.result.normalised.durationMs} ms` +
      (single ? `; no-worker maxRSS ${single.maxRssMB} MB` : ""),
  );
}

console.log(
  `\n# load average at end ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(rows.join("\n"));
console.log(
  "\n# ratio = ingest / ffmpeg decode (both wall time, warm page cache). ingest = validation + SHA-256 + peaks + normalised Ogg Opus," +
    "\n# timed inside the child around ingestAudio() (excludes Node/tsx start-up, ~0.3 s); ffmpeg times include its start-up (~40 ms)." +
    "\n# CPU s = user + system time of all threads (ingest uses a second thread for the Opus encoder; wall time is what the ratio uses)." +
    "\n# maxRSS = peak RSS of the whole ingest process (Node + tsx + worker thread); base = RSS just before ingestAudio() was called." +
    "\n# 'ffmpeg same job' = ffmpeg decoding, downmixing, resampling to 16 kHz and encoding libopus at the same bitrate and complexity.",
);
if (!keep) await fs.rm(dir, { recursive: true, force: true });
