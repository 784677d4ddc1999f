"use client";
import { useCallback, useMemo } from "react";
import { newItemId } from "../model/items";
import type { Item, Role, SchemeLayer, WireFragment } from "../model/types";
import { baseMayUse } from "../validation/validate";
import { type AttemptWords, type PrefillSource, prefillSources, replaceLayer } from "./prefill";
import type { Cue } from "./srt";

// The editor's pre-fill of its Words layer (else the first free-text one) from the prompt: the
// sources it offers (reviewed reading attempt, subtitles, topic, reference annotation) and applying one as an undoable step.
// A reviewed attempt also brings its marks (Error, OutOfPrompt) where the scheme has those labels
// and the caller may use them: those layers are replaced in the same step.

type Options = {
  lanes: SchemeLayer[];
  editableLayer: (layer: SchemeLayer) => boolean;
  role: Role;
  prompt:
    | { cues: Cue[]; topic: string | null; reference: WireFragment[] | null; attempt?: AttemptWords | null }
    | undefined;
  peaks: Parameters<typeof prefillSources>[0]["peaks"];
  durationMs: number;
  apply: (label: string, change: (list: Item[]) => Item[]) => void;
  select: (id: string | null) => void;
};

export function usePrefill({ lanes, editableLayer, role, prompt, peaks, durationMs, apply, select }: Options) {
  const wordsLayer = lanes.find((l) => l.name === "Words") ?? lanes.find((l) => l.freeText) ?? null;
  const canPrefill = !!wordsLayer && editableLayer(wordsLayer);
  const markable = useCallback(
    (name: string, label: string) => {
      const layer = lanes.find((l) => l.name === name);
      if (!layer || layer === wordsLayer || !editableLayer(layer)) return false;
      if (role === "base") return baseMayUse(layer, label);
      return layer.freeText || layer.labels.some((l) => l.label === label);
    },
    [lanes, wordsLayer, editableLayer, role],
  );
  const prefill = useMemo(
    () =>
      canPrefill && wordsLayer
        ? prefillSources({
            layer: wordsLayer.name,
            markable,
            attempt: prompt?.attempt ?? null,
            cues: prompt?.cues ?? [],
            topic: prompt?.topic ?? null,
            reference: prompt?.reference ?? null,
            peaks,
            durationMs,
          })
        : [],
    [canPrefill, wordsLayer, markable, prompt, peaks, durationMs],
  );
  const onPrefill = useCallback(
    (source: PrefillSource) => {
      if (!wordsLayer || !source.items) return;
      select(null);
      const layers = [...new Set(source.marks.map((m) => m.layer))];
      apply(`Pre-fill ${[wordsLayer.name, ...layers].join(", ")} from ${source.name}`, (list) =>
        layers.reduce(
          (next, layer) =>
            replaceLayer(
              next,
              layer,
              source.marks.filter((m) => m.layer === layer),
              newItemId,
            ),
          replaceLayer(list, wordsLayer.name, source.items!, newItemId),
        ),
      );
    },
    [wordsLayer, apply, select],
  );
  return { wordsLayer, canPrefill, prefill, onPrefill };
}
