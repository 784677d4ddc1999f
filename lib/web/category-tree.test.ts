import { expect, test } from "@playwright/test";
import type { Category } from "@/lib/categories/schemas";
import { applyMoves, flatten, planMove, projectDrop, stepMove } from "./category-tree";
import { sortRows, missingTimes, setTime } from "./progress-grid";
import type { ProgressEntry } from "@/lib/progress/schemas";

const cat = (id: string, parent: string | null, order: number, created = "2026-01-01T00:00:00.000Z"): Category => ({
  id,
  parent,
  name: id.toUpperCase(),
  order,
  description: null,
  color: null,
  imageUrl: null,
  iconUrl: null,
  speechChallenges: [],
  created,
  updated: created,
});

// a(0) [a1(0), a2(1)], b(1), c(2)
const tree = [cat("c", null, 2), cat("a", null, 0), cat("a2", "a", 1), cat("b", null, 1), cat("a1", "a", 0)];
const ids = (list: Category[]) => flatten(list).map((n) => `${"-".repeat(n.depth)}${n.category.id}`);

test("flatten walks depth-first in the API's order (order, then creation)", () => {
  expect(ids(tree)).toEqual(["a", "-a1", "-a2", "b", "c"]);
  const tie = [cat("y", null, 0, "2026-01-02T00:00:00.000Z"), cat("x", null, 0, "2026-01-01T00:00:00.000Z")];
  expect(ids(tie)).toEqual(["x", "y"]);
  expect(flatten(tree, new Set(["a"])).map((n) => n.category.id)).toEqual(["a", "b", "c"]);
});

test("a move is one PUT when an order fits between the new neighbours, else a renumbering", () => {
  // c to the front: order -1 fits before a's 0.
  expect(planMove(tree, "c", null, 0)).toEqual([{ id: "c", order: -1 }]);
  // a to the end: after c's 2.
  expect(planMove(tree, "a", null, 2)).toEqual([{ id: "a", order: 3 }]);
  // c between a (0) and b (1): nothing fits, so 0, 1, 2 → a keeps 0, c gets 1, b gets 2.
  expect(planMove(tree, "c", null, 1)).toEqual([
    { id: "c", order: 1 },
    { id: "b", order: 2 },
  ]);
  expect(ids(applyMoves(tree, planMove(tree, "c", null, 1)))).toEqual(["a", "-a1", "-a2", "c", "b"]);
  // Into another parent: the parent goes along.
  expect(planMove(tree, "b", "a", 1)).toEqual([
    { id: "b", order: 1, parent: "a" },
    { id: "a2", order: 2 },
  ]);
  // Nowhere new, or under itself / its descendants: nothing.
  expect(planMove(tree, "b", null, 1)).toEqual([]);
  expect(planMove(tree, "a", "a1", 0)).toEqual([]);
});

test("keyboard steps: up, down, indent under the previous sibling, outdent after the parent", () => {
  expect(stepMove(tree, "a", "up")).toEqual([]);
  expect(ids(applyMoves(tree, stepMove(tree, "b", "up")))).toEqual(["b", "a", "-a1", "-a2", "c"]);
  expect(ids(applyMoves(tree, stepMove(tree, "b", "indent")))).toEqual(["a", "-a1", "-a2", "-b", "c"]);
  expect(ids(applyMoves(tree, stepMove(tree, "a1", "outdent")))).toEqual(["a", "-a2", "a1", "b", "c"]);
  expect(stepMove(tree, "a1", "indent")).toEqual([]);
});

test("a drop's place follows the row it lands on and the sideways offset", () => {
  const rows = flatten(tree);
  // c dropped on b's place, no sideways move: top level, index 1.
  expect(projectDrop(rows, "c", "b", 0, 32)).toEqual({ depth: 0, parent: null, index: 1 });
  // c dropped on b's place, one level right: a's last child.
  expect(projectDrop(rows, "c", "b", 40, 32)).toEqual({ depth: 1, parent: "a", index: 2 });
  // a1 dragged left onto itself: out of a, before... a's siblings after a.
  const drop = projectDrop(rows, "a2", "a2", -40, 32)!;
  expect(drop).toEqual({ depth: 0, parent: null, index: 1 });
});

const entry = (id: string, percentage: number, sets: (string[] | null)[]): ProgressEntry => ({
  category: "root",
  percentage,
  user: { id, firstName: id, infix: null, lastName: id },
  challenges: sets.map((recs, j) => ({
    id: `c${j}`,
    referenceAudioUrl: null,
    recordingSet: recs ? { id: `set-${id}-${j}`, combinedAudioUrl: "x", recordings: recs.map((r) => ({ id: r, audioUrl: "y" })) } : null,
  })),
});

test("progress rows sort by name (the API's order) or percentage; cell times come from the newest recording", () => {
  const entries = [entry("u1", 50, [["r1", "r2"], null]), entry("u2", 100, [["r3"], ["r4"]]), entry("u3", 50, [null, null])];
  expect(sortRows(entries, { key: "name", direction: "desc" })).toEqual([2, 1, 0]);
  expect(sortRows(entries, { key: "percentage", direction: "desc" })).toEqual([1, 0, 2]);
  expect(sortRows(entries, { key: "percentage", direction: "asc" })).toEqual([0, 2, 1]);
  const times = new Map([["r1", "2026-01-01T10:00:00.000Z"], ["r2", "2026-01-01T11:00:00.000Z"]]);
  expect(setTime(entries[0]!.challenges[0]!.recordingSet!, times)).toBe("2026-01-01T11:00:00.000Z");
  expect(setTime(entries[1]!.challenges[0]!.recordingSet!, times)).toBeNull();
  expect([...missingTimes(entries, [0, 1, 2], times, new Set())]).toEqual([
    ["c0", ["u2"]],
    ["c1", ["u2"]],
  ]);
  expect([...missingTimes(entries, [1], times, new Set(["c0\u0000u2"]))]).toEqual([["c1", ["u2"]]]);
});
