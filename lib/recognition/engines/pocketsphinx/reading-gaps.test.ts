import { expect, test } from "@playwright/test";
import type { HeardWord } from "../types";
import { addExtras } from "./reading-gaps";

const word = (w: string, start: number, confidence = 1): HeardWord => ({
  word: w,
  start,
  end: start + 0.2,
  confidence,
});

test("the gap search's extra words go in after the items they follow, timed in seconds", () => {
  const keys = ["he", "ran", "the", "road"];
  const heard = [word("he", 0), word("ran", 0.3, 0.8), word("the", 0.9), word("road", 1.2)];
  const out = addExtras(keys, heard, [
    { after: 1, word: "ran", start: 55, end: 84 },
    { after: 3, word: "/s t ih l/", start: 145, end: 170 },
  ]);
  expect(out.map((w) => w.word)).toEqual(["he", "ran", "ran", "the", "road", "/s t ih l/"]);
  expect(out[2]).toEqual({ word: "ran", start: 0.55, end: 0.85, confidence: 0.8 });
  expect(addExtras(keys, heard, [{ after: -1, word: "/ah/", start: 0, end: 3 }])[0]!.word).toBe("/ah/");
  expect(addExtras(keys, heard, []).map((w) => w.word)).toEqual(keys);
});

test("an extra run beside a text word heard as sounds joins it (one substitution)", () => {
  const keys = ["he", "ran", "the", "road"];
  const heard = [word("he", 0), word("/r ey/", 0.3), word("the", 0.9), word("road", 1.2)];
  const out = addExtras(keys, heard, [{ after: 1, word: "/n/", start: 55, end: 84 }]);
  expect(out.map((w) => w.word.startsWith("/"))).toEqual([false, true, false, false]);
  expect([out[1]!.start, out[1]!.end]).toEqual([0.3, 0.85]);
});
