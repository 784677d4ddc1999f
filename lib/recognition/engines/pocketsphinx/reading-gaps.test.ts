import { expect, test } from "@playwright/test";
import type { HeardWord } from "../types";
import { addExtras, gapItems } from "./reading-gaps";

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
});

test("an extra run beside a text word heard as sounds joins it (one substitution)", () => {
  const keys = ["he", "ran", "the", "road"];
  const heard = [word("he", 0), word("/r ey/", 0.3), word("the", 0.9), word("road", 1.2)];
  const out = addExtras(keys, heard, [{ after: 1, word: "/n/", start: 55, end: 84 }]);
  expect(out.map((w) => w.word.startsWith("/"))).toEqual([false, true, false, false]);
  expect([out[1]!.start, out[1]!.end]).toEqual([0.3, 0.85]);
});

test("items: an omitted text word is optional, a heard word in place of a text word may be the text word", () => {
  const keys = ["he", "ran", "the", "last", "road"];
  const heard = [word("he", 0), word("/r ey/", 0.3), word("the", 0.9), word("road", 1.2)];
  expect(gapItems(keys, heard)).toEqual({
    items: ["he", "/r ey/|ran", "the", "?last", "road"],
    heard: [0, 1, 2, -1, 3],
    text: [0, 1, 2, 3, 4],
  });
  // The search said "last" after all and "ran" where "/r ey/" was heard.
  const out = addExtras(keys, heard, [
    { item: 3, word: "last", start: 110, end: 119 },
    { item: 1, word: "ran", start: 30, end: 49 },
  ]);
  expect(out.map((w) => w.word)).toEqual(keys);
  expect([out[3]!.start, out[3]!.end]).toEqual([1.1, 1.2]);
});

test("an extra word heard is optional, and dropped unless the gap search said it", () => {
  const keys = ["he", "ran", "the", "road"];
  const heard = [word("he", 0), word("ran", 0.3), word("big", 0.6), word("the", 0.9), word("road", 1.2)];
  expect(gapItems(keys, heard).items).toEqual(["he", "ran", "+big", "the", "road"]);
  expect(addExtras(keys, heard, []).map((w) => w.word)).toEqual(keys);
  const kept = addExtras(keys, heard, [{ item: 2, word: "big", start: 60, end: 79 }]);
  expect(kept).toEqual(heard);
});
