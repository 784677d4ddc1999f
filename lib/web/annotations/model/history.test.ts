import { expect, test } from "@playwright/test";
import { COALESCE_MS, edit, emptyHistory, MAX_STEPS, redo, redoLabel, undo, undoLabel } from "./history";
import type { Item } from "./types";

const item = (id: string, label: string, startMs: number, endMs: number): Item => ({
  id,
  layer: "Words",
  label,
  comment: "",
  startMs,
  endMs,
});
const labels = (items: Item[]) => items.map((i) => `${i.label}@${i.startMs}-${i.endMs}`);
const move = (id: string, startMs: number) => (items: Item[]) =>
  items.map((i) => (i.id === id ? { ...i, startMs } : i));

test("undo and redo walk back and forth over edits, with their labels", () => {
  let s = emptyHistory([item("a", "the", 0, 100)]);
  s = edit(s, "Add cat", (l) => [...l, item("b", "cat", 100, 200)], null, 1);
  s = edit(s, "Delete the", (l) => l.filter((i) => i.id !== "a"), null, 2);
  expect(labels(s.items)).toEqual(["cat@100-200"]);
  expect(undoLabel(s)).toBe("Delete the");
  s = undo(s);
  expect(labels(s.items)).toEqual(["the@0-100", "cat@100-200"]);
  expect(redoLabel(s)).toBe("Delete the");
  s = undo(s);
  expect(labels(s.items)).toEqual(["the@0-100"]);
  expect(undo(s)).toBe(s);
  s = redo(redo(s));
  expect(labels(s.items)).toEqual(["cat@100-200"]);
  expect(redo(s)).toBe(s);
});

test("a new edit after undo drops the redo steps", () => {
  let s = emptyHistory([item("a", "the", 0, 100)]);
  s = edit(s, "Relabel", (l) => l.map((i) => ({ ...i, label: "a" })), null, 1);
  s = undo(s);
  s = edit(s, "Move", move("a", 50), null, 2);
  expect(redoLabel(s)).toBeNull();
  expect(labels(s.items)).toEqual(["the@50-100"]);
});

test("a drag's many updates of one fragment are one step; another fragment or a pause starts a new one", () => {
  let s = emptyHistory([item("a", "the", 0, 100), item("b", "cat", 100, 200)]);
  for (let t = 0; t < 20; t++) s = edit(s, "Move the", move("a", t), "update:a:span", 1000 + t * 16);
  expect(s.past).toHaveLength(1);
  expect(labels(undo(s).items)).toEqual(["the@0-100", "cat@100-200"]);
  s = edit(s, "Move cat", move("b", 90), "update:b:span", 1400);
  expect(s.past).toHaveLength(2);
  s = edit(s, "Move cat", move("b", 80), "update:b:span", 1400 + COALESCE_MS + 1);
  expect(s.past).toHaveLength(3);
  // Another edit in between ends the gesture, even with the same key.
  s = edit(s, "Delete the", (l) => l.filter((i) => i.id !== "a"), null, 3000);
  s = edit(s, "Move cat", move("b", 70), "update:b:span", 3001);
  expect(s.past).toHaveLength(5);
});

test("an edit that changes nothing records nothing; the history is bounded", () => {
  let s = emptyHistory([item("a", "the", 0, 100)]);
  expect(edit(s, "Nothing", (l) => l, null, 1)).toBe(s);
  for (let n = 0; n < MAX_STEPS + 50; n++) s = edit(s, `Move ${n}`, move("a", n + 1), null, n);
  expect(s.past).toHaveLength(MAX_STEPS);
  expect(s.past[0].label).toBe("Move 50");
});

test("undo after an undo-redo cycle never coalesces with the edit before it", () => {
  let s = emptyHistory([item("a", "the", 0, 100)]);
  s = edit(s, "Move", move("a", 10), "k", 1);
  s = redo(undo(s));
  s = edit(s, "Move", move("a", 20), "k", 2);
  expect(s.past).toHaveLength(2);
});
