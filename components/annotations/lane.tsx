"use client";
import { type FocusEvent, type KeyboardEvent, memo, type PointerEvent, useRef, useState } from "react";
import { hitTest } from "@/lib/web/annotations/lanes/hit-test";
import {
  type DragMode,
  dragSpan,
  type Gap,
  gapAround,
  inWindow,
  msToX,
  newSpan,
  type Span,
  type View,
  visibleWindow,
  xToMs,
} from "@/lib/web/annotations/lanes/lanes";
import { describeItem } from "@/lib/web/annotations/lanes/time-format";
import { boundaryRange } from "@/lib/web/annotations/model/edits";
import type { Item, SchemeLayer } from "@/lib/web/annotations/model/types";
import { DensityStrip } from "./density-strip";

// One layer's lane under the waveform, at its zoom and scroll. What a pointer grabs is decided
// by time (lib/web/annotations/lanes/hit-test.ts), not by which box lies on top: the nearest boundary
// within a few pixels, else the fragment under it. Dragging on empty lane makes a fragment
// (inside the free gap when the layer forbids overlaps); dragging a fragment moves it, its
// edges resize it, a boundary two fragments share moves both (Alt: only the side's owner); a
// click seeks. Fragments are buttons: Tab reaches them, arrows move them (Shift: 100 ms
// steps), Alt+arrows move the end. Too many in view to draw: their coverage, as a strip.

type Props = {
  layer: SchemeLayer;
  /** This layer's items. */
  items: Item[];
  view: View;
  durationMs: number;
  editable: boolean;
  /** The selected item when it is in this layer (others get null and are not redrawn). */
  selectedId: string | null;
  problemIds: ReadonlySet<string>;
  onSelect: (id: string | null) => void;
  onCreate: (layer: SchemeLayer, span: Span) => void;
  onChange: (id: string, span: Span) => void;
  /** The boundary two touching fragments share moved to `ms`. */
  onBoundary: (leftId: string, rightId: string, ms: number) => void;
  onSeek: (ms: number) => void;
  onReveal: (span: Span) => void;
};

type Drag =
  | { kind: "create"; startX: number; anchorMs: number; currentMs: number }
  | { kind: "edit"; id: string; mode: DragMode; startX: number; span: Span; gap: Gap; now: Span; moved: boolean }
  | {
      kind: "boundary";
      leftId: string;
      rightId: string;
      startX: number;
      ms: number;
      range: { minMs: number; maxMs: number };
      now: number;
      moved: boolean;
    };

const CLICK_PX = 4;
/** More fragments than this in view (a long recording at a low zoom) are drawn as coverage, not one by one. */
export const MAX_DRAWN = 1500;

/** Too many to draw as boxes: more than MAX_DRAWN, or under 2 px each on average (fit zoom over a long recording). */
export function isCrowded(count: number, view: View, durationMs: number): boolean {
  if (count > MAX_DRAWN) return true;
  const { fromMs, toMs } = visibleWindow(view);
  const spanPx = ((Math.min(durationMs, toMs) - Math.max(0, fromMs)) / 1000) * view.pxPerSec;
  return count > 100 && spanPx / count < 2;
}

