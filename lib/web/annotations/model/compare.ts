import type { WireFragment } from "./types";

// What the full annotator changed after the base annotator's hand-over: the base state (the
// annotation when doneBase was set) against the current one, label by label in each layer.
// A label at the same place in both is unchanged; the same place with another label, or the
// same label moved in time (overlapping its old place), is changed; the rest is added or removed.

export type Entry = { layer: string; label: string; startMs: number; endMs: number };
export type Change = ({ kind: "added" | "removed" } & Entry) | ({ kind: "changed"; before: Entry } & Entry);
export type Comparison = { changes: Change[]; unchanged: number; counts: Record<Change["kind"], number> };

const toMs = (s: number) => Math.round(s * 1000);
const flatten = (fragments: readonly WireFragment[]): Entry[] =>
  fragments.flatMap((f) =>
    f.labels.map((l) => ({ layer: l.layer, label: l.label.trim(), startMs: toMs(f.start), endMs: toMs(f.end) })),
  );
const key = (e: Entry, withLabel: boolean) => JSON.stringify([e.layer, e.startMs, e.endMs, withLabel ? e.label : ""]);
const overlap = (a: Entry, b: Entry) => Math.min(a.endMs, b.endMs) - Math.max(a.startMs, b.startMs);

/** Removes and returns the first entry of `pool` under `k`. */
function take(pool: Map<string, Entry[]>, k: string): Entry | undefined {
  const list = pool.get(k);
  const found = list?.shift();
  if (list && !list.length) pool.delete(k);
  return found;
}

function group(entries: Entry[], withLabel: boolean): Map<string, Entry[]> {
  const out = new Map<string, Entry[]>();
  for (const e of entries) out.set(key(e, withLabel), [...(out.get(key(e, withLabel)) ?? []), e]);
  return out;
}

export function compare(base: readonly WireFragment[], current: readonly WireFragment[]): Comparison {
  const changes: Change[] = [];
  let unchanged = 0;
  // 1. The same label at the same place.
  const exact = group(flatten(base), true);
  let rest: Entry[] = [];
  for (const e of flatten(current)) take(exact, key(e, true)) ? unchanged++ : rest.push(e);
  let left = [...exact.values()].flat();
  // 2. Another label at the same place.
  const samePlace = group(left, false);
  const next: Entry[] = [];
  for (const e of rest) {
    const before = take(samePlace, key(e, false));
    if (before) changes.push({ kind: "changed", ...e, before });
    else next.push(e);
  }
  rest = next;
  left = [...samePlace.values()].flat();
  // 3. The same label moved or resized: the old place it overlaps most.
  for (const e of rest) {
    let best = -1;
    let bestOverlap = 0;
    left.forEach((b, i) => {
      const o = b.layer === e.layer && b.label === e.label ? overlap(b, e) : 0;
      if (o > bestOverlap) [best, bestOverlap] = [i, o];
    });
    if (best >= 0) changes.push({ kind: "changed", ...e, before: left.splice(best, 1)[0] });
    else changes.push({ kind: "added", ...e });
  }
  for (const b of left) changes.push({ kind: "removed", ...b });
  changes.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs || a.layer.localeCompare(b.layer));
  const counts = { added: 0, removed: 0, changed: 0 };
  for (const c of changes) counts[c.kind]++;
  return { changes, unchanged, counts };
}

/** A saved version of an annotation (GET /annotations/:id/revisions). */
export type Revision = {
  version: number;
  savedBy: string | { id: string } | null;
  saved: string;
  doneBase: string | null;
  doneFull: string | null;
  fragments: WireFragment[];
};

const byVersion = (revisions: readonly Revision[]) => [...revisions].sort((a, b) => a.version - b.version);

/** The base annotator's hand-over: the fragments of the latest version in which doneBase became set (null: never handed over). */
export function baseHandOver(revisions: readonly Revision[]): Revision | null {
  const sorted = byVersion(revisions);
  let found: Revision | null = null;
  sorted.forEach((r, i) => {
    if (r.doneBase && (i === 0 || !sorted[i - 1].doneBase)) found = r;
  });
  return found;
}

const savedById = (r: Revision) => (typeof r.savedBy === "string" ? r.savedBy : (r.savedBy?.id ?? null));
const sameFragments = (a: readonly WireFragment[], b: readonly WireFragment[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/** Versions in which the full annotator changed fragments before the base annotator was done (the persisted mark of early work). */
export function earlyFullEdits(revisions: readonly Revision[], fullAnnotator: string): Revision[] {
  const sorted = byVersion(revisions);
  return sorted.filter(
    (r, i) =>
      savedById(r) === fullAnnotator && !r.doneBase && !sameFragments(r.fragments, i ? sorted[i - 1].fragments : []),
  );
}
