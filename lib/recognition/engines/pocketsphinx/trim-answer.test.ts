import { expect, test } from "@playwright/test";
import type { Pcm } from "../types";
import { silenceOf, toInt16, trimAnswer } from "./trim-answer";

const RATE = 16000;
const pcm = (samples: Float32Array): Pcm => ({ samples, sampleRate: RATE });
const tone = (seconds: number, amp: number, hz = 440) =>
  Float32Array.from({ length: Math.round(seconds * RATE) }, (_, i) => amp * Math.sin((2 * Math.PI * hz * i) / RATE));
// Deterministic noise (no flaky tests).
function hiss(seconds: number, amp: number, seed = 1) {
  let s = seed >>> 0;
  return Float32Array.from(
    { length: Math.round(seconds * RATE) },
    () => amp * (((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1),
  );
}
const concat = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

test("no speech: too short, silent, or one steady sound, said in words", () => {
  expect(silenceOf(toInt16(pcm(tone(0.05, 0.5))))).toBe("too little audio");
  expect(silenceOf(toInt16(pcm(new Float32Array(RATE))))).toBe("no speech (silence)");
  expect(silenceOf(toInt16(pcm(tone(1, 0.3))))).toBe("no speech (a steady sound)");
  expect(trimAnswer(pcm(hiss(1, 0.2)))).toMatchObject({ silent: "no speech (a steady sound)" });
  expect(silenceOf(toInt16(pcm(concat(hiss(0.5, 0.001), tone(1, 0.5), hiss(0.5, 0.001)))))).toBeNull();
});

test("the speech with about 150 ms around it, and a lone loud frame in the quiet does not extend it", () => {
  const quiet = (s: number, seed: number) => hiss(s, 0.002, seed);
  const speech = concat(quiet(0.5, 1), tone(1, 0.5), quiet(1, 2));
  const cut = trimAnswer(pcm(speech));
  expect(cut.silent).toBeNull();
  // The tone is frames 50..150; about 15 frames of quiet are kept each side.
  expect(cut.first).toBeGreaterThanOrEqual(33);
  expect(cut.first).toBeLessThanOrEqual(37);
  expect(cut.last).toBeGreaterThanOrEqual(164);
  expect(cut.last).toBeLessThanOrEqual(168);
  const clicked = concat(quiet(0.5, 1), tone(1, 0.5), quiet(0.5, 2), tone(0.01, 0.9, 2000), quiet(0.49, 3));
  expect(trimAnswer(pcm(clicked)).last).toBe(cut.last);
});
