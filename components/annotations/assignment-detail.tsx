"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { buttonClass } from "@/components/button";
import { PageHeader } from "@/components/page-header";
import { ErrorState, LoadingBlock } from "@/components/states";
import { formatDateTime } from "@/lib/web/format";
import { usePrincipal } from "@/lib/web/use-principal";
import { editorHref } from "@/lib/web/annotations/links";
import { roleOf } from "@/lib/web/annotations/roles";
import { useAnnotatorNames, useAssignment } from "@/lib/web/annotations/use-assignments";
import type { Assignment } from "@/lib/web/annotations/types";
import { AssignmentProgress } from "./assignment-progress";
import { DeleteAssignment } from "./assignments/delete-assignment";

// /assignments/:id — who annotates, the due dates, and every recording with its state and a
// link into the editor.

type Row = Assignment["recordings"][number];

function stateOf(a: Assignment, r: Row) {
  const n = a.annotations.find((x) => x.recording.recording === r.recording && x.recording.organisation === r.organisation);
  if (!n) return { text: "Not started", tone: "bg-slate-100 text-slate-700", started: false };
  if (n.doneFull) return { text: "Done (full)", tone: "bg-emerald-100 text-emerald-900", started: true };
  if (n.doneBase) return { text: "Done (base)", tone: "bg-sky-100 text-sky-900", started: true };
  return { text: "In progress", tone: "bg-amber-100 text-amber-900", started: true };
}

export function AssignmentDetail({ id }: { id: number }) {
  const router = useRouter();
  const principal = usePrincipal();
  const query = useAssignment(id);
  const nameOf = useAnnotatorNames(principal.can("USER_LIST"));
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (query.isPending || principal.isLoading) return <LoadingBlock />;
  const a = query.data;
  const role = roleOf(a, principal.user?.id ?? null, principal.isAdministrator);
  const due = (d: string | null) => (d ? (d.length === 10 ? d : formatDateTime(d)) : "none");
  return (
    <>
      <PageHeader
        title={a.name || `Assignment ${a.id}`}
        description={
          <>
            Full annotator <strong>{nameOf(a.fullAnnotator)}</strong> (due {due(a.fullDueDate)}) · base annotator {a.baseAnnotator ? <strong>{nameOf(a.baseAnnotator)}</strong> : "none"}
            {a.baseAnnotator && <> (due {due(a.baseDueDate)})</>}
          </>
        }
        actions={
          <>
            <Link href={role === "admin" ? "/assignments" : "/annotations"} className={buttonClass("ghost")}>
              ← All assignments
            </Link>
            {role === "admin" && (
              <>
                <Link href={`/assignments/${a.id}/edit`} className={buttonClass("secondary")}>
                  Edit
                </Link>
                <DeleteAssignment assignment={a} onDeleted={() => router.push("/assignments")} />
              </>
            )}
          </>
        }
      />
      <div className="mb-4 max-w-md">
        <AssignmentProgress assignment={a} />
      </div>
      <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
        <table className="w-full text-left text-sm" data-testid="assignment-recordings">
          <caption className="sr-only">Recordings of this assignment</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">Recording</th>
              <th scope="col" className="hidden px-4 py-3 md:table-cell">Challenge</th>
              <th scope="col" className="px-4 py-3">State</th>
              <th scope="col" className="px-4 py-3"><span className="sr-only">Open</span></th>
            </tr>
          </thead>
          <tbody>
            {a.recordings.map((r) => {
              const state = stateOf(a, r);
              return (
                <tr key={`${r.organisation}/${r.recording}`} className="border-b border-slate-100 last:border-0">
                  <td className="px-4 py-3"><code className="text-xs">{r.recording}</code></td>
                  <td className="hidden px-4 py-3 md:table-cell"><code className="text-xs">{r.challenge}</code></td>
                  <td className="px-4 py-3">
                    <span className={`rounded px-2 py-0.5 text-xs font-medium ${state.tone}`}>{state.text}</span>
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Link href={editorHref(a.id, r)} className={buttonClass(state.started || role === "none" ? "secondary" : "primary", "px-2 py-1")}>
                      {state.started || role === "none" ? "Open" : "Annotate"}
                      <span className="sr-only"> recording {r.recording}</span>
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
