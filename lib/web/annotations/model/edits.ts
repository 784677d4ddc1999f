import { MIN_MS } from "../lanes/lanes";
import { newItemId } from "./items";
import type { Item } from "./types";

// Edits that change several fragments at once, as pure functions of the items (the draft
// applies them as one undoable step): split at a time, merge with a neighbour, move a
// boundary two fragments share, and pre-filling a layer with words.

/** Splits `id` at `atMs` into two fragments of its layer and label (unchanged when `atMs` leaves either shorter than MIN_MS). */
export const splitAt =
  (id: string, atMs: number, newId: () => string = newItemId) =>
  (items: Item[]): Item[] => {
    const item = items.find((i) => i.id === id);
    const at = Math.round(atMs);
    if (!item || at - item.startMs < MIN_MS || item.endMs - at < MIN_MS) return items;
    const right: Item = { ...item, id: newId(), startMs: at };
    return items.flatMap((i) => (i.id === id ? [{ ...i, endMs: at }, right] : [i]));
  };

/** The fragment of the same layer just before (-1) or after (1) `item`, in time order. */
export function neighbour(items: readonly Item[], item: Item, direction: 1 | -1): Item | null {
  const layer = items.filter((i) => i.layer === item.layer).sort(byTime);
  const at = layer.findIndex((i) => i.id === item.id);
  return at < 0 ? null : (layer[at + direction] ?? null);
}

export const byTime = (a: Item, b: Item): number => a.startMs - b.startMs || a.endMs - b.endMs;

/**
 * Where Tab (1) or Shift+Tab (-1) goes from `item`: its layer's next / previous fragment, and at
 * a lane's end on to the first (last) fragment of the next (previous) lane that has any, in
 * `layerOrder`; null past the last lane (focus then leaves the lanes as usual).
 */
export function tabNeighbour(
  items: readonly Item[],
  item: Item,
  direction: 1 | -1,
  layerOrder: readonly string[],
): Item | null {
  const same = neighbour(items, item, direction);
  if (same) return same;
  const order = layerOrder.includes(item.layer) ? layerOrder : [...layerOrder, item.layer];
  for (let i = order.indexOf(item.layer) + direction; i >= 0 && i < order.length; i += direction) {
    const lane = items.filter((x) => x.layer === order[i]).sort(byTime);
    if (lane.length) return direction > 0 ? lane[0] : lane[lane.length - 1];
  }
  return null;
}

/**
 * Merges `id` with its neighbour in `direction`: one fragment over both spans (and the gap
 * between), labels joined by a space on free-text layers, else the first one's label.
 */
export const mergeWith =
  (id: string, direction: 1 | -1, freeText: boolean) =>
  (items: Item[]): Item[] => {
    const item = items.find((i) => i.id === id);
    const other = item && neighbour(items, item, direction);
    if (!item || !other) return items;
    const [first, second] = direction > 0 ? [item, other] : [other, item];
    const label = freeText ? [first.label.trim(), second.label.trim()].filter(Boolean).join(" ") : first.label;
    const comment = [first.comment.trim(), second.comment.trim()].filter(Boolean).join(" ");
    const merged: Item = {
      ...item,
      label,
      comment,
      startMs: Math.min(first.startMs, second.startMs),
      endMs: Math.max(first.endMs, second.endMs),
    };
    return items.filter((i) => i.id !== other.id).map((i) => (i.id === id ? merged : i));
  };

/** Where the boundary shared by `left` (its end) and `right` (its start) may go: each keeps MIN_MS. */
export function boundaryRange(left: Item, right: Item): { minMs: number; maxMs: number } {
  return { minMs: left.startMs + MIN_MS, maxMs: right.endMs - MIN_MS };
}

/** Moves the boundary `left` and `right` share to `ms` (clamped so both keep MIN_MS): the end of one and the start of the other. */
export const moveBoundary =
  (leftId: string, rightId: string, ms: number) =>
  (items: Item[]): Item[] => {
    const left = items.find((i) => i.id === leftId);
    const right = items.find((i) => i.id === rightId);
    if (!left || !right) return items;
    const { minMs, maxMs } = boundaryRange(left, right);
    const at = Math.round(Math.min(maxMs, Math.max(minMs, ms)));
    return items.map((i) => (i.id === leftId ? { ...i, endMs: at } : i.id === rightId ? { ...i, startMs: at } : i));
  };

/** Sets the label of `id`. */
export const relabel =
  (id: string, label: string) =>
  (items: Item[]): Item[] =>
    items.map((i) => (i.id === id ? { ...i, label } : i));
