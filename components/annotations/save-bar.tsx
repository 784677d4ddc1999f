"use client";
import { useId } from "react";
import { Button } from "@/components/button";
import { type MarkerAction, markerActions } from "@/lib/web/annotations/editor/workflow-roles";
import type { Annotation, Role } from "@/lib/web/annotations/model/types";
import { formatDateTime } from "@/lib/web/ui/display-format";

// Save (Ctrl+S), whether everything is saved, and the done markers of the caller's stage.

type Props = {
  annotation: Annotation;
  role: Role;
  hasBaseAnnotator: boolean;
  readOnly: boolean;
  /** Read-only, but the marker buttons stay (the base annotator may reopen their hand-over). */
  reopenOnly?: boolean;
  dirty: boolean;
  saving: boolean;
  savedAt: Date | null;
  onSave: () => void;
  onMarkers: (change: MarkerAction["change"]) => void;
};

// Made when first needed (a save), not while the editor loads (lib/web/ui/display-format.ts says why).
let time: Intl.DateTimeFormat | null = null;
const formatTime = (at: Date) => (time ??= new Intl.DateTimeFormat(undefined, { timeStyle: "medium" })).format(at);

export function SaveBar({
  annotation,
  role,
  hasBaseAnnotator,
  readOnly,
  reopenOnly = false,
  dirty,
  saving,
  savedAt,
  onSave,
  onMarkers,
}: Props) {
  const id = useId();
  const status = saving
    ? "Saving…"
    : dirty
      ? "Unsaved changes"
      : savedAt
        ? `Saved at ${formatTime(savedAt)}`
        : `Last saved ${formatDateTime(annotation.updated)}`;
  const actions = readOnly && !reopenOnly ? [] : markerActions(role, annotation, hasBaseAnnotator);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      {!readOnly && (
        <Button variant="primary" onClick={onSave} disabled={saving || !dirty} aria-keyshortcuts="Control+S">
          {saving ? "Saving…" : "Save"}
        </Button>
      )}
      <span
        role="status"
        data-testid="save-status"
        className={`text-sm ${dirty ? "font-medium text-amber-800" : "text-slate-600"}`}
      >
        {status}
      </span>
      <span className="text-sm text-slate-600" data-testid="markers">
        Base: {annotation.doneBase ? `done ${formatDateTime(annotation.doneBase)}` : "not done"} · Full:{" "}
        {annotation.doneFull ? `done ${formatDateTime(annotation.doneFull)}` : "not done"}
      </span>
      {actions.map((a) => (
        <span key={a.key} className="flex items-center gap-2">
          <Button
            onClick={() => onMarkers(a.change)}
            disabled={saving || !!a.disabledReason}
            aria-describedby={a.disabledReason ? `${id}-${a.key}` : undefined}
          >
            {a.label}
          </Button>
          {a.disabledReason && (
            <span id={`${id}-${a.key}`} className="text-xs text-slate-600">
              {a.disabledReason}
            </span>
          )}
        </span>
      ))}
    </div>
  );
}
