// The forced-alignment corpus of the judging benchmark: each sentence of judging-sets.ts spoken
// word by word (espeak-ng, one voice, speed, pitch and tempo per sentence, render-utterance.ts),
// each word cut to where its sound is (2-ms windows within 50 dB of its loudest), then joined with
// random gaps of 150–400 ms and 300 ms before and after, so every word's start and end are known
// to the sample. Each sentence three times: gaps of digital silence (exact zeros), the whole in
// faint noise (60 dB SNR, about the level of dither in 16 bits) and in low noise (BENCH_LOW_SNR,
// default 30 dB SNR), white or pink by sentence; SNR on the active speech (render-utterance.ts).
import fs from "node:fs/promises";
import path from "node:path";
import { inParallel } from "./corpus";
import { cachedCorpus, type JudgingParams, varied, voiceTag } from "./judging-corpus";
import { ALIGNMENT_SENTENCES, ALIGNMENT_VOICES } from "./judging-sets";
import { type NoiseBank, random, renderUtterance, type Utterance } from "./render-utterance";
import { activeRms, quantise16, rms, wavBytes } from "./wav";

const RATE = 16000;
const EDGE_S = 0.3;

export type TimedWord = { word: string; start: number; end: number };
/** What fills the gaps: exact zeros, noise at 60 dB SNR, or noise at BENCH_LOW_SNR. */
export type GapKind = "silent" | "faint" | "low";
export type AlignmentAnswer = Utterance & {
  file: string;
  gapKind: GapKind;
  /** Seconds from the start of the file, as written. */
  words: TimedWord[];
  gapsMs: number[];
  seconds: number;
  snrDb: number | null;
};
export type AlignmentCorpus = { lowSnrDb: number; faintSnrDb: number; answers: AlignmentAnswer[] };
const FAINT_SNR_DB = 60;

/** Where a word's sound is: the first and last 2-ms window within 50 dB of the loudest one. */
export function soundSpan(samples: Float32Array): [number, number] {
  const w = Math.round(RATE / 500);
  const energies: number[] = [];
  for (let at = 0; at + w <= samples.length; at += w) {
    let sum = 0;
    for (let i = at; i < at + w; i++) sum += samples[i]! * samples[i]!;
    energies.push(sum / w);
  }
  const floor = Math.max(...energies) * 1e-5; // -50 dB in energy
  const first = energies.findIndex((e) => e >= floor);
  const last = energies.findLastIndex((e) => e >= floor);
  return [first * w, (last + 1) * w];
}

/** The alignment corpus (cached). */
export function alignmentCorpus(params: JudgingParams, log = console.log): Promise<AlignmentCorpus & { dir: string }> {
  const lowSnrDb = Number(process.env.BENCH_LOW_SNR ?? 30);
  const key = { seed: params.seed, lowSnrDb, FAINT_SNR_DB, ALIGNMENT_SENTENCES, ALIGNMENT_VOICES, EDGE_S };
  return cachedCorpus(
    "alignment",
    key,
    async (dir, bank) => {
      const answers: AlignmentAnswer[] = [];
      for (const [s, text] of ALIGNMENT_SENTENCES.entries())
        for (const [g, gapKind] of (["silent", "faint", "low"] as const).entries()) {
          const voice = ALIGNMENT_VOICES[(s + 2 * g) % ALIGNMENT_VOICES.length]!;
          const rand = random(params.seed, `alignment/${s}/${gapKind}`);
          const u = varied(text, voice, rand, gapKind === "silent" ? null : s % 2 ? "white" : "pink");
          const file = `a${s + 1}-${gapKind}${u.noise ? `-${u.noise}` : ""}-${voiceTag(voice)}.wav`;
          answers.push({ ...u, file, gapKind, words: [], gapsMs: [], seconds: 0, snrDb: null });
        }
      log(`  ${answers.length} sentences, ${params.jobs} at a time`);
      await inParallel(
        answers.map((a) => () => {
          const snrDb = a.gapKind === "faint" ? FAINT_SNR_DB : lowSnrDb;
          return joinWords(a, dir, bank, snrDb, random(params.seed, `${a.file}/gaps`));
        }),
        params.jobs,
      );
      return { lowSnrDb, faintSnrDb: FAINT_SNR_DB, answers };
    },
    log,
  );
}

async function joinWords(a: AlignmentAnswer, dir: string, bank: NoiseBank, snrDb: number, rand: () => number) {
  const parts: Float32Array[] = [];
  const edge = new Float32Array(Math.round(EDGE_S * RATE));
  parts.push(edge);
  let at = edge.length;
  const words = a.text.split(/\s+/);
  for (const [i, word] of words.entries()) {
    const tmp = path.join(dir, `${a.file}.word${i}.wav`);
    // Each word on its own, clean; the noise goes over the joined sentence.
    const { pcm } = await renderUtterance({ ...a, text: word, noise: null }, tmp, { bank, snrDb: 0, rand });
    await fs.rm(tmp, { force: true });
    const samples = Float32Array.from(pcm, (x) => x / 32768);
    const [from, to] = soundSpan(samples);
    parts.push(samples.subarray(from, to));
    a.words.push({ word, start: at / RATE, end: (at + to - from) / RATE });
    at += to - from;
    const gap = i < words.length - 1 ? Math.round((0.15 + rand() * 0.25) * RATE) : edge.length;
    if (i < words.length - 1) a.gapsMs.push(Math.round((gap / RATE) * 1000));
    parts.push(new Float32Array(gap));
    at += gap;
  }
  const speech = new Float32Array(at);
  let offset = 0;
  for (const p of parts) {
    speech.set(p, offset);
    offset += p.length;
  }
  let mix = speech;
  let noise: Float32Array | null = null;
  if (a.noise) {
    const source = bank[a.noise];
    const start = Math.floor(rand() * (source.length - speech.length));
    noise = source.subarray(start, start + speech.length);
    const gain = activeRms(speech, RATE) / (rms(noise) * 10 ** (snrDb / 20));
    mix = speech.map((s, i) => s + gain * noise![i]!);
  }
  const { pcm, back } = quantise16(mix);
  await fs.writeFile(path.join(dir, a.file), wavBytes(pcm, RATE));
  if (noise) {
    const residual = back.map((s, i) => s - speech[i]!);
    a.snrDb = Math.round(20 * Math.log10(activeRms(speech, RATE) / rms(residual)) * 100) / 100;
  }
  a.seconds = pcm.length / RATE;
}
