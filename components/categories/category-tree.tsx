"use client";
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useMemo, useState } from "react";
import type { Category } from "@/lib/categories/schemas";
import {
  type Direction,
  descendants,
  flatten,
  planMove,
  projectDrop,
  stepMove,
} from "@/lib/web/categories/category-tree";
import { useMoveCategory } from "@/lib/web/categories/use-categories";
import { CategoryRow, INDENT_PX } from "./category-row";

// The category tree: drag a row by its handle to reorder it among its siblings, or sideways
// to nest it under the row above / move it out (dnd-kit sortable, one flat list of visible
// rows); from the keyboard, pick the handle up with space and use the arrows, or use the
// move buttons of each row. Each move is shown at once and saved with PUT
// (order, and parent when it changes); a refusal puts the tree back and says why.

type Props = {
  list: Category[];
  challengeLabels: Map<string, string>;
  onEdit: (id: string) => void;
  onAddChild: (parent: string) => void;
};

export function CategoryTree({ list, challengeLabels, onEdit, onAddChild }: Props) {
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  // While a row is dragged, the tree it is dragged over stays as it was when the drag began
  // (a refetch landing meanwhile would move the rows under the pointer).
  const [drag, setDrag] = useState<{ active: string; over: string | null; offsetX: number; list: Category[] } | null>(
    null,
  );
  const move = useMoveCategory();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // Space on a handle picks the row up, arrows move it, space drops it (escape cancels).
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const shown = drag?.list ?? list;
  const rows = useMemo(() => {
    const all = flatten(shown, collapsed);
    if (!drag) return all;
    // While dragging, the row carries its subtree: the descendants are hidden.
    const hidden = descendants(shown, drag.active);
    return all.filter((r) => !hidden.has(r.category.id));
    // Not on every pointer move: only which row is dragged matters here.
  }, [shown, collapsed, drag?.active]);
  // Each row's place among its siblings, for the move buttons.
  const places = useMemo(() => {
    const counts = new Map<string, number>();
    const out = new Map<string, { position: number; count: number }>();
    for (const r of rows) {
      const key = r.parent ?? "";
      out.set(r.category.id, { position: counts.get(key) ?? 0, count: 0 });
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const r of rows) out.get(r.category.id)!.count = counts.get(r.parent ?? "") ?? 0;
    return out;
  }, [rows]);
  const projected = drag?.over ? projectDrop(rows, drag.active, drag.over, drag.offsetX, INDENT_PX) : null;

  const toggle = (id: string) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const step = (id: string, direction: Direction) => {
    const updates = stepMove(list, id, direction);
    if (updates.length) move.mutate(updates);
  };

  const onDragStart = ({ active }: DragStartEvent) =>
    setDrag({ active: String(active.id), over: String(active.id), offsetX: 0, list });
  const onDragMove = ({ delta }: DragMoveEvent) =>
    setDrag((d) => (d && d.offsetX !== delta.x ? { ...d, offsetX: delta.x } : d));
  const onDragOver = ({ over }: DragOverEvent) =>
    setDrag((d) => (d ? { ...d, over: over ? String(over.id) : null } : d));
  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    // The event's own offset: the last move may not have been rendered yet.
    const target = over && drag ? projectDrop(rows, String(active.id), String(over.id), delta.x, INDENT_PX) : null;
    setDrag(null);
    if (!target) return;
    const updates = planMove(drag!.list, String(active.id), target.parent, target.index);
    if (updates.length) move.mutate(updates);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDrag(null)}
    >
      <SortableContext items={rows.map((r) => r.category.id)} strategy={verticalListSortingStrategy}>
        <ul
          aria-label="Category tree"
          data-testid="category-tree"
          data-saving={move.isPending || undefined}
          className="space-y-1"
        >
          {rows.map((row) => {
            const { position, count } = places.get(row.category.id)!;
            const dragged = drag?.active === row.category.id;
            return (
              <CategoryRow
                key={row.category.id}
                node={row}
                projectedDepth={dragged && projected ? projected.depth : undefined}
                challengeLabels={challengeLabels}
                collapsed={collapsed.has(row.category.id)}
                onToggle={() => toggle(row.category.id)}
                canUp={position > 0}
                canDown={position < count - 1}
                canIndent={position > 0}
                canOutdent={row.depth > 0}
                onStep={(direction) => step(row.category.id, direction)}
                onEdit={() => onEdit(row.category.id)}
                onAddChild={() => onAddChild(row.category.id)}
              />
            );
          })}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
