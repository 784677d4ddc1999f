import { expect, test } from "@playwright/test";
import type { Category } from "@/lib/categories/schemas";
import { applyMoves, flatten, planMove, projectDrop, stepMove } from "./category-tree";

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
