"use client";
import { useEffect, useRef } from "react";

// The editor's keys, anywhere on the page outside text fields: Space plays and pauses (also
// on a focused fragment, not on other buttons), arrows seek (Shift: 5 s), Home and End go to
// either end, Tab and Shift+Tab select the next and previous fragment (from the lanes or the
// page itself; elsewhere Tab moves focus as usual), Escape clears the selection, Delete removes
// the selected fragment, 1–9 give it its layer's nth label, X splits it at the playhead, J
// merges it with the next one (Shift+J: the previous), L loops it, [ and ] change the rate,
// + and - zoom, Ctrl+S saves (also from a text field), Ctrl/Cmd+Z undoes and Ctrl/Cmd+Shift+Z
// or Ctrl+Y redo. A focused fragment keeps its own arrows (they move it). One listener decides
// every key, and `typing` alone decides which keys a text field keeps (its own editing and undo).

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
      const k = latest.current;
      const key = e.key.toLowerCase();
      const command = e.ctrlKey || e.metaKey;
      if (command && key === "s") {
        e.preventDefault();
        k.save();
        return;
      }
      if (e.altKey || typing(target)) return;
      if (command) {
        const redo = (key === "z" && e.shiftKey) || (key === "y" && e.ctrlKey && !e.shiftKey);
        const run = key === "z" && !e.shiftKey ? k.undo : redo ? k.redo : undefined;
        if (run) {
          e.preventDefault();
          run();
        }
        return;
      }
      const onControl =
        !!target?.closest("button, a, summary, [role='slider']") && !target.closest("[data-space-plays]");
      // Tab walks fragments from the lanes or the page's body; from other controls it moves focus.
      if (e.key === "Tab") {
        const inLanes = !target || target === document.body || !!target.closest("[data-testid='editor-lanes']");
        if (inLanes && k.step?.(e.shiftKey ? -1 : 1)) e.preventDefault();
        return;
      }
      if (e.key === " " && !onControl) {
        e.preventDefault();
        k.playPause();
      } else if (e.key === "Delete" || (e.key === "Backspace" && !onControl)) {
        e.preventDefault();
        k.remove();
      } else if (e.key === "+" || e.key === "=") {
        k.zoom(1);
      } else if (e.key === "-") {
        k.zoom(-1);
      } else if (e.key === "Escape") {
        k.deselect();
      } else if ((e.key === "ArrowLeft" || e.key === "ArrowRight") && !target?.closest("[role='slider']")) {
        e.preventDefault();
        k.seekBy?.((e.key === "ArrowLeft" ? -1 : 1) * (e.shiftKey ? 5000 : 1000));
      } else if ((e.key === "Home" || e.key === "End") && !target?.closest("[role='slider']")) {
        e.preventDefault();
        k.seekTo?.(e.key === "Home" ? "start" : "end");
      } else if (/^[1-9]$/.test(e.key)) {
        k.label?.(Number(e.key));
      } else if (e.key === "x" || e.key === "X") {
        k.split?.();
      } else if (e.key === "j" || e.key === "J") {
        k.merge?.(e.shiftKey ? -1 : 1);
      } else if (e.key === "l" || e.key === "L") {
        k.loop?.();
      } else if (e.key === "[" || e.key === "]") {
        k.rate?.(e.key === "[" ? -1 : 1);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}
