"use client";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, type MouseEvent, useEffect, useMemo, useRef, useState } from "react";
import {
  completion,
  formatPercentage,
  type GridCell,
  type GridSort,
  moveFocus,
  type SortKey,
  type Student,
  sortRows,
} from "@/lib/web/progress/progress-grid";
import { CELL_W, NAME_W, PCT_W, ProgressRow, ROW_H } from "./progress-row";

// Students × challenges (the WAI-ARIA grid pattern): only the rows and the challenge columns on
// screen are rendered (@tanstack/react-virtual, both ways; aria-rowindex and aria-colindex say
// where they are); the header (sort buttons) and the completion row stay on top, the
// name and percentage columns on the left. One focusable position at a time (roving tabindex):
// arrow keys, Home/End and PageUp/PageDown move it (scrolling its row into view), Enter or Space
// acts on it (a cell: select and play; a name: the student's analyses; a header: sort). One
// click and one key handler on the container serve every cell. data-ready="true" once the rows
// are on screen and usable (the benchmark and the tests wait for it).

const HEADER_H = 64;
const COMPLETION_H = 28;
const OVERSCAN = 6;

export type CellRef = { row: number; col: number };

type Props = {
  students: Student[];
  cells: (GridCell | undefined)[][];
  /** Column labels (challenge topic or id), in the answer's challenge order. */
  labels: string[];
  sort: GridSort;
  onSort: (key: SortKey) => void;
  selected: CellRef | null;
  student: number | null;
  onCell: (cell: CellRef) => void;
  onStudent: (row: number) => void;
};

export function ProgressGrid({ students, cells, labels, sort, onSort, selected, student, onCell, onStudent }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const order = useMemo(() => sortRows(students, cells, sort), [students, cells, sort]);
  const done = useMemo(
    () =>
      completion({
        category: "",
        challenges: labels.map(() => ({ id: "", topic: null, hasReferenceAudio: false })),
        students,
      }),
    [labels, students],
  );
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_H,
    overscan: OVERSCAN,
    scrollPaddingStart: HEADER_H + COMPLETION_H,
  });
  const items = virtualizer.getVirtualItems();
  const columns = useVirtualizer({
    horizontal: true,
    count: labels.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CELL_W,
    overscan: 2,
    paddingStart: NAME_W + PCT_W,
    scrollPaddingStart: NAME_W + PCT_W,
  });
  const visible = columns.getVirtualItems().map((c) => c.index);
  // The columns left of the first one rendered, as one empty block.
  const skipped = visible.length ? visible[0]! * CELL_W : 0;
  // The focusable position, as (position in the sorted order, column); row -1 is the header.
  const [focus, setFocus] = useState<CellRef>({ row: 0, col: -1 });
  const pendingFocus = useRef(false);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const width = NAME_W + PCT_W + labels.length * CELL_W;

  // After a key moved the focus: focus the element once its row is rendered.
  useEffect(() => {
    if (!pendingFocus.current) return;
    const sel = focus.row < 0 ? `[data-head="${focus.col}"]` : `[data-pos="${order[focus.row]}:${focus.col}"]`;
    const el = scroller.current?.querySelector<HTMLElement>(sel);
    if (el) {
      el.focus({ preventScroll: focus.row >= 0 });
      pendingFocus.current = false;
    }
  });

  const act = (el: HTMLElement) => {
    if (el.dataset.head !== undefined) {
      const col = Number(el.dataset.head);
      onSort(col === -1 ? "name" : col === -2 ? "percentage" : col);
      return;
    }
    if (!el.dataset.pos) return;
    const [row, col] = el.dataset.pos.split(":").map(Number) as [number, number];
    setFocus({ row: order.indexOf(row), col });
    if (col === -1) onStudent(row);
    else if (cells[row]?.[col]) onCell({ row, col });
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-pos],[data-head]");
    if (target) act(target);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-pos],[data-head]");
    if (!target) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act(target);
      return;
    }
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / ROW_H) - 2);
    // The header's percentage button (-2) sits between the name (-1) and the first challenge (0).
    const from = focus.col === -2 ? { ...focus, col: -1 } : focus;
    let next = moveFocus(event.key, from, order.length, labels.length, page);
    if (!next) return;
    event.preventDefault();
    if (focus.col === -2 && event.key === "ArrowRight") next = { row: focus.row, col: 0 };
    if (next.row === -1 && focus.col === -1 && event.key === "ArrowRight") next = { row: -1, col: -2 };
    if (next.row >= 0) virtualizer.scrollToIndex(next.row);
    if (next.col >= 0) columns.scrollToIndex(next.col);
    pendingFocus.current = true;
    setFocus(next);
  };
  const ariaSort = (key: SortKey) =>
    sort.key === key ? (sort.direction === "asc" ? "ascending" : "descending") : "none";
  const arrow = (key: SortKey) => (sort.key === key ? (sort.direction === "asc" ? "▲" : "▼") : "↕");
  const headTab = (col: number) => (focus.row === -1 && focus.col === col ? 0 : -1);

  return (
    <div
      ref={scroller}
      role="grid"
      aria-label="Progress per student and challenge"
      aria-rowcount={students.length + 2}
      aria-colcount={labels.length + 2}
      data-testid="progress-grid"
      data-ready={mounted ? "true" : undefined}
      data-rows={students.length}
      onClick={onClick}
      onKeyDown={onKeyDown}
      className="relative max-h-[70vh] w-full overflow-auto rounded-lg border border-slate-300 bg-white"
    >
      <div className="relative" style={{ width, height: HEADER_H + COMPLETION_H + virtualizer.getTotalSize() }}>
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
            {visible.map((j) => (
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
            {visible.map((j) => (
              <div
                key={j}
                role="gridcell"
                aria-colindex={j + 3}
                data-testid="completion"
                className="flex items-center justify-center border-r border-b border-slate-300 tabular-nums"
                style={{ width: CELL_W }}
              >
                <span className="sr-only">{labels[j]}: completed by </span>
                {done[j]!.done}/{students.length} · {formatPercentage(done[j]!.percentage)}
              </div>
            ))}
          </div>
        </div>
        {items.map((v) => {
          const index = order[v.index]!;
          return (
            <ProgressRow
              key={students[index]!.id}
              student={students[index]!}
              cells={cells[index]!}
              index={index}
              rowNumber={v.index + 3}
              top={HEADER_H + COMPLETION_H + v.start}
              labels={labels}
              columns={visible}
              skipped={skipped}
              active={focus.row === v.index ? focus.col : null}
              selectedCol={selected?.row === index ? selected.col : -1}
              studentSelected={student === index}
              mounted={mounted}
            />
          );
        })}
      </div>
    </div>
  );
}
