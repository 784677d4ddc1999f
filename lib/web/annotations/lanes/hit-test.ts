import type { Item } from "../model/types";
import type { View } from "./lanes";

// What a pointer in a lane grabs, decided by time (never by which box is on top). A press
// outside every fragment grabs nothing, whatever the zoom: a drag there draws a new fragment
// (at a low zoom a press 0.04 s after a word's end used to resize that word, so the next word
// went into the wrong fragment). Inside a fragment, a handle a few pixels wide at each end
// resizes it (narrower in a fragment only a few handles wide, which keeps its middle for moving);
// the rest moves it. A boundary two fragments share is grabbed as one (both move) unless
// detached (Alt), then the fragment under the pointer owns it.

export type Hit =
  | { kind: "move"; id: string }
  | { kind: "edge"; id: string; mode: "start" | "end" }
  | { kind: "boundary"; leftId: string; rightId: string; ms: number };

/** How wide (px) the resize handle at each end of a fragment is, inside the fragment. */
export const HANDLE_PX = 6;

/**
 * The fragment of `items` (one layer) under `x` (px from the lane's left edge): its edge when
 * the pointer is on one of its end handles, or the fragment to move, or null outside every
 * fragment. `detach` (Alt) grabs only one side of a shared boundary.
 */
export function hitTest(
  items: readonly Item[],
  x: number,
  view: View,
  options: { handlePx?: number; detach?: boolean } = {},
): Hit | null {
  if (view.pxPerSec <= 0) return null;
  const handlePx = options.handlePx ?? HANDLE_PX;
  const pxPerMs = view.pxPerSec / 1000;
  const t = (x + view.scrollLeft) / pxPerMs;

  // The fragment under the pointer (the shortest, when a layer allows overlaps).
  let inside: Item | null = null;
  for (const item of items) {
    if (item.startMs <= t && t <= item.endMs && (!inside || item.endMs - item.startMs < inside.endMs - inside.startMs))
      inside = item;
  }
  if (!inside) return null;
  const widthPx = (inside.endMs - inside.startMs) * pxPerMs;
  const handle = Math.min(handlePx, widthPx / 4);
  const fromStart = (t - inside.startMs) * pxPerMs;
  const fromEnd = (inside.endMs - t) * pxPerMs;
  if (Math.min(fromStart, fromEnd) > handle) return { kind: "move", id: inside.id };
  const mode = fromStart <= fromEnd ? "start" : "end";
  const at = mode === "start" ? inside.startMs : inside.endMs;
  if (!options.detach) {
    // Both sides of a boundary two fragments share (and no third fragment's edge there).
    const ends = items.filter((i) => i.endMs === at);
    const starts = items.filter((i) => i.startMs === at);
    if (ends.length === 1 && starts.length === 1 && ends[0].id !== starts[0].id)
      return { kind: "boundary", leftId: ends[0].id, rightId: starts[0].id, ms: at };
  }
  return { kind: "edge", id: inside.id, mode };
}
