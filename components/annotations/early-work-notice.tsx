"use client";
import { fullBeforeBase } from "@/lib/web/annotations/editor/context-text";
import type { AnnotationEditor } from "@/lib/web/annotations/editor/use-annotation-editor";
import { useRevisions } from "@/lib/web/annotations/editor/use-context";
import { earlyFullEdits } from "@/lib/web/annotations/model/compare";

// A full annotator who edits before the base annotator is done is warned; and the saved work
// carries the mark (the versions the full annotator saved before base done, read from the
// annotation's revisions), shown to everyone who opens it.

export function EarlyWorkNotice({ editor }: { editor: AnnotationEditor }) {
  const annotation = editor.server?.annotation ?? null;
  const full = editor.assignment?.fullAnnotator ?? null;
  const hasBase = !!editor.assignment?.baseAnnotator;
  const revisions = useRevisions(editor.annotationId, annotation?.version ?? null, hasBase && !!annotation && !!full);
  const early = revisions.data && full ? earlyFullEdits(revisions.data, full) : [];
  const warn = annotation !== null && fullBeforeBase(editor.role, annotation, hasBase);
  if (!warn && early.length === 0) return null;
  return (
    <div
      className="mb-4 space-y-1 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="early-work"
    >
      {warn && (
        <p role="alert">
          <strong>The base annotator is not done yet.</strong> You are the full annotator: changes you make now come
          before their hand-over and may clash with their work. Wait for “base done” unless you have agreed otherwise;
          whatever you save now is marked as early work.
        </p>
      )}
      {early.length > 0 && (
        <p data-testid="early-work-mark">
          Marked: the full annotator changed this annotation before the base annotator was done (
          {early.length === 1 ? "version" : "versions"} {early.map((r) => r.version).join(", ")}).
        </p>
      )}
    </div>
  );
}
