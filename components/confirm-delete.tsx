"use client";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/button";

// Delete with confirmation, for every kind of thing: a "Delete" button opens a modal <dialog>
// (focus stays inside, Escape cancels) that says what goes with it, and shows the API's message
// next to the buttons when the delete fails. The caller owns the mutation.

type Mutation = { isPending: boolean; isError: boolean; error: Error | null; reset: () => void };

type Props = {
  /** The dialog's heading, e.g. `Delete assignment “Week 3”?`. */
  title: string;
  /** The confirming button's text, e.g. "Delete assignment". */
  confirmLabel: string;
  /** What is deleted with it (and what stays). */
  children: ReactNode;
  mutation: Mutation;
  /** Runs the delete; calls `done` when it succeeded (the dialog closes). */
  onConfirm: (done: () => void) => void;
  /** A small ghost button in a table row (its accessible name then says what it deletes). */
  compact?: boolean;
};

export function ConfirmDelete({ title, confirmLabel, children, mutation, onConfirm, compact }: Props) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  return (
    <>
      <Button
        variant={compact ? "ghost" : "danger"}
        className={compact ? "px-2 py-1 text-red-700" : ""}
        onClick={() => {
          mutation.reset();
          setOpen(true);
        }}
        aria-label={compact ? title.replace(/\?$/, "") : undefined}
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
            {title}
          </h2>
          {children}
          {mutation.isError && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-900">
              {mutation.error?.message}
            </p>
          )}
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={() => setOpen(false)} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => onConfirm(() => setOpen(false))} disabled={mutation.isPending}>
              {mutation.isPending ? "Deleting…" : confirmLabel}
            </Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
