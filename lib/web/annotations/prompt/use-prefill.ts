"use client";
import { useCallback, useMemo } from "react";
import { newItemId } from "../model/items";
import type { Item, SchemeLayer, WireFragment } from "../model/types";
import { type AttemptWords, type PrefillSource, prefillSources, replaceLayer } from "./prefill";
import type { Cue } from "./srt";

// The editor's pre-fill of its Words layer (else the first free-text one) from the prompt: the
// sources it offers (reviewed reading attempt, subtitles, topic, reference annotation) and applying one as an undoable step.

type Options = {
  lanes: SchemeLayer[];
  editableLayer: (layer: SchemeLayer) => boolean;
  prompt:
    | { cues: Cue[]; topic: string | null; reference: WireFragment[] | null; attempt?: AttemptWords | null }
    | undefined;
  peaks: Parameters<typeof prefillSources>[0]["peaks"];
  durationMs: number;
  apply: (label: string, change: (list: Item[]) => Item[]) => void;
  select: (id: string | null) => void;
};

export function usePrefill({ lanes, editableLayer, prompt, peaks, durationMs, apply, select }: Options) {
  const wordsLayer = lanes.find((l) => l.name === "Words") ?? lanes.find((l) => l.freeText) ?? null;
  const canPrefill = !!wordsLayer && editableLayer(wordsLayer);
  const prefill = useMemo(
    () =>
      canPrefill && wordsLayer
        ? prefillSources({
            layer: wordsLayer.name,
            attempt: prompt?.attempt ?? null,
            cues: prompt?.cues ?? [],
            topic: prompt?.topic ?? null,
            reference: prompt?.reference ?? null,
            peaks,
            durationMs,
          })
        : [],
    [canPrefill, wordsLayer, prompt, peaks, durationMs],
  );
  const onPrefill = useCallback(
    (source: PrefillSource) => {
      if (!wordsLayer || !source.items) return;
      select(null);
      apply(`Pre-fill ${wordsLayer.name} from ${source.name}`, (list) =>
        replaceLayer(list, wordsLayer.name, source.items!, newItemId),
      );
    },
    [wordsLayer, apply, select],
  );
  return { wordsLayer, canPrefill, prefill, onPrefill };
}
