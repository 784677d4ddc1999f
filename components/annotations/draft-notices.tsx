"use client";
import { Button } from "@/components/button";
import type { AnnotationEditor } from "@/lib/web/annotations/editor/use-annotation-editor";

// What happened to the draft without the annotator asking: unsaved work restored from this
// browser, a conflict merged by itself, drafts that this browser cannot keep.

export function DraftNotices({ editor }: { editor: AnnotationEditor }) {
  return (
    <>
      {editor.restoredDraft && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950"
          data-testid="restored-draft"
        >
          <span>{editor.restoredDraft}</span>
          <Button variant="ghost" className="px-2 py-1 text-xs" onClick={editor.dismissRestoredDraft}>
            Dismiss
          </Button>
        </div>
      )}
      {editor.merged && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-950"
          data-testid="merged-notice"
        >
          <span>{editor.merged}</span>
          <Button variant="ghost" className="px-2 py-1 text-xs" onClick={editor.dismissMerged}>
            Dismiss
          </Button>
        </div>
      )}
      {editor.draftNotKept && (
        <p role="status" className="text-sm text-amber-800">
          This browser does not let the page keep your unsaved changes: save often.
        </p>
      )}
    </>
  );
}
