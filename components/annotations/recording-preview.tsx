"use client";
import { Button } from "@/components/button";
import { fullBeforeBase } from "@/lib/web/annotations/editor/context-text";
import type { AnnotationEditor } from "@/lib/web/annotations/editor/use-annotation-editor";
import { formatMs } from "@/lib/web/annotations/lanes/time-format";
import type { Cue } from "@/lib/web/annotations/prompt/srt";

// Before the annotation exists: anyone who may open the recording listens to it (and reads the
// prompt) first; "Start annotating" creates the annotation (the API's first save).

type Props = { editor: AnnotationEditor; audioUrl: string | null; cues: Cue[] };

export function RecordingPreview({ editor, audioUrl, cues }: Props) {
  const early = fullBeforeBase(editor.role, { doneBase: null, doneFull: null }, !!editor.assignment?.baseAnnotator);
  return (
    <section
      aria-labelledby="preview-heading"
      className="space-y-3 rounded-md border border-slate-200 bg-white p-4"
      data-testid="recording-preview"
    >
      <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
        This recording has no annotation yet
      </h2>
      <p className="text-sm text-slate-700">
        Listen to it first; the waveform and the lanes open once the annotation exists.
      </p>
      {audioUrl ? (
        // A plain player: keyboard-operable, streamed, seekable before anything is decoded.
        <audio
          controls
          preload="metadata"
          src={audioUrl}
          className="w-full max-w-xl"
          aria-label="Listen to the recording"
          data-testid="preview-audio"
        />
      ) : (
        <p className="text-sm text-slate-700">The audio is not available yet.</p>
      )}
      {cues.length > 0 && (
        <ol className="max-h-48 space-y-0.5 overflow-auto text-sm text-slate-800" aria-label="The prompt, cue by cue">
          {cues.map((cue, i) => (
            <li key={i}>
              <span className="mr-2 font-mono text-xs text-slate-600">{formatMs(cue.startMs)}</span>
              {cue.text}
            </li>
          ))}
        </ol>
      )}
      {editor.role !== "none" ? (
        <>
          {early && (
            <p role="note" className="text-sm text-amber-900">
              The base annotator has not marked this recording done: starting now means working before their hand-over,
              and the annotation will show it.
            </p>
          )}
          <Button variant="primary" disabled={editor.saving} onClick={() => void editor.save()}>
            {editor.saving ? "Starting…" : "Start annotating"}
          </Button>
        </>
      ) : (
        <p className="text-sm text-slate-700">
          Only the assignment&apos;s annotators and administrators start annotations.
        </p>
      )}
    </section>
  );
}
