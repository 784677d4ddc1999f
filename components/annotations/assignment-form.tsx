"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type ChangeEvent, useId, useState } from "react";
import { buttonClass } from "@/components/button";
import { Form } from "@/components/form";
import { errorText, FormField } from "@/components/form-field";
import { PageHeader } from "@/components/page-header";
import { EmptyState, LoadingBlock } from "@/components/states";
import { createAssignmentSchema } from "@/lib/annotations/schemas";
import { useCreateAssignment, useUsersWithRoles, useViewPlace } from "@/lib/web/annotations/editor/use-assignments";
import type { RecordingRefInput } from "@/lib/web/annotations/saving/annotation-api";
import { useZodForm } from "@/lib/web/ui/use-zod-form";
import { roleWords } from "@/lib/web/users/role-words";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { userName } from "@/lib/web/views/view-targets";
import { RecordingPicker } from "./recording-picker";

// /assignments/new — administrators give recordings of this organisation's speech challenges
// to a full annotator and, optionally, a base annotator who labels them first.

const FULL_ROLES = ["ANNOTATOR_FULL", "ADMIN"];
const BASE_ROLES = ["ANNOTATOR_BASE", "ANNOTATOR_FULL", "ADMIN"];
export const INITIAL = { name: "", fullAnnotator: "", baseAnnotator: "", baseDueDate: "", fullDueDate: "" };

/** A recording to start with (a speech challenge's id and the recording's). */
type Preselect = { challenge: string; recording: string } | null;

export function AssignmentForm({ preselect = null }: { preselect?: Preselect }) {
  const principal = usePrincipal();
  const place = useViewPlace();
  if (principal.isLoading) return <LoadingBlock />;
  if (!principal.isAdministrator) return <EmptyState title="Only administrators create assignments" />;
  if (!place.tenant || !place.organisation) {
    return (
      <EmptyState title="Act as an organisation first">
        Assignments are made of an organisation&apos;s speech recordings: switch the view to that organisation, then
        come back.
      </EmptyState>
    );
  }
  return <CreateForm tenant={place.tenant} organisation={place.organisation} preselect={preselect} />;
}

function CreateForm({
  tenant,
  organisation,
  preselect,
}: {
  tenant: string;
  organisation: string;
  preselect: Preselect;
}) {
  const router = useRouter();
  const create = useCreateAssignment();
  const [recordings, setRecordings] = useState<RecordingRefInput[]>(() =>
    preselect ? [{ tenant, organisation, challenge: preselect.challenge, recording: preselect.recording }] : [],
  );
  const form = useZodForm(createAssignmentSchema, {
    initial: INITIAL,
    toInput: (v) => ({ ...Object.fromEntries(Object.entries(v).filter(([, x]) => x.trim() !== "")), recordings }),
    onSubmit: async (input) => {
      const created = await create.mutateAsync(input);
      router.push(`/assignments/${created.id}`);
    },
  });
  return (
    <>
      <PageHeader
        title="New assignment"
        description="Recordings of this organisation's speech challenges, for a full annotator and optionally a base annotator."
        actions={
          <Link href="/assignments" className={buttonClass("ghost")}>
            ← Assignments
          </Link>
        }
      />
      <Form form={form} submitLabel="Create assignment" submittingLabel="Creating…" className="max-w-3xl">
        <AssignmentFields
          form={form}
          tenant={tenant}
          organisation={organisation}
          recordings={recordings}
          onRecordings={setRecordings}
          initialChallenge={preselect?.challenge}
        />
      </Form>
    </>
  );
}

type FieldsForm = {
  field: (name: keyof typeof INITIAL) => Field;
  errors: Partial<Record<string, string>>;
};

type FieldsProps = {
  form: FieldsForm;
  /** The picker's place; null when the recordings cannot be changed here (they span organisations). */
  tenant: string | null;
  organisation: string | null;
  recordings: RecordingRefInput[];
  onRecordings: (refs: RecordingRefInput[]) => void;
  /** Editing: this assignment's recordings do not count as "already assigned", and the annotators it names are offered even when not listed. */
  editing?: { id: number; annotators: Record<string, string> };
  /** The speech challenge the picker starts filtered to (a preselected recording's). */
  initialChallenge?: string;
};

/** The fields of an assignment, the same for creating and editing. */
export function AssignmentFields({
  form,
  tenant,
  organisation,
  recordings,
  onRecordings,
  editing,
  initialChallenge,
}: FieldsProps) {
  return (
    <>
      <FormField label="Name" {...form.field("name")} hint="Optional, e.g. the batch or the week." />
      <div className="grid gap-4 md:grid-cols-2">
        <AnnotatorSelect
          label="Full annotator"
          required
          roles={FULL_ROLES}
          field={form.field("fullAnnotator")}
          known={editing?.annotators}
        />
        <FormField label="Full annotator due date" type="date" {...form.field("fullDueDate")} />
        <AnnotatorSelect
          label="Base annotator"
          roles={BASE_ROLES}
          field={form.field("baseAnnotator")}
          hint="Optional: labels first; the full annotator corrects."
          known={editing?.annotators}
        />
        <FormField label="Base annotator due date" type="date" {...form.field("baseDueDate")} />
      </div>
      {tenant && organisation ? (
        <RecordingPicker
          tenant={tenant}
          organisation={organisation}
          value={recordings}
          onChange={onRecordings}
          error={form.errors.recordings}
          assignment={editing?.id}
          initialChallenge={initialChallenge}
        />
      ) : (
        <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          The recordings of this assignment come from several organisations, so they are kept as they are here (
          {recordings.length} {recordings.length === 1 ? "recording" : "recordings"}).
        </p>
      )}
    </>
  );
}

type Field = {
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLSelectElement | HTMLInputElement | HTMLTextAreaElement>) => void;
};

type SelectProps = {
  label: string;
  roles: string[];
  field: Field;
  required?: boolean;
  hint?: string;
  known?: Record<string, string>;
};

function AnnotatorSelect({ label, roles, field, required, hint, known }: SelectProps) {
  const id = useId();
  const users = useUsersWithRoles(roles);
  // The annotator an assignment names may be outside this view's user list (a tenant-level one).
  const unlisted = field.value && users.data && !users.data.some((u) => u.id === field.value) ? field.value : null;
  if (users.isError)
    return (
      <FormField
        label={label}
        required={required}
        hint={`User id (the user list could not be loaded: ${users.error.message})`}
        {...field}
      />
    );
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && <span className="text-red-700"> *</span>}
      </label>
      <select
        id={id}
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={field.error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={`rounded-md border bg-white px-3 py-2 text-sm ${field.error ? "border-red-500" : "border-slate-300"}`}
      >
        <option value="">{users.isPending ? "Loading…" : required ? "Choose a user" : "None"}</option>
        {unlisted && (
          <option value={unlisted}>
            {known?.[unlisted] ?? "Current annotator"} ({unlisted})
          </option>
        )}
        {(users.data ?? []).map((u) => (
          <option key={u.id} value={u.id}>
            {userName(u)} —{" "}
            {u.roles
              .filter((r) => roles.includes(r))
              .map(roleWords)
              .join(", ")}{" "}
            ({u.id})
          </option>
        ))}
      </select>
      {hint && !field.error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {field.error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {errorText(label, field.error)}
        </p>
      )}
    </div>
  );
}
