"use client";
import { useId, useState } from "react";
import { Button } from "@/components/button";
import type { PrefillSource } from "@/lib/web/annotations/prompt/prefill";

// "Pre-fill words": the Words layer filled from what the student was asked to read (the
// challenge's SRT cues or topic), from the recording's reference annotation, or from the reviewed
// reading attempt it was prepared from (with that attempt's marks on their layers), as a starting
// point to adjust. One undoable step. Words already there are only replaced once the
// annotator confirms; without any source the button says why it cannot help.

type Props = {
  layer: string;
  sources: PrefillSource[];
  /** How many fragments these layers have now. */
  existing: (layers: readonly string[]) => number;
  disabled?: boolean;
  onApply: (source: PrefillSource) => void;
};

export function PrefillControl({ layer, sources, existing, disabled = false, onApply }: Props) {
  const id = useId();
  const available = sources.filter((s) => s.items);
  const [chosen, setChosen] = useState<PrefillSource["key"] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const source = available.find((s) => s.key === chosen) ?? available[0] ?? null;
  const none = available.length === 0 ? `Nothing to pre-fill from: ${sources.map((s) => s.reason).join("; ")}.` : null;
  // The layers the chosen source replaces: Words, and those of its marks (a reviewed attempt's).
  const layers = [layer, ...new Set(source?.marks.map((m) => m.layer) ?? [])];
  const named =
    layers.length === 1 ? `${layer} layer` : `${layers.slice(0, -1).join(", ")} and ${layers.at(-1)} layers`;
  const count = existing(layers);

  const run = (confirmed: boolean) => {
    if (!source) return;
    if (count > 0 && !confirmed) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    onApply(source);
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-2 rounded-md border border-slate-200 bg-white p-4 text-sm"
      data-testid="prefill"
    >
      <h2 id={`${id}-title`} className="font-semibold text-slate-800">
        Pre-fill words
      </h2>
      <p className="text-slate-700">
        Fill the {layer} layer as a starting point, then adjust it. One step: Undo takes it back.
      </p>
      <fieldset className="space-y-1">
        <legend className="sr-only">Pre-fill from</legend>
        {sources.map((s) => (
          <label key={s.key} className={`flex items-start gap-2 ${s.items ? "text-slate-800" : "text-slate-600"}`}>
            <input
              type="radio"
              name={`${id}-source`}
              className="mt-1"
              value={s.key}
              checked={source?.key === s.key}
              disabled={!s.items}
              onChange={() => {
                setChosen(s.key);
                setConfirming(false);
              }}
            />
            <span>
              {s.label}
              {s.reason && <span className="block text-xs">Not available: {s.reason}.</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <Button
        disabled={disabled || !source}
        aria-describedby={none ? `${id}-none` : undefined}
        onClick={() => run(false)}
      >
        Pre-fill {layer}
      </Button>
      {none && (
        <p id={`${id}-none`} className="text-xs text-slate-700">
          {none}
        </p>
      )}
      {confirming && source && (
        <div
          role="alert"
          className="space-y-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-950"
          data-testid="prefill-confirm"
        >
          <p>
            The {named} already {layers.length === 1 ? "has" : "have"}{" "}
            {count === 1 ? "1 fragment" : `${count} fragments`}. Pre-filling from {source.name} replaces{" "}
            {count === 1 ? "it" : "them"} ({source.items!.length === 1 ? "1 word" : `${source.items!.length} words`}
            {source.marks.length ? ` and ${source.marks.length === 1 ? "1 mark" : `${source.marks.length} marks`}` : ""}
            ); you can undo it.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="primary" onClick={() => run(true)}>
              Replace the {layers.length === 1 ? layer : layers.join(", ")} fragments
            </Button>
            <Button onClick={() => setConfirming(false)}>Keep them</Button>
          </div>
        </div>
      )}
    </section>
  );
}
