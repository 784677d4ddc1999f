import { expect, test } from "@playwright/test";
import { gopOver, loopSegments, loopSpelling, spanScore, wordGops } from "./stretch-loop";

test("a path's score over a frame range shares each segment out by the frames it overlaps", () => {
  // Frames 0..9 at -10 in all, 10..19 at -40: frames 5..14 take half of each.
  const path: [number, number, number][] = [
    [0, 9, -10],
    [10, 19, -40],
  ];
  expect(spanScore(path, 5, 14)).toBeCloseTo(-25);
  expect(spanScore(path, 20, 30)).toBe(0);
  expect(spanScore(path, 0, 19)).toBeCloseTo(-50);
});

test("a word's fit against the loop is per frame of its own span, 0 where it fits as well", () => {
  const loop = loopSegments([
    ["AH", 0, 9, -10],
    ["K", 10, 19, -20],
  ]);
  // The written path scores -70 over frames 10..19 where the loop has -20: -5 per frame.
  const written = {
    score: -80,
    words: [
      [0, 9],
      [10, 19],
    ] as [number, number][],
    segments: [
      [0, 9, -10],
      [10, 19, -70],
    ] as [number, number, number][],
  };
  expect(wordGops(written, loop).map((x) => Number(x.toFixed(3)))).toEqual([0, -5]);
  expect(gopOver(written.segments, loop, 12, 11)).toBe(0);
});

test("what the loop heard over a span is spelled from the phones mostly inside it, pauses and noise left out", () => {
  const loop: [string, number, number, number][] = [
    ["SIL", 0, 4, -1],
    ["R", 5, 9, -1],
    ["IH", 10, 14, -1],
    ["+NSN+", 15, 16, -1],
    ["V", 17, 20, -1],
    ["ER", 21, 40, -1],
  ];
  // ER is mostly outside 0..22, so it is left out.
  expect(loopSpelling(loop, 0, 22)).toBe("/r ih v/");
  expect(loopSpelling(loop, 0, 4)).toBe("/sil/");
});
