import type { Item, WireFragment } from "./types";

// Between the wire's fragments and the editor's items (one per label). Saving groups items
// with the same span back into one fragment, so an annotation read and saved unchanged goes
// back exactly as it came (the API sorts by start, then end).

let counter = 0;
/** A new item id, unique in this page. */
export const newItemId = (): string => `item-${++counter}`;

export const toMs = (seconds: number): number => Math.round(seconds * 1000);

export function itemsFromWire(fragments: readonly WireFragment[]): Item[] {
  return fragments.flatMap((f) =>
    f.labels.map((l) => ({
      id: newItemId(),
      layer: l.layer,
      label: l.label,
      comment: l.comment ?? "",
      startMs: toMs(f.start),
      endMs: toMs(f.end),
    })),
  );
}

const byTime = (a: Item, b: Item) => a.startMs - b.startMs || a.endMs - b.endMs;

/** The items as the API's fragments: same spans grouped, sorted by start, then end. */
export function itemsToWire(items: readonly Item[], layerOrder: readonly string[] = []): WireFragment[] {
  const rank = (layer: string) => {
    const i = layerOrder.indexOf(layer);
    return i < 0 ? layerOrder.length : i;
  };
  const sorted = [...items].sort((a, b) => byTime(a, b) || rank(a.layer) - rank(b.layer));
  const out: WireFragment[] = [];
  for (const item of sorted) {
    const last = out[out.length - 1];
    const label = { layer: item.layer, label: item.label.trim(), comment: item.comment };
    if (last && toMs(last.start) === item.startMs && toMs(last.end) === item.endMs) last.labels.push(label);
    else out.push({ start: item.startMs / 1000, end: item.endMs / 1000, labels: [label] });
  }
  return out;
}

/** A comparable key of what a save would send (dirty checks). */
export const contentKey = (items: readonly Item[], layerOrder: readonly string[] = []): string =>
  JSON.stringify(itemsToWire(items, layerOrder));

/** How many labels each layer holds (the conflict summary). */
export function countsByLayer(fragments: readonly WireFragment[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of fragments) for (const l of f.labels) out[l.layer] = (out[l.layer] ?? 0) + 1;
  return out;
}

export type LayerDifference = { layer: string; mine: number; theirs: number };

/** Per layer (scheme order first, then any other layer met): the label counts of both versions. */
export function layerDifferences(
  mine: readonly WireFragment[],
  theirs: readonly WireFragment[],
  layerOrder: readonly string[],
): LayerDifference[] {
  const a = countsByLayer(mine);
  const b = countsByLayer(theirs);
  const layers = [...new Set([...layerOrder, ...Object.keys(a), ...Object.keys(b)])];
  return layers
    .filter((layer) => a[layer] || b[layer])
    .map((layer) => ({ layer, mine: a[layer] ?? 0, theirs: b[layer] ?? 0 }));
}

/** Keys of labels already saved at their place: the API never refuses those again. */
export const placeKey = (layer: string, label: string, startMs: number, endMs: number): string =>
  JSON.stringify([layer, label, startMs, endMs]);

export function savedPlaces(fragments: readonly WireFragment[]): Set<string> {
  return new Set(fragments.flatMap((f) => f.labels.map((l) => placeKey(l.layer, l.label, toMs(f.start), toMs(f.end)))));
}
