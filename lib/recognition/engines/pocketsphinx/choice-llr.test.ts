import { expect, test } from "@playwright/test";
import { type LoopSegment, loopOver, type PathSegment, WORD_PRIOR_FRAMES, weighChoice } from "./choice-llr";

// A loop path of three 10-frame phones, each scoring -10 nats per frame.
const loop: LoopSegment[] = [
  ["AH", 0, 9, -100],
  ["K", 10, 19, -100],
  ["T", 20, 29, -100],
];

test("the loop's score over a stretch shares a segment out by the frames it overlaps", () => {
  expect(loopOver(loop, 0, 29)).toBe(-300);
  expect(loopOver(loop, 5, 14)).toBe(-100); // half of AH and half of K
  expect(loopOver(loop, 30, 40)).toBe(0);
});

test("an answer the grammar fits nearly as well as the loop is accepted; its worst word is named", () => {
  const path: PathSegment[] = [
    ["<sil>", 0, 4, -40, true],
    ["the", 5, 14, -110, false],
    ["cat", 15, 29, -170, false],
  ];
  const w = weighChoice(path, loop, { llr: -4.2, wordLlr: -4.2 });
  // (-320 - -300) / 25 speech frames
  expect(w.llr).toBeCloseTo(-0.8, 6);
  expect(w.speechFrames).toBe(25);
  const cat = (-170 - loopOver(loop, 15, 29)) / (15 + WORD_PRIOR_FRAMES);
  expect(w.worst).toEqual({ word: "cat", start: 15, end: 29, llr: cat });
  expect(w.accepted).toBe(true);
});

test("one word far worse than the loop rejects the answer although the whole ratio passes", () => {
  const path: PathSegment[] = [
    ["the", 0, 19, -150, false], // better than the loop by 50
    ["dog", 20, 29, -100 - 5 * (10 + WORD_PRIOR_FRAMES), false], // 5 nats per (prior-padded) frame worse
  ];
  const w = weighChoice(path, loop, { llr: -4.2, wordLlr: -4.2 });
  expect(w.llr).toBeGreaterThan(-4.2);
  expect(w.worst?.word).toBe("dog");
  expect(w.worst?.llr).toBeCloseTo(-5, 6);
  expect(w.accepted).toBe(false);
  expect(weighChoice(path, loop, { llr: -4.2, wordLlr: -6 }).accepted).toBe(true);
});

test("a path far below the loop over the whole answer is rejected", () => {
  const path: PathSegment[] = [["cat", 0, 29, -300 - 5 * 30, false]];
  const w = weighChoice(path, loop, { llr: -4.2, wordLlr: -99 });
  expect(w.llr).toBeCloseTo(-5, 6);
  expect(w.accepted).toBe(false);
});

test("a pause the grammar put over speech rejects the answer like a word that does not fit", () => {
  // "she buys sea shells" through "she sells sea shells": the grammar passes over "buys" as a pause.
  const path: PathSegment[] = [
    ["the", 0, 9, -60, false],
    ["<sil>", 10, 19, -100 - 5 * (10 + WORD_PRIOR_FRAMES), true],
    ["cat", 20, 29, -60, false],
  ];
  const w = weighChoice(path, loop, { llr: -4.2, wordLlr: -4.2 });
  expect(w.llr).toBeGreaterThan(-4.2);
  expect(w.worst?.llr).toBeGreaterThan(0);
  expect(w.pause).toMatchObject({ word: "<sil>", start: 10, end: 19 });
  expect(w.pause?.llr).toBeCloseTo(-5, 6);
  expect(w.accepted).toBe(false);
  // A pause over silence, which the loop fits no better, passes.
  const quiet: PathSegment[] = [path[0]!, ["<sil>", 10, 19, -100, true], path[2]!];
  expect(weighChoice(quiet, loop, { llr: -4.2, wordLlr: -4.2 })).toMatchObject({ accepted: true, pause: { llr: 0 } });
  expect(w.words.map((x) => x.word)).toEqual(["the", "cat"]);
});
