"use client";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Button } from "@/components/button";
import type { Direction, Node } from "@/lib/web/categories/category-tree";
import { ApiImage } from "./api-image";

// One row of the category tree: drag handle, fold toggle, colour swatch, icon, name and
// description, image, its speech challenges, and buttons that move it with the keyboard.

/** Pixels per nesting level (also the sideways drag distance of one level). */
export const INDENT_PX = 32;
const SHOWN_CHALLENGES = 6;

type Props = {
  node: Node;
  /** While this row is dragged: the depth it would land at (shown by shifting it sideways). */
  projectedDepth?: number;
  challengeLabels: Map<string, string>;
  collapsed: boolean;
  onToggle: () => void;
  canUp: boolean;
  canDown: boolean;
  canIndent: boolean;
  canOutdent: boolean;
  onStep: (direction: Direction) => void;
  onEdit: () => void;
  onAddChild: () => void;
};

const STEPS: { direction: Direction; symbol: string; words: string; allowed: keyof Props }[] = [
  { direction: "up", symbol: "↑", words: "up", allowed: "canUp" },
  { direction: "down", symbol: "↓", words: "down", allowed: "canDown" },
  { direction: "outdent", symbol: "←", words: "out of its parent", allowed: "canOutdent" },
  { direction: "indent", symbol: "→", words: "into the category above", allowed: "canIndent" },
];

export function CategoryRow(props: Props) {
  const { node, projectedDepth, challengeLabels, collapsed, onToggle, onStep, onEdit, onAddChild } = props;
  const { category, depth } = node;
  const name = category.name ?? category.id;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: category.id,
  });
  const challenges = category.speechChallenges;

  return (
    <li
      ref={setNodeRef}
      data-testid="category-row"
      data-id={category.id}
      data-depth={depth}
      style={{
        // Dragged: it follows the pointer up and down, and snaps sideways to the depth it would land at.
        // A transform, not the margin: a layout change would move the row under the pointer and feed back into the drag.
        transform: CSS.Translate.toString(
          transform && projectedDepth !== undefined
            ? { ...transform, x: (projectedDepth - depth) * INDENT_PX }
            : transform,
        ),
        transition,
        marginLeft: depth * INDENT_PX,
      }}
      className={`relative flex flex-wrap items-start gap-3 rounded-lg border bg-white p-3 shadow-sm ${isDragging ? "z-10 border-blue-400 opacity-80 shadow-lg" : "border-slate-200"}`}
    >
      <span className="sr-only">Level {depth + 1}.</span>
      <button
        ref={setActivatorNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-label={`Drag ${name}`}
        aria-roledescription="draggable category"
        title="Drag up or down to reorder; sideways to nest or un-nest"
        className="cursor-grab touch-none rounded px-1 text-lg leading-6 text-slate-600 hover:bg-slate-100 hover:text-slate-700 active:cursor-grabbing"
      >
        ⠿
      </button>
      <button
        type="button"
        onClick={onToggle}
        disabled={!node.hasChildren}
        aria-expanded={node.hasChildren ? !collapsed : undefined}
        aria-label={`${collapsed ? "Show" : "Hide"} the subcategories of ${name}`}
        className="w-5 rounded text-sm leading-6 text-slate-600 disabled:invisible"
      >
        {collapsed ? "▸" : "▾"}
      </button>
      <span
        data-testid="category-color"
        title={category.color ?? "No colour"}
        className={`mt-1 inline-block h-4 w-4 shrink-0 rounded-full border ${category.color ? "border-slate-300" : "border-dashed border-slate-400"}`}
        style={category.color ? { backgroundColor: category.color } : undefined}
      />
      {category.iconUrl && <ApiImage url={category.iconUrl} alt={`Icon of ${name}`} className="h-6 w-6 rounded" />}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900" data-testid="category-name" title={category.id}>
          {name} <code className="ml-1 text-xs font-normal text-slate-500">{category.id}</code>
        </p>
        {category.description && <p className="truncate text-sm text-slate-600">{category.description}</p>}
        <ul aria-label={`Speech challenges of ${name}`} className="mt-1 flex flex-wrap gap-1">
          {challenges.slice(0, SHOWN_CHALLENGES).map((id) => (
            <li
              key={id}
              className="max-w-48 truncate rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700"
              title={id}
            >
              {challengeLabels.get(id) ?? id}
            </li>
          ))}
          {challenges.length > SHOWN_CHALLENGES && (
            <li className="px-1 text-xs text-slate-500">+{challenges.length - SHOWN_CHALLENGES} more</li>
          )}
          {challenges.length === 0 && <li className="text-xs text-slate-600">No speech challenges</li>}
        </ul>
      </div>
      {category.imageUrl && (
        <ApiImage
          url={category.imageUrl}
          alt={`Image of ${name}`}
          className="h-12 w-16 rounded border border-slate-200"
        />
      )}
      <div className="flex flex-wrap items-center gap-1">
        {STEPS.map((s) => (
          <Button
            key={s.direction}
            variant="ghost"
            className="px-2 py-1"
            disabled={!props[s.allowed]}
            aria-label={`Move ${name} ${s.words}`}
            title={`Move ${s.words}`}
            onClick={() => onStep(s.direction)}
          >
            <span aria-hidden>{s.symbol}</span>
          </Button>
        ))}
        <Button variant="ghost" className="px-2 py-1" onClick={onAddChild}>
          <span aria-hidden="true">+ Sub</span>
          <span className="sr-only">Add a subcategory to {name}</span>
        </Button>
        <Button variant="secondary" className="px-2 py-1" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
      </div>
    </li>
  );
}
