import { expect, test } from "@playwright/test";
import type { ProgressGrid } from "@/lib/progress/schemas";
import { completion, denseCells, moveFocus, nextSort, sortRows } from "./progress-grid";

const grid: ProgressGrid = {
  category: "root",
  challenges: [
    { id: "c0", topic: "A", hasReferenceAudio: false },
    { id: "c1", topic: null, hasReferenceAudio: true },
  ],
  students: [
    { id: "u1", firstName: "A", infix: null, lastName: "A", percentage: 50, cells: [[0, 2, 2000, 1500, null]] },
    {
      id: "u2",
      firstName: "B",
      infix: null,
      lastName: "B",
      percentage: 100,
      cells: [
        [0, 1, 1000, 900, 0.5],
        [1, 3, 3000, 800, null],
      ],
    },
    { id: "u3", firstName: "C", infix: null, lastName: "C", percentage: 0, cells: [] },
  ],
};

test("cells by column, completion per column, and sorting by name, percentage or a column's last recording", () => {
  const cells = denseCells(grid);
  expect(cells[1]![1]).toEqual({ attempts: 3, last: 3000, durationMs: 800, score: null });
  expect(cells[0]![1]).toBeUndefined();
  expect(completion(grid)).toEqual([
    { done: 2, percentage: 66.67 },
    { done: 1, percentage: 33.33 },
  ]);
  const { students } = grid;
  expect(sortRows(students, cells, { key: "name", direction: "desc" })).toEqual([2, 1, 0]);
  expect(sortRows(students, cells, { key: "percentage", direction: "desc" })).toEqual([1, 0, 2]);
  // By column 0's last recording; students without one last either way.
  expect(sortRows(students, cells, { key: 0, direction: "desc" })).toEqual([0, 1, 2]);
  expect(sortRows(students, cells, { key: 0, direction: "asc" })).toEqual([1, 0, 2]);
  expect(nextSort({ key: "name", direction: "asc" }, 1)).toEqual({ key: 1, direction: "desc" });
  expect(nextSort({ key: 1, direction: "desc" }, 1)).toEqual({ key: 1, direction: "asc" });
});

test("arrow keys, Home/End and paging move the focus within the grid's bounds (row -1: the header, col -1: the names)", () => {
  const at = { row: 0, col: 0 };
  expect(moveFocus("ArrowRight", at, 3, 2)).toEqual({ row: 0, col: 1 });
  expect(moveFocus("ArrowRight", { row: 0, col: 1 }, 3, 2)).toEqual({ row: 0, col: 1 });
  expect(moveFocus("ArrowLeft", { row: 0, col: -1 }, 3, 2)).toEqual({ row: 0, col: -1 });
  expect(moveFocus("ArrowUp", at, 3, 2)).toEqual({ row: -1, col: 0 });
  expect(moveFocus("ArrowDown", { row: 2, col: 0 }, 3, 2)).toEqual({ row: 2, col: 0 });
  expect(moveFocus("Home", at, 3, 2)).toEqual({ row: 0, col: -1 });
  expect(moveFocus("End", at, 3, 2)).toEqual({ row: 0, col: 1 });
  expect(moveFocus("PageDown", at, 30, 2, 10)).toEqual({ row: 10, col: 0 });
  expect(moveFocus("a", at, 3, 2)).toBeNull();
});
