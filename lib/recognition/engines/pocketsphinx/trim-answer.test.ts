import { expect, test } from "@playwright/test";
import { concat, hiss, RATE, tone } from "../test-signals";
import type { Pcm } from "../types";
import { silenceOf, toInt16, trimAnswer } from "./trim-answer";

const pcm = (samples: Float32Array): Pcm => ({ samples, sampleRate: RATE });

test("no speech: too short, silent, or one steady sound, said in words", () => {
  expect(silenceOf(toInt16(pcm(tone(440, 0.05, 0.5))))).toBe("too little audio");
  expect(silenceOf(toInt16(pcm(new Float32Array(RATE))))).toBe("no speech (silence)");
  expect(silenceOf(toInt16(pcm(tone(440, 1, 0.3))))).toBe("no speech (a steady sound)");
  expect(trimAnswer(pcm(hiss(1, 0.2)))).toMatchObject({ silent: "no speech (a steady sound)" });
  expect(silenceOf(toInt16(pcm(concat(hiss(0.5, 0.001), tone(440, 1, 0.5), hiss(0.5, 0.001)))))).toBeNull();
});

test("the speech with about 150 ms around it, and a lone loud frame in the quiet does not extend it", () => {
  const quiet = (s: number, seed: number) => hiss(s, 0.002, seed);
  const speech = concat(quiet(0.5, 1), tone(440, 1, 0.5), quiet(1, 2));
  const cut = trimAnswer(pcm(speech));
  expect(cut.silent).toBeNull();
  // The tone is frames 50..150; about 15 frames of quiet are kept each side.
  expect(cut.first).toBeGreaterThanOrEqual(33);
  expect(cut.first).toBeLessThanOrEqual(37);
  expect(cut.last).toBeGreaterThanOrEqual(164);
  expect(cut.last).toBeLessThanOrEqual(168);
  const clicked = concat(quiet(0.5, 1), tone(440, 1, 0.5), quiet(0.5, 2), tone(2000, 0.01, 0.9), quiet(0.49, 3));
  expect(trimAnswer(pcm(clicked)).last).toBe(cut.last);
});
