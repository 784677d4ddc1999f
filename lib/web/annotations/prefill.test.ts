import { expect, test } from "@playwright/test";
import { parseSrt, speechSpan, spreadWords, wordsOf } from "./prefill";

test("SRT cues and their words", () => {
  const srt = "1\r\n00:00:01,000 --> 00:00:02,500\r\nThe cat,\r\n<i>sits</i>.\r\n\r\n2\n00:01:00.5 --> 00:01:01,000\nOn the mat!\n";
  expect(parseSrt(srt)).toEqual([
    { startMs: 1000, endMs: 2500, text: "The cat, sits." },
    { startMs: 60_500, endMs: 61_000, text: "On the mat!" },
  ]);
  expect(wordsOf("“Hello,” she said—twice... 42")).toEqual(["Hello", "she", "said—twice", "42"]);
});

test("words spread over each cue in proportion to their length, touching", () => {
  const items = spreadWords([{ startMs: 1000, endMs: 2000, text: "a bbbb" }, { startMs: 3000, endMs: 3300, text: "ok" }]);
  expect(items.map((i) => [i.label, i.startMs, i.endMs])).toEqual([
    ["a", 1000, 1200],
    ["bbbb", 1200, 2000],
    ["ok", 3000, 3300],
  ]);
  expect(items.every((i) => i.layer === "Words")).toBe(true);
});

test("the speech span from the peaks", () => {
  const max = Float32Array.from([0, 0.01, 0.5, 0.2, 0.9, 0.02, 0]);
  const min = Float32Array.from([0, -0.01, -0.5, -0.3, -0.9, -0.02, 0]);
  expect(speechSpan(max, min, 100)).toEqual({ startMs: 20, endMs: 50 });
  expect(speechSpan(new Float32Array(3), new Float32Array(3), 100)).toBeNull();
});
