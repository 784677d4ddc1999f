"use client";
import { Button } from "@/components/button";

// One layer of the label scheme: its name, whether its labels are free text, whether its
// fragments may overlap, whether base annotators get it, and its labels (each with its own
// "base annotators may use it" switch).

export type DraftLabel = { key: number; label: string; baseAllowed: boolean };
export type DraftLayer = {
  key: number;
  name: string;
  freeText: boolean;
  allowOverlap: boolean;
  baseAllowed: boolean;
  labels: DraftLabel[];
};

type Props = {
  layer: DraftLayer;
  index: number;
  count: number;
  onChange: (layer: DraftLayer) => void;
  onRemove: () => void;
  onMove: (direction: -1 | 1) => void;
  newKey: () => number;
};

const checkbox = "h-4 w-4 rounded border-slate-400 accent-blue-700";

export function LayerCard({ layer, index, count, onChange, onRemove, onMove, newKey }: Props) {
  const id = `layer-${layer.key}`;
  const name = layer.name.trim() || `Layer ${index + 1}`;
  const set = (patch: Partial<DraftLayer>) => onChange({ ...layer, ...patch });
  const setLabel = (key: number, patch: Partial<DraftLabel>) =>
    set({ labels: layer.labels.map((l) => (l.key === key ? { ...l, ...patch } : l)) });
  return (
    <fieldset
      className="space-y-3 rounded-md border border-slate-300 bg-white p-4"
      data-testid={`scheme-layer-${index}`}
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">{name}</legend>
      <div className="flex flex-wrap items-end gap-4">
        <label className="text-sm text-slate-800" htmlFor={`${id}-name`}>
          <span className="block font-medium">Layer name</span>
          <input
            id={`${id}-name`}
            className="mt-1 w-56 rounded-md border border-slate-400 px-2 py-1"
            value={layer.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className={checkbox}
            checked={layer.freeText}
            onChange={(e) => set({ freeText: e.target.checked, labels: e.target.checked ? [] : layer.labels })}
          />
          Free text (any label, e.g. the word itself)
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className={checkbox}
            checked={layer.allowOverlap}
            onChange={(e) => set({ allowOverlap: e.target.checked })}
          />
          Fragments may overlap
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className={checkbox}
            checked={layer.baseAllowed}
            onChange={(e) => set({ baseAllowed: e.target.checked })}
          />
          Base annotators use this layer
        </label>
      </div>
      {!layer.freeText && (
        <div>
          <p className="text-sm font-medium text-slate-800" id={`${id}-labels`}>
            Labels{" "}
            <span className="font-normal text-slate-600">(untick “base” to keep a label for full annotators)</span>
          </p>
          <ul className="mt-1 space-y-1" aria-labelledby={`${id}-labels`}>
            {layer.labels.map((label, i) => (
              <li key={label.key} className="flex flex-wrap items-center gap-2">
                <input
                  aria-label={`${name} label ${i + 1}`}
                  className="w-56 rounded-md border border-slate-400 px-2 py-1 text-sm"
                  value={label.label}
                  onChange={(e) => setLabel(label.key, { label: e.target.value })}
                />
                <label className="flex items-center gap-1 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className={checkbox}
                    aria-label={`Base annotators may use ${label.label.trim() || `label ${i + 1}`} (${name})`}
                    checked={label.baseAllowed}
                    disabled={!layer.baseAllowed}
                    onChange={(e) => setLabel(label.key, { baseAllowed: e.target.checked })}
                  />
                  base
                </label>
                <Button
                  variant="ghost"
                  className="px-2 py-0.5 text-xs"
                  aria-label={`Remove ${label.label.trim() || `label ${i + 1}`} from ${name}`}
                  onClick={() => set({ labels: layer.labels.filter((l) => l.key !== label.key) })}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <Button
            className="mt-2 px-2 py-1 text-sm"
            onClick={() => set({ labels: [...layer.labels, { key: newKey(), label: "", baseAllowed: true }] })}
          >
            Add a label to {name}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-2">
        <Button
          variant="ghost"
          className="px-2 py-1 text-sm"
          disabled={index === 0}
          onClick={() => onMove(-1)}
          aria-label={`Move up: ${name}`}
        >
          Move up
        </Button>
        <Button
          variant="ghost"
          className="px-2 py-1 text-sm"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
          aria-label={`Move down: ${name}`}
        >
          Move down
        </Button>
        <Button
          variant="ghost"
          className="px-2 py-1 text-sm text-red-800"
          onClick={onRemove}
          aria-label={`Remove layer ${name}`}
        >
          Remove layer
        </Button>
      </div>
    </fieldset>
  );
}
