"use client";
import { Button } from "@/components/button";
import type { Draft } from "@/lib/web/annotations/saving/use-draft";

// Undo and redo as buttons (the keys are Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z and Ctrl+Y), each naming
// the edit it would revert or repeat.

export function UndoButtons({ draft, disabled }: { draft: Draft; disabled: boolean }) {
  return (
    <span className="flex items-center gap-2" data-testid="undo-redo">
      <Button
        className="px-2 py-1"
        onClick={draft.undo}
        disabled={disabled || !draft.canUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
        title={draft.undoLabel ? `Undo: ${draft.undoLabel}` : "Nothing to undo"}
        aria-label={draft.undoLabel ? `Undo: ${draft.undoLabel}` : "Undo"}
      >
        Undo
      </Button>
      <Button
        className="px-2 py-1"
        onClick={draft.redo}
        disabled={disabled || !draft.canRedo}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        title={draft.redoLabel ? `Redo: ${draft.redoLabel}` : "Nothing to redo"}
        aria-label={draft.redoLabel ? `Redo: ${draft.redoLabel}` : "Redo"}
      >
        Redo
      </Button>
    </span>
  );
}
