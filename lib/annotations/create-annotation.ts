import { conflict, invalid } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isForeignKeyViolation, isUniqueViolation } from "@/lib/db/ids";
import { policyRules } from "@/lib/policies/registry";
import { type AnnotationResult, checkAgainstScheme, requireEditor, sameRef, select, toAnnotation } from "./annotations";
import { fromInput, sortFragments } from "./fragments";
import { afterChosenId } from "./int-ids";
import { describeRecordings } from "./recording-refs";
import { recordRevision } from "./revisions";
import { ANNOTATION_RESOURCE, type CreateAnnotation } from "./schemas";
import { etagOf } from "./versions";
import { applyMarkers } from "./workflow";

// POST /annotations: a new annotation of a recording of an assignment (see annotations.ts).

export async function createAnnotation(db: Db, caller: Principal, input: CreateAnnotation): Promise<AnnotationResult> {
  const assignment = await db.assignment.findFirst({
    where: { AND: [{ id: input.assignment }, policyRules.assignment.read(caller, "ANNOTATION_CREATE")] },
    select: {
      id: true,
      tenantPk: true,
      organisationPk: true,
      baseAnnotatorPk: true,
      fullAnnotatorPk: true,
      recordings: { select: { recordingPk: true } },
    },
  });
  if (!assignment)
    throw invalid(ANNOTATION_RESOURCE, "assignment", "missing", `Unknown assignment ${input.assignment}`);
  const editor = requireEditor(caller, assignment, "ANNOTATION_CREATE");
  const infos = await describeRecordings(
    db,
    assignment.recordings.map((r) => r.recordingPk),
  );
  const match = [...infos].find(([, info]) => sameRef(info, input.recording));
  if (!match)
    throw invalid(
      ANNOTATION_RESOURCE,
      "recording",
      "invalid",
      `The recording is not part of assignment ${assignment.id}`,
    );
  const [recordingPk, info] = match;
  const markers = applyMarkers(editor, { doneBase: null, doneFull: null }, input, assignment.baseAnnotatorPk !== null);
  const fragments = fromInput(input.fragments);
  await checkAgainstScheme(db, info, fragments, editor, []);
  const chosenId = input.id ?? input.annotation;
  const existing = await db.annotation.findUnique({
    where: { assignmentId_recordingPk: { assignmentId: assignment.id, recordingPk } },
    select: { id: true },
  });
  if (existing)
    throw conflict(
      `This recording already has annotation ${existing.id} in assignment ${assignment.id}: update that one`,
    );
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.annotation.create({
        data: {
          ...(chosenId ? { id: chosenId } : {}),
          tenantPk: assignment.tenantPk,
          assignmentId: assignment.id,
          recordingPk,
          fragments: JSON.stringify(sortFragments(fragments)),
          ...markers,
        },
        select,
      });
      if (chosenId) await afterChosenId(tx, "Annotation");
      await recordRevision(tx, caller, created);
      return created;
    });
    return {
      annotation: toAnnotation(row, info),
      etag: etagOf("annotation", row.id, row.version),
      organisationPk: info.organisationPk,
    };
  } catch (error) {
    // The assignment (or the recording) was deleted while this was being saved.
    if (isForeignKeyViolation(error)) {
      if (!(await db.assignment.findUnique({ where: { id: assignment.id }, select: { id: true } }))) {
        throw invalid(ANNOTATION_RESOURCE, "assignment", "missing", `Unknown assignment ${input.assignment}`);
      }
      throw invalid(ANNOTATION_RESOURCE, "recording", "missing", "The recording was deleted");
    }
    if (isUniqueViolation(error)) {
      // Which constraint: a taken chosen id, or a concurrent create for the same recording.
      const taken = chosenId ? await db.annotation.findUnique({ where: { id: chosenId }, select: { id: true } }) : null;
      if (taken)
        throw conflict(`Annotation ${chosenId} already exists`, [
          { resource: ANNOTATION_RESOURCE, field: "id", code: "already_exists" },
        ]);
      throw conflict(`This recording already has an annotation in assignment ${assignment.id}: update that one`);
    }
    throw error;
  }
}
