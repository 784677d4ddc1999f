"use client";
import { useEffect, useRef } from "react";

// The editor's keys, anywhere on the page outside text fields: Space plays and pauses (also
// on a focused fragment, not on other buttons), Delete removes the selected fragment, Ctrl+S
// saves, + and - zoom, Escape clears the selection.

export type EditorKeys = { playPause: () => void; remove: () => void; save: () => void; zoom: (direction: 1 | -1) => void; deselect: () => void };

const typing = (el: Element | null) => !!el && (el.matches("input, textarea, select, [contenteditable='true']") || !!el.closest("[contenteditable='true']"));

export function useEditorKeys(keys: EditorKeys, enabled: boolean): void {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
        e.preventDefault();
        latest.current.save();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || typing(target)) return;
      const onControl = !!target?.closest("button, a, summary") && !target.closest("[data-space-plays]");
      if (e.key === " " && !onControl) {
        e.preventDefault();
        latest.current.playPause();
      } else if (e.key === "Delete" || (e.key === "Backspace" && !onControl)) {
        e.preventDefault();
        latest.current.remove();
      } else if (e.key === "+" || e.key === "=") {
        latest.current.zoom(1);
      } else if (e.key === "-") {
        latest.current.zoom(-1);
      } else if (e.key === "Escape") {
        latest.current.deselect();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}
