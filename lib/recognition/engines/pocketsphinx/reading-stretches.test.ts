import { expect, test } from "@playwright/test";
import type { HeardWord } from "../types";
import { joinExtras, resolveStretches, type StretchEvidence, type StretchParams } from "./reading-stretches";
import { errorStretches } from "./verify-reading";

const word = (w: string, start: number): HeardWord => ({ word: w, start, end: start + 0.2, confidence: 1 });
const OFF: StretchParams = { margin: 1.5, omitMargin: 0, matchLoop: Infinity, wordLoop: Infinity, heardLoop: Infinity };
// A loop that fits every frame at -1 per frame, spelled "AA".
const loop = (frames: number): [string, number, number, number][] =>
  Array.from({ length: frames / 10 }, (_, i) => ["AA", i * 10, i * 10 + 9, -10] as [string, number, number, number]);

/** A forced reading of three 20-frame words with these total scores (nats over each word's frames). */
const threeWords = (score: number, [a, b, c]: [number, number, number]) => ({
  score,
  words: [
    [0, 19],
    [20, 39],
    [40, 59],
  ] as [number, number][],
  segments: [
    [0, 19, a],
    [20, 39, b],
    [40, 59, c],
  ] as [number, number, number][],
});

test("a text word heard as expected but fitting far below the loop over the whole reading becomes a substitution", () => {
  const keys = ["the", "old", "man"];
  const verified = keys.map((w, i) => word(w, i * 0.2));
  // Each word 20 frames; "old" fits 6 nats per frame below the loop, the others 1.
  const evidence: StretchEvidence = {
    stretches: [],
    checks: [],
    whole: {
      fit: threeWords(0, [-40, -140, -40]),
      loop: loop(60),
    },
  };
  expect(resolveStretches(keys, verified, evidence, OFF).map((w) => w.word)).toEqual(keys);
  const checked = resolveStretches(keys, verified, evidence, { ...OFF, matchLoop: 5.5 }).map((w) => w.word);
  expect(checked).toEqual(["the", "/aa aa/", "man"]);
  // A threshold beyond its 6 nats leaves it.
  expect(resolveStretches(keys, verified, evidence, { ...OFF, matchLoop: 6.5 }).map((w) => w.word)).toEqual(keys);
});

test("in a stretch kept as decoded, a text word heard there that fits far below the loop becomes what the loop heard", () => {
  const keys = ["he", "bought", "bread", "cheese"];
  // "bread" heard twice: a repetition, unless the second one is no fit for "bread".
  const heard = ["he", "bought", "bread", "bread", "cheese"];
  const verified = heard.map((w, i) => word(w, i * 0.2));
  const stretches = errorStretches(keys, heard);
  expect(stretches).toHaveLength(1);
  const s = stretches[0]!;
  // The written reading scores far below the decoded one (kept as decoded); in the decoded reading
  // (anchor "bought", the extra "bread", anchor "bread": the alignment takes the first one as the
  // extra) the extra one fits 5 per frame below the loop.
  const rival = threeWords(-100, [-20, -120, -20]);
  const fit = { ...rival, score: -1000 };
  const evidence: StretchEvidence = {
    stretches,
    checks: [{ fit, rival, without: [], loop: loop(60), offset: 0 }],
  };
  expect(s.h1 - s.h0).toBe(1);
  expect(resolveStretches(keys, verified, evidence, OFF).map((w) => w.word)).toEqual(heard);
  const checked = resolveStretches(keys, verified, evidence, { ...OFF, heardLoop: 4 }).map((w) => w.word);
  expect(checked).toEqual(["he", "bought", "/aa aa/", "bread", "cheese"]);
});

test("a stretch read as written keeps its words, unless one of them fits far below the loop", () => {
  const keys = ["the", "old", "man"];
  const heard = ["the", "/b ow/", "man"];
  const verified = heard.map((w, i) => word(w, i * 0.2));
  const stretches = errorStretches(keys, heard);
  const fit = threeWords(-100, [-20, -80, -20]);
  // The written reading scores as well as the decoded one: read as written.
  const evidence: StretchEvidence = {
    stretches,
    checks: [{ fit, rival: { ...fit }, without: [null], loop: loop(60), offset: 0 }],
  };
  expect(resolveStretches(keys, verified, evidence, OFF).map((w) => w.word)).toEqual(keys);
  // "old" fits 3 per frame below the loop: a substitution at a threshold of 2, not at 5.
  expect(resolveStretches(keys, verified, evidence, { ...OFF, wordLoop: 5 }).map((w) => w.word)).toEqual(keys);
  expect(resolveStretches(keys, verified, evidence, { ...OFF, wordLoop: 2 }).map((w) => w.word)).toEqual([
    "the",
    "/aa aa/",
    "man",
  ]);
});

test("an extra word right beside a text word heard as sounds joins it: one substitution, not an insertion too", () => {
  const keys = ["he", "bought", "bread", "cheese"];
  // "bread" said as "river", heard as "/r ih/" and "/v er/": the second is the substitution, the first extra.
  const heard = ["he", "bought", "/r ih/", "/v er/", "cheese"].map((w, i) => word(w, i * 0.2));
  const joined = joinExtras(keys, heard);
  expect(joined.map((w) => w.word)).toEqual(["he", "bought", "/v er/", "cheese"]);
  expect(joined[2]!.start).toBeCloseTo(0.4);
  expect(joined[2]!.end).toBeCloseTo(0.8);
  // A text word heard in its own place is no substitution: an extra word beside it stays.
  const extra = ["he", "bought", "really", "bread", "cheese"].map((w, i) => word(w, i * 0.2));
  expect(joinExtras(keys, extra).map((w) => w.word)).toEqual(extra.map((w) => w.word));
});
