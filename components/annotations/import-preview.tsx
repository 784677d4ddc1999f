"use client";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/button";
import type { Item } from "@/lib/web/annotations/model/types";
import {
  defaultMapping,
  type Imported,
  mappedItems,
  previewChanges,
  type TierMapping,
} from "@/lib/web/annotations/saving/import-preview";
import { LayerChangesTable } from "./layer-changes-table";

// What an import would do, before anything changes: each tier of the file mapped onto a layer
// (or skipped), and per layer how many labels are added, removed and changed. "Apply" puts the
// result in the draft as one undoable step; saving it is a separate, ordinary save.

type Props = {
  fileName: string;
  imported: Imported;
  current: readonly Item[];
  layers: readonly string[];
  onApply: (items: Item[], mapping: TierMapping) => void;
  onCancel: () => void;
};

export function ImportPreview({ fileName, imported, current, layers, onApply, onCancel }: Props) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [mapping, setMapping] = useState<TierMapping>(() => defaultMapping(imported.layers, layers));
  useEffect(() => heading.current?.focus(), []);
  const next = useMemo(() => mappedItems(imported, mapping), [imported, mapping]);
  const rows = useMemo(() => previewChanges(current, next, layers), [current, next, layers]);
  const perTier = (tier: string) => imported.items.filter((i) => i.layer === tier).length;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-md border-2 border-sky-500 bg-sky-50 p-4 text-sm text-slate-900"
      data-testid="import-preview"
    >
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-base font-semibold">
        Import {fileName}: nothing has changed yet
      </h2>
      <p>
        The import replaces every fragment with the file&apos;s. Choose where each tier of the file goes, check what
        changes, then apply it (you can undo it) and save.
      </p>
      <fieldset className="space-y-2">
        <legend className="font-semibold">Tiers in the file</legend>
        {imported.layers.map((tier) => (
          <div key={tier} className="flex flex-wrap items-center gap-2">
            <label htmlFor={`${id}-${tier}`} className="min-w-40">
              “{tier}” ({perTier(tier)} {perTier(tier) === 1 ? "label" : "labels"}) →
            </label>
            <select
              id={`${id}-${tier}`}
              className="rounded border border-slate-300 bg-white px-2 py-1"
              value={mapping[tier] ?? ""}
              onChange={(e) => setMapping((m) => ({ ...m, [tier]: e.target.value || null }))}
            >
              <option value="">Skip this tier</option>
              {layers.map((l) => (
                <option key={l} value={l}>
                  Layer {l}
                </option>
              ))}
            </select>
            {!layers.includes(tier) && mapping[tier] === null && (
              <span className="text-xs text-amber-800">not a layer of the scheme: skipped unless you map it</span>
            )}
          </div>
        ))}
      </fieldset>
      <LayerChangesTable rows={rows} testId="import-changes" caption="Changes per layer" captionHidden />
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={() => onApply(next, mapping)}>
          Apply import
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </section>
  );
}
