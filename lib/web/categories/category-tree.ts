import type { Category } from "@/lib/categories/schemas";

// The organisation's category tree in the browser, as plain functions over the flat list of
// its categories (the cached answer): siblings in the API's order (order, then creation),
// the visible rows in depth-first order, and the requests that move one category.

export type Node = { category: Category; depth: number; parent: string | null; hasChildren: boolean };

/** A PUT body of a move: the category's new `order` and, when it changes, its `parent`. */
export type MoveUpdate = { id: string; order: number; parent?: string | null };

const bySiblingOrder = (a: Category, b: Category) =>
  a.order - b.order ||
  (a.created < b.created ? -1 : a.created > b.created ? 1 : 0) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Parent id ("" for the top level) → its children in the API's order. */
export function childrenMap(list: readonly Category[]): Map<string, Category[]> {
  const map = new Map<string, Category[]>();
  const ids = new Set(list.map((c) => c.id));
  for (const c of list) {
    // A parent the list lacks (it moved away meanwhile) shows the child at the top level.
    const key = c.parent && ids.has(c.parent) ? c.parent : "";
    const siblings = map.get(key) ?? [];
    siblings.push(c);
    map.set(key, siblings);
  }
  for (const siblings of map.values()) siblings.sort(bySiblingOrder);
  return map;
}

export const siblingsOf = (list: readonly Category[], parent: string | null) =>
  childrenMap(list).get(parent ?? "") ?? [];

/** The rows in depth-first order; `collapsed` categories hide their descendants. */
export function flatten(list: readonly Category[], collapsed: ReadonlySet<string> = new Set()): Node[] {
  const children = childrenMap(list);
  const out: Node[] = [];
  const seen = new Set<string>();
  const walk = (parent: string, depth: number) => {
    for (const category of children.get(parent) ?? []) {
      if (seen.has(category.id)) continue;
      seen.add(category.id);
      const kids = children.get(category.id) ?? [];
      out.push({ category, depth, parent: parent || null, hasChildren: kids.length > 0 });
      if (!collapsed.has(category.id)) walk(category.id, depth + 1);
    }
  };
  walk("", 0);
  return out;
}

/** The category's descendants' ids. */
export function descendants(list: readonly Category[], id: string): Set<string> {
  const children = childrenMap(list);
  const out = new Set<string>();
  const stack = [id];
  while (stack.length) {
    for (const c of children.get(stack.pop()!) ?? []) {
      if (out.has(c.id)) continue;
      out.add(c.id);
      stack.push(c.id);
    }
  }
  return out;
}

/**
 * The PUTs that put category `id` at `index` among the children of `parent`. One request when
 * an integer fits strictly between its new neighbours' orders; otherwise the new siblings are
 * numbered 0, 1, 2, … and each one whose order changes gets a request. Empty: nothing changes.
 */
export function planMove(list: readonly Category[], id: string, parent: string | null, index: number): MoveUpdate[] {
  const moving = list.find((c) => c.id === id);
  if (!moving) return [];
  if (parent === id || (parent && descendants(list, id).has(parent))) return [];
  const fromParent = moving.parent && list.some((c) => c.id === moving.parent) ? moving.parent : null;
  const reparent = fromParent !== parent;
  const others = siblingsOf(list, parent).filter((c) => c.id !== id);
  const at = Math.max(0, Math.min(index, others.length));
  const prev = others[at - 1];
  const next = others[at];
  const parentField = reparent ? { parent } : {};
  if (!reparent && siblingsOf(list, parent).findIndex((c) => c.id === id) === at) return [];
  const candidate = prev ? prev.order + 1 : next ? next.order - 1 : 0;
  if ((!prev || prev.order < candidate) && (!next || candidate < next.order))
    return [{ id, order: candidate, ...parentField }];
  const sequence = [...others.slice(0, at), moving, ...others.slice(at)];
  return sequence.flatMap((c, i) =>
    c.id === id ? [{ id, order: i, ...parentField }] : c.order === i ? [] : [{ id: c.id, order: i }],
  );
}

/** The list with the updates applied (the optimistic view of a move). */
export function applyMoves(list: readonly Category[], updates: readonly MoveUpdate[]): Category[] {
  const byId = new Map(updates.map((u) => [u.id, u]));
  return list.map((c) => {
    const u = byId.get(c.id);
    return u ? { ...c, order: u.order, ...(u.parent !== undefined ? { parent: u.parent } : {}) } : c;
  });
}

export type Direction = "up" | "down" | "indent" | "outdent";

/** The move a keyboard button makes: up/down among siblings, indent under the previous sibling, outdent after the parent. */
export function stepMove(list: readonly Category[], id: string, direction: Direction): MoveUpdate[] {
  const moving = list.find((c) => c.id === id);
  if (!moving) return [];
  const parent = moving.parent && list.some((c) => c.id === moving.parent) ? moving.parent : null;
  const siblings = siblingsOf(list, parent);
  const index = siblings.findIndex((c) => c.id === id);
  switch (direction) {
    case "up":
      return index > 0 ? planMove(list, id, parent, index - 1) : [];
    case "down":
      return index < siblings.length - 1 ? planMove(list, id, parent, index + 1) : [];
    case "indent": {
      const newParent = siblings[index - 1];
      return newParent ? planMove(list, id, newParent.id, siblingsOf(list, newParent.id).length) : [];
    }
    case "outdent": {
      if (!parent) return [];
      const parentRow = list.find((c) => c.id === parent)!;
      const grand = parentRow.parent && list.some((c) => c.id === parentRow.parent) ? parentRow.parent : null;
      return planMove(list, id, grand, siblingsOf(list, grand).findIndex((c) => c.id === parent) + 1);
    }
  }
}

/**
 * Where a dragged row lands (dnd-kit's sortable tree): `rows` are the visible rows without the
 * dragged row's descendants; the row moves to the place of `overId`, and its depth follows the
 * pointer's horizontal offset (`indent` pixels a level), between what its new neighbours allow.
 */
export function projectDrop(rows: readonly Node[], activeId: string, overId: string, offsetX: number, indent: number) {
  const from = rows.findIndex((r) => r.category.id === activeId);
  const to = rows.findIndex((r) => r.category.id === overId);
  if (from < 0 || to < 0) return null;
  const moved = [...rows];
  const [active] = moved.splice(from, 1);
  moved.splice(to, 0, active!);
  const previous = moved[to - 1];
  const next = moved[to + 1];
  const wanted = active!.depth + Math.round(offsetX / indent);
  const maxDepth = previous ? previous.depth + 1 : 0;
  const minDepth = next ? next.depth : 0;
  const depth = Math.max(minDepth, Math.min(maxDepth, wanted));
  let parent: string | null = null;
  for (let i = to - 1; i >= 0 && depth > 0; i--) {
    if (moved[i]!.depth === depth - 1) {
      parent = moved[i]!.category.id;
      break;
    }
  }
  // Its index among the new siblings: the rows before it with the same parent at that depth.
  let index = 0;
  for (let i = 0; i < to; i++) if (moved[i]!.depth === depth && moved[i]!.parent === parent) index++;
  return { depth, parent, index };
}
