import { ApiError, conflict, forbidden } from "@/lib/api/errors";
import type { Editor } from "./fragments";

// The two-stage workflow. The base annotator labels a recording and marks it doneBase;
// the full annotator corrects it and marks it doneFull, which ends the base annotator's
// part. Who may move which marker:
// - base: doneBase (set or clear) while doneFull is unset; never doneFull; no fragment
//   changes while doneBase is set (reopen first); nothing at all once doneFull is set.
// - full: doneFull, but only once doneBase is set when the assignment has a base annotator;
//   doneBase only to clear it (sending the work back), or to set it when there is no base
//   annotator. The full annotator may keep correcting after doneFull.
// - admin (administrators in scope): anything.
// Sending a marker's current value again is no change (clients echo whole objects).

export type DoneMarkers = { doneBase: Date | null; doneFull: Date | null };
/** `true` marks done now, unless already marked (then the marker is kept). */
export type MarkerChange = { doneBase?: Date | true | null; doneFull?: Date | true | null };

const same = (a: Date | null, b: Date | null) => (a === null ? b === null : b !== null && a.getTime() === b.getTime());
const changes = (next: Date | null | undefined, current: Date | null) => next !== undefined && !same(next, current);

/** The markers after the change, or a 403/409 when the editor may not make it. */
export function applyMarkers(
  editor: Editor,
  current: DoneMarkers,
  requested: MarkerChange,
  hasBaseAnnotator: boolean,
): DoneMarkers {
  const now = new Date();
  const resolve = (v: Date | true | null | undefined, held: Date | null) => (v === true ? (held ?? now) : v);
  const change = {
    doneBase: resolve(requested.doneBase, current.doneBase),
    doneFull: resolve(requested.doneFull, current.doneFull),
  };
  const next: DoneMarkers = {
    doneBase: change.doneBase === undefined ? current.doneBase : change.doneBase,
    doneFull: change.doneFull === undefined ? current.doneFull : change.doneFull,
  };
  if (editor === "admin") return next;
  if (editor === "base") {
    if (current.doneFull)
      throw conflict("The full annotator has marked this annotation done: the base annotator can no longer change it");
    if (changes(change.doneFull, current.doneFull))
      throw forbidden("Only the full annotator marks an annotation doneFull");
    return next;
  }
  if (changes(change.doneBase, current.doneBase) && next.doneBase !== null && hasBaseAnnotator) {
    throw forbidden(
      "doneBase is marked by the base annotator (the full annotator may only clear it, to send the work back)",
    );
  }
  if (
    changes(change.doneFull, current.doneFull) &&
    next.doneFull !== null &&
    next.doneBase === null &&
    hasBaseAnnotator
  ) {
    throw conflict("The base annotator has not marked this annotation done yet");
  }
  if (
    next.doneFull !== null &&
    next.doneBase === null &&
    hasBaseAnnotator &&
    changes(change.doneBase, current.doneBase)
  ) {
    throw conflict("Clear doneFull before sending the work back to the base annotator");
  }
  return next;
}

/**
 * Whether the editor may change the fragments now. The base annotator's part ends when they
 * mark it done (doneBase, "handed over"): from then on their fragment changes are refused until
 * the work is reopened (doneBase cleared, by themselves in the same request or the full
 * annotator sending it back), and for good once doneFull is set. `next` are the markers after
 * the request's own marker change.
 */
export function checkFragmentEdit(editor: Editor, current: DoneMarkers, next: DoneMarkers = current): void {
  if (editor !== "base") return;
  if (current.doneFull) {
    throw new ApiError(
      "conflict",
      "The full annotator has marked this annotation done: the base annotator can no longer change it",
    );
  }
  if (current.doneBase && next.doneBase) {
    throw new ApiError(
      "conflict",
      "You have handed this annotation over (base done): reopen it before changing its fragments",
    );
  }
}
