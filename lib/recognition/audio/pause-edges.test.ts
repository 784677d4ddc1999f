import { expect, test } from "@playwright/test";
import type { Pcm } from "../engines/types";
import { refineEdgesAtPauses } from "./pause-edges";

const RATE = 16000;

/** Quiet noise at `floor` with tones (amplitude 0.3) over the given spans (seconds). */
function audioWith(spans: [number, number][], seconds: number, floor = 1e-4): Pcm {
  const samples = new Float32Array(Math.round(seconds * RATE));
  let seed = 1;
  for (let i = 0; i < samples.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    samples[i] = (seed / 2 ** 31 - 0.5) * 2 * floor;
  }
  for (const [from, to] of spans)
    for (let i = Math.round(from * RATE); i < Math.round(to * RATE); i++)
      samples[i] = samples[i]! + 0.3 * Math.sin((2 * Math.PI * 220 * i) / RATE);
  return { samples, sampleRate: RATE };
}

test("edges next to pauses move to where the sound starts and ends", () => {
  const audio = audioWith(
    [
      [0.3, 0.6],
      [0.9, 1.2],
    ],
    1.6,
  );
  // The aligner took 80 ms of the first pause into word 1, ended it 60 ms early, and started word 2 late.
  const refined = refineEdgesAtPauses(
    [
      { start: 0.22, end: 0.54 },
      { start: 0.97, end: 1.2 },
    ],
    audio,
  );
  expect(Math.abs(refined[0]!.start - 0.3)).toBeLessThanOrEqual(0.01);
  expect(Math.abs(refined[0]!.end - 0.6)).toBeLessThanOrEqual(0.01);
  expect(Math.abs(refined[1]!.start - 0.9)).toBeLessThanOrEqual(0.01);
  expect(Math.abs(refined[1]!.end - 1.2)).toBeLessThanOrEqual(0.01);
});

test("words that touch keep the boundary they share; an edge with no sound in reach stays", () => {
  const audio = audioWith([[0.3, 0.9]], 1.2);
  const refined = refineEdgesAtPauses(
    [
      { start: 0.3, end: 0.6 },
      { start: 0.6, end: 0.9 },
    ],
    audio,
  );
  expect(refined[0]!.end).toBe(0.6);
  expect(refined[1]!.start).toBe(0.6);
  // Aligned far into the silence (more than the reach from any sound): left as the aligner put it.
  const far = refineEdgesAtPauses([{ start: 0.3, end: 0.6 }], audioWith([[1.5, 1.7]], 2));
  expect(far[0]).toEqual({ start: 0.3, end: 0.6 });
});
