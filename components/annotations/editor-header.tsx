import type { ReactNode } from "react";
import type { Stage } from "@/lib/web/annotations/editor/context-text";
import type { Role } from "@/lib/web/annotations/model/types";
import { WorkflowHelp } from "./workflow-help";

// The editor's header: a title people can read (what was read, by whom, how long), the ids
// only as secondary text, the assignment and position, the caller's part, and the workflow
// stage in words.

type Props = {
  title: string;
  /** What the student was asked to read (the prompt), when there is one. */
  prompt: string | null;
  student: string | null;
  duration: string | null;
  assignment: string;
  position: string;
  ids: string;
  role: Role;
  stage: Stage;
  actions: ReactNode;
};

const ROLE_WORDS: Record<Role, string> = {
  admin: "administrator",
  full: "full annotator",
  base: "base annotator",
  none: "viewer (not an annotator of this assignment)",
};

export function EditorHeader({
  title,
  prompt,
  student,
  duration,
  assignment,
  position,
  ids,
  role,
  stage,
  actions,
}: Props) {
  return (
    <header className="mb-4 space-y-3" data-testid="editor-header">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          <p className="mt-1 text-sm text-slate-700">
            {assignment} · {position} · you work as <strong>{ROLE_WORDS[role]}</strong>
          </p>
          <details className="mt-0.5 text-xs text-slate-600">
            <summary className="cursor-pointer">Reference numbers (for support)</summary>
            <p data-testid="editor-ids">{ids}</p>
          </details>
        </div>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </div>
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <dl
          className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1 rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-800"
          data-testid="recording-facts"
        >
          <dt className="font-medium">Prompt</dt>
          <dd data-testid="prompt-text">
            {prompt ?? <span className="text-slate-600">No prompt text for this challenge</span>}
          </dd>
          <dt className="font-medium">Student</dt>
          <dd data-testid="student-name">{student ?? "A student"}</dd>
          <dt className="font-medium">Duration</dt>
          <dd>{duration ?? "Not known yet"}</dd>
        </dl>
        <WorkflowHelp stage={stage} role={role} />
      </div>
    </header>
  );
}
