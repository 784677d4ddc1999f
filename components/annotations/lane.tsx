"use client";
import { memo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { describeItem } from "@/lib/web/annotations/format";
import { dragSpan, gapAround, inWindow, msToX, newSpan, visibleWindow, xToMs, type DragMode, type Gap, type Span, type View } from "@/lib/web/annotations/lanes";
import type { Item, SchemeLayer } from "@/lib/web/annotations/types";

// One layer's lane under the waveform, at its zoom and scroll. Dragging on empty lane makes a
// fragment (inside the free gap when the layer forbids overlaps); dragging a fragment moves
// it, dragging its edges resizes it; a click seeks. Fragments are buttons: Tab reaches them,
// arrows move them (Shift: 100 ms steps), Alt+arrows move the end.

type Props = {
  layer: SchemeLayer;
  /** This layer's items. */
  items: Item[];
  view: View;
  durationMs: number;
  editable: boolean;
  selectedId: string | null;
  problemIds: ReadonlySet<string>;
  onSelect: (id: string | null) => void;
  onCreate: (layer: SchemeLayer, span: Span) => void;
  onChange: (id: string, span: Span) => void;
  onSeek: (ms: number) => void;
  onReveal: (span: Span) => void;
};

type Drag =
  | { kind: "create"; startX: number; anchorMs: number; currentMs: number }
  | { kind: "edit"; id: string; mode: DragMode; startX: number; span: Span; gap: Gap; now: Span; moved: boolean };

const CLICK_PX = 4;
/** More fragments than this in view (a long recording at a low zoom) are summed up, not drawn one by one. */
export const MAX_DRAWN = 1500;

export const Lane = memo(function Lane({ layer, items, view, durationMs, editable, selectedId, problemIds, onSelect, onCreate, onChange, onSeek, onReveal }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const xOf = (e: PointerEvent) => e.clientX - ref.current!.getBoundingClientRect().left;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || view.pxPerSec <= 0) return;
    const x = xOf(e);
    const target = (e.target as HTMLElement).closest<HTMLElement>("[data-item-id]");
    const item = target ? items.find((i) => i.id === target.dataset.itemId) : undefined;
    if (item) onSelect(item.id);
    if (!editable) {
      if (!item) onSeek(xToMs(x, view));
      return;
    }
    e.preventDefault();
    ref.current!.setPointerCapture(e.pointerId);
    if (item) {
      const mode = ((e.target as HTMLElement).dataset.edge as DragMode | undefined) ?? "move";
      const span = { startMs: item.startMs, endMs: item.endMs };
      setDrag({ kind: "edit", id: item.id, mode, startX: x, span, gap: gapAround(items, item, durationMs, layer.allowOverlap), now: span, moved: false });
      (target as HTMLElement).focus();
    } else {
      const ms = Math.min(durationMs, Math.max(0, xToMs(x, view)));
      setDrag({ kind: "create", startX: x, anchorMs: ms, currentMs: ms });
    }
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const x = xOf(e);
    if (drag.kind === "create") setDrag({ ...drag, currentMs: Math.min(durationMs, Math.max(0, xToMs(x, view))) });
    else {
      const delta = xToMs(x, view) - xToMs(drag.startX, view);
      setDrag({ ...drag, now: dragSpan(drag.span, drag.mode, delta, drag.gap), moved: drag.moved || Math.abs(x - drag.startX) >= CLICK_PX });
    }
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
    if (Math.abs(x - drag.startX) < CLICK_PX) {
      onSelect(null);
      onSeek(drag.anchorMs);
      return;
    }
    const span = newSpan(items, layer.name, drag.anchorMs, drag.currentMs, durationMs, layer.allowOverlap);
    if (span) onCreate(layer, span);
  };

  const onItemKey = (item: Item) => (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.shiftKey ? 100 : 10;
    const delta = e.key === "ArrowLeft" ? -step : e.key === "ArrowRight" ? step : 0;
    if (!delta || !editable) return;
    e.preventDefault();
    e.stopPropagation();
    const gap = gapAround(items, item, durationMs, layer.allowOverlap);
    onChange(item.id, dragSpan(item, e.altKey ? "end" : "move", delta, gap));
  };

  const shown = visibleWindow(view);
  // In time order, so Tab goes from one fragment to the next.
  const visible = items.filter((i) => inWindow(drag?.kind === "edit" && drag.id === i.id ? drag.now : i, shown)).sort((a, b) => a.startMs - b.startMs);
  const crowded = visible.length > MAX_DRAWN;
  const ghost = drag?.kind === "create" ? newSpan(items, layer.name, drag.anchorMs, drag.currentMs, durationMs, layer.allowOverlap) : null;
  return (
    <div
      ref={ref}
      role="group"
      aria-label={`${layer.name} lane`}
      data-testid={`lane-${layer.name}`}
      data-editable={editable}
      className={`relative h-11 touch-pan-y overflow-hidden border-b border-slate-200 select-none ${editable ? "cursor-crosshair bg-white" : "bg-slate-50"}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(null)}
    >
      {crowded && (
        <p className="pointer-events-none absolute inset-0 flex items-center bg-sky-50 px-2 text-xs text-slate-600">
          {visible.length} fragments in view: zoom in to see and edit them.
        </p>
      )}
      {!crowded && visible.map((item) => {
        const span = drag?.kind === "edit" && drag.id === item.id ? drag.now : item;
        const left = msToX(span.startMs, view);
        const width = Math.max(3, msToX(span.endMs, view) - left);
        const selected = item.id === selectedId;
        const bad = problemIds.has(item.id);
        return (
          <button
            key={item.id}
            type="button"
            data-item-id={item.id}
            data-space-plays
            aria-pressed={selected}
            aria-label={describeItem({ ...item, ...span })}
            title={describeItem({ ...item, ...span })}
            onFocus={(e) => {
              onSelect(item.id);
              // Reached with the keyboard (not pressed): bring it into view.
              if (e.currentTarget.matches(":focus-visible")) onReveal(item);
            }}
            onKeyDown={onItemKey(item)}
            style={{ left, width }}
            className={`absolute top-1 bottom-1 overflow-hidden rounded border px-1.5 text-left text-xs leading-8 whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 ${
              bad ? "border-red-600 bg-red-100 text-red-900" : selected ? "border-blue-800 bg-blue-200 text-blue-950" : "border-sky-400 bg-sky-100 text-slate-900"
            } ${editable ? "cursor-grab" : "cursor-pointer"}`}
          >
            {editable && <span data-edge="start" aria-hidden className="absolute inset-y-0 left-0 w-2 cursor-ew-resize hover:bg-blue-400/40" />}
            <span className="pointer-events-none">{item.label.trim() || "…"}</span>
            {editable && <span data-edge="end" aria-hidden className="absolute inset-y-0 right-0 w-2 cursor-ew-resize hover:bg-blue-400/40" />}
          </button>
        );
      })}
      {ghost && (
        <div
          aria-hidden
          data-testid="new-fragment"
          className="pointer-events-none absolute top-1 bottom-1 rounded border border-dashed border-blue-700 bg-blue-100/60"
          style={{ left: msToX(ghost.startMs, view), width: Math.max(1, msToX(ghost.endMs, view) - msToX(ghost.startMs, view)) }}
        />
      )}
    </div>
  );
});
