// Choice recognition latency over the websocket (WAMP v2 JSON at /ws) of a RUNNING server: the time
// from sending an answer's last audio chunk to receiving the recognition result, p50 and p95, with
// BENCH_SESSIONS (10) student sessions at once, each answering BENCH_ROUNDS (5) times. An answer is
// 3.0 s of 16 kHz mono 16-bit speech (espeak-ng voices other than the reference's, pitch/tempo
// varied, white/pink noise at 15 dB SNR, see corpus.ts), written as the SDK's WAV recorder does:
// choice.write per ~250-ms chunk, each chunk a whole WAV file, sent in real time (BENCH_PACED=0:
// all at once); then choice.recognise once every write is answered. Also the server's own engine
// time (/api/metrics, histogram recognition_engine_seconds) over the same answers.
// The bench seeds its own tenant, organisation, students and a prepared choice challenge (REST).
//
//   npm run build && PORT=3000 ADMIN_PASSWORD=... npm run serve      # a server, in another shell
//   ADMIN_PASSWORD=... npx tsx bench/recognition/latency-bench.ts    # BENCH_URL=http://127.0.0.1:3000
//   BENCH_START=1 npx tsx bench/recognition/latency-bench.ts         # starts (and stops) a server of its
//        own on a temp DATA_DIR with the existing build, on BENCH_URL's port
//   BENCH_SESSIONS=1 BENCH_ROUNDS=20 BENCH_CHUNK_MS=250 BENCH_GAP_MS=500 ...
//   BENCH_IN_STEP=1 ...  # every round starts at once for all sessions (they otherwise drift apart
//        as their latencies differ, and later rounds collide less)
//   BENCH_REPEAT=3 ...   # the measured rounds three times over (one server, no pause): p95 of each
//        repeat and their median, as one repeat's p95 over 50 answers moves a lot from run to run
// Prints figures; asserts nothing.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { LANGUAGES } from "./choice-sets";
import { noiseBank, random, renderUtterance } from "./render-utterance";
import { engineMetrics, type Started, seed, startServer } from "./rest-seed";
import { WampClient } from "./wamp-client";
import { wavBytes, wavChunks } from "./wav";

