"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/button";
import { Form } from "@/components/form";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ErrorState, LoadingBlock } from "@/components/states";
import { updateAssignmentSchema } from "@/lib/annotations/schemas";
import {
  useAnnotatorNames,
  useAssignment,
  useUpdateAssignment,
  useViewPlace,
} from "@/lib/web/annotations/editor/use-assignments";
import type { Assignment } from "@/lib/web/annotations/model/types";
import type { RecordingRefInput } from "@/lib/web/annotations/saving/annotation-api";
import { useZodForm } from "@/lib/web/ui/use-zod-form";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { AssignmentFields, type INITIAL } from "../assignment-form";

// /assignments/:id/edit — the create form, filled in with the assignment; saving sends only
// what changed (PUT is incremental). Recordings that have been annotated cannot leave: the
// API refuses with 409 and its message is shown.

/** A due date as a date field holds it (a date-time keeps its day; it is only sent when changed). */
const dateOnly = (d: string | null) => (d ? d.slice(0, 10) : "");

export function AssignmentEdit({ id }: { id: number }) {
  const principal = usePrincipal();
  const query = useAssignment(id);
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (query.isPending || principal.isLoading) return <LoadingBlock />;
  if (!principal.isAdministrator) return <EmptyState title="Only administrators change assignments" />;
  return <EditForm assignment={query.data} />;
}

function EditForm({ assignment: a }: { assignment: Assignment }) {
  const router = useRouter();
  const place = useViewPlace();
  const update = useUpdateAssignment(a.id);
  const nameOf = useAnnotatorNames(true);
  const label = a.name || `Assignment ${a.id}`;
  const organisations = new Set(a.recordings.map((r) => r.organisation));
  const organisation = place.organisation ?? (organisations.size === 1 ? [...organisations][0] : null);
  const tenant = place.tenant ?? a.recordings[0]?.tenant ?? null;
  const original = a.recordings.map((r) => ({
    tenant: r.tenant ?? tenant ?? "",
    organisation: r.organisation,
    challenge: r.challenge,
    recording: r.recording,
  }));
  const [recordings, setRecordings] = useState<RecordingRefInput[]>(original);
  const initial: typeof INITIAL = {
    name: a.name ?? "",
    fullAnnotator: a.fullAnnotator,
    baseAnnotator: a.baseAnnotator ?? "",
    baseDueDate: dateOnly(a.baseDueDate),
    fullDueDate: dateOnly(a.fullDueDate),
  };
  const keys = (list: RecordingRefInput[]) =>
    list.map((r) => `${r.organisation}/${r.challenge}/${r.recording}`).join("|");
  const form = useZodForm(updateAssignmentSchema, {
    initial,
    toInput: (v) => ({
      ...Object.fromEntries(Object.entries(v).filter(([k, x]) => x !== initial[k as keyof typeof INITIAL])),
      ...(keys(recordings) !== keys(original) ? { recordings } : {}),
    }),
    onSubmit: async (input) => {
      await update.mutateAsync(input);
      router.push(`/assignments/${a.id}`);
    },
  });
  const annotators = Object.fromEntries(
    [a.fullAnnotator, a.baseAnnotator].filter((x): x is string => !!x).map((x) => [x, nameOf(x)]),
  );
  return (
    <>
      <PageHeader
        title={`Edit “${label}”`}
        description={
          a.annotations.length > 0
            ? "Annotation has started: recordings that have been annotated stay in the assignment."
            : "Change the name, the annotators, the due dates or the recordings."
        }
        actions={
          <Link href={`/assignments/${a.id}`} className={buttonClass("ghost")}>
            ← {label}
          </Link>
        }
      />
      <Form
        form={form}
        submitLabel="Save changes"
        submittingLabel="Saving…"
        cancelHref={`/assignments/${a.id}`}
        className="max-w-3xl"
      >
        <AssignmentFields
          form={form}
          tenant={tenant}
          organisation={organisation}
          recordings={recordings}
          onRecordings={setRecordings}
          editing={{ id: a.id, annotators }}
        />
      </Form>
    </>
  );
}
