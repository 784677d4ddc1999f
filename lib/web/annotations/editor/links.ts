import type { RecordingRefOut } from "../model/types";

// Where the editor of one recording of an assignment lives. A recording id is unique within
// its organisation: the organisation goes along in the query.
export const editorHref = (assignment: number, ref: Pick<RecordingRefOut, "recording" | "organisation">): string =>
  `/annotations/${assignment}/${encodeURIComponent(ref.recording)}?organisation=${encodeURIComponent(ref.organisation)}`;
