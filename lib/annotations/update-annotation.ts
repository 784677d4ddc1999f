import { conflict, invalid, notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import {
  type AnnotationResult,
  checkAgainstScheme,
  findVisible,
  requireEditor,
  result,
  sameRef,
  select,
} from "./annotations";
import { fromInput, parseStored, sortFragments } from "./fragments";
import { describeRecordings } from "./recording-refs";
import { recordRevision } from "./revisions";
import { ANNOTATION_RESOURCE, type UpdateAnnotation } from "./schemas";
import { ifMatches, staleVersion } from "./versions";
import { applyMarkers, checkFragmentEdit } from "./workflow";

// PUT /annotations/:annotation: a new version, If-Match or merged over concurrent saves (see annotations.ts).

/** Attempts at a save without If-Match that keeps meeting concurrent saves. */
const SAVE_ATTEMPTS = 5;

export async function updateAnnotation(
  db: Db,
  caller: Principal,
  id: number,
  input: UpdateAnnotation,
  ifMatch: string[] | "*" | null,
): Promise<AnnotationResult> {
  for (let attempt = 1; ; attempt++) {
    const row = await findVisible(db, caller, id, "ANNOTATION_EDIT");
    if (!row) throw notFound("Annotation");
    const current = await result(db, row);
    if (!ifMatches(ifMatch, current.etag)) throw staleVersion(current.annotation, current.etag);
    const editor = requireEditor(caller, row.assignment, "ANNOTATION_EDIT");
    if (input.assignment !== undefined && input.assignment !== row.assignmentId) {
      throw invalid(ANNOTATION_RESOURCE, "assignment", "invalid", "An annotation cannot move to another assignment");
    }
    const info = (await describeRecordings(db, [row.recordingPk])).get(row.recordingPk)!;
    if (input.recording && !sameRef(info, input.recording))
      throw invalid(ANNOTATION_RESOURCE, "recording", "invalid", "An annotation cannot move to another recording");
    const markers = applyMarkers(editor, row, input, row.assignment.baseAnnotatorPk !== null);
    let fragments: string | undefined;
    if (input.fragments) {
      const next = fromInput(input.fragments);
      // Echoing the fragments unchanged (clients send whole objects) is no fragment edit.
      if (JSON.stringify(sortFragments(next)) !== row.fragments) checkFragmentEdit(editor, row, markers);
      await checkAgainstScheme(db, info, next, editor, parseStored(row.fragments));
      fragments = JSON.stringify(sortFragments(next));
    }
    const data = { ...markers, ...(fragments !== undefined ? { fragments } : {}), version: row.version + 1 };
    // Saved and read back in one transaction: the row lock (PostgreSQL) or the write lock
    // (SQLite) keeps a concurrent save from landing in between, so the response and its ETag
    // are this save's (read afterwards, they could be a later one's).
    const saved = await db.$transaction(async (tx) => {
      const done = await tx.annotation.updateMany({ where: { id, version: row.version }, data });
      if (done.count !== 1) return null;
      const after = await tx.annotation.findUniqueOrThrow({ where: { id }, select });
      await recordRevision(tx, caller, after);
      return after;
    });
    if (saved) return result(db, saved);
    if (ifMatch !== null && ifMatch !== "*") {
      const latest = await findVisible(db, caller, id, "ANNOTATION_EDIT");
      if (!latest) throw notFound("Annotation");
      const now = await result(db, latest);
      throw staleVersion(now.annotation, now.etag);
    }
    if (attempt >= SAVE_ATTEMPTS) throw conflict("The annotation keeps changing under this update; try again");
  }
}
