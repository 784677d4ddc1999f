"use client";
import Link from "next/link";
import type { MouseEvent } from "react";
import { Button, buttonClass } from "@/components/button";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ErrorState, LoadingBlock } from "@/components/states";
import { useAnnotationEditor } from "@/lib/web/annotations/use-annotation-editor";
import { editorHref } from "@/lib/web/annotations/links";
import { EditorWorkspace } from "./editor-workspace";

// /annotations/:assignment/:recording — one recording of an assignment in the waveform editor.
// A recording without an annotation gets one when the annotator starts (the API's first save).

type Props = { assignmentId: number; recordingId: string; organisation: string | null };

export function AnnotationEditor({ assignmentId, recordingId, organisation }: Props) {
  const editor = useAnnotationEditor(assignmentId, recordingId, organisation);
  const { assignment, ref } = editor;
  const back = `/assignments/${assignmentId}`;
  if (editor.error) return <ErrorState error={editor.error} title="The annotation could not be loaded" />;
  if (editor.loading || !assignment) return <LoadingBlock label="Loading the annotation…" />;
  if (!ref) {
    return (
      <EmptyState title={`Recording ${recordingId} is not part of this assignment`}>
        <Link className={buttonClass("secondary", "mt-3")} href={back}>
          Back to the assignment
        </Link>
      </EmptyState>
    );
  }
  const index = assignment.recordings.indexOf(ref);
  const neighbour = (i: number) => assignment.recordings[i];
  const guard = (e: MouseEvent) => {
    if (editor.draft.dirty && !window.confirm("You have unsaved changes. Leave without saving?")) e.preventDefault();
  };
  return (
    <>
      <PageHeader
        title={`Recording ${ref.recording}`}
        description={
          <>
            {assignment.name ?? `Assignment ${assignment.id}`} · challenge {ref.challenge} · recording {index + 1} of {assignment.recordings.length}
            {editor.role !== "none" && <> · you annotate as <strong>{editor.role === "admin" ? "administrator" : `${editor.role} annotator`}</strong></>}
          </>
        }
        actions={
          <>
            <Link className={buttonClass("ghost")} href={back} onClick={guard}>
              ← Assignment
            </Link>
            {neighbour(index - 1) && (
              <Link className={buttonClass("secondary")} href={editorHref(assignment.id, neighbour(index - 1)!)} onClick={guard}>
                Previous
              </Link>
            )}
            {neighbour(index + 1) && (
              <Link className={buttonClass("secondary")} href={editorHref(assignment.id, neighbour(index + 1)!)} onClick={guard}>
                Next recording
              </Link>
            )}
          </>
        }
      />
      {editor.server ? (
        <EditorWorkspace editor={editor} />
      ) : (
        <EmptyState title="This recording has no annotation yet">
          <p>The waveform, the audio and the lanes open once the annotation exists.</p>
          {editor.role !== "none" ? (
            <Button variant="primary" className="mt-3" disabled={editor.saving} onClick={() => void editor.save()}>
              {editor.saving ? "Starting…" : "Start annotating"}
            </Button>
          ) : (
            <p className="mt-2">Only the assignment&apos;s annotators and administrators start annotations.</p>
          )}
        </EmptyState>
      )}
    </>
  );
}
