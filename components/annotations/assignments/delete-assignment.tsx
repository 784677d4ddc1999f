"use client";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/button";
import { useDeleteAssignment } from "@/lib/web/annotations/use-assignments";
import type { Assignment } from "@/lib/web/annotations/types";

// Delete with confirmation (a modal <dialog>: focus stays inside, Escape cancels). Once
// annotation has started the API refuses (409), so the button is disabled and the reason is
// written next to it rather than the control vanishing.

type Props = { assignment: Pick<Assignment, "id" | "name" | "recordings" | "annotations">; onDeleted?: () => void; compact?: boolean };

export function DeleteAssignment({ assignment: a, onDeleted, compact }: Props) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reasonId = useId();
  const remove = useDeleteAssignment();
  const label = a.name || `Assignment ${a.id}`;
  const started = a.annotations.length;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  const buttonClass = compact ? "px-2 py-1 text-red-700" : "";
  if (started > 0) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Button variant={compact ? "ghost" : "danger"} className={buttonClass} disabled aria-describedby={reasonId}>
          Delete
        </Button>
        <span id={reasonId} className="text-xs text-slate-600" data-testid="delete-blocked">
          Cannot be deleted: annotation has started ({started} of {a.recordings.length} {a.recordings.length === 1 ? "recording" : "recordings"})
        </span>
      </span>
    );
  }

  const confirm = () =>
    remove.mutate(
      { id: a.id, label },
      {
        onSuccess: () => {
          setOpen(false);
          onDeleted?.();
        },
      },
    );

  return (
    <>
      <Button
        variant={compact ? "ghost" : "danger"}
        className={buttonClass}
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
        aria-label={compact ? `Delete assignment “${label}”` : undefined}
      >
        Delete
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        className="m-auto w-[28rem] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="space-y-3 p-5 text-left text-sm">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Delete assignment “{label}”?
          </h2>
          <p className="text-slate-700">
            Its {a.recordings.length === 1 ? "recording stays" : `${a.recordings.length} recordings stay`}; only the assignment goes, and its annotators no longer see it. This
            cannot be undone.
          </p>
          {remove.isError && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-900">
              {remove.error.message}
            </p>
          )}
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={() => setOpen(false)} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
              {remove.isPending ? "Deleting…" : "Delete assignment"}
            </Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
