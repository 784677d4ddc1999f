import { expect, test } from "@playwright/test";
import { formatSignInCode, normaliseSignInCode } from "@/lib/organisations/sign-in-code";
import { srtSentences } from "./srt";

test("an SRT's cues become the sentences a student reads: no numbers, timings or markup", () => {
  const srt =
    "1\r\n00:00:00,000 --> 00:00:02,000\r\nThe sun is <i>warm</i>.\r\n\r\n2\n00:00:02,000 --> 00:00:04,000\nBirds sing\nin the trees.\n\n\n";
  expect(srtSentences(srt)).toEqual(["The sun is warm.", "Birds sing in the trees."]);
  expect(srtSentences("")).toEqual([]);
});

test("a school code is accepted as a child types it and printed in two groups of four", () => {
  expect(normaliseSignInCode(" abcd-ef 23 ")).toBe("ABCDEF23");
  expect(formatSignInCode("ABCDEF23")).toBe("ABCD-EF23");
});
