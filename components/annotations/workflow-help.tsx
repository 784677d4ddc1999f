import { nextStepFor, type Stage } from "@/lib/web/annotations/editor/context-text";
import type { Role } from "@/lib/web/annotations/model/types";

// The two-stage workflow in words, in the editor's header: where this recording is, what the
// caller is expected to do, and (on request) what "base done" and "full done" mean.

export function WorkflowHelp({ stage, role }: { stage: Stage; role: Role }) {
  const next = nextStepFor(role, stage);
  return (
    <section
      aria-labelledby="workflow-stage"
      className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
      data-testid="workflow-stage"
      data-stage={stage.key}
    >
      <h2 id="workflow-stage" className="font-semibold text-slate-900">
        {stage.title}
      </h2>
      <p className="mt-1">{stage.text}</p>
      {next && <p className="mt-1 font-medium">{next}</p>}
      <details className="mt-2">
        <summary className="cursor-pointer text-blue-800 underline-offset-2 hover:underline">
          What do “base done” and “full done” mean?
        </summary>
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[8rem_1fr]">
          <dt className="font-medium">Base done</dt>
          <dd>
            The base annotator has finished the layers open to them (for example the words) and hands the recording
            over. Until then the full annotator should wait.
          </dd>
          <dt className="font-medium">Full done</dt>
          <dd>
            The full annotator has checked the base annotator&apos;s work, corrected it and added the remaining layers
            (such as errors). The annotation is finished and the base annotator&apos;s view becomes read-only.
          </dd>
          <dt className="font-medium">Reopen</dt>
          <dd>
            Takes a marker back: the full annotator can send the recording back to the base annotator, and either can
            reopen their own stage.
          </dd>
        </dl>
      </details>
    </section>
  );
}
