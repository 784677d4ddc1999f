import { expect, test } from "@playwright/test";
import { parseSrt, promptText } from "./srt";

test("SubRip cues become timed prompt lines, in time order, markup dropped", () => {
  const text =
    "\uFEFF2\r\n00:00:02,500 --> 00:00:04,000\r\n<i>and the sun</i>\r\n\r\n1\r\n00:00:00,000 --> 00:00:02,400\r\nThe north wind\r\nwas blowing\r\n";
  expect(parseSrt(text)).toEqual([
    { startMs: 0, endMs: 2400, text: "The north wind was blowing" },
    { startMs: 2500, endMs: 4000, text: "and the sun" },
  ]);
  expect(promptText(parseSrt(text))).toBe("The north wind was blowing and the sun");
});

test("hours and short fractions count; unreadable or empty cues are skipped", () => {
  const text =
    "1\n01:02:03,5 --> 01:02:04,25\nlate\n\n2\nnot a timing\nskipped\n\n3\n00:00:05,000 --> 00:00:06,000\n\n\n4\n00:00:09,000 --> 00:00:08,000\nbackwards\n";
  expect(parseSrt(text)).toEqual([{ startMs: 3_723_500, endMs: 3_724_250, text: "late" }]);
  expect(parseSrt("")).toEqual([]);
});
