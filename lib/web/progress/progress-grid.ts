import type { ProgressGrid, ProgressGridCell } from "@/lib/progress/schemas";
import { personName } from "../names";

// The progress grid's model, as plain functions over our compact answer
// (GET /api/categories/:id/progress/grid): one row per student, one column per challenge of the
// category's subtree (the API's walk order), a completion figure per column, rows sorted by
// name (the API's order), percentage or one challenge's last recording.

export type Student = ProgressGrid["students"][number];
export type GridCell = { attempts: number; last: number; durationMs: number; score: number | null };
export type SortKey = "name" | "percentage" | number;
export type GridSort = { key: SortKey; direction: "asc" | "desc" };

export const displayName = (user: { firstName: string; infix: string | null; lastName: string }) => personName(user);

const toCell = ([, attempts, last, durationMs, score]: ProgressGridCell): GridCell => ({
  attempts,
  last,
  durationMs,
  score,
});

/** Per student, per column: the cell or undefined (the answer lists recorded cells only). */
export function denseCells(grid: ProgressGrid): (GridCell | undefined)[][] {
  const columns = grid.challenges.length;
  return grid.students.map((s) => {
    const row: (GridCell | undefined)[] = new Array(columns);
    for (const c of s.cells) row[c[0]] = toCell(c);
    return row;
  });
}

/** Per column: how many students recorded it, and their share (0..100, two decimals). */
export function completion(grid: ProgressGrid): { done: number; percentage: number }[] {
  const done = grid.challenges.map(() => 0);
  for (const s of grid.students) for (const c of s.cells) done[c[0]]!++;
  const n = grid.students.length;
  return done.map((d) => ({ done: d, percentage: n ? Math.round((d * 10000) / n) / 100 : 0 }));
}

/** Row order: indexes into `students`. Name order is the API's; ties keep it; unrecorded cells sort last when ascending. */
export function sortRows(
  students: readonly Student[],
  cells: readonly (GridCell | undefined)[][],
  sort: GridSort,
): number[] {
  const order = students.map((_, i) => i);
  const sign = sort.direction === "asc" ? 1 : -1;
  if (sort.key === "name") return sort.direction === "asc" ? order : order.reverse();
  if (sort.key === "percentage")
    return order.sort((a, b) => sign * (students[a]!.percentage - students[b]!.percentage) || a - b);
  const col = sort.key;
  const time = (i: number) => cells[i]?.[col]?.last ?? null;
  return order.sort((a, b) => {
    const [ta, tb] = [time(a), time(b)];
    if (ta === null || tb === null) return ta === tb ? a - b : ta === null ? 1 : -1;
    return sign * (ta - tb) || a - b;
  });
}

/** The next sort after choosing `key`: the other direction on the same key; percentage and times start descending. */
export const nextSort = (sort: GridSort, key: SortKey): GridSort =>
  sort.key === key
    ? { key, direction: sort.direction === "asc" ? "desc" : "asc" }
    : { key, direction: key === "name" ? "asc" : "desc" };

/** The focused position after an arrow, Home/End or PageUp/PageDown key; null for other keys. col -1 is the name column, row -1 the header (sort buttons). */
export function moveFocus(
  key: string,
  at: { row: number; col: number },
  rows: number,
  cols: number,
  page = 10,
): { row: number; col: number } | null {
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
  switch (key) {
    case "ArrowUp":
      return { row: clamp(at.row - 1, -1, rows - 1), col: at.col };
    case "ArrowDown":
      return { row: clamp(at.row + 1, 0, rows - 1), col: at.col };
    case "ArrowLeft":
      return { row: at.row, col: clamp(at.col - 1, -1, cols - 1) };
    case "ArrowRight":
      return { row: at.row, col: clamp(at.col + 1, -1, cols - 1) };
    case "Home":
      return { row: at.row, col: -1 };
    case "End":
      return { row: at.row, col: cols - 1 };
    case "PageUp":
      return { row: clamp(at.row - page, 0, rows - 1), col: at.col };
    case "PageDown":
      return { row: clamp(at.row + page, 0, rows - 1), col: at.col };
    default:
      return null;
  }
}

// A fixed locale and time zone on the server would differ from the reader's: these format only
// in the browser, after hydration (the grid renders no dates on the server).
const dayFormat = () => new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" });
const fullFormat = () => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
let formats: { day: Intl.DateTimeFormat; full: Intl.DateTimeFormat } | null = null;

/** A cell's short day and its full date and time, in the reader's locale and time zone. */
export function cellTime(ms: number): { day: string; full: string } {
  formats ??= { day: dayFormat(), full: fullFormat() };
  const d = new Date(ms);
  return { day: formats.day.format(d), full: formats.full.format(d) };
}

/** m:ss */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A whole-number percentage ("71%", not "71.43%"): what a teacher reads at a glance. */
export const formatPercentage = (p: number) => `${Math.round(p)}%`;
export const formatScore = (score: number) => `${Math.round(score * 100)}%`;

/** The mean percentage of the students (0 for none). */
export const meanPercentage = (students: readonly Student[]) =>
  students.length ? Math.round((students.reduce((n, e) => n + e.percentage, 0) / students.length) * 100) / 100 : 0;
