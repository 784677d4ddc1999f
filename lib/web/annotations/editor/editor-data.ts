import type { Assignment, RecordingRefOut } from "../model/types";

// Where the editor's data lives in the API and how the editor finds its recording in an
// assignment, in one place for the browser's hooks and the server's prefetch
// (lib/web/early/editor.ts): both must ask the API the same questions.

export const assignmentPath = (id: number | string) => `/api/assignment/${encodeURIComponent(String(id))}`;

export const schemePath = (organisation: string) =>
  `/api/organisations/${encodeURIComponent(organisation)}/annotation-scheme`;

export const recordingPath = (ref: RecordingRefOut) =>
  `/api/organisations/${encodeURIComponent(ref.organisation)}/challenges/speech/${encodeURIComponent(ref.challenge)}/recordings/${encodeURIComponent(ref.recording)}`;

/** The reference annotation's query key stays apart from the API's (null for a 404, not an error). */
export const referenceKey = (scope: string, ref: RecordingRefOut | null) =>
  ["api", scope, ref ? `${recordingPath(ref)}/reference` : "", "optional"] as const;

/** The recording `recordingId` of the assignment (of `organisation`, when given), or null. */
export const findRef = (
  assignment: Assignment,
  recordingId: string,
  organisation: string | null,
): RecordingRefOut | null =>
  assignment.recordings.find(
    (r) => r.recording === recordingId && (!organisation || r.organisation === organisation),
  ) ?? null;

/** The recording's annotation as the assignment lists it (none before the first save). */
export const listedAnnotation = (assignment: Assignment, ref: RecordingRefOut) =>
  assignment.annotations.find(
    (a) => a.recording.recording === ref.recording && a.recording.organisation === ref.organisation,
  );
