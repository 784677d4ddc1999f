import { memo } from "react";
import type { ProgressEntry } from "@/lib/progress/schemas";
import { cellTime, displayName, formatPercentage, setTime } from "@/lib/web/progress-grid";

// One student's row of the progress grid: name and percentage (sticky on the left), then one
// cell per challenge. Plain elements only: no hooks and no handlers per cell (the grid listens
// once, on its container, and reads data-cell / data-user), so a screenful renders quickly.

export const NAME_W = 220;
export const PCT_W = 84;
export const CELL_W = 76;
export const ROW_H = 44;

type Props = {
  entry: ProgressEntry;
  /** Index into the answer's entries (what data-cell and data-user carry). */
  index: number;
  /** 1-based row number for screen readers (the header is row 1). */
  rowNumber: number;
  top: number;
  labels: readonly string[];
  /** The selected column of this row, else -1. */
  selectedCol: number;
  studentSelected: boolean;
  times: ReadonlyMap<string, string>;
  /** Changes when `times` has grown (the map itself is the same object). */
  timesVersion: number;
};

export const ProgressRow = memo(function ProgressRow({ entry, index, rowNumber, top, labels, selectedCol, studentSelected, times }: Props) {
  const name = displayName(entry.user);
  return (
    <div
      role="row"
      aria-rowindex={rowNumber}
      data-user-id={entry.user.id}
      className="absolute top-0 left-0 flex"
      style={{ transform: `translateY(${top}px)`, height: ROW_H }}
    >
      <div
        role="rowheader"
        className={`sticky left-0 z-10 flex items-center border-r border-b border-slate-200 px-2 ${studentSelected ? "bg-blue-50" : "bg-white"}`}
        style={{ width: NAME_W }}
      >
        <button type="button" data-user={index} className="truncate rounded px-1 text-left text-sm font-medium text-blue-900 hover:underline" title={`${name} (${entry.user.id})`}>
          {name}
        </button>
      </div>
      <div
        role="gridcell"
        data-testid="percentage"
        className="sticky z-10 flex flex-col justify-center gap-1 border-r border-b border-slate-300 bg-white px-2 text-right text-sm tabular-nums"
        style={{ left: NAME_W, width: PCT_W }}
      >
        {formatPercentage(entry.percentage)}
        <span aria-hidden className="block h-1 rounded bg-slate-200">
          <span className="block h-1 rounded bg-blue-600" style={{ width: `${entry.percentage}%` }} />
        </span>
      </div>
      {entry.challenges.map((c, j) => {
        const set = c.recordingSet;
        if (!set) {
          return (
            <div key={j} role="gridcell" data-state="empty" aria-label={`${labels[j]}: no recording`} className="flex items-center justify-center border-r border-b border-slate-100 text-slate-300" style={{ width: CELL_W }}>
              ·
            </div>
          );
        }
        const iso = setTime(set, times);
        const when = iso ? cellTime(iso) : null;
        const selected = selectedCol === j;
        return (
          <div key={j} role="gridcell" data-state="recorded" data-time={iso ?? undefined} className="border-r border-b border-slate-100 p-0.5" style={{ width: CELL_W }}>
            <button
              type="button"
              data-cell={`${index}:${j}`}
              aria-pressed={selected}
              aria-label={`${name}, ${labels[j]}: recorded${when ? ` ${when.full}` : ""}; play`}
              title={when ? `Recorded ${when.full}` : "Recorded"}
              className={`flex h-full w-full flex-col items-center justify-center rounded text-[11px] leading-tight ${selected ? "bg-blue-700 text-white" : "bg-green-50 text-green-900 hover:bg-green-100"}`}
            >
              <span>✓ {when?.day ?? "…"}</span>
              <span className="tabular-nums">{when?.time ?? ""}</span>
            </button>
          </div>
        );
      })}
    </div>
  );
});
