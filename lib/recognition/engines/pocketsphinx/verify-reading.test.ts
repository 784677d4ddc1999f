import { expect, test } from "@playwright/test";
import type { PhoneAlignment } from "./pocketsphinx-types";
import {
  errorStretches,
  innerFrames,
  judgeStretch,
  meanGop,
  slice,
  sliceStartFrame,
  stretchReadings,
  substitutionCandidates,
} from "./verify-reading";

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

test("candidate errors come in stretches between words heard as expected, with those anchors", () => {
  const expected = ["the", "old", "man", "walked", "home"];
  // "old" heard as "man": one stretch between "the" and "man".
  expect(errorStretches(expected, ["the", "man", "man", "walked", "home"])).toEqual([
    { e0: 1, e1: 2, h0: 1, h1: 2, before: { e: 0, h: 0 }, after: { e: 2, h: 2 } },
  ]);
  // "old" and "man" as one garbage run: one stretch of two expected words and one heard.
  expect(errorStretches(expected, ["the", "/m ae n/", "walked", "home"])).toEqual([
    { e0: 1, e1: 3, h0: 1, h1: 2, before: { e: 0, h: 0 }, after: { e: 3, h: 2 } },
  ]);
  // At the ends there is no anchor on that side; a pure omission has no heard words.
  expect(errorStretches(expected, ["/b ow/", "old", "man", "home"])).toEqual([
    { e0: 0, e1: 1, h0: 0, h1: 1, before: null, after: { e: 1, h: 1 } },
    { e0: 3, e1: 4, h0: 3, h1: 3, before: { e: 2, h: 2 }, after: { e: 4, h: 3 } },
  ]);
  expect(errorStretches(expected, expected)).toEqual([]);
});

test("a stretch is compared as written and as decoded, anchors included", () => {
  const expected = ["the", "old", "man", "walked", "home"];
  const heard = ["the", "/m ae n/", "walked", "home"];
  const [s] = errorStretches(expected, heard);
  expect(stretchReadings(s!, expected, heard)).toEqual([
    ["the", "old", "man", "walked"],
    ["the", "/m ae n/", "walked"],
  ]);
  const [end] = errorStretches(expected, ["the", "old", "man", "walked"]);
  expect(stretchReadings(end!, expected, ["the", "old", "man", "walked"])).toEqual([["walked", "home"], ["walked"]]);
});

test("a stretch counts as read when the written reading scores within the margin per frame", () => {
  const fit = (score: number) => ({ score, words: [] as [number, number][] });
  // 100 frames, margin 0.3: the written reading may score up to 30 nats below the decoded one.
  expect(judgeStretch(fit(-1029), fit(-1000), [], 100, 0.3, 0)).toEqual({ as: "written", omit: null });
  expect(judgeStretch(fit(-1031), fit(-1000), [], 100, 0.3, 0)).toEqual({ as: "decoded" });
  expect(judgeStretch(null, fit(-1000), [], 100, 0.3, 0)).toEqual({ as: "decoded" });
  expect(judgeStretch(fit(-1000), null, [], 100, 0.3, 0)).toEqual({ as: "written", omit: null });
  expect(judgeStretch(fit(-1000), fit(-1000), [], 0, 0.3, 0)).toEqual({ as: "decoded" });
});

test("read as written, a word whose leaving out fits best and at least as well is omitted", () => {
  const fit = (score: number) => ({ score, words: [] as [number, number][] });
  const without = [fit(-1010), fit(-990), fit(-995), null];
  expect(judgeStretch(fit(-1000), fit(-1000), without, 100, 0.3, 0)).toEqual({ as: "written", omit: 1 });
  expect(judgeStretch(fit(-1000), fit(-1000), [fit(-1001)], 100, 0.3, 0)).toEqual({ as: "written", omit: null });
  // A margin of 0.1 per frame lets leaving it out score up to 10 nats worse.
  expect(judgeStretch(fit(-1000), fit(-1000), [fit(-1009)], 100, 0.3, 0.1)).toEqual({ as: "written", omit: 0 });
});

test("a stretch's own frames lie between its anchors in the written alignment, at least 10", () => {
  const written = {
    score: 0,
    words: [
      [0, 19],
      [20, 49],
      [50, 69],
    ] as [number, number][],
  };
  expect(innerFrames(written, true, true)).toBe(30);
  expect(innerFrames(written, false, true)).toBe(50);
  expect(innerFrames(written, true, false)).toBe(50);
  expect(
    innerFrames(
      {
        score: 0,
        words: [
          [0, 19],
          [20, 22],
        ],
      },
      true,
      true,
    ),
  ).toBe(10);
});

test("a slice's first sample is counted in 10 ms frames from the audio's start", () => {
  const audio = { samples: new Float32Array(16000), sampleRate: 16000 as const };
  expect(sliceStartFrame(audio, 0.5)).toBeCloseTo(40);
  expect(sliceStartFrame(audio, 0.05)).toBe(0);
});
