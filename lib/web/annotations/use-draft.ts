"use client";
import { useCallback, useMemo, useState } from "react";
import { contentKey, newItemId } from "./items";
import type { Item } from "./types";

// The editor's working copy: the items in the lanes, the selected one, and whether they
// differ from what the server holds (`baseline`, set after each load and save).

export function useDraft(layerOrder: readonly string[]) {
  const [items, setItems] = useState<Item[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [baseline, setBaseline] = useState<Item[]>([]);

  const key = useMemo(() => contentKey(items, layerOrder), [items, layerOrder]);
  const baselineKey = useMemo(() => contentKey(baseline, layerOrder), [baseline, layerOrder]);

  const add = useCallback((item: Omit<Item, "id">): string => {
    const id = newItemId();
    setItems((list) => [...list, { ...item, id }]);
    setSelectedId(id);
    return id;
  }, []);

  const update = useCallback((id: string, patch: Partial<Omit<Item, "id">>) => {
    setItems((list) => list.map((i) => (i.id === id ? { ...i, ...patch } : i)));
  }, []);

  const remove = useCallback((id: string) => {
    setItems((list) => list.filter((i) => i.id !== id));
    setSelectedId((s) => (s === id ? null : s));
  }, []);

  /** An edit of several items at once (split, merge, a shared boundary), as one step. */
  const apply = useCallback((label: string, fn: (items: Item[]) => Item[]) => {
    void label;
    setItems(fn);
  }, []);

  /** Everything from the server (a load, their version, an import); `baseline` is what the server now holds. */
  const reset = useCallback((next: Item[]) => {
    setItems(next);
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
    reset,
    /** After a save: what the server holds now. */
    markSaved: setBaseline,
    key,
    dirty: key !== baselineKey,
  };
}
export type Draft = ReturnType<typeof useDraft>;
