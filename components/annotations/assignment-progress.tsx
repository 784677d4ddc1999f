import { progressOf } from "@/lib/web/annotations/editor/use-assignments";
import type { Assignment } from "@/lib/web/annotations/model/types";

// An assignment's progress from its annotations: annotated, done (base), done (full).
export function AssignmentProgress({
  assignment,
}: {
  assignment: Pick<Assignment, "recordings" | "annotations" | "baseAnnotator">;
}) {
  const p = progressOf(assignment);
  const pct = (n: number) => (p.recordings ? Math.round((n / p.recordings) * 100) : 0);
  return (
    <div className="min-w-40 space-y-1" data-testid="assignment-progress">
      <div className="flex h-2 overflow-hidden rounded bg-slate-200" aria-hidden>
        <div className="bg-emerald-600" style={{ width: `${pct(p.doneFull)}%` }} />
        {assignment.baseAnnotator && (
          <div
            className="bg-sky-500"
            style={{ width: `${pct(p.doneBase) - pct(Math.min(p.doneBase, p.doneFull))}%` }}
          />
        )}
        <div
          className="bg-amber-400"
          style={{ width: `${Math.max(0, pct(p.annotated) - pct(Math.max(p.doneBase, p.doneFull)))}%` }}
        />
      </div>
      <p className="text-xs text-slate-700">
        {p.annotated}/{p.recordings} annotated
        {assignment.baseAnnotator && <> · {p.doneBase} done (base)</>} · {p.doneFull} done (full)
      </p>
    </div>
  );
}
