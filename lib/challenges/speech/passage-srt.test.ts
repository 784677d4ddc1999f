import { expect, test } from "@playwright/test";
import { subRipProblem } from "@/lib/media/srt-upload";
import { parseSrt } from "@/lib/web/annotations/prompt/srt";
import { passageSrt } from "./passage-srt";

test("a passage becomes one cue per sentence, timed at 400 ms a word, at least a second each", () => {
  const srt = passageSrt(["The cat sat  on\nthe mat.", "  ", "Yes!", "A ".repeat(9000).trim()]);
  expect(subRipProblem(new TextEncoder().encode(srt))).toBeNull();
  expect(srt.split("\n").slice(0, 7)).toEqual([
    "1",
    "00:00:00,000 --> 00:00:02,400",
    "The cat sat on the mat.",
    "",
    "2",
    "00:00:02,400 --> 00:00:03,400",
    "Yes!",
  ]);
  const cues = parseSrt(srt);
  expect(cues.map((c) => c.text.slice(0, 8))).toEqual(["The cat ", "Yes!", "A A A A "]);
  // 9000 words: an hour and more, which the hours field carries.
  expect(cues[2]).toMatchObject({ startMs: 3400, endMs: 3400 + 9000 * 400 });
  expect(srt).toContain("00:00:03,400 --> 01:00:03,400");
});

test("no sentences, no cues", () => {
  expect(passageSrt([])).toBe("");
  expect(passageSrt([" ", "\n"])).toBe("");
});
