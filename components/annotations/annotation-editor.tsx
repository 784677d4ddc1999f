"use client";
import dynamic from "next/dynamic";
import Link from "next/link";
import { type MouseEvent, useEffect, useMemo } from "react";
import { buttonClass } from "@/components/button";
import { EmptyState, ErrorState, LoadingBlock } from "@/components/states";
import { editorTitle, formatDuration, workflowStage } from "@/lib/web/annotations/editor/context-text";
import { editorHref } from "@/lib/web/annotations/editor/links";
import { useAnnotationEditor } from "@/lib/web/annotations/editor/use-annotation-editor";
import { useRecordingContext } from "@/lib/web/annotations/editor/use-context";
import { type Cue, promptText } from "@/lib/web/annotations/prompt/srt";
import { ContextLanes } from "./context-lanes";
import { EarlyWorkNotice } from "./early-work-notice";
import { EditorHeader } from "./editor-header";
import { EditorWorkspace } from "./editor-workspace";

// /annotations/:assignment/:recording — one recording of an assignment in the waveform editor,
// titled by what the student read. A recording without an annotation can be listened to
// first; it gets one when the annotator starts (the API's first save).

const NO_CUES: Cue[] = [];

// Only for a recording without an annotation yet: not loaded with the editor itself.
const RecordingPreview = dynamic(() => import("./recording-preview").then((m) => m.RecordingPreview), { ssr: false });

type Props = { assignmentId: number; recordingId: string; organisation: string | null };

export function AnnotationEditor({ assignmentId, recordingId, organisation }: Props) {
  const editor = useAnnotationEditor(assignmentId, recordingId, organisation);
  const { assignment, ref } = editor;
  const { context, prompt, reference } = useRecordingContext(ref);
  const cues = prompt.data ?? NO_CUES;
  const title = editorTitle({
    topic: context.data?.challenge.topic ?? null,
    prompt: cues.length ? promptText(cues) : null,
    student: context.data?.student.name ?? null,
    durationSec: context.data?.recording.duration ?? editor.server?.annotation.duration ?? null,
  });
  const topic = context.data?.challenge.topic ?? null;
  const referenceFragments = reference.data?.fragments ?? null;
  // A recording prepared from a reading attempt: its words as corrected, from the context.
  const attemptWords = context.data?.attempt?.words ?? null;
  const attempt = useMemo(() => (attemptWords ? { words: attemptWords, reason: null } : null), [attemptWords]);
  const promptContext = useMemo(
    () => ({ cues, topic, reference: referenceFragments, attempt }),
    [cues, topic, referenceFragments, attempt],
  );
  useEffect(() => {
    if (ref) document.title = `${title} · Speech training platform`;
  }, [ref, title]);

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
  const hasBase = !!assignment.baseAnnotator;
  const markers = editor.server?.annotation ?? null;
  const ids = [
    `recording ${ref.recording}`,
    `challenge ${ref.challenge}`,
    `organisation ${ref.organisation}`,
    editor.annotationId ? `annotation ${editor.annotationId}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <>
      <EditorHeader
        title={title}
        prompt={cues.length ? promptText(cues) : (context.data?.challenge.topic ?? null)}
        student={context.data?.student.name ?? null}
        duration={formatDuration(context.data?.recording.duration ?? editor.server?.annotation.duration ?? null)}
        assignment={assignment.name ?? `Assignment ${assignment.id}`}
        position={`recording ${index + 1} of ${assignment.recordings.length}`}
        ids={ids}
        role={editor.role}
        stage={workflowStage(markers, hasBase)}
        actions={
          <>
            <Link className={buttonClass("ghost")} href={back} onClick={guard}>
              ← Assignment
            </Link>
            {neighbour(index - 1) && (
              <Link
                className={buttonClass("secondary")}
                href={editorHref(assignment.id, neighbour(index - 1)!)}
                onClick={guard}
              >
                Previous
              </Link>
            )}
            {neighbour(index + 1) && (
              <Link
                className={buttonClass("secondary")}
                href={editorHref(assignment.id, neighbour(index + 1)!)}
                onClick={guard}
              >
                Next recording
              </Link>
            )}
          </>
        }
      />
      <EarlyWorkNotice editor={editor} />
      {context.isError && context.error.status !== 404 && (
        <p className="mb-2 text-sm text-slate-700">
          The prompt and the student&apos;s name could not be loaded: {context.error.message}
        </p>
      )}
      {editor.server ? (
        <EditorWorkspace
          editor={editor}
          prompt={promptContext}
          contextLanes={(wave) => (
            <ContextLanes
              editor={editor}
              view={wave.view}
              onSeek={wave.seek}
              cues={cues}
              reference={reference.data ?? null}
            />
          )}
        />
      ) : (
        <RecordingPreview
          editor={editor}
          audioUrl={context.data?.recording.normalisedAudioUrl ?? context.data?.recording.audioUrl ?? null}
          cues={cues}
        />
      )}
    </>
  );
}
