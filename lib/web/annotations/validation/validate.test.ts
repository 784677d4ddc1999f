import { expect, test } from "@playwright/test";
import { DEFAULT_LAYERS } from "@/lib/annotations/label-schemes";
import { placeKey } from "../model/items";
import type { Item } from "../model/types";
import { checkItems, problemIds } from "./validate";

const item = (id: string, layer: string, label: string, startMs: number, endMs: number): Item => ({
  id,
  layer,
  label,
  comment: "",
  startMs,
  endMs,
});
const ctx = (role: "base" | "full" = "full", saved: Set<string> = new Set()) => ({
  layers: DEFAULT_LAYERS,
  durationMs: 2000,
  role,
  saved,
});

test("valid items pass", () => {
  const items = [
    item("a", "Words", "the", 0, 400),
    item("b", "Words", "cat", 400, 900),
    item("c", "Error", "Grammar", 100, 800),
    item("d", "Error", "Deletion", 200, 300),
  ];
  expect(checkItems(items, ctx())).toEqual([]);
});

test("times: start before end, inside the recording", () => {
  const problems = checkItems(
    [item("a", "Words", "x", 500, 500), item("b", "Words", "y", 1900, 2100), item("c", "Noise", "Noise", -10, 20)],
    ctx(),
  );
  expect(problems.map((p) => p.itemId)).toEqual(["a", "b", "c"]);
  expect(problems[0].message).toContain("must start before it ends");
  expect(problems[1].message).toContain("ends after the end of the recording (2.000 s)");
  expect(problems[2].message).toContain("starts before the recording");
});

test("labels: not empty, known on fixed lists, known layers", () => {
  const problems = checkItems(
    [item("a", "Words", "  ", 0, 100), item("b", "Noise", "Cough", 0, 100), item("c", "Tone", "High", 0, 100)],
    ctx(),
  );
  expect(problems.map((p) => [p.itemId, p.message.split(": ")[1]])).toEqual([
    ["a", "needs a label"],
    ["b", "“Cough” is not a label of layer Noise"],
    ["c", "layer Tone is not in the scheme"],
  ]);
});

test("base annotators use their subset, except labels already saved at that place", () => {
  const error = item("e", "Error", "Grammar", 0, 100);
  expect(problemIds(checkItems([error], ctx("base")))).toEqual(new Set(["e"]));
  expect(checkItems([error], ctx("base"))[0].message).toContain("for full annotators only");
  expect(checkItems([error], ctx("base", new Set([placeKey("Error", "Grammar", 0, 100)])))).toEqual([]);
  // Moved: checked again.
  expect(
    checkItems([{ ...error, endMs: 150 }], ctx("base", new Set([placeKey("Error", "Grammar", 0, 100)]))),
  ).toHaveLength(1);
});

test("overlaps within layers that forbid them, against the span reaching furthest", () => {
  const items = [
    item("long", "Words", "a", 0, 1000),
    item("b", "Words", "b", 100, 200),
    item("c", "Words", "c", 500, 600),
    item("n1", "Noise", "Noise", 0, 500),
    item("n2", "Noise", "Breath", 100, 200),
  ];
  const problems = checkItems(items, ctx());
  expect(problems.map((p) => p.itemId)).toEqual(["b", "c"]);
  expect(problems[1].message).toContain("overlaps Words “a” 0.000 s–1.000 s on layer Words");
  // Touching spans do not overlap.
  expect(checkItems([item("a", "Words", "a", 0, 100), item("b", "Words", "b", 100, 200)], ctx())).toEqual([]);
});