const sessions = Number(process.env.BENCH_SESSIONS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const chunkMs = Number(process.env.BENCH_CHUNK_MS ?? 250);
const gapMs = Number(process.env.BENCH_GAP_MS ?? 500);
const repeats = Math.max(1, Number(process.env.BENCH_REPEAT ?? 1));
// Rounds answered first and reported apart: the first answers after a server starts also pay for
// compiling its code paths (the first round's max was about twice the later rounds').
const warmupRounds = Number(process.env.BENCH_WARMUP_ROUNDS ?? 1);
const paced = process.env.BENCH_PACED !== "0";
const ANSWER_SECONDS = 3;
const inStep = process.env.BENCH_IN_STEP === "1" ? ANSWER_SECONDS * 1000 + gapMs + 2000 : 0;
const CHOICES = [
  "I would like a cup of tea with milk please",
  "I would like a glass of cold water please",
  "I would like a cup of coffee with sugar please",
];
const ANSWER_VOICES = ["en-gb", "en-us+f2", "en-gb-scotland", "en-029+m2"];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN;

let base = (process.env.BENCH_URL ?? "http://127.0.0.1:3000").replace(/\/+$/, "");
let adminPassword = process.env.ADMIN_PASSWORD;
let started: Started | undefined;
if (process.env.BENCH_START === "1") {
  console.log(`Starting a server (tsx scripts/serve.ts, temp DATA_DIR) on port ${new URL(base).port || 3000} ...`);
  started = await startServer(Number(new URL(base).port || 3000));
  base = started.url;
  adminPassword = started.adminPassword;
}
if (!adminPassword) throw new Error("ADMIN_PASSWORD is needed (the running server's), or BENCH_START=1");

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "latency-bench-"));
try {
  // The audio: a reference per choice in voice A, and answers in other voices padded to 3.0 s.
  const eng = LANGUAGES.find((l) => l.language === "eng")!;
  const bank = await noiseBank(dir);
  const references = [];
  for (const [i, text] of CHOICES.entries()) {
    const u = { text, ...eng.reference, pitch: 0, tempo: 1, noise: null };
    const { pcm } = await renderUtterance(u, path.join(dir, `ref-${i}.wav`), { bank, snrDb: 0, rand: Math.random });
    references.push({ text, wav: wavBytes(pcm, 16000) });
  }
  const answers: { expected: string; voice: string; seconds: number; chunks: Buffer[] }[] = [];
  for (const [i, text] of CHOICES.entries())
    for (const [k, voice] of ANSWER_VOICES.entries()) {
      const rand = random(1, `latency/${i}/${k}`);
      const u = {
        text,
        voice,
        speed: 150 + Math.round(rand() * 20),
        pitch: Math.round(rand() * 400 - 200),
        tempo: 1 + Math.round(rand() * 10) / 100,
        noise: k % 2 ? ("white" as const) : ("pink" as const),
      };
      const r = await renderUtterance(u, path.join(dir, `answer-${i}-${k}.wav`), {
        bank,
        snrDb: 15,
        rand,
        padTo: ANSWER_SECONDS,
      });
      answers.push({ expected: text, voice, seconds: r.seconds, chunks: wavChunks(r.pcm, 16000, chunkMs) });
    }

  const seeded = await seed(base, adminPassword, sessions, { language: "eng", choices: references });
  console.log(
    `Server ${base}: challenge ${seeded.challengeId} (${CHOICES.length} choices) prepared in ${(seeded.prepareMs / 1000).toFixed(1)} s`,
  );
  const before = await engineMetrics(base, seeded.admin);

  type Sample = {
    round: number;
    lastChunkToResult: number;
    recogniseToResult: number;
    correct: boolean;
    engine: string;
  };
  const answered: Sample[] = [];
  const failures: string[] = [];
  const wsUrl = `${base.replace(/^http/, "ws")}/ws`;
  const t0 = performance.now();
  await Promise.all(
    seeded.students.map(async (studentToken, s) => {
      await sleep((s * chunkMs) / sessions); // sessions out of step, as real students are
      const client = await WampClient.connect(wsUrl, studentToken);
      try {
        for (let r = -warmupRounds; r < rounds * repeats; r++) {
          const answer = answers[(s * rounds + r + answers.length) % answers.length]!;
          try {
            const id = await client.call<string>("nl.itslanguage.choice.init_recognition");
            await client.call("nl.itslanguage.choice.init_challenge", [id, seeded.challengeId]);
            const specs = { channels: 1, sampleWidth: 2, frameRate: 16000, sampleRate: 16000 };
            await client.call("nl.itslanguage.choice.init_audio", [id, "audio/wav"], specs);
            const writes: Promise<unknown>[] = [];
            const start = performance.now();
            let lastSent = 0;
            for (const [i, chunk] of answer.chunks.entries()) {
              // A recorder hands over chunk i when its last sample has been spoken.
              if (paced) await sleep(start + (i + 1) * chunkMs - performance.now());
              lastSent = performance.now();
              writes.push(client.call("nl.itslanguage.choice.write", [id, chunk.toString("base64"), "base64"]));
            }
            await Promise.all(writes);
            const recogniseSent = performance.now();
            const { value, at } = await client.callAt<{ recognised: string | null; engine?: string | null }>(
              "nl.itslanguage.choice.recognise",
              [id],
            );
            answered.push({
              round: r,
              lastChunkToResult: at - lastSent,
              recogniseToResult: at - recogniseSent,
              correct: value?.recognised?.trim().toLowerCase() === answer.expected.toLowerCase(),
              engine: value?.engine ?? "?",
            });
          } catch (error) {
            failures.push((error as Error).message);
          }
          // In step: every session starts round r at the same moment (plus its own offset), so the
          // answers stay "at once" instead of drifting apart as their latencies differ.
          if (inStep) await sleep(t0 + (r + warmupRounds + 1) * inStep + (s * chunkMs) / sessions - performance.now());
          else await sleep(gapMs);
        }
      } finally {
        client.close();
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const after = await engineMetrics(base, seeded.admin);

  const samples = answered.filter((x) => x.round >= 0);
  const cold = answered.filter((x) => x.round < 0).map((x) => x.lastChunkToResult);
  const last = samples.map((x) => x.lastChunkToResult);
  const rec = samples.map((x) => x.recogniseToResult);
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  const secs = answers.map((a) => a.seconds);
  console.log(
    `${samples.length} answers (${sessions} sessions at once × ${rounds}${repeats > 1 ? ` × ${repeats} repeats` : ""}), ${Math.min(...secs).toFixed(2)}–${Math.max(...secs).toFixed(2)} s each, ` +
      `${answers[0]!.chunks.length} WAV chunks of ${chunkMs} ms ${paced ? "sent in real time" : "sent at once"}; ${wall.toFixed(1)} s in all`,
  );
  console.log(
    `  last chunk → result:  p50 ${ms(quantile(last, 0.5))}, p95 ${ms(quantile(last, 0.95))}, max ${ms(Math.max(...last))}`,
  );
  if (cold.length)
    console.log(
      `  before them, ${cold.length} warm-up answers (${warmupRounds} per session, the server's first): last chunk → result p50 ${ms(quantile(cold, 0.5))}, p95 ${ms(quantile(cold, 0.95))}, max ${ms(Math.max(...cold))}`,
    );
  if (repeats > 1) {
    const p95s = Array.from({ length: repeats }, (_, k) =>
      quantile(
        samples.filter((x) => Math.floor(x.round / rounds) === k).map((x) => x.lastChunkToResult),
        0.95,
      ),
    );
    console.log(
      `  last chunk → result p95 per repeat of ${sessions * rounds} answers: ${p95s.map(ms).join(", ")}; median ${ms(quantile(p95s, 0.5))}`,
    );
  }
  console.log(`  recognise → result:   p50 ${ms(quantile(rec, 0.5))}, p95 ${ms(quantile(rec, 0.95))}`);
  // Which stage decided (the cascade names the engine that gave the verdict).
  for (const engine of new Set(samples.map((x) => x.engine))) {
    const mine = samples.filter((x) => x.engine === engine).map((x) => x.lastChunkToResult);
    console.log(
      `    decided by ${engine}: ${mine.length} answers, last chunk → result p50 ${ms(quantile(mine, 0.5))}, p95 ${ms(quantile(mine, 0.95))}`,
    );
  }
  const measuredRounds = [...new Set(samples.map((x) => x.round))].sort((a, b) => a - b);
  console.log(
    `    per round (p50 / max): ${measuredRounds
      .map((r) => {
        const xs = samples.filter((x) => x.round === r).map((x) => x.lastChunkToResult);
        return `${r + 1}: ${ms(quantile(xs, 0.5))} / ${ms(Math.max(...xs))}`;
      })
      .join(", ")}`,
  );
  console.log(
    `  recognised correctly: ${samples.filter((x) => x.correct).length}/${samples.length} (warm-up ${answered.filter((x) => x.round < 0 && x.correct).length}/${cold.length}); failed calls: ${failures.length}`,
  );
  for (const f of [...new Set(failures)].slice(0, 5)) console.log(`    ${f}`);
  for (const [engine, a] of after.engines) {
    const b = before.engines.get(engine) ?? { sum: 0, count: 0 };
    const n = a.count - b.count;
    if (n > 0)
      console.log(
        `  server engine ${engine} (warm-up included): ${n} judgements, mean ${ms((1000 * (a.sum - b.sum)) / n)} each, ${((a.sum - b.sum) / (after.audio - before.audio)).toFixed(3)} s per s of audio`,
      );
  }
  const early = ["used", "changed", "superseded", "unused"].map(
    (k) => `${k} ${(after.early.get(k) ?? 0) - (before.early.get(k) ?? 0)}`,
  );
  console.log(`  judged before the last chunk (warm-up included): ${early.join(", ")}`);
  // The server's figures below count the warm-up answers too.
  const queries = [...after.db].map(([k, n]) => [k, n - (before.db.get(k) ?? 0)] as const).filter(([, n]) => n > 0);
  const total = queries.reduce((a, [, n]) => a + n, 0);
  console.log(
    `  server database: ${(total / Math.max(1, answered.length)).toFixed(1)} queries per answer (${queries
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(
        ([k, n]) =>
          `${k.replace(/model="([^"]*)",operation="([^"]*)"/, "$1.$2")} ${(n / Math.max(1, answered.length)).toFixed(1)}`,
      )
      .join(", ")})`,
  );
  if (!after.engines.size)
    console.log("  server engine time: not visible (/api/metrics gave no recognition_engine_seconds)");
} finally {
  await fs.rm(dir, { recursive: true, force: true });
  await started?.stop();
}
process.exit(0);
