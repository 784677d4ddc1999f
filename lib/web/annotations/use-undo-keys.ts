"use client";
import { useEffect, useRef } from "react";
import { typing } from "./use-editor-keys";

// Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z and Ctrl+Y redo: anywhere on the editor page except in
// text fields, where the browser's own text undo applies.

export function useUndoKeys(keys: { undo: () => void; redo: () => void }, enabled: boolean): void {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || typing(e.target instanceof Element ? e.target : null)) return;
      const key = e.key.toLowerCase();
      if (key === "z" && !e.shiftKey) {
        e.preventDefault();
        latest.current.undo();
      } else if ((key === "z" && e.shiftKey) || (key === "y" && e.ctrlKey && !e.shiftKey)) {
        e.preventDefault();
        latest.current.redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
}
