import { expect, test } from "@playwright/test";
import {
  contentKey,
  countsByLayer,
  itemsFromWire,
  itemsToWire,
  layerDifferences,
  placeKey,
  savedPlaces,
} from "./items";
import type { WireFragment } from "./types";

const wire: WireFragment[] = [
  {
    start: 0.1,
    end: 0.45,
    labels: [
      { layer: "Words", label: "the", comment: "" },
      { layer: "Prompt", label: "Prompt", comment: "x" },
    ],
  },
  { start: 0.5, end: 0.9, labels: [{ layer: "Words", label: "cat", comment: "" }] },
];

test("items split fragments per label, in whole milliseconds", () => {
  const items = itemsFromWire(wire);
  expect(items.map(({ id, ...rest }) => rest)).toEqual([
    { layer: "Words", label: "the", comment: "", startMs: 100, endMs: 450 },
    { layer: "Prompt", label: "Prompt", comment: "x", startMs: 100, endMs: 450 },
    { layer: "Words", label: "cat", comment: "", startMs: 500, endMs: 900 },
  ]);
  expect(new Set(items.map((i) => i.id)).size).toBe(3);
});

test("saving groups items of the same span back into one fragment, sorted", () => {
  const items = itemsFromWire(wire).reverse();
  expect(itemsToWire(items, ["Words", "Prompt"])).toEqual(wire);
  // Floating-point seconds come back exactly.
  expect(
    itemsToWire(itemsFromWire([{ start: 0.3, end: 0.7, labels: [{ layer: "Words", label: " a ", comment: "" }] }])),
  ).toEqual([{ start: 0.3, end: 0.7, labels: [{ layer: "Words", label: "a", comment: "" }] }]);
});

test("content keys ignore ids and order", () => {
  const a = itemsFromWire(wire);
  const b = itemsFromWire(wire).reverse();
  expect(contentKey(a, ["Words", "Prompt"])).toBe(contentKey(b, ["Words", "Prompt"]));
  b[0] = { ...b[0], label: "dog" };
  expect(contentKey(a)).not.toBe(contentKey(b));
});

test("counts and differences per layer, scheme order first", () => {
  expect(countsByLayer(wire)).toEqual({ Words: 2, Prompt: 1 });
  const theirs: WireFragment[] = [
    ...wire,
    { start: 1, end: 1.2, labels: [{ layer: "Error", label: "Grammar", comment: "" }] },
  ];
  expect(layerDifferences(wire, theirs, ["Words", "Prompt", "OutOfPrompt", "Error"])).toEqual([
    { layer: "Words", mine: 2, theirs: 2 },
    { layer: "Prompt", mine: 1, theirs: 1 },
    { layer: "Error", mine: 0, theirs: 1 },
  ]);
});

test("saved places name layer, label and span", () => {
  const saved = savedPlaces(wire);
  expect(saved.has(placeKey("Words", "cat", 500, 900))).toBe(true);
  expect(saved.has(placeKey("Words", "cat", 500, 901))).toBe(false);
});
