"use client";
import Link from "next/link";
import { buttonClass } from "@/components/button";
import { type Column, DataTable } from "@/components/data-table";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ErrorState, LoadingBlock } from "@/components/states";
import { useAnnotatorNames, useAssignmentList } from "@/lib/web/annotations/editor/use-assignments";
import type { Assignment } from "@/lib/web/annotations/model/types";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { AssignmentProgress } from "./assignment-progress";
import { DeleteAssignment } from "./assignments/delete-assignment";

// /assignments (and /annotations for annotators): the assignments this view sees, a page at a
// time as the API pages them (Link rel=next). Administrators see those of their scope and
// create new ones; annotators see theirs, with their part and progress.

const due = (d: string | null) => (d ? (d.length === 10 ? d : formatDateTime(d)) : "—");

export function AssignmentsView({ mode }: { mode: "manage" | "mine" }) {
  const principal = usePrincipal();
  const list = useAssignmentList();
  const me = principal.user?.id ?? null;
  const nameOf = useAnnotatorNames(principal.can("USER_LIST"));
  if (principal.isLoading) return <LoadingBlock />;
  if (principal.error) return <ErrorState error={principal.error} />;
  const manages = mode === "manage" && principal.isAdministrator;
  if (!manages && !principal.can("ASSIGNMENT_LIST")) {
    return (
      <EmptyState title="Assignments are not available in this view">
        Administrators and annotators see assignments here.
      </EmptyState>
    );
  }
  const part = (a: Assignment) =>
    a.fullAnnotator === me ? "Full annotator" : a.baseAnnotator === me ? "Base annotator" : "—";
  const columns: Column<Assignment>[] = [
    {
      key: "name",
      header: "Assignment",
      cell: (a) => (
        <Link href={`/assignments/${a.id}`} className="font-medium text-blue-800 hover:underline">
          {a.name || `Assignment ${a.id}`}
        </Link>
      ),
    },
    ...(manages
      ? [
          {
            key: "full",
            header: "Full annotator",
            cell: (a: Assignment) => <span title={a.fullAnnotator}>{nameOf(a.fullAnnotator)}</span>,
          },
          {
            key: "base",
            header: "Base annotator",
            cell: (a: Assignment) => <span title={a.baseAnnotator ?? undefined}>{nameOf(a.baseAnnotator)}</span>,
            className: "hidden md:table-cell",
          },
        ]
      : [{ key: "part", header: "Your part", cell: part }]),
    { key: "progress", header: "Progress", cell: (a) => <AssignmentProgress assignment={a} /> },
    {
      key: "due",
      header: "Due (base / full)",
      cell: (a) => `${due(a.baseDueDate)} / ${due(a.fullDueDate)}`,
      className: "hidden lg:table-cell",
    },
    { key: "created", header: "Created", cell: (a) => formatDateTime(a.created), className: "hidden lg:table-cell" },
    ...(manages
      ? [
          {
            key: "actions",
            header: "Actions",
            cell: (a: Assignment) => (
              <span className="flex flex-wrap items-center gap-1">
                <Link href={`/assignments/${a.id}/edit`} className={buttonClass("ghost", "px-2 py-1")}>
                  Edit<span className="sr-only"> assignment “{a.name || `Assignment ${a.id}`}”</span>
                </Link>
                <DeleteAssignment assignment={a} compact />
              </span>
            ),
          },
        ]
      : []),
  ];
  const ready = list.isSuccess && !list.isPlaceholderData && !list.isFetching;
  return (
    <>
      <PageHeader
        title={manages ? "Assignments" : "My assignments"}
        description={
          manages
            ? "Speech recordings given to a full annotator, and optionally a base annotator who labels them first."
            : "The recordings you annotate. Open an assignment to pick a recording."
        }
        actions={
          manages ? (
            <Link href="/assignments/new" className={buttonClass("primary")}>
              New assignment
            </Link>
          ) : undefined
        }
      />
      <div data-testid="assignments-table" data-ready={ready ? "true" : "false"}>
        <DataTable
          caption="Assignments"
          columns={columns}
          list={list}
          rowKey={(a) => String(a.id)}
          empty={manages ? "No assignments yet" : "Nothing is assigned to you yet"}
        />
      </div>
    </>
  );
}
