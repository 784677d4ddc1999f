import { expect, test } from "@playwright/test";
import { hasTextToAlign, wordFragments } from "./reference-alignment";

test("aligned words become Words fragments in whole ms, clipped to the recording, empty ones dropped", () => {
  const words = [
    { word: "the", start: 0.1234, end: 0.3006 },
    { word: "cat", start: 0.3006, end: 0.3006 }, // nothing left of it
    { word: "sits", start: 0.31, end: 1.2 }, // past the end of a 1-second recording
  ];
  expect(wordFragments(words, 1000)).toEqual([
    { startMs: 123, endMs: 301, labels: [{ layer: "Words", label: "the", comment: "" }] },
    { startMs: 310, endMs: 1000, labels: [{ layer: "Words", label: "sits", comment: "" }] },
  ]);
});

test("only challenges with SRT sentences give their recordings a text to align", () => {
  expect(hasTextToAlign({ srtFilePk: "file" })).toBe(true);
  expect(hasTextToAlign({ srtFilePk: null })).toBe(false);
});
