import type { Item } from "../model/types";
import type { View } from "./lanes";

// What a pointer in a lane grabs, decided by time (never by which box is on top): fragments a
// few pixels wide lie side by side at low zoom, and their boxes must not steal each other's
// edges. The nearest boundary within a few pixels wins; a boundary two fragments share is
// grabbed as one (both move) unless detached, else the side of the pointer picks its owner.

export type Hit =
  | { kind: "move"; id: string }
  | { kind: "edge"; id: string; mode: "start" | "end" }
  | { kind: "boundary"; leftId: string; rightId: string; ms: number };

/** How near (px) a boundary must be to be grabbed. */
export const HANDLE_PX = 6;

type Candidate = { id: string; mode: "start" | "end"; ms: number };

/**
 * The fragment of `items` (one layer) under `x` (px from the lane's left edge): its edge when a
 * boundary is within `handlePx`, or the fragment to move, or null over empty lane.
 * `detach` (Alt) grabs only one side of a shared boundary.
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
  const tol = handlePx / pxPerMs;

  // The fragment under the pointer (the shortest, when a layer allows overlaps).
  let inside: Item | null = null;
  let best: Candidate | null = null;
  let bestDist = Infinity;
  const ties: Candidate[] = [];
  for (const item of items) {
    if (item.startMs <= t && t <= item.endMs && (!inside || item.endMs - item.startMs < inside.endMs - inside.startMs))
      inside = item;
    for (const c of [
      { id: item.id, mode: "start" as const, ms: item.startMs },
      { id: item.id, mode: "end" as const, ms: item.endMs },
    ]) {
      const d = Math.abs(c.ms - t);
      if (d > tol) continue;
      if (d < bestDist - 1e-9) {
        best = c;
        bestDist = d;
        ties.length = 0;
        ties.push(c);
      } else if (Math.abs(d - bestDist) <= 1e-9) ties.push(c);
    }
  }
  if (best) {
    // A fragment narrower than a few handles keeps its middle for moving it.
    const widthPx = inside ? (inside.endMs - inside.startMs) * pxPerMs : Infinity;
    const distPx = bestDist * pxPerMs;
    if (!inside || ties.some((c) => c.id !== inside!.id) || distPx <= Math.min(handlePx, widthPx / 4)) {
      return grab(ties, t, items, options.detach ?? false);
    }
  }
  return inside ? { kind: "move", id: inside.id } : null;
}

/** Among boundaries at the same place: both sides of a shared one, or the owner on the pointer's side. */
function grab(ties: Candidate[], t: number, items: readonly Item[], detach: boolean): Hit {
  const at = ties[0].ms;
  // Every fragment with an edge exactly there (the nearest may have been found on one side only).
  const ends = items.filter((i) => i.endMs === at);
  const starts = items.filter((i) => i.startMs === at);
  const leftSide = t < at;
  if (!detach && ends.length === 1 && starts.length === 1 && ends[0].id !== starts[0].id) {
    return { kind: "boundary", leftId: ends[0].id, rightId: starts[0].id, ms: at };
  }
  // The pointer's side owns it: left of the line the fragment ending there, right of it the one starting there.
  const preferred = leftSide ? (ends[0] ?? starts[0]) : (starts[0] ?? ends[0]);
  const mode = preferred.endMs === at && (leftSide || preferred.startMs !== at) ? "end" : "start";
  return { kind: "edge", id: preferred.id, mode };
}
