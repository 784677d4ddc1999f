import {
  assignmentPath,
  findRef,
  listedAnnotation,
  recordingPath,
  schemePath,
} from "../annotations/editor/editor-data";
import type { ContextOut } from "../annotations/editor/use-context";
import type { Assignment } from "../annotations/model/types";
import { answeredRead, type EarlyPlan, fileRead, jsonRead } from "./early-script";
import { serverGet } from "./server-api";

// The annotation editor asks first (lib/web/annotations/editor/use-annotation-editor.ts, use-context.ts,
// use-peaks-waveform.ts): the assignment, then the label scheme, the annotation, the recording's
// context and reference annotation, then the waveform's peaks and the SubRip prompt. The server
// reads the assignment and the context (small answers) to name the rest, and hands them over.

export const editorReads =
  (assignmentId: number, recordingId: string, organisation: string | null): EarlyPlan =>
  async (view) => {
    const assignment = await serverGet<Assignment>(view, assignmentPath(assignmentId));
    const ref = assignment?.status === 200 ? findRef(assignment.data, recordingId, organisation) : null;
    if (!ref) return [answeredRead(assignmentPath(assignmentId), assignment)];
    const listed = listedAnnotation(assignment!.data, ref);
    const context = await serverGet<ContextOut>(view, `${recordingPath(ref)}/context`);
    const recording = context?.status === 200 ? context.data : null;
    return [
      answeredRead(assignmentPath(assignmentId), assignment),
      jsonRead(schemePath(ref.organisation)),
      listed && jsonRead(`/api/annotation/${listed.id}`),
      answeredRead(`${recordingPath(ref)}/context`, context),
      jsonRead(`${recordingPath(ref)}/reference`),
      // The peaks are read once the annotation is there, the prompt once the context is.
      !!listed && !!recording?.recording.peaksUrl && fileRead(recording.recording.peaksUrl),
      !!recording?.challenge.srtUrl && fileRead(recording.challenge.srtUrl),
    ];
  };
