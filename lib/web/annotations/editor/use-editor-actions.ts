"use client";
import { useCallback, useMemo } from "react";
import { toast } from "../../ui/toast";
import { type PeaksWaveform, RATES } from "../audio/use-peaks-waveform";
import type { EditorKeys } from "../keys/use-editor-keys";
import { stepZoom } from "../lanes/lanes";
import { byTime, mergeWith, neighbour, relabel, splitAt, tabNeighbour } from "../model/edits";
import type { Item, Role, SchemeLayer } from "../model/types";
import type { Draft } from "../saving/use-draft";
import { labelsFor } from "./workflow-roles";

// What the editor's keys and buttons do beyond single-fragment edits: transport (seek, rate,
// loop), the next or previous fragment, a layer's nth label, split at the playhead and merge
// with a neighbour. Multi-item edits go through the draft's `apply`, one undoable step each.

type Options = {
  wave: PeaksWaveform;
  draft: Draft;
  lanes: SchemeLayer[];
  role: Role;
  durationMs: number;
  editableLayer: (layer: SchemeLayer) => boolean;
  save: () => void;
  remove: () => void;
};

// Two frames later, once the fragment is drawn (it may just have scrolled into view). Only if it
// is still the selected one: focusing selects, so a late focus would undo an Esc pressed meanwhile.
const focusItem = (id: string) =>
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      const el = document.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"]`);
      if (el?.getAttribute("aria-pressed") === "true") el.focus({ preventScroll: true });
    }),
  );

export function useEditorActions({ wave, draft, lanes, role, durationMs, editableLayer, save, remove }: Options) {
  const { items, selected, select, apply } = draft;
  const layerOf = useCallback(
    (item: Item | null) => (item ? (lanes.find((l) => l.name === item.layer) ?? null) : null),
    [lanes],
  );

  /** Selects the next (1) or previous (-1) fragment of the selected one's layer, on into the next (previous) lane at its end (else of the first layer with any, from the playhead). */
  const step = useCallback(
    (direction: 1 | -1): boolean => {
      let next: Item | null = null;
      if (selected)
        next = tabNeighbour(
          items,
          selected,
          direction,
          lanes.map((l) => l.name),
        );
      else {
        const at = Math.round((wave.ws?.getCurrentTime() ?? 0) * 1000);
        const layer = lanes.find((l) => items.some((i) => i.layer === l.name));
        const list = items.filter((i) => i.layer === layer?.name).sort(byTime);
        next =
          direction > 0
            ? (list.find((i) => i.startMs >= at) ?? null)
            : ([...list].reverse().find((i) => i.startMs < at) ?? null);
      }
      if (!next) return false;
      select(next.id);
      wave.reveal(next);
      focusItem(next.id);
      return true;
    },
    [selected, items, lanes, select, wave],
  );

  const editableSelected = selected && layerOf(selected) && editableLayer(layerOf(selected)!) ? selected : null;

  /** Sets the selected fragment's label to the nth (1-based) of its layer's fixed labels. */
  const setLabel = useCallback(
    (n: number) => {
      const layer = layerOf(editableSelected);
      if (!editableSelected || !layer || layer.freeText) return;
      const label = labelsFor(layer, role)[n - 1];
      if (label !== undefined) apply(`Label “${label}”`, relabel(editableSelected.id, label));
    },
    [editableSelected, layerOf, role, apply],
  );

  /** Splits the selected fragment at the playback position. */
  const split = useCallback(() => {
    if (!editableSelected) return;
    const at = Math.round((wave.ws?.getCurrentTime() ?? 0) * 1000);
    if (at <= editableSelected.startMs || at >= editableSelected.endMs) {
      toast.error("Put the playback position inside the selected fragment to split it");
      return;
    }
    apply("Split", splitAt(editableSelected.id, at));
  }, [editableSelected, wave.ws, apply]);

  /** Merges the selected fragment with the next (1) or previous (-1) one of its layer. */
  const merge = useCallback(
    (direction: 1 | -1) => {
      const layer = layerOf(editableSelected);
      if (!editableSelected || !layer) return;
      if (!neighbour(items, editableSelected, direction)) {
        toast.error(`No ${direction > 0 ? "next" : "previous"} ${layer.name} fragment to merge with`);
        return;
      }
      apply("Merge", mergeWith(editableSelected.id, direction, layer.freeText));
    },
    [editableSelected, layerOf, items, apply],
  );

  /** Loops the selected fragment (again: stops the loop). */
  const toggleLoop = useCallback(() => {
    if (wave.loop) wave.setLoop(null);
    else if (selected) wave.setLoop({ startMs: selected.startMs, endMs: selected.endMs });
  }, [wave, selected]);

  const stepRate = useCallback(
    (direction: 1 | -1) => {
      const i = RATES.indexOf(wave.rate as (typeof RATES)[number]);
      const next = RATES[Math.max(0, Math.min(RATES.length - 1, (i < 0 ? RATES.indexOf(1) : i) + direction))];
      wave.setRate(next);
    },
    [wave],
  );

  const keys: EditorKeys = useMemo(
    () => ({
      playPause: wave.playPause,
      remove,
      save,
      zoom: (direction) => wave.ready && wave.setZoom(stepZoom(wave.zoom, direction, wave.fitPxPerSec)),
      deselect: () => select(null),
      seekBy: (ms) => wave.seekBy(ms),
      seekTo: (where) => wave.seek(where === "start" ? 0 : durationMs),
      step,
      label: setLabel,
      split,
      merge,
      loop: toggleLoop,
      rate: stepRate,
    }),
    [wave, remove, save, select, durationMs, step, setLabel, split, merge, toggleLoop, stepRate],
  );
  return { keys, step, setLabel, split, merge, toggleLoop };
}
