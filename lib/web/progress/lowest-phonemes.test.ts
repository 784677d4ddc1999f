import { expect, test } from "@playwright/test";
import type { AnalysisWords } from "@/lib/challenges/pronunciation/alignment";
import { lowestPhonemes } from "./lowest-phonemes";

const word = (...phonemes: [string, number][]): AnalysisWords[number] => ({
  chunks: phonemes.map(([ipa, score]) => ({
    graphemes: ipa,
    score,
    verdict: score < 0.4 ? "bad" : score < 0.7 ? "moderate" : "good",
    phonemes: [{ ipa, score, verdict: score < 0.4 ? "bad" : score < 0.7 ? "moderate" : "good", start: 0, end: 0.1 }],
  })),
});

test("phonemes are gathered across students and analyses, the lowest mean first", () => {
  const figures = lowestPhonemes([
    { userId: "ada", words: [word(["ð", 0.2], ["ə", 0.9]), word(["k", 0.5])] },
    { userId: "ada", words: [word(["ð", 0.4])] },
    { userId: "bob", words: [word(["ð", 0.3], ["k", 0.5], ["w", 0.5])] },
    { userId: "cy", words: null },
  ]);
  expect(figures.map((f) => f.ipa)).toEqual(["ð", "k", "w", "ə"]);
  expect(figures[0]).toEqual({ ipa: "ð", mean: expect.closeTo(0.3, 5), heard: 3, students: 2, bad: 2 });
  // k and w tie on the mean: k was heard more often.
  expect(figures[1]).toMatchObject({ heard: 2, students: 2, bad: 0 });
  expect(lowestPhonemes([], 8)).toEqual([]);
  expect(lowestPhonemes([{ userId: "ada", words: [word(["a", 0.1], ["b", 0.2], ["c", 0.3])] }], 2)).toHaveLength(2);
});
