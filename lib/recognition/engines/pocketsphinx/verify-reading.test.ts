import { expect, test } from "@playwright/test";
import type { PhoneAlignment } from "./pocketsphinx-types";
import { meanGop, slice, substitutionCandidates } from "./verify-reading";

test("only text words heard in another word's place are candidates, not garbage or extra words", () => {
  const expected = ["the", "old", "man", "walked", "home"];
  expect(substitutionCandidates(expected, ["the", "man", "man", "walked", "home"])).toEqual([
    { heard: 1, expected: 1 },
  ]);
  expect(substitutionCandidates(expected, ["the", "/b ow l d/", "man", "walked", "home"])).toEqual([]);
  expect(substitutionCandidates(expected, ["the", "old", "old", "man", "walked", "home"])).toEqual([]);
});

test("a word's mean GOP weighs its phones by their frames; no phones is no fit", () => {
  const phone = (start: number, end: number, score: number, loop: number) => ({
    phone: "AA",
    start,
    end,
    score,
    loop,
    gop: 0,
  });
  const aligned = (phones: ReturnType<typeof phone>[]): PhoneAlignment => ({
    frameMs: 10,
    words: [{ word: "a", phones }],
    silences: [],
    loop: [],
  });
  // 10 frames at -1 nats/frame below the loop, 30 frames at -5: (-10 - 150) / 40 = -4.
  expect(meanGop(aligned([phone(0, 9, -20, -10), phone(10, 39, -200, -50)]))).toBeCloseTo(-4);
  expect(meanGop(aligned([]))).toBe(Number.NEGATIVE_INFINITY);
});

test("a span of the audio is cut with 100 ms either side, within the audio", () => {
  const audio = { samples: new Float32Array(16000), sampleRate: 16000 as const };
  expect(slice(audio, 0.5, 0.6).samples.length).toBe(4800);
  expect(slice(audio, 0.05, 0.99).samples.length).toBe(16000);
});
