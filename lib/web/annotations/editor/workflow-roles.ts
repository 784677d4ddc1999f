import type { Annotation, Assignment, Role, SchemeLayer } from "../model/types";
import { baseMayUse } from "../validation/validate";

// The two-stage workflow as the editor shows it (the API's rules: lib/annotations/workflow.ts,
// access.ts): who the caller is in the assignment, which layers and labels they get, which
// done markers they may move, and when their view is read-only.

/** admin > full > base, as the API decides; `isAdministrator` means in scope of the assignment. */
export function roleOf(
  assignment: Pick<Assignment, "baseAnnotator" | "fullAnnotator">,
  userId: string | null,
  isAdministrator: boolean,
): Role {
  if (isAdministrator) return "admin";
  if (userId && assignment.fullAnnotator === userId) return "full";
  if (userId && assignment.baseAnnotator === userId) return "base";
  return "none";
}

/** The layers a role sees as lanes: base annotators only their subset. */
export const layersFor = (layers: readonly SchemeLayer[], role: Role): SchemeLayer[] =>
  role === "base" ? layers.filter((l) => l.baseAllowed) : [...layers];

/** The labels a role may pick on a fixed-list layer. */
export const labelsFor = (layer: SchemeLayer, role: Role): string[] =>
  layer.labels.filter((l) => role !== "base" || baseMayUse(layer, l.label)).map((l) => l.label);

/** The label a new fragment in this layer starts with ("" on free-text layers: typed next). */
export const defaultLabel = (layer: SchemeLayer, role: Role): string =>
  layer.freeText ? "" : (labelsFor(layer, role)[0] ?? "");

type Markers = Pick<Annotation, "doneBase" | "doneFull">;

/** Why the role may not edit now (a banner), or null. */
export function readOnlyReason(role: Role, markers: Markers | null): string | null {
  if (role === "none") return "You are not an annotator of this assignment: you can look, not change.";
  if (role === "base" && markers?.doneFull) {
    return "The full annotator has marked this recording done: your part is finished, so it is read-only.";
  }
  if (role === "base" && markers?.doneBase) {
    return "You have handed this recording over (base done), so it is read-only. Reopen it to change something.";
  }
  return null;
}

/** Read-only, yet the marker buttons stay: the base annotator's own hand-over, which they may reopen. */
export const mayReopenOnly = (role: Role, markers: Markers | null) =>
  role === "base" && !!markers?.doneBase && !markers.doneFull;

export type MarkerAction = {
  key: string;
  label: string;
  change: { doneBase?: true | null; doneFull?: true | null };
  /** Set when the action is shown but not possible yet. */
  disabledReason: string | null;
};

/** The done-marker buttons of a role (the API refuses the rest). */
export function markerActions(role: Role, markers: Markers, hasBaseAnnotator: boolean): MarkerAction[] {
  const base: MarkerAction = markers.doneBase
    ? {
        key: "reopen-base",
        label: "Reopen (base)",
        change: { doneBase: null },
        disabledReason: markers.doneFull && role === "full" ? "Reopen (full) first" : null,
      }
    : { key: "done-base", label: "Mark done (base)", change: { doneBase: true }, disabledReason: null };
  const full: MarkerAction = markers.doneFull
    ? { key: "reopen-full", label: "Reopen (full)", change: { doneFull: null }, disabledReason: null }
    : {
        key: "done-full",
        label: "Mark done (full)",
        change: { doneFull: true },
        disabledReason:
          hasBaseAnnotator && !markers.doneBase ? "Waiting for the base annotator to mark it done (base)" : null,
      };
  switch (role) {
    case "admin":
      return [base, { ...full, disabledReason: null }];
    case "full": {
      // The full annotator marks doneBase only when there is no base annotator; clearing it sends the work back.
      const own = markers.doneFull ? { ...full, label: "Reopen" } : full;
      if (!hasBaseAnnotator) return [own];
      return markers.doneBase ? [own, { ...base, label: "Send back to base" }] : [own];
    }
    case "base":
      return markers.doneFull ? [] : [{ ...base, label: markers.doneBase ? "Reopen" : "Mark done (base)" }];
    default:
      return [];
  }
}
