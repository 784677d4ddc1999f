"use client";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import type { ProgressEntry } from "@/lib/progress/schemas";
import { sortRows, type GridSort, type SortKey } from "@/lib/web/progress-grid";
import { useRecordingTimes } from "@/lib/web/progress";
import { CELL_W, NAME_W, PCT_W, ProgressRow, ROW_H } from "./progress-row";

// Students × challenges: only the rows on screen are rendered (@tanstack/react-virtual), the
// header row and the name and percentage columns stay in view while scrolling, and one click
// handler on the container serves every cell. data-ready="true" once the rows are on screen
// and clickable (the benchmark and the tests wait for it).

const HEADER_H = 64;
const OVERSCAN = 6;

export type CellRef = { row: number; col: number };

type Props = {
  entries: ProgressEntry[];
  /** Column labels (challenge topic or id), in the entries' challenge order. */
  labels: string[];
  sort: GridSort;
  onSort: (key: SortKey) => void;
  selected: CellRef | null;
  student: number | null;
  onCell: (cell: CellRef) => void;
  onStudent: (row: number) => void;
};

export function ProgressGrid({ entries, labels, sort, onSort, selected, student, onCell, onStudent }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const order = useMemo(() => sortRows(entries, sort), [entries, sort]);
  const virtualizer = useVirtualizer({ count: order.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_H, overscan: OVERSCAN });
  const items = virtualizer.getVirtualItems();
  const shownRows = useMemo(() => items.map((v) => order[v.index]!), [items, order]);
  const { times, version } = useRecordingTimes(entries, shownRows);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const width = NAME_W + PCT_W + labels.length * CELL_W;

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-cell],[data-user],[data-sort]");
    if (!target) return;
    if (target.dataset.cell) {
      const [row, col] = target.dataset.cell.split(":").map(Number);
      onCell({ row: row!, col: col! });
    } else if (target.dataset.user) onStudent(Number(target.dataset.user));
    else if (target.dataset.sort) onSort(target.dataset.sort as SortKey);
  };
  const ariaSort = (key: SortKey) => (sort.key === key ? (sort.direction === "asc" ? "ascending" : "descending") : "none");
  const arrow = (key: SortKey) => (sort.key === key ? (sort.direction === "asc" ? "▲" : "▼") : "↕");

  return (
    <div
      ref={scroller}
      role="grid"
      aria-label="Progress per student and challenge"
      aria-rowcount={entries.length + 1}
      aria-colcount={labels.length + 2}
      data-testid="progress-grid"
      data-ready={ready ? "true" : undefined}
      data-rows={entries.length}
      onClick={onClick}
      className="relative max-h-[70vh] overflow-auto rounded-lg border border-slate-300 bg-white"
    >
      <div className="relative" style={{ width, height: HEADER_H + virtualizer.getTotalSize() }}>
        <div role="row" aria-rowindex={1} className="sticky top-0 z-20 flex bg-slate-100 text-xs font-semibold text-slate-700" style={{ width, height: HEADER_H }}>
          <div role="columnheader" aria-sort={ariaSort("name")} className="sticky left-0 z-30 flex items-end border-r border-b border-slate-300 bg-slate-100 p-2" style={{ width: NAME_W }}>
            <button type="button" data-sort="name" className="rounded px-1 py-0.5 uppercase hover:bg-slate-200">
              Student <span aria-hidden>{arrow("name")}</span>
            </button>
          </div>
          <div role="columnheader" aria-sort={ariaSort("percentage")} className="sticky z-30 flex items-end justify-end border-r border-b border-slate-300 bg-slate-100 p-2" style={{ left: NAME_W, width: PCT_W }}>
            <button type="button" data-sort="percentage" className="rounded px-1 py-0.5 uppercase hover:bg-slate-200">
              Done <span aria-hidden>{arrow("percentage")}</span>
            </button>
          </div>
          {labels.map((label, j) => (
            <div key={j} role="columnheader" title={label} className="flex items-end border-r border-b border-slate-300 p-1" style={{ width: CELL_W }}>
              <span className="line-clamp-3 wrap-anywhere">{label}</span>
            </div>
          ))}
        </div>
        {items.map((v) => {
          const index = order[v.index]!;
          return (
            <ProgressRow
              key={entries[index]!.user.id}
              entry={entries[index]!}
              index={index}
              rowNumber={v.index + 2}
              top={HEADER_H + v.start}
              labels={labels}
              selectedCol={selected?.row === index ? selected.col : -1}
              studentSelected={student === index}
              times={times}
              timesVersion={version}
            />
          );
        })}
      </div>
    </div>
  );
}
