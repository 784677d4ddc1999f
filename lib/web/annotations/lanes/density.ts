import type { View } from "./lanes";

// How much of each pixel column of a lane fragments cover (0..1), for a lane with too many
// fragments in view to draw one by one (a long recording at fit zoom). One pass over the items
// and one over the columns: a few ms for 5,000 fragments.

export function coverage(
  items: readonly { startMs: number; endMs: number }[],
  view: View,
  columns = Math.ceil(view.viewportWidth),
): Float32Array {
  const out = new Float32Array(Math.max(0, columns));
  if (view.pxPerSec <= 0 || columns <= 0) return out;
  const pxPerMs = view.pxPerSec / 1000;
  for (const item of items) {
    const x0 = Math.max(0, item.startMs * pxPerMs - view.scrollLeft);
    const x1 = Math.min(columns, item.endMs * pxPerMs - view.scrollLeft);
    if (x1 <= x0) continue;
    const first = Math.floor(x0);
    const last = Math.min(columns - 1, Math.ceil(x1) - 1);
    for (let c = first; c <= last; c++) out[c] += Math.min(c + 1, x1) - Math.max(c, x0);
  }
  for (let c = 0; c < columns; c++) out[c] = Math.min(1, out[c]);
  return out;
}
