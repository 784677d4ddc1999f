"use client";
import { type FocusEvent, type KeyboardEvent, memo, useRef } from "react";
import {
  dragSpan,
  gapAround,
  inWindow,
  msToX,
  type Span,
  type View,
  visibleWindow,
} from "@/lib/web/annotations/lanes/lanes";
import { describeItem } from "@/lib/web/annotations/lanes/time-format";
import { useLaneDrag } from "@/lib/web/annotations/lanes/use-lane-drag";
import type { Item, SchemeLayer } from "@/lib/web/annotations/model/types";
import { DensityStrip } from "./density-strip";
import { FragmentBox } from "./fragment-box";

// One layer's lane under the waveform, at its zoom and scroll. Its pointer gestures are
// lib/web/annotations/lanes/use-lane-drag.ts. Fragments are buttons: Tab reaches them, arrows
// move them (Shift: 100 ms steps), Alt+arrows move the end. Too many in view to draw: their
// coverage, as a strip.

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

  const shown = visibleWindow(view);
  const visible = items.filter((i) => inWindow(i, shown));
  const crowded = isCrowded(visible.length, view, durationMs);

  const focusItem = (id: string) =>
    ref.current?.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true });
  const { handlers, spanOf, ghost } = useLaneDrag({
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
  });

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

  // In time order, so Tab goes from one fragment to the next.
  const ordered = crowded ? [] : visible.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  return (
    <div
      ref={ref}
      role="group"
      aria-label={`${layer.name} lane`}
      data-testid={`lane-${layer.name}`}
      data-editable={editable}
      data-crowded={crowded}
      className={`relative h-11 touch-pan-y overflow-hidden border-b border-slate-200 select-none ${editable && !crowded ? "cursor-crosshair bg-white" : "cursor-pointer bg-slate-50"}`}
      {...handlers}
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
