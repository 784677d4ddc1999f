"use client";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, type MouseEvent, useEffect, useMemo, useRef, useState } from "react";
import {
  completion,
  type GridCell,
  type GridSort,
  moveFocus,
  type SortKey,
  type Student,
  sortRows,
} from "@/lib/web/progress/progress-grid";
import { COMPLETION_H, HEADER_H, ProgressGridHead } from "./progress-grid-head";
import { CELL_W, NAME_W, PCT_W, ProgressRow, ROW_H } from "./progress-row";

// Students × challenges (the WAI-ARIA grid pattern): only the rows and the challenge columns on
// screen are rendered (@tanstack/react-virtual, both ways; aria-rowindex and aria-colindex say
// where they are); the header (sort buttons) and the completion row stay on top, the
// name and percentage columns on the left. One focusable position at a time (roving tabindex):
// arrow keys, Home/End and PageUp/PageDown move it (scrolling its row into view), Enter or Space
// acts on it (a cell: select and play; a name: the student's analyses; a header: sort). One
// click and one key handler on the container serve every cell. data-ready="true" once the rows
// are on screen and usable (the benchmark and the tests wait for it).

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
        <ProgressGridHead
          width={width}
          labels={labels}
          columns={visible}
          skipped={skipped}
          sort={sort}
          focus={focus}
          done={done}
          students={students.length}
        />
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
