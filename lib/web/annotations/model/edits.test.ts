import { expect, test } from "@playwright/test";
import { mergeWith, moveBoundary, neighbour, relabel, splitAt, tabNeighbour } from "./edits";
import type { Item } from "./types";

const item = (id: string, startMs: number, endMs: number, label = id, layer = "Words"): Item => ({
  id,
  layer,
  label,
  comment: "",
  startMs,
  endMs,
});
const spans = (items: Item[]) => items.map((i) => [i.id, i.label, i.startMs, i.endMs]);

test("split at a time makes two fragments of the same layer and label; too near an edge changes nothing", () => {
  const items = [item("a", 100, 900, "cat"), item("b", 1000, 1200)];
  expect(spans(splitAt("a", 400.4, () => "n")(items))).toEqual([
    ["a", "cat", 100, 400],
    ["n", "cat", 400, 900],
    ["b", "b", 1000, 1200],
  ]);
  expect(splitAt("a", 105, () => "n")(items)).toBe(items);
  expect(splitAt("a", 1000, () => "n")(items)).toBe(items);
  expect(splitAt("zz", 400, () => "n")(items)).toBe(items);
});

test("merge with the next or previous fragment of the layer covers both; free text joins the labels", () => {
  const items = [
    item("a", 100, 400, "the"),
    item("x", 0, 2000, "Noise", "Noise"),
    item("b", 450, 900, "cat"),
    item("c", 900, 1200, "sat"),
  ];
  expect(neighbour(items, items[2], 1)?.id).toBe("c");
  expect(neighbour(items, items[2], -1)?.id).toBe("a");
  expect(neighbour(items, items[0], -1)).toBeNull();
  expect(spans(mergeWith("b", 1, true)(items))).toEqual([
    ["a", "the", 100, 400],
    ["x", "Noise", 0, 2000],
    ["b", "cat sat", 450, 1200],
  ]);
  expect(spans(mergeWith("b", -1, false)(items))).toEqual([
    ["x", "Noise", 0, 2000],
    ["b", "the", 100, 900],
    ["c", "sat", 900, 1200],
  ]);
  expect(mergeWith("a", -1, true)(items)).toBe(items);
});

test("a shared boundary moves the end of one and the start of the other, each keeping 10 ms", () => {
  const items = [item("a", 100, 400), item("b", 400, 900), item("c", 900, 1000)];
  expect(spans(moveBoundary("a", "b", 555.2)(items))).toEqual([
    ["a", "a", 100, 555],
    ["b", "b", 555, 900],
    ["c", "c", 900, 1000],
  ]);
  expect(spans(moveBoundary("a", "b", 0)(items))[0]).toEqual(["a", "a", 100, 110]);
  expect(spans(moveBoundary("a", "b", 5000)(items))[1]).toEqual(["b", "b", 890, 900]);
  expect(spans(relabel("c", "dog")(items))[2]).toEqual(["c", "dog", 900, 1000]);
});

test("Tab goes on from a lane's last fragment to the next lane's first; Shift+Tab back; past the last lane, nowhere", () => {
  const at = (id: string, layer: string, startMs: number): Item => ({
    id,
    layer,
    label: id,
    comment: "",
    startMs,
    endMs: startMs + 100,
  });
  const items = [at("w1", "Words", 0), at("w2", "Words", 500), at("n1", "Noise", 200), at("e1", "Error", 300)];
  const order = ["Words", "Prompt", "Noise", "Error"];
  const id = (i: Item | null) => i?.id ?? null;
  expect(id(tabNeighbour(items, items[0]!, 1, order))).toBe("w2");
  expect(id(tabNeighbour(items, items[1]!, 1, order))).toBe("n1"); // Prompt has none: skipped
  expect(id(tabNeighbour(items, items[2]!, 1, order))).toBe("e1");
  expect(id(tabNeighbour(items, items[3]!, 1, order))).toBeNull();
  expect(id(tabNeighbour(items, items[2]!, -1, order))).toBe("w2");
  expect(id(tabNeighbour(items, items[0]!, -1, order))).toBeNull();
});
