"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { buttonClass } from "@/components/button";
import { PageHeader } from "@/components/page-header";
import { ErrorState, LoadingBlock } from "@/components/states";
import { useAnnotatorNames, useAssignment } from "@/lib/web/annotations/editor/use-assignments";
import { roleOf } from "@/lib/web/annotations/editor/workflow-roles";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { AssignmentProgress } from "./assignment-progress";
import { AssignmentRecordings } from "./assignments/assignment-recordings";
import { DeleteAssignment } from "./assignments/delete-assignment";

// /assignments/:id — who annotates, the due dates, and every recording (by student, topic,
// date and duration) with its state and a link into the editor.

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
            Full annotator <strong>{nameOf(a.fullAnnotator)}</strong> (due {due(a.fullDueDate)}) · base annotator{" "}
            {a.baseAnnotator ? <strong>{nameOf(a.baseAnnotator)}</strong> : "none"}
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
      <AssignmentRecordings assignment={a} role={role} />
    </>
  );
}
