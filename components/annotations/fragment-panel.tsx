"use client";
import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/button";
import { defaultLabel, labelsFor } from "@/lib/web/annotations/editor/workflow-roles";
import type { Item, Role, SchemeLayer } from "@/lib/web/annotations/model/types";

// The selected fragment: its layer, its label (typed on free-text layers such as Words, picked
// from the role's labels otherwise), its comment and its times; play it or delete it.

type Props = {
  item: Item | null;
  /** The layers the role sees (a fragment may move to another of them). */
  layers: SchemeLayer[];
  role: Role;
  editable: boolean;
  /** Focus the label field when this item appears (just drawn). */
  focusLabelOf: string | null;
  onChange: (id: string, patch: Partial<Omit<Item, "id">>) => void;
  onDelete: (id: string) => void;
  onPlay: (item: Item) => void;
  /** Split at the playback position, merge with a neighbour, loop it (absent: not offered). */
  onSplit?: () => void;
  onMerge?: (direction: 1 | -1) => void;
  onLoop?: () => void;
  looping?: boolean;
};

const field =
  "w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm disabled:bg-slate-100 disabled:text-slate-600";

export function FragmentPanel({
  item,
  layers,
  role,
  editable,
  focusLabelOf,
  onChange,
  onDelete,
  onPlay,
  onSplit,
  onMerge,
  onLoop,
  looping,
}: Props) {
  const id = useId();
  const labelRef = useRef<HTMLInputElement & HTMLSelectElement>(null);
  useEffect(() => {
    if (item && item.id === focusLabelOf) labelRef.current?.focus();
  }, [item, focusLabelOf]);

  if (!item) {
    return (
      <section
        aria-label="Selected fragment"
        className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-600"
      >
        <h2 className="mb-1 font-semibold text-slate-800">No fragment selected</h2>
        <p>
          {editable
            ? "Drag in a lane to draw a fragment, or select one to label it."
            : "Select a fragment to see its label and comment."}
        </p>
      </section>
    );
  }
  const layer = layers.find((l) => l.name === item.layer);
  const labels = layer && !layer.freeText ? labelsFor(layer, role) : [];
  // A label outside the role's choices (a full annotator's) stays shown as it is.
  const options = labels.includes(item.label) || !item.label ? labels : [item.label, ...labels];
  const lockedLabel = !!layer && !layer.freeText && !labels.includes(item.label);
  const canEdit = editable && !!layer && !lockedLabel;
  const setSeconds = (key: "startMs" | "endMs", text: string) => {
    const seconds = Number(text);
    if (text.trim() !== "" && Number.isFinite(seconds)) onChange(item.id, { [key]: Math.round(seconds * 1000) });
  };
  const moveTo = (name: string) => {
    const target = layers.find((l) => l.name === name);
    if (!target) return;
    const label = target.freeText ? (layer?.freeText ? item.label : "") : defaultLabel(target, role);
    onChange(item.id, { layer: name, label });
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-md border border-slate-200 bg-white p-4 text-sm"
      data-testid="fragment-panel"
    >
      <h2 id={`${id}-title`} className="font-semibold text-slate-800">
        Selected fragment
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <label className="col-span-2 flex flex-col gap-1 font-medium text-slate-800">
          Layer
          <select className={field} value={item.layer} disabled={!canEdit} onChange={(e) => moveTo(e.target.value)}>
            {!layer && <option value={item.layer}>{item.layer}</option>}
            {layers.map((l) => (
              <option key={l.name} value={l.name}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
        {/* biome-ignore lint/a11y/noLabelWithoutControl: the label wraps the combobox or the free-text input rendered below */}
        <label className="col-span-2 flex flex-col gap-1 font-medium text-slate-800">
          Label
          {!layer?.freeText && layer && canEdit && options.length > 1 && (
            <span className="text-xs font-normal text-slate-600">
              Keys 1–{Math.min(9, labels.length)} pick the 1st–{Math.min(9, labels.length)}th
            </span>
          )}
          {layer?.freeText || !layer ? (
            <input
              ref={labelRef}
              className={field}
              value={item.label}
              disabled={!canEdit}
              maxLength={500}
              onChange={(e) => onChange(item.id, { label: e.target.value })}
            />
          ) : (
            <select
              ref={labelRef}
              className={field}
              value={item.label}
              disabled={!canEdit}
              onChange={(e) => onChange(item.id, { label: e.target.value })}
            >
              {options.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          )}
        </label>
        <label className="flex flex-col gap-1 font-medium text-slate-800">
          Start (s)
          <input
            className={field}
            type="number"
            step="0.01"
            min={0}
            value={item.startMs / 1000}
            disabled={!canEdit}
            onChange={(e) => setSeconds("startMs", e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 font-medium text-slate-800">
          End (s)
          <input
            className={field}
            type="number"
            step="0.01"
            min={0}
            value={item.endMs / 1000}
            disabled={!canEdit}
            onChange={(e) => setSeconds("endMs", e.target.value)}
          />
        </label>
        <label className="col-span-2 flex flex-col gap-1 font-medium text-slate-800">
          Comment
          <textarea
            className={field}
            rows={2}
            value={item.comment}
            disabled={!canEdit}
            maxLength={2000}
            onChange={(e) => onChange(item.id, { comment: e.target.value })}
          />
        </label>
      </div>
      {lockedLabel && editable && (
        <p className="text-xs text-slate-600">This label is for full annotators: you cannot change it.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => onPlay(item)}>▶ Play fragment</Button>
        {onLoop && (
          <Button onClick={onLoop} aria-pressed={!!looping} aria-keyshortcuts="L">
            {looping ? "Stop loop" : "Loop fragment"}
          </Button>
        )}
        {canEdit && onSplit && (
          <Button onClick={onSplit} aria-keyshortcuts="X" title="Split at the playback position (X)">
            Split at playhead
          </Button>
        )}
        {canEdit && onMerge && (
          <>
            <Button
              onClick={() => onMerge(-1)}
              aria-keyshortcuts="Shift+J"
              title="Merge with the previous fragment (Shift+J)"
            >
              Merge with previous
            </Button>
            <Button onClick={() => onMerge(1)} aria-keyshortcuts="J" title="Merge with the next fragment (J)">
              Merge with next
            </Button>
          </>
        )}
        {canEdit && (
          <Button variant="danger" onClick={() => onDelete(item.id)} aria-keyshortcuts="Delete">
            Delete
          </Button>
        )}
      </div>
    </section>
  );
}
