import { newItemId } from "../model/items";
import type { Item } from "../model/types";

// An import, previewed before anything changes: the file is read in the browser with the
// server's own parser (lib/annotations/interchange, framework-free); each of its tiers is
// mapped onto a layer of the scheme or skipped; per layer the preview counts what the import
// adds, removes and changes (same place, other label or comment). Applying it is one undoable
// step of the draft; the save that follows goes through the server's checks like any other.

export type Imported = { layers: string[]; items: Omit<Item, "id">[] };
/** Tier name → scheme layer, or null to skip the tier. */
export type TierMapping = Record<string, string | null>;
export type LayerChange = { layer: string; added: number; removed: number; changed: number; unchanged: number };

/** Tiers named like a layer (ignoring case) go to it; the rest are skipped until mapped. */
export function defaultMapping(tiers: readonly string[], layers: readonly string[]): TierMapping {
  return Object.fromEntries(tiers.map((t) => [t, layers.find((l) => l.toLowerCase() === t.toLowerCase()) ?? null]));
}

/** The items the import would leave: the file's, on their mapped layers (skipped tiers dropped). */
export function mappedItems(imported: Imported, mapping: TierMapping): Item[] {
  return imported.items.flatMap((i) => {
    const layer = mapping[i.layer];
    return layer ? [{ ...i, layer, id: newItemId() }] : [];
  });
}

const place = (i: Omit<Item, "id">) => `${i.startMs}:${i.endMs}`;
const content = (i: Omit<Item, "id">) => `${i.label}\n${i.comment}`;

/** Per layer (scheme order first), what replacing `current` with `next` adds, removes and changes. */
export function previewChanges(
  current: readonly Omit<Item, "id">[],
  next: readonly Omit<Item, "id">[],
  layerOrder: readonly string[],
): LayerChange[] {
  const layers = [...new Set([...layerOrder, ...current.map((i) => i.layer), ...next.map((i) => i.layer)])];
  return layers
    .map((layer) => {
      const before = current.filter((i) => i.layer === layer);
      const after = next.filter((i) => i.layer === layer);
      const row: LayerChange = { layer, added: 0, removed: 0, changed: 0, unchanged: 0 };
      const left = new Map<string, string[]>();
      for (const i of before) left.set(place(i), [...(left.get(place(i)) ?? []), content(i)]);
      const unmatched: Omit<Item, "id">[] = [];
      // Identical labels first, then same-place ones count as changed.
      for (const i of after) {
        const there = left.get(place(i)) ?? [];
        const k = there.indexOf(content(i));
        if (k >= 0) {
          there.splice(k, 1);
          row.unchanged++;
        } else unmatched.push(i);
      }
      for (const i of unmatched) {
        const there = left.get(place(i)) ?? [];
        if (there.length) {
          there.pop();
          row.changed++;
        } else row.added++;
      }
      row.removed = [...left.values()].reduce((n, l) => n + l.length, 0);
      return row;
    })
    .filter((r) => r.added + r.removed + r.changed + r.unchanged > 0);
}
