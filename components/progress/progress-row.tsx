import { memo } from "react";
import {
  cellTime,
  displayName,
  formatDuration,
  formatPercentage,
  formatScore,
  type GridCell,
  type Student,
} from "@/lib/web/progress/progress-grid";

// One student's row of the progress grid: name and percentage (sticky on the left), then one
// cell per challenge: attempts, the last recording's day, the most recent set's duration and,
// where analyses exist, the pronunciation score. Plain elements only: no hooks and no handlers
// per cell (the grid listens once, on its container, and reads data-pos), so a screenful renders
// quickly. Roving tabindex: only the focused position (`active`) is in the tab order.

export const NAME_W = 200;
export const PCT_W = 76;
export const CELL_W = 104;
export const ROW_H = 52;

type Props = {
  student: Student;
  cells: readonly (GridCell | undefined)[];
  /** Index into the answer's students (what data-pos carries). */
  index: number;
  /** 1-based row number for screen readers (the header and completion rows come first). */
  rowNumber: number;
  top: number;
  labels: readonly string[];
  /** The challenge columns rendered (those on screen), in order, and the width of those left of them. */
  columns: readonly number[];
  skipped: number;
  /** The focusable column of this row (-1: the name), or null when the focus is on another row. */
  active: number | null;
  /** The selected column of this row, else -1. */
  selectedCol: number;
  studentSelected: boolean;
  /** Dates are the reader's: rendered only once mounted in the browser. */
  mounted: boolean;
};

export const ProgressRow = memo(function ProgressRow({
  student,
  cells,
  index,
  rowNumber,
  top,
  labels,
  columns,
  skipped,
  active,
  selectedCol,
  studentSelected,
  mounted,
}: Props) {
  const name = displayName(student);
  return (
    <div
      role="row"
      aria-rowindex={rowNumber}
      data-user-id={student.id}
      className="absolute top-0 left-0 flex"
      style={{ transform: `translateY(${top}px)`, height: ROW_H }}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        data-pos={`${index}:-1`}
        tabIndex={active === -1 ? 0 : -1}
        aria-label={`${name}: ${formatPercentage(student.percentage)} done; Enter shows the pronunciation analyses`}
        className={`sticky left-0 z-10 flex cursor-pointer items-center truncate border-r border-b border-slate-200 px-3 text-sm font-medium text-blue-900 hover:underline focus:outline-2 focus:-outline-offset-2 focus:outline-blue-700 ${studentSelected ? "bg-blue-50" : "bg-white"}`}
        style={{ width: NAME_W }}
        title={name}
      >
        {name}
      </div>
      <div
        role="gridcell"
        aria-colindex={2}
        data-testid="percentage"
        className="sticky z-10 flex flex-col justify-center gap-1 border-r border-b border-slate-300 bg-white px-2 text-right text-sm tabular-nums"
        style={{ left: NAME_W, width: PCT_W }}
      >
        {formatPercentage(student.percentage)}
        <span aria-hidden className="block h-1 rounded bg-slate-200">
          <span className="block h-1 rounded bg-blue-600" style={{ width: `${student.percentage}%` }} />
        </span>
      </div>
      <div aria-hidden style={{ width: skipped }} />
      {columns.map((j) => {
        const label = labels[j]!;
        const cell = cells[j];
        const focus = active === j ? 0 : -1;
        if (!cell) {
          return (
            <div
              key={j}
              role="gridcell"
              aria-colindex={j + 3}
              data-pos={`${index}:${j}`}
              data-state="empty"
              tabIndex={focus}
              className="flex items-center justify-center border-r border-b border-slate-100 text-slate-500 focus:outline-2 focus:-outline-offset-2 focus:outline-blue-700"
              style={{ width: CELL_W }}
            >
              <span className="sr-only">{`${name}, ${label}: no recording`}</span>
              <span aria-hidden>·</span>
            </div>
          );
        }
        const when = mounted ? cellTime(cell.last) : null;
        const selected = selectedCol === j;
        const summary = `${cell.attempts} attempt${cell.attempts === 1 ? "" : "s"}, last ${when?.full ?? ""}, ${formatDuration(cell.durationMs)}${cell.score === null ? "" : `, pronunciation ${formatScore(cell.score)}`}`;
        return (
          <div
            key={j}
            role="gridcell"
            aria-colindex={j + 3}
            data-pos={`${index}:${j}`}
            data-state="recorded"
            data-time={new Date(cell.last).toISOString()}
            data-attempts={cell.attempts}
            tabIndex={focus}
            aria-selected={selected}
            title={summary}
            className={`flex cursor-pointer flex-col items-center justify-center border-r border-b border-slate-100 text-[11px] leading-tight focus:outline-2 focus:-outline-offset-2 focus:outline-blue-700 ${selected ? "bg-blue-700 text-white" : "bg-green-50 text-green-900 hover:bg-green-100"}`}
            style={{ width: CELL_W }}
          >
            {/* The name comes from this text (a gridcell is named by its content); the short form is for the eye. */}
            <span className="sr-only">{`${name}, ${label}: ${summary}; Enter plays it`}</span>
            <span aria-hidden data-testid="cell-attempts" className="font-semibold">
              {cell.attempts}× · {formatDuration(cell.durationMs)}
            </span>
            <span aria-hidden data-testid="cell-day">
              {when?.day ?? ""}
            </span>
            {cell.score !== null && (
              <span aria-hidden data-testid="cell-score">
                ★ {formatScore(cell.score)}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
});
