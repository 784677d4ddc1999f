import { expect, test } from "@playwright/test";
import { bandOf, misreadKeys, mostMisread, wcpmTrend } from "./fluency";

const DAY = 24 * 3600 * 1000;

test("the trend is the least-squares slope of WCPM per week; attempts without a WCPM are left out", () => {
  // 60, 65, 70 a week apart: +5 per week.
  expect(
    wcpmTrend([
      { at: 0, wcpm: 60 },
      { at: 7 * DAY, wcpm: 65 },
      { at: 14 * DAY, wcpm: 70 },
    ]),
  ).toBe(5);
  // 50 then 60 three and a half days later: +20 per week; the unjudged attempt does not count.
  expect(
    wcpmTrend([
      { at: 0, wcpm: 50 },
      { at: DAY, wcpm: null },
      { at: 3.5 * DAY, wcpm: 60 },
    ]),
  ).toBe(20);
  expect(wcpmTrend([{ at: 0, wcpm: 50 }])).toBeNull();
  expect(
    wcpmTrend([
      { at: 0, wcpm: 50 },
      { at: 0, wcpm: 70 },
    ]),
  ).toBeNull();
});

test("a WCPM falls in the lowest band whose threshold it is below, in whatever order the school listed them", () => {
  const bands = [
    { name: "Developing", belowWcpm: 90 },
    { name: "Needs support", belowWcpm: 60 },
  ];
  expect(bandOf(bands, 45)).toBe("Needs support");
  expect(bandOf(bands, 60)).toBe("Developing");
  expect(bandOf(bands, 90)).toBeNull();
  expect(bandOf(bands, null)).toBeNull();
});

test("the most misread words: PC, SW and DW on the text's words, case aside, each attempt listed once", () => {
  const w = (expected: string, label: string) => ({ expected, recognized: null, label, startTiming: 0, endTiming: 0 });
  const of = (attempt: string, words: ReturnType<typeof w>[]) => ({ attempt, misread: misreadKeys(words) });
  const misread = mostMisread([
    of("a1", [w("The", "CW"), w("Through", "SW"), w("through", "DW"), w("", "IW")]),
    of("a2", [w("through,", "PC"), w("rough", "SW"), w("the", "RW")]),
    of("a3", [w("rough", "CW")]),
  ]);
  expect(misread).toEqual([
    { word: "through", count: 3, attempts: ["a2", "a1"] },
    { word: "rough", count: 1, attempts: ["a2"] },
  ]);
  // Only the latest attempts are listed per word, newest first.
  const many = Array.from({ length: 12 }, (_, i) => ({ attempt: i, misread: misreadKeys([w("rough", "SW")]) }));
  expect(mostMisread(many)[0]).toEqual({ word: "rough", count: 12, attempts: [11, 10, 9, 8, 7, 6, 5, 4, 3, 2] });
});
