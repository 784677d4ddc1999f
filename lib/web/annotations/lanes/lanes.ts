import type { Item } from "../model/types";

// Lane geometry: times to pixels at the waveform's zoom, what a drag does to a fragment, the
// free gap a fragment may use in a layer without overlaps, and the ruler's ticks.

/** The shortest fragment a drag makes or leaves (10 ms: one peaks point). */
export const MIN_MS = 10;

export type View = {
  /** Pixels per second of the drawn waveform (its content width / duration). */
  pxPerSec: number;
  /** Horizontal scroll of the waveform, in pixels. */
  scrollLeft: number;
  /** The visible width, in pixels. */
  viewportWidth: number;
};

export const msToX = (ms: number, view: View): number => (ms / 1000) * view.pxPerSec - view.scrollLeft;
export const xToMs = (x: number, view: View): number =>
  view.pxPerSec > 0 ? Math.round(((x + view.scrollLeft) / view.pxPerSec) * 1000) : 0;

/** The visible time window in ms, with a margin of half a screen on each side. */
export function visibleWindow(view: View): { fromMs: number; toMs: number } {
  if (view.pxPerSec <= 0) return { fromMs: 0, toMs: 0 };
  const margin = view.viewportWidth / 2;
  return { fromMs: xToMs(-margin, view), toMs: xToMs(view.viewportWidth + margin, view) };
}

export const inWindow = (item: Pick<Item, "startMs" | "endMs">, w: { fromMs: number; toMs: number }): boolean =>
  item.endMs >= w.fromMs && item.startMs <= w.toMs;

export type Gap = { minMs: number; maxMs: number };

/**
 * Where `item` may lie in its layer: between the end of the layer's previous item and the start
 * of its next one when the layer forbids overlaps, else the whole recording.
 */
export function gapAround(
  items: readonly Item[],
  item: Pick<Item, "id" | "layer" | "startMs" | "endMs">,
  durationMs: number,
  allowOverlap: boolean,
): Gap {
  if (allowOverlap) return { minMs: 0, maxMs: durationMs };
  let minMs = 0;
  let maxMs = durationMs;
  const middle = (item.startMs + item.endMs) / 2;
  for (const other of items) {
    if (other.id === item.id || other.layer !== item.layer) continue;
    if (other.endMs <= middle) minMs = Math.max(minMs, Math.min(other.endMs, item.startMs));
    if (other.startMs >= middle) maxMs = Math.min(maxMs, Math.max(other.startMs, item.endMs));
  }
  return { minMs, maxMs };
}

export type DragMode = "move" | "start" | "end";
export type Span = { startMs: number; endMs: number };

/** The span after dragging `mode` by `deltaMs`, kept inside `gap` and at least MIN_MS long. */
export function dragSpan(span: Span, mode: DragMode, deltaMs: number, gap: Gap): Span {
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  if (mode === "move") {
    const length = span.endMs - span.startMs;
    const startMs = clamp(span.startMs + deltaMs, gap.minMs, Math.max(gap.minMs, gap.maxMs - length));
    return { startMs, endMs: startMs + length };
  }
  if (mode === "start")
    return { startMs: clamp(span.startMs + deltaMs, gap.minMs, span.endMs - MIN_MS), endMs: span.endMs };
  return { startMs: span.startMs, endMs: clamp(span.endMs + deltaMs, span.startMs + MIN_MS, gap.maxMs) };
}

/**
 * A new span dragged from `anchorMs` to `currentMs` in a layer: inside the recording and, when
 * the layer forbids overlaps, inside the free gap around the anchor (null: the anchor is
 * inside another item, or the span is shorter than MIN_MS).
 */
export function newSpan(
  items: readonly Item[],
  layer: string,
  anchorMs: number,
  currentMs: number,
  durationMs: number,
  allowOverlap: boolean,
): Span | null {
  let lo = 0;
  let hi = durationMs;
  if (!allowOverlap) {
    for (const other of items) {
      if (other.layer !== layer) continue;
      if (other.startMs < anchorMs && anchorMs < other.endMs) return null;
      if (other.endMs <= anchorMs) lo = Math.max(lo, other.endMs);
      if (other.startMs >= anchorMs) hi = Math.min(hi, other.startMs);
    }
  }
  const a = Math.min(Math.max(anchorMs, lo), hi);
  const b = Math.min(Math.max(currentMs, lo), hi);
  const span = { startMs: Math.min(a, b), endMs: Math.max(a, b) };
  return span.endMs - span.startMs >= MIN_MS ? span : null;
}

const STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600];

export type Tick = { seconds: number; major: boolean };

/** Ruler ticks over the visible window: labelled ones at least `minLabelPx` apart, five minor steps between. */
export function rulerTicks(view: View, durationSec: number, minLabelPx = 70): { step: number; ticks: Tick[] } {
  if (view.pxPerSec <= 0 || durationSec <= 0) return { step: 1, ticks: [] };
  const step = STEPS.find((s) => s * view.pxPerSec >= minLabelPx) ?? STEPS[STEPS.length - 1];
  const minor = step / 5;
  const from = Math.max(0, view.scrollLeft / view.pxPerSec);
  const to = Math.min(durationSec, (view.scrollLeft + view.viewportWidth) / view.pxPerSec);
  const ticks: Tick[] = [];
  for (let k = Math.floor(from / minor); k * minor <= to + 1e-9; k++) {
    const seconds = Math.round(k * minor * 1000) / 1000;
    if (seconds < from - 1e-9) continue;
    ticks.push({ seconds, major: k % 5 === 0 });
  }
  return { step, ticks };
}

/** Zoom choices in px per second; 0 fits the whole recording into the view. */
/** From this zoom on (px/s) the waveform is drawn from the decoded window (components/annotations/fine-wave.tsx). */
export const FINE_PX_PER_SEC = 200;

export const ZOOM_LEVELS = [0, 10, 25, 50, 100, 200, 400, 800, 1600] as const;

/** The next zoom level in or out from the current px/s. */
export function stepZoom(current: number, direction: 1 | -1, fitPxPerSec: number): number {
  const effective = current || fitPxPerSec;
  const levels = ZOOM_LEVELS.filter((z) => z > fitPxPerSec);
  if (direction > 0) return levels.find((z) => z > effective * 1.01) ?? levels[levels.length - 1] ?? current;
  const lower = [...levels].reverse().find((z) => z < effective * 0.99);
  return lower ?? 0;
}
