import { expect, test } from "@playwright/test";
import type { WordSegment } from "../engines/types";
import { analysisOf, GOOD_FROM, MODERATE_FROM, scoreOf, soundsChanged, verdictOf } from "./score";

const phone = (ipa: string, gop: number | null, start: number) => ({ phone: ipa, ipa, start, end: start + 0.1, gop });
const cat = (gops: (number | null)[]): WordSegment => ({
  word: "cat",
  start: 0,
  end: 0.3,
  chunks: [
    { graphemes: "c", phones: [phone("k", gops[0]!, 0)] },
    { graphemes: "a", phones: [phone("æ", gops[1]!, 0.1)] },
    { graphemes: "t", phones: [phone("t", gops[2]!, 0.2)] },
  ],
});

test("GOP 0 (the expected phone is the best) scores 1; lower GOP scores lower, never below 0", () => {
  expect(scoreOf(0)).toBe(1);
  expect(scoreOf(2)).toBe(1);
  expect(scoreOf(-2)).toBeGreaterThan(scoreOf(-6));
  expect(scoreOf(-1000)).toBeGreaterThanOrEqual(0);
});

test("verdicts follow the two thresholds", () => {
  expect(verdictOf(GOOD_FROM)).toBe("good");
  expect(verdictOf(GOOD_FROM - 0.01)).toBe("moderate");
  expect(verdictOf(MODERATE_FROM)).toBe("moderate");
  expect(verdictOf(MODERATE_FROM - 0.01)).toBe("bad");
  expect(MODERATE_FROM).toBeLessThan(GOOD_FROM);
});

test("the fitted constants: a phone is flagged below GOP ≈ −1.1 and judged bad below GOP ≈ −6.6", () => {
  expect(verdictOf(scoreOf(-0.5))).toBe("good");
  expect(verdictOf(scoreOf(-1))).toBe("good");
  expect(verdictOf(scoreOf(-1.2))).toBe("moderate");
  expect(verdictOf(scoreOf(-4))).toBe("moderate");
  expect(verdictOf(scoreOf(-6.5))).toBe("moderate");
  expect(verdictOf(scoreOf(-6.8))).toBe("bad");
});

test("an alignment becomes the contract's words, chunks and phonemes, each scored from its phones", () => {
  const analysis = analysisOf({ words: [cat([0, -8, -0.5])] })!;
  expect(analysis.words).toHaveLength(1);
  const [c, a, t] = analysis.words[0]!.chunks;
  expect(c).toMatchObject({
    graphemes: "c",
    score: 1,
    verdict: "good",
    phonemes: [{ ipa: "k", score: 1, verdict: "good", start: 0, end: 0.1 }],
  });
  expect(a!.verdict).toBe("bad");
  expect(t!.verdict).toBe("good");
  expect(analysis.score).toBeCloseTo((1 + scoreOf(-8) + scoreOf(-0.5)) / 3, 2);
  expect(soundsChanged({ chunks: cat([0, -8, -0.5]).chunks })).toBe(true);
  expect(soundsChanged({ chunks: cat([0, -0.2, -0.5]).chunks })).toBe(false);
});

test("a phone without a measured GOP makes no analysis: no number is made up", () => {
  expect(analysisOf({ words: [cat([0, null, -1])] })).toBeNull();
  expect(analysisOf({ words: [] })).toBeNull();
});
