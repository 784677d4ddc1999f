"use client";
import { ConfirmDelete } from "@/components/confirm-delete";
import { type ChallengeKind, KINDS, useDeleteChallenge } from "@/lib/web/challenges/challenge-kinds";

// Delete a challenge, after a confirmation that says what goes with it.

type Props = { kind: ChallengeKind; id: string; name: string; onDeleted?: () => void; compact?: boolean };

export function DeleteChallenge({ kind, id, name, onDeleted, compact }: Props) {
  const remove = useDeleteChallenge(kind);
  const noun = KINDS[kind].singular;
  return (
    <ConfirmDelete
      title={`Delete ${noun} “${name}”?`}
      confirmLabel={`Delete ${noun}`}
      mutation={remove}
      compact={compact}
      onConfirm={(done) =>
        remove.mutate(
          { id, name },
          {
            onSuccess: () => {
              done();
              onDeleted?.();
            },
          },
        )
      }
    >
      <p className="text-xs text-slate-500">
        Id <code>{id}</code>
      </p>
      <p className="text-slate-700">
        Its audio and files are deleted with it
        {kind === "speech" ? ", and so are the recordings made for it" : ", and so are the students' attempts"}. This
        cannot be undone.
      </p>
    </ConfirmDelete>
  );
}
