"use client";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/button";
import { KINDS, useDeleteChallenge, type ChallengeKind } from "@/lib/web/challenges";

// Delete with confirmation: a modal <dialog> (focus stays inside, Escape cancels) that says
// what goes with the challenge, and shows the API's message when the delete fails.

type Props = { kind: ChallengeKind; id: string; name: string; onDeleted?: () => void; compact?: boolean };

export function DeleteChallenge({ kind, id, name, onDeleted, compact }: Props) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const remove = useDeleteChallenge(kind);
  const noun = KINDS[kind].singular;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  const confirm = () =>
    remove.mutate({ id, name }, {
      onSuccess: () => {
        setOpen(false);
        onDeleted?.();
      },
    });

  return (
    <>
      <Button
        variant={compact ? "ghost" : "danger"}
        className={compact ? "px-2 py-1 text-red-700" : ""}
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
        aria-label={compact ? `Delete ${noun} “${name}”` : undefined}
      >
        Delete
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        className="m-auto w-[28rem] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="space-y-3 p-5 text-sm">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Delete {noun} “{name}”?
          </h2>
          <p className="text-xs text-slate-500">
            Id <code>{id}</code>
          </p>
          <p className="text-slate-700">
            Its audio and files are deleted with it{kind === "speech" ? ", and so are the recordings made for it" : ", and so are the students' attempts"}. This cannot be undone.
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
              {remove.isPending ? "Deleting…" : `Delete ${noun}`}
            </Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
