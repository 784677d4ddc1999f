"use client";
import { useId } from "react";
import { Button } from "@/components/button";
import { ConfirmDelete } from "@/components/confirm-delete";
import { useDeleteAssignment } from "@/lib/web/annotations/editor/use-assignments";
import type { Assignment } from "@/lib/web/annotations/model/types";

// Delete an assignment, after a confirmation. Once annotation has started the API refuses
// (409), so the button is disabled and the reason is written next to it rather than the
// control vanishing.

type Props = {
  assignment: Pick<Assignment, "id" | "name" | "recordings" | "annotations">;
  onDeleted?: () => void;
  compact?: boolean;
};

export function DeleteAssignment({ assignment: a, onDeleted, compact }: Props) {
  const reasonId = useId();
  const remove = useDeleteAssignment();
  const label = a.name || `Assignment ${a.id}`;
  const started = a.annotations.length;
  const count = a.recordings.length;

  if (started > 0) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Button
          variant={compact ? "ghost" : "danger"}
          className={compact ? "px-2 py-1 text-red-700" : ""}
          disabled
          aria-describedby={reasonId}
        >
          Delete
        </Button>
        <span id={reasonId} className="text-xs text-slate-600" data-testid="delete-blocked">
          Cannot be deleted: annotation has started ({started} of {count} {count === 1 ? "recording" : "recordings"})
        </span>
      </span>
    );
  }

  return (
    <ConfirmDelete
      title={`Delete assignment “${label}”?`}
      confirmLabel="Delete assignment"
      mutation={remove}
      compact={compact}
      onConfirm={(done) =>
        remove.mutate(
          { id: a.id, label },
          {
            onSuccess: () => {
              done();
              onDeleted?.();
            },
          },
        )
      }
    >
      <p className="text-slate-700">
        Its {count === 1 ? "recording stays" : `${count} recordings stay`}; only the assignment goes, and its annotators
        no longer see it. This cannot be undone.
      </p>
    </ConfirmDelete>
  );
}
