"use client";
import { useCallback, useMemo, useRef, useState } from "react";
import { describeItem } from "../lanes/time-format";
import {
  type DraftState,
  edit,
  emptyHistory,
  redoLabel,
  redo as redoStep,
  undoLabel,
  undo as undoStep,
} from "../model/history";
import { contentKey, newItemId } from "../model/items";
import type { Item } from "../model/types";

// The editor's working copy: the items in the lanes, the selected one, whether they differ
// from what the server holds (`baseline`, set after each load and save), and the undo/redo
// history over every edit (history.ts). Compound edits (split, merge, import, restore) go
// through `apply` as one step; a drag's stream of `update`s of one fragment is one step.

function updateLabel(item: Item | undefined, patch: Partial<Omit<Item, "id">>): string {
  const what = item ? describeItem(item) : "fragment";
  if ("label" in patch) return `Relabel ${what}`;
  if ("comment" in patch) return `Comment on ${what}`;
  if ("layer" in patch) return `Change layer of ${what}`;
  return `Move ${what}`;
}

export function useDraft(layerOrder: readonly string[]) {
  const [state, setState] = useState<DraftState>(() => emptyHistory());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [baseline, setBaseline] = useState<Item[]>([]);
  const items = state.items;

  // Whether the items differ from the server's. A load and a save hand over the very array the
  // lanes show: equal without comparing (5,000 fragments take tens of ms to serialise, on the
  // editor's first paint). The baseline's key is made once per baseline, when first needed.
  const baselineKey = useRef<{ of: Item[]; order: readonly string[]; key: string } | null>(null);
  const dirty = useMemo(() => {
    if (items === baseline) return false;
    let known = baselineKey.current;
    if (!known || known.of !== baseline || known.order !== layerOrder)
      known = baselineKey.current = { of: baseline, order: layerOrder, key: contentKey(baseline, layerOrder) };
    return contentKey(items, layerOrder) !== known.key;
  }, [items, baseline, layerOrder]);

  /** A compound edit recorded as ONE undo step. */
  const apply = useCallback((label: string, fn: (items: Item[]) => Item[]) => {
    setState((s) => edit(s, label, fn, null, Date.now()));
  }, []);

  const add = useCallback((item: Omit<Item, "id">): string => {
    const id = newItemId();
    setState((s) => edit(s, `Add ${describeItem(item)}`, (list) => [...list, { ...item, id }], null, Date.now()));
    setSelectedId(id);
    return id;
  }, []);

  const update = useCallback((id: string, patch: Partial<Omit<Item, "id">>) => {
    const fields = Object.keys(patch).sort().join(",");
    setState((s) => {
      const before = s.items.find((i) => i.id === id);
      if (!before || Object.entries(patch).every(([k, v]) => before[k as keyof Item] === v)) return s;
      return edit(
        s,
        updateLabel(before, patch),
        (list) => list.map((i) => (i.id === id ? { ...i, ...patch } : i)),
        `update:${id}:${fields}`,
        Date.now(),
      );
    });
  }, []);

  const remove = useCallback((id: string) => {
    setState((s) => {
      const gone = s.items.find((i) => i.id === id);
      return gone
        ? edit(s, `Delete ${describeItem(gone)}`, (list) => list.filter((i) => i.id !== id), null, Date.now())
        : s;
    });
    setSelectedId((s) => (s === id ? null : s));
  }, []);

  const undo = useCallback(() => setState(undoStep), []);
  const redo = useCallback(() => setState(redoStep), []);

  /** Everything from the server (a load, their version): `baseline` is what the server now holds; the history starts afresh. */
  const reset = useCallback((next: Item[]) => {
    setState(emptyHistory(next));
    setSelectedId((s) => (next.some((i) => i.id === s) ? s : null));
    setBaseline(next);
  }, []);

  return {
    items,
    selectedId,
    selected: items.find((i) => i.id === selectedId) ?? null,
    select: setSelectedId,
    add,
    update,
    remove,
    apply,
    undo,
    redo,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    undoLabel: undoLabel(state),
    redoLabel: redoLabel(state),
    reset,
    /** After a save: what the server holds now. */
    markSaved: setBaseline,
    /** What the server holds (the base of a three-way merge). */
    baseline,
    dirty,
  };
}
export type Draft = ReturnType<typeof useDraft>;
