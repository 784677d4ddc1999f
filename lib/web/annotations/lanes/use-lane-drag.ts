import { type PointerEvent, type RefObject, useState } from "react";
import { boundaryRange } from "@/lib/web/annotations/model/edits";
import type { Item, SchemeLayer } from "@/lib/web/annotations/model/types";
import { hitTest } from "./hit-test";
import { type DragMode, dragSpan, type Gap, gapAround, msToX, newSpan, type Span, type View, xToMs } from "./lanes";

// A lane's pointer gestures: dragging on empty lane draws a fragment (inside the free gap when
// the layer forbids overlaps), dragging a fragment moves it, its edges resize it, a boundary two
// fragments share moves both (Alt: only the side's owner), and a click seeks. What a press grabs
// is decided by time (hit-test.ts), not by which box lies on top.

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

export type LaneDragInput = {
  ref: RefObject<HTMLDivElement | null>;
  layer: SchemeLayer;
  items: Item[];
  view: View;
  durationMs: number;
  editable: boolean;
  /** Too many fragments in view to draw: presses only select or seek. */
  crowded: boolean;
  focusItem: (id: string) => void;
  onSelect: (id: string | null) => void;
  onCreate: (layer: SchemeLayer, span: Span) => void;
  onChange: (id: string, span: Span) => void;
  onBoundary: (leftId: string, rightId: string, ms: number) => void;
  onSeek: (ms: number) => void;
};

/** The lane's pointer handlers, each fragment's span while it is dragged, and the fragment being drawn. */
export function useLaneDrag({
  ref,
  layer,
  items,
  view,
  durationMs,
  editable,
  crowded,
  focusItem,
  onSelect,
  onCreate,
  onChange,
  onBoundary,
  onSeek,
}: LaneDragInput) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const xOf = (e: PointerEvent) => e.clientX - ref.current!.getBoundingClientRect().left;

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

  const spanOf = (item: Item): Span => {
    if (drag?.kind === "edit" && drag.id === item.id) return drag.now;
    if (drag?.kind === "boundary" && drag.leftId === item.id) return { startMs: item.startMs, endMs: drag.now };
    if (drag?.kind === "boundary" && drag.rightId === item.id) return { startMs: drag.now, endMs: item.endMs };
    return item;
  };
  const ghost =
    drag?.kind === "create"
      ? newSpan(items, layer.name, drag.anchorMs, drag.currentMs, durationMs, layer.allowOverlap)
      : null;
  return {
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: () => setDrag(null) },
    spanOf,
    ghost,
  };
}
