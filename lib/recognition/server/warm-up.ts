import fs from "node:fs/promises";
import path from "node:path";
import { log } from "@/lib/api/log";
import { ingestInPool } from "@/lib/audio/pool/run-ingest";
import { inTempDir } from "@/lib/storage/temp-dirs";
import { sharedPool } from "@/lib/workers/pool";
import { wavHeader } from "../answers/wav-chunks";
import { choiceEnginesFor } from "../engines/registry";
import type { Pcm } from "../engines/types";

// Before an instance takes its first requests, every worker thread stores one answer's audio and
// the English choice engines judge one answer (on each thread and process). Otherwise the first
// students after a start pay for loading and compiling that code: on the latency bench (10
// sessions at once) the server's first ten answers took p50 ~700 ms and up to ~1.2 s from their
// last chunk, where later ones took ~100 ms (with this warm-up: p50 ~500 ms, up to ~850 ms).

const RATE = 16000;
/** The start waits this long at most: an engine that hangs is the first request's problem, with its timeout. */
const MAX_WAIT_MS = 10_000;

/** Runs the warm-up; never throws (whatever fails here fails again, with its reason, on a real request). */
export async function warmUp(): Promise<void> {
  const started = performance.now();
  const copies = Math.max(1, sharedPool().stats().maxThreads);
  const pcm = syntheticSpeech(1.5);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), MAX_WAIT_MS);
    timer.unref();
  });
  const work = Promise.allSettled([warmIngest(pcm, copies), warmChoiceEngines(pcm, copies)]);
  const results = await Promise.race([work, late]);
  clearTimeout(timer);
  const failed =
    results === "late"
      ? [`not finished after ${MAX_WAIT_MS} ms; serving anyway`]
      : results.flatMap((r) => (r.status === "rejected" ? [String((r.reason as Error)?.message ?? r.reason)] : []));
  log(failed.length ? "warn" : "info", "warm-up", { ms: Math.round(performance.now() - started), failed });
}

/** A vowel-like buzz that swells and fades like syllables, in a little noise (deterministic). */
function syntheticSpeech(seconds: number): Pcm {
  const samples = new Float32Array(Math.round(seconds * RATE));
  let seed = 1;
  const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.01;
  for (let i = 0; i < samples.length; i++) {
    const t = i / RATE;
    const syllables = Math.max(0, Math.sin(Math.PI * 4 * t)) * (t > 0.2 && t < seconds - 0.2 ? 1 : 0);
    const voice = 0.5 * Math.sin(2 * Math.PI * 140 * t) + 0.3 * Math.sin(2 * Math.PI * 700 * t);
    samples[i] = 0.4 * syllables * voice + noise();
  }
  return { samples, sampleRate: RATE };
}

function wavFile(pcm: Pcm): Buffer {
  const data = Buffer.alloc(pcm.samples.length * 2);
  pcm.samples.forEach((x, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, x)) * 32767), 2 * i));
  return Buffer.concat([wavHeader({ channels: 1, sampleRate: RATE, bitsPerSample: 16 }, data.length), data]);
}

async function warmIngest(pcm: Pcm, copies: number): Promise<void> {
  await inTempDir("ws-", async (dir) => {
    const wav = wavFile(pcm);
    await Promise.all(
      Array.from({ length: copies }, async (_, k) => {
        const src = path.join(dir, `warm-${k}.wav`);
        await fs.writeFile(src, wav);
        await ingestInPool(src, { normalisedPath: `${src}-normalised.ogg`, peaksPath: `${src}-peaks.dat` });
      }),
    );
  });
}

async function warmChoiceEngines(pcm: Pcm, copies: number): Promise<void> {
  const engines = (await choiceEnginesFor("eng")).filter((e) => e.info.available);
  const first = engines[0]?.engine;
  if (!first) return;
  const prepared = await first.prepare({ language: "eng", choices: [{ text: "hello there", audio: pcm }] });
  await Promise.all(
    Array.from({ length: copies }, async () => {
      first.span?.(prepared, pcm);
      await first.recognise(prepared, pcm);
    }),
  );
}
