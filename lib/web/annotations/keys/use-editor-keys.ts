"use client";
import { useEffect, useRef } from "react";
import { type KeyPlace, shortcutFor } from "./editor-shortcuts";

// The editor's keys, anywhere on the page outside text fields (Ctrl+S also inside them): one
// listener looks each key press up in the shortcut table (./editor-shortcuts.ts), which the help
// dialog lists too. A focused fragment keeps its own arrows (they move it), and `typing` alone
// decides which keys a text field keeps (its own editing and undo).

export type EditorKeys = {
  playPause: () => void;
  remove: () => void;
  save: () => void;
  zoom: (direction: 1 | -1) => void;
  deselect: () => void;
  seekBy?: (deltaMs: number) => void;
  seekTo?: (where: "start" | "end") => void;
  /** Selects the next or previous fragment; false when there is none (Tab then moves focus as usual). */
  step?: (direction: 1 | -1) => boolean;
  label?: (n: number) => void;
  split?: () => void;
  merge?: (direction: 1 | -1) => void;
  loop?: () => void;
  rate?: (direction: 1 | -1) => void;
  /** Absent where nothing may change (read-only). */
  undo?: () => void;
  redo?: () => void;
};

/** Whether keys typed at `el` belong to a text field (its own editing, its own undo). */
export const typing = (el: Element | null) =>
  !!el && (el.matches("input, textarea, select, [contenteditable='true']") || !!el.closest("[contenteditable='true']"));

export function useEditorKeys(keys: EditorKeys, enabled: boolean): void {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      const place: KeyPlace = {
        onControl: !!target?.closest("button, a, summary, [role='slider']") && !target.closest("[data-space-plays]"),
        onSlider: !!target?.closest("[role='slider']"),
        inLanes: !target || target === document.body || !!target.closest("[data-testid='editor-lanes']"),
      };
      const action = shortcutFor(e, place, typing(target));
      if (action && action.run(latest.current, e, place) !== false && action.preventDefault) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}
