import { expect, test } from "@playwright/test";
import type { ChoiceWeighing, WordRatio } from "./choice-llr";
import { choiceVerdict } from "./choice-verdict";

// Teachers read these details, so their wording is pinned here.
const thresholds = { llr: -4.2, wordLlr: -4.2 };
const word = (w: string, llr: number, start = 0, end = 9): WordRatio => ({ word: w, start, end, llr });
const weighed = (llr: number, worst: WordRatio | null, pause: WordRatio | null = null): ChoiceWeighing => ({
  llr,
  speechFrames: 20,
  words: worst ? [worst] : [],
  worst,
  pause,
  accepted: llr >= -4.2 && (worst?.llr ?? 0) >= -4.2 && (pause?.llr ?? 0) >= -4.2,
});
const verdict = (w: ChoiceWeighing) =>
  choiceVerdict(
    [
      ["a", "cat"],
      ["a", "dog"],
    ],
    1,
    w,
    thresholds,
    12,
  );

test("an accepted choice is named, with how sure and its worst word", () => {
  expect(verdict(weighed(-0.8, word("dog", -1.5)))).toEqual({
    choice: 1,
    // min(logistic(2 * 3.4), logistic(2 * 2.7))
    confidence: 0.996,
    engine: "pocketsphinx-en-us/5prealpha",
    ms: 12,
    detail: 'best "a dog" at -0.80 nats/frame against a free phone loop (accepted); worst word "dog" at -1.50',
  });
});

test("a rejection says which threshold the answer missed", () => {
  const below = verdict(weighed(-5, word("dog", -3)));
  expect(below.choice).toBeNull();
  expect(below.confidence).toBe(0.832); // 1 - logistic(2 * -0.8)
  expect(below.detail).toBe(
    'best "a dog" at -5.00 nats/frame against a free phone loop (rejected: below -4.2); worst word "dog" at -3.00',
  );
  expect(verdict(weighed(-3, word("dog", -6))).detail).toBe(
    'best "a dog" at -3.00 nats/frame against a free phone loop (rejected: "dog" below -4.2); worst word "dog" at -6.00',
  );
  expect(verdict(weighed(-3, word("dog", -1), word("<sil>", -7, 5, 14))).detail).toBe(
    'best "a dog" at -3.00 nats/frame against a free phone loop (rejected: a pause where the phone loop hears speech (frames 5..14) below -4.2); worst word "dog" at -1.00',
  );
});