export const Lane = memo(function Lane({
  layer,
  items,
  view,
  durationMs,
  editable,
  selectedId,
  problemIds,
  onSelect,
  onCreate,
  onChange,
  onBoundary,
  onSeek,
  onReveal,
}: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const xOf = (e: PointerEvent) => e.clientX - ref.current!.getBoundingClientRect().left;

  const shown = visibleWindow(view);
  const visible = items.filter((i) => inWindow(i, shown));
  const crowded = isCrowded(visible.length, view, durationMs);

  const focusItem = (id: string) =>
    ref.current?.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true });

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || view.pxPerSec <= 0) return;
    const x = xOf(e);
    const hit = crowded ? null : hitTest(items, x, view, { detach: e.altKey });
    const id = hit ? (hit.kind === "boundary" ? (x < msToX(hit.ms, view) ? hit.leftId : hit.rightId) : hit.id) : null;
    if (id) onSelect(id);
    if (!editable || crowded) {
      if (id) focusItem(id);
      else onSeek(xToMs(x, view));
      return;
    }
    e.preventDefault();
    ref.current!.setPointerCapture(e.pointerId);
    if (hit?.kind === "boundary") {
      const left = items.find((i) => i.id === hit.leftId)!;
      const right = items.find((i) => i.id === hit.rightId)!;
      setDrag({
        kind: "boundary",
        leftId: left.id,
        rightId: right.id,
        startX: x,
        ms: hit.ms,
        range: boundaryRange(left, right),
        now: hit.ms,
        moved: false,
      });
      focusItem(id!);
    } else if (hit) {
      const item = items.find((i) => i.id === hit.id)!;
      const span = { startMs: item.startMs, endMs: item.endMs };
      const mode = hit.kind === "edge" ? hit.mode : "move";
      setDrag({
        kind: "edit",
        id: item.id,
        mode,
        startX: x,
        span,
        gap: gapAround(items, item, durationMs, layer.allowOverlap),
        now: span,
        moved: false,
      });
      focusItem(item.id);
    } else {
      const ms = Math.min(durationMs, Math.max(0, xToMs(x, view)));
      setDrag({ kind: "create", startX: x, anchorMs: ms, currentMs: ms });
    }
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const x = xOf(e);
    if (!drag) {
      // The cursor says what a press would grab.
      if (!editable || crowded || e.pointerType !== "mouse") return;
      const hit = hitTest(items, x, view, { detach: e.altKey });
      ref.current!.style.cursor = !hit ? "crosshair" : hit.kind === "move" ? "grab" : "ew-resize";
      ref.current!.dataset.pointer = !hit ? "draw" : hit.kind === "move" ? "move" : "resize";
      return;
    }
    const delta = xToMs(x, view) - xToMs(drag.startX, view);
    // Moving a whole fragment needs a few px (a click must not nudge it); an edge follows any move (at 10 px/s a pixel is 100 ms).
    const moved = drag.kind === "edit" && drag.mode === "move" ? Math.abs(x - drag.startX) >= CLICK_PX : delta !== 0;
    if (drag.kind === "create") setDrag({ ...drag, currentMs: Math.min(durationMs, Math.max(0, xToMs(x, view))) });
    else if (drag.kind === "edit")
      setDrag({ ...drag, now: dragSpan(drag.span, drag.mode, delta, drag.gap), moved: drag.moved || moved });
    else
      setDrag({
        ...drag,
        now: Math.min(drag.range.maxMs, Math.max(drag.range.minMs, drag.ms + delta)),
        moved: drag.moved || moved,
      });
  };

  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    setDrag(null);
    if (ref.current?.hasPointerCapture(e.pointerId)) ref.current.releasePointerCapture(e.pointerId);
    const x = xOf(e);
    if (drag.kind === "edit") {
      if (drag.moved) onChange(drag.id, drag.now);
      return;
    }
    if (drag.kind === "boundary") {
      if (drag.moved && drag.now !== drag.ms) onBoundary(drag.leftId, drag.rightId, drag.now);
      return;
    }
    if (Math.abs(x - drag.startX) < CLICK_PX) {
      onSelect(null);
      onSeek(drag.anchorMs);
      return;
    }
    const span = newSpan(items, layer.name, drag.anchorMs, drag.currentMs, durationMs, layer.allowOverlap);
    if (span) onCreate(layer, span);
  };

  // Focus and keys of the fragment buttons, handled once for the lane.
  const idOf = (e: { target: EventTarget }) =>
    (e.target as HTMLElement).closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const item = items.find((i) => i.id === idOf(e));
    if (!item) return;
    onSelect(item.id);
    // Reached with the keyboard (not pressed): bring it into view.
    if ((e.target as HTMLElement).matches(":focus-visible")) onReveal(item);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const item = items.find((i) => i.id === idOf(e));
    const step = e.shiftKey ? 100 : 10;
    const delta = e.key === "ArrowLeft" ? -step : e.key === "ArrowRight" ? step : 0;
    if (!item || !delta || !editable) return;
    e.preventDefault();
    e.stopPropagation();
    const gap = gapAround(items, item, durationMs, layer.allowOverlap);
    onChange(item.id, dragSpan(item, e.altKey ? "end" : "move", delta, gap));
  };

  const spanOf = (item: Item): Span => {
    if (drag?.kind === "edit" && drag.id === item.id) return drag.now;
    if (drag?.kind === "boundary" && drag.leftId === item.id) return { startMs: item.startMs, endMs: drag.now };
    if (drag?.kind === "boundary" && drag.rightId === item.id) return { startMs: drag.now, endMs: item.endMs };
    return item;
  };
  // In time order, so Tab goes from one fragment to the next.
  const ordered = crowded ? [] : visible.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const ghost =
    drag?.kind === "create"
      ? newSpan(items, layer.name, drag.anchorMs, drag.currentMs, durationMs, layer.allowOverlap)
      : null;
  return (
    <div
      ref={ref}
      role="group"
      aria-label={`${layer.name} lane`}
      data-testid={`lane-${layer.name}`}
      data-editable={editable}
      data-crowded={crowded}
      className={`relative h-11 touch-pan-y overflow-hidden border-b border-slate-200 select-none ${editable && !crowded ? "cursor-crosshair bg-white" : "cursor-pointer bg-slate-50"}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
    >
      {crowded && <DensityStrip layer={layer.name} items={items} view={view} count={visible.length} />}
      {ordered.map((item) => {
        const span = spanOf(item);
        const left = msToX(span.startMs, view);
        return (
          <FragmentBox
            key={item.id}
            id={item.id}
            name={describeItem({ ...item, ...span })}
            label={item.label}
            left={left}
            width={Math.max(1, msToX(span.endMs, view) - left)}
            selected={item.id === selectedId}
            bad={problemIds.has(item.id)}
          />
        );
      })}
      {ghost && (
        <div
          aria-hidden
          data-testid="new-fragment"
          className="pointer-events-none absolute top-1 bottom-1 rounded border border-dashed border-blue-700 bg-blue-100/60"
          style={{
            left: msToX(ghost.startMs, view),
            width: Math.max(1, msToX(ghost.endMs, view) - msToX(ghost.startMs, view)),
          }}
        />
      )}
    </div>
  );
});

type BoxProps = {
  id: string;
  name: string;
  label: string;
  left: number;
  width: number;
  selected: boolean;
  bad: boolean;
};

/** One fragment, drawn at its true width (a word at 10 px/s is a few px: no padding widens it). */
const FragmentBox = memo(function FragmentBox({ id, name, label, left, width, selected, bad }: BoxProps) {
  const roomy = width >= 18;
  return (
    <button
      type="button"
      data-item-id={id}
      data-space-plays
      aria-pressed={selected}
      aria-label={name}
      title={name}
      style={{ left, width }}
      className={`absolute top-1 bottom-1 box-border overflow-hidden border text-left text-xs leading-8 whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 ${
        roomy ? "rounded px-1" : "px-0"
      } ${bad ? "border-red-600 bg-red-100 text-red-900" : selected ? "z-[1] border-blue-800 bg-blue-200 text-blue-950" : "border-sky-400 bg-sky-100 text-slate-900"}`}
    >
      {roomy && <span className="pointer-events-none">{label.trim() || "…"}</span>}
    </button>
  );
});
