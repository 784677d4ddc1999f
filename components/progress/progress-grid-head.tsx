"use client";
import { type completion, formatPercentage, type GridSort, type SortKey } from "@/lib/web/progress/progress-grid";
import type { CellRef } from "./progress-grid";
import { CELL_W, NAME_W, PCT_W } from "./progress-row";

// The progress grid's two rows that stay on top: the column headers (sort buttons, one of them
// in the tab order when the focus is on the header row) and how many students completed each
// challenge.

export const HEADER_H = 64;
export const COMPLETION_H = 28;

type Props = {
  width: number;
  labels: string[];
  /** The challenge columns rendered (virtualised) and the width of those skipped before them. */
  columns: number[];
  skipped: number;
  sort: GridSort;
  focus: CellRef;
  done: ReturnType<typeof completion>;
  students: number;
};

export function ProgressGridHead({ width, labels, columns, skipped, sort, focus, done, students }: Props) {
  const ariaSort = (key: SortKey) =>
    sort.key === key ? (sort.direction === "asc" ? "ascending" : "descending") : "none";
  const arrow = (key: SortKey) => (sort.key === key ? (sort.direction === "asc" ? "▲" : "▼") : "↕");
  const headTab = (col: number) => (focus.row === -1 && focus.col === col ? 0 : -1);
  return (
    <div className="sticky top-0 z-20" style={{ width }}>
      <div
        role="row"
        aria-rowindex={1}
        className="flex bg-slate-100 text-xs font-semibold text-slate-700"
        style={{ height: HEADER_H }}
      >
        <div
          role="columnheader"
          aria-colindex={1}
          aria-sort={ariaSort("name")}
          className="sticky left-0 z-30 flex items-end border-r border-b border-slate-300 bg-slate-100 p-2"
          style={{ width: NAME_W }}
        >
          <button
            type="button"
            data-head={-1}
            tabIndex={headTab(-1)}
            className="rounded px-1 py-0.5 uppercase hover:bg-slate-200"
          >
            Student <span aria-hidden>{arrow("name")}</span>
          </button>
        </div>
        <div
          role="columnheader"
          aria-colindex={2}
          aria-sort={ariaSort("percentage")}
          className="sticky z-30 flex items-end justify-end border-r border-b border-slate-300 bg-slate-100 p-2"
          style={{ left: NAME_W, width: PCT_W }}
        >
          <button
            type="button"
            data-head={-2}
            tabIndex={headTab(-2)}
            className="rounded px-1 py-0.5 uppercase hover:bg-slate-200"
          >
            Done <span aria-hidden>{arrow("percentage")}</span>
          </button>
        </div>
        <div aria-hidden style={{ width: skipped }} />
        {columns.map((j) => (
          <div
            key={j}
            role="columnheader"
            aria-colindex={j + 3}
            aria-sort={ariaSort(j)}
            title={labels[j]}
            className="flex items-end border-r border-b border-slate-300 p-1"
            style={{ width: CELL_W }}
          >
            <button
              type="button"
              data-head={j}
              tabIndex={headTab(j)}
              aria-label={`${labels[j]}: sort by last recording`}
              className="flex w-full items-end justify-between gap-1 rounded px-1 py-0.5 text-left hover:bg-slate-200"
            >
              <span className="line-clamp-3 wrap-anywhere">{labels[j]}</span>
              <span aria-hidden>{arrow(j)}</span>
            </button>
          </div>
        ))}
      </div>
      <div
        role="row"
        aria-rowindex={2}
        data-testid="completion-row"
        className="flex bg-slate-50 text-xs text-slate-800"
        style={{ height: COMPLETION_H }}
      >
        <div
          role="rowheader"
          aria-colindex={1}
          className="sticky left-0 z-30 flex items-center border-r border-b border-slate-300 bg-slate-50 px-3 font-semibold"
          style={{ width: NAME_W }}
        >
          Completed by
        </div>
        <div
          role="gridcell"
          aria-colindex={2}
          className="sticky z-30 border-r border-b border-slate-300 bg-slate-50"
          style={{ left: NAME_W, width: PCT_W }}
        />
        <div aria-hidden style={{ width: skipped }} />
        {columns.map((j) => (
          <div
            key={j}
            role="gridcell"
            aria-colindex={j + 3}
            data-testid="completion"
            className="flex items-center justify-center border-r border-b border-slate-300 tabular-nums"
            style={{ width: CELL_W }}
          >
            <span className="sr-only">{labels[j]}: completed by </span>
            {done[j]!.done}/{students} · {formatPercentage(done[j]!.percentage)}
          </div>
        ))}
      </div>
    </div>
  );
}
