import { describeItem } from "../lanes/time-format";
import { newItemId } from "./items";
import type { Item } from "./types";

// Three-way merge of a conflicting save: the version both editors started from (base), mine
// and theirs. Each side's changes are the labels it removed from base and the labels it added
// (a move or relabel is both). A change both sides made alike is taken once. A change of
// mine and one of theirs conflict when they are on the same layer and their times overlap (or
// touch the same base label); conflicting changes are grouped, and for each group the
// annotator keeps mine or theirs. Everything else merges by itself. Items are compared by
// content (layer, label, comment, start, end): item ids are local to one page.

type Content = Omit<Item, "id">;
type Change = { side: "mine" | "theirs"; kind: "add" | "remove"; item: Content };
export type ConflictGroup = {
  id: number;
  layer: string;
  startMs: number;
  endMs: number;
  /** The labels of the group's place as each side left them. */
  mine: Content[];
  theirs: Content[];
  changes: Change[];
};
export type Merge = { base: Content[]; auto: Change[]; conflicts: ConflictGroup[] };
export type Choice = "mine" | "theirs";

const keyOf = (i: Content) => JSON.stringify([i.layer, i.label, i.comment, i.startMs, i.endMs]);
const strip = ({ layer, label, comment, startMs, endMs }: Content): Content => ({
  layer,
  label,
  comment,
  startMs,
  endMs,
});

function counts(items: readonly Content[]): Map<string, { item: Content; n: number }> {
  const out = new Map<string, { item: Content; n: number }>();
  for (const i of items) {
    const k = keyOf(i);
    const e = out.get(k);
    if (e) e.n++;
    else out.set(k, { item: strip(i), n: 1 });
  }
  return out;
}

/** What `side` removed from and added to base (multiset difference). */
function diff(base: readonly Content[], other: readonly Content[], side: Change["side"]): Change[] {
  const a = counts(base);
  const b = counts(other);
  const out: Change[] = [];
  for (const [k, { item, n }] of a) for (let x = b.get(k)?.n ?? 0; x < n; x++) out.push({ side, kind: "remove", item });
  for (const [k, { item, n }] of b) for (let x = a.get(k)?.n ?? 0; x < n; x++) out.push({ side, kind: "add", item });
  return out;
}

const overlaps = (a: Content, b: Content) =>
  a.layer === b.layer &&
  ((a.startMs < b.endMs && b.startMs < a.endMs) || (a.startMs === b.startMs && a.endMs === b.endMs));
const changeKey = (c: Change) => `${c.kind}:${keyOf(c.item)}`;

export function threeWayMerge(base: readonly Content[], mine: readonly Content[], theirs: readonly Content[]): Merge {
  const m = diff(base, mine, "mine");
  const t = diff(base, theirs, "theirs");
  // Union-find over both sides' changes: one of mine and a different one of theirs that meet
  // are joined, and so is each with its own side's changes at the same place (a move is a
  // remove and an add). Identical changes never join by themselves.
  const all = [...m, ...t];
  const parent = all.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const linked = new Set<number>();
  for (let i = 0; i < m.length; i++) {
    for (let j = m.length; j < all.length; j++) {
      if (changeKey(all[i]) === changeKey(all[j]) || !overlaps(all[i].item, all[j].item)) continue;
      parent[find(i)] = find(j);
      linked.add(i).add(j);
    }
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        if (
          all[i].side !== all[j].side ||
          !overlaps(all[i].item, all[j].item) ||
          (!linked.has(i) && !linked.has(j)) ||
          find(i) === find(j)
        )
          continue;
        parent[find(i)] = find(j);
        linked.add(i).add(j);
        grew = true;
      }
    }
  }
  // Unlinked changes merge by themselves; the same change made on both sides is taken once.
  const auto: Change[] = [];
  const mineAuto = new Map<string, number>();
  all.forEach((c, i) => {
    if (linked.has(i)) return;
    if (c.side === "mine") {
      mineAuto.set(changeKey(c), (mineAuto.get(changeKey(c)) ?? 0) + 1);
      return void auto.push(c);
    }
    const n = mineAuto.get(changeKey(c)) ?? 0;
    if (n > 0) mineAuto.set(changeKey(c), n - 1);
    else auto.push(c);
  });
  const groups = new Map<number, Change[]>();
  all.forEach((c, i) => {
    if (!linked.has(i)) return;
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), c]);
  });
  const conflicts: ConflictGroup[] = [];
  for (const changes of groups.values()) {
    const side = (s: Change["side"]) =>
      changes
        .filter((c) => c.side === s)
        .map(changeKey)
        .sort()
        .join("\n");
    // Both sides did exactly the same here: no choice to make.
    if (side("mine") === side("theirs")) {
      auto.push(...changes.filter((c) => c.side === "mine"));
      continue;
    }
    const startMs = Math.min(...changes.map((c) => c.item.startMs));
    const endMs = Math.max(...changes.map((c) => c.item.endMs));
    const layer = changes[0].item.layer;
    const at = (version: readonly Content[]) =>
      version
        .filter((i) => i.layer === layer && i.startMs < endMs && startMs < i.endMs)
        .map(strip)
        .sort((a, b) => a.startMs - b.startMs);
    conflicts.push({ id: 0, layer, startMs, endMs, mine: at(mine), theirs: at(theirs), changes });
  }
  conflicts.sort((a, b) => a.startMs - b.startMs || a.layer.localeCompare(b.layer));
  conflicts.forEach((g, n) => (g.id = n));
  return { base: base.map(strip), auto, conflicts };
}

/** The merged items: base, every automatic change, and per conflict group the chosen side's changes. */
export function resolveMerge(merge: Merge, choices: Readonly<Record<number, Choice>>): Item[] {
  const changes = [
    ...merge.auto,
    ...merge.conflicts.flatMap((g) => g.changes.filter((c) => c.side === (choices[g.id] ?? "mine"))),
  ];
  const result = counts(merge.base);
  for (const c of changes) {
    const k = keyOf(c.item);
    const e = result.get(k);
    if (c.kind === "remove") {
      if (e && e.n > 0) e.n--;
    } else if (e) e.n++;
    else result.set(k, { item: c.item, n: 1 });
  }
  return [...result.values()]
    .flatMap(({ item, n }) => Array.from({ length: n }, () => ({ ...item, id: newItemId() })))
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs || a.layer.localeCompare(b.layer));
}

/** "Words 0.500 s–0.900 s" and each side's labels there, for the conflict panel. */
export const describeSide = (items: readonly Content[]): string =>
  items.length ? items.map((i) => describeItem(i)).join(", ") : "nothing";
