import os from "node:os";
import { speechSpan } from "../template/mfcc.mjs";
import type { AnswerSpan, Pcm } from "../types";

// The part of a choice answer the searches read: the speech the template engine's trimming finds
// (mfcc.mjs speechSpan: 6 loud frames in 10, so one noisy frame does not extend it) with 150 ms of
// the audio around it. Both stages of the cascade then read the same speech, and the part is
// settled once the student has stopped speaking, so the answer can be judged before its last
// chunk arrives (early-choice.ts). Silence and steady noise are refused as trim() in
// sphinx_decoder.py refuses them.

const FRAME = 160; // 10 ms at 16 kHz
const MIN_FRAMES = 10;
// log10 of the mean squared 16-bit sample of a 10 ms frame: -60 dBFS, and a 6 dB loud-to-quiet range.
const SILENT = 3.0;
const STEADY = 0.6;
// Frames of audio kept before and after the speech (speechSpan keeps 3 already): the grammar's
// silence needs some.
const BEFORE = 12;
const AFTER = 13;

export type TrimmedAnswer =
  /** Samples [first·160, last·160) hold the speech. */
  { first: number; last: number; silent: null } | { first: 0; last: 0; silent: string };

/** Samples as the engine's processes take them: 16-bit, rounded from -1..1. */
export function toInt16(pcm: Pcm): Int16Array {
  // A typed-array loop (not Buffer.writeInt16LE per sample): it runs on the event loop for every answer.
  const samples = pcm.samples;
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i] || 0;
    out[i] = Math.round(Math.max(-1, Math.min(1, x)) * 32767);
  }
  return out;
}

/** Base64 of 16-bit little-endian samples, the processes' audio format. */
export function int16Base64(samples: Int16Array): string {
  const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  return (os.endianness() === "BE" ? Buffer.from(bytes).swap16() : bytes).toString("base64");
}

/** Why the answer holds no speech (too short, silent, or one steady sound), or null. */
export function silenceOf(samples: Int16Array): string | null {
  const n = Math.floor(samples.length / FRAME);
  if (n < MIN_FRAMES) return "too little audio";
  const energy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let k = i * FRAME; k < (i + 1) * FRAME; k++) sum += samples[k]! * samples[k]!;
    energy[i] = Math.log10(1 + sum / FRAME);
  }
  energy.sort();
  const floor = energy[Math.floor(n / 10)]!;
  const top = energy[n - 1 - Math.floor(n / 50)]!;
  // Grammar and phone loop fit silence or noise equally badly, so their ratio cannot reject it.
  if (top < SILENT) return "no speech (silence)";
  if (top - floor < STEADY) return "no speech (a steady sound)";
  return null;
}

/** The frames of `pcm` the choice searches read, or why it holds no speech. */
export function trimAnswer(pcm: Pcm, samples: Int16Array = toInt16(pcm)): TrimmedAnswer {
  const silent = silenceOf(samples);
  if (silent) return { first: 0, last: 0, silent };
  const { start, end } = speechSpan(pcm.samples);
  const n = Math.floor(samples.length / FRAME);
  return { first: Math.max(0, start - BEFORE), last: Math.min(n, end + AFTER), silent: null };
}

/** Mono PCM as base64 of 16-bit little-endian samples, the server's audio format. */
export function encodePcm(pcm: Pcm): string {
  return int16Base64(toInt16(pcm));
}

/** The answer's speech as the choice searches take it (trimAnswer), or why it holds none. */
export function choiceAudio(answer: Pcm): { audio: string; span: AnswerSpan } | { silent: string; span: AnswerSpan } {
  const samples = toInt16(answer);
  const cut = trimAnswer(answer, samples);
  const span = spanOfCut(cut, samples.length);
  if (cut.silent !== null) return { silent: cut.silent, span };
  return { audio: int16Base64(samples.subarray(cut.first * FRAME, cut.last * FRAME)), span };
}

/** What the choice searches read of the answer, without encoding it (checked on every chunk). */
export function choiceSpan(answer: Pcm): AnswerSpan {
  const samples = toInt16(answer);
  return spanOfCut(trimAnswer(answer, samples), samples.length);
}

const spanOfCut = (cut: TrimmedAnswer, length: number): AnswerSpan =>
  cut.silent !== null
    ? { key: `silent:${cut.silent}`, to: length }
    : { key: `${cut.first}-${cut.last}`, to: cut.last * FRAME };
