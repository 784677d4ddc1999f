import { conflict, forbidden, invalid, notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isForeignKeyViolation, isUniqueViolation } from "@/lib/db/ids";
import type { Permission } from "@/lib/permissions/catalog";
import { policyRules } from "@/lib/policies/registry";
import {
  annotationShape,
  checkFragments,
  type Editor,
  type Fragment,
  fromInput,
  parseStored,
  sortFragments,
} from "./fragments";
import { afterCursor, creationOrder, nextCursor } from "./int-cursor";
import { afterChosenId } from "./int-ids";
import { schemeOf } from "./label-schemes";
import { describeRecordings, type RecordingInfo } from "./recording-refs";
import { recordRevision } from "./revisions";
import {
  ANNOTATION_RESOURCE,
  type AnnotationOut,
  type CreateAnnotation,
  type ListAnnotations,
  type RecordingRefInput,
  type UpdateAnnotation,
} from "./schemas";
import { etagOf, ifMatches, staleVersion } from "./versions";
import { applyMarkers, checkFragmentEdit } from "./workflow";

// Annotations: one per recording of an assignment, edited by its annotators under the
// two-stage rules of workflow.ts, checked against the recording organisation's label scheme
// (fragments.ts), and saved with a version so concurrent editors never overwrite each other.

const select = {
  id: true,
  tenantPk: true,
  assignmentId: true,
  recordingPk: true,
  fragments: true,
  doneBase: true,
  doneFull: true,
  version: true,
  created: true,
  updated: true,
  assignment: { select: { tenantPk: true, organisationPk: true, baseAnnotatorPk: true, fullAnnotatorPk: true } },
} as const;

type AnnotationRow = NonNullable<Awaited<ReturnType<typeof findVisible>>>;
/** organisationPk: whose label scheme applies (exports order their tiers by it). */
export type AnnotationResult = { annotation: AnnotationOut; etag: string; organisationPk: string };

const findVisible = (db: Db, caller: Principal, id: number, permission: Permission) =>
  db.annotation.findFirst({ where: { AND: [{ id }, policyRules.annotation.read(caller, permission)] }, select });

function toAnnotation(row: Omit<AnnotationRow, "assignment">, info: RecordingInfo): AnnotationOut {
  return annotationShape(
    { id: row.id, doneBase: row.doneBase, doneFull: row.doneFull, assignment: row.assignmentId },
    row,
    info,
  );
}

async function result(db: Db, row: Omit<AnnotationRow, "assignment">): Promise<AnnotationResult> {
  const info = (await describeRecordings(db, [row.recordingPk])).get(row.recordingPk)!;
  return {
    annotation: toAnnotation(row, info),
    etag: etagOf("annotation", row.id, row.version),
    organisationPk: info.organisationPk,
  };
}

const sameRef = (info: RecordingInfo, ref: RecordingRefInput) =>
  info.ref.tenant === ref.tenant &&
  info.ref.organisation === ref.organisation &&
  info.ref.challenge === ref.challenge &&
  info.ref.recording === ref.recording;

function requireEditor(caller: Principal, assignment: AnnotationRow["assignment"], permission: Permission): Editor {
  const editor = policyRules.annotation.update(caller, assignment, permission);
  if (!editor)
    throw forbidden("Only the annotators of this assignment (or its administrators) may change its annotations");
  return editor;
}

async function checkAgainstScheme(
  db: Db,
  info: RecordingInfo,
  fragments: Fragment[],
  editor: Editor,
  previous: Fragment[],
) {
  const scheme = await schemeOf(db, info.organisationPk);
  checkFragments(fragments, {
    layers: scheme.layers,
    durationMs: info.durationMs,
    editor,
    previous,
    field: "fragments",
    resource: ANNOTATION_RESOURCE,
  });
}

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

export async function getAnnotation(db: Db, caller: Principal, id: number): Promise<AnnotationResult> {
  const row = await findVisible(db, caller, id, "ANNOTATION_LIST");
  if (!row) throw notFound("Annotation");
  return result(db, row);
}

export async function listAnnotations(db: Db, caller: Principal, query: ListAnnotations) {
  const filters: Record<string, unknown>[] = [policyRules.annotation.list(caller, "ANNOTATION_LIST")];
  // Repeated filters select several values (the contract's filter convention).
  if (query.assignment) filters.push({ assignmentId: { in: query.assignment } });
  if (query.recording) filters.push({ recording: { id: { in: query.recording } } });
  if (query.annotator) {
    const annotator = { id: { in: query.annotator } };
    filters.push({ assignment: { OR: [{ baseAnnotator: annotator }, { fullAnnotator: annotator }] } });
  }
  if (query.done !== undefined) filters.push({ doneFull: query.done ? { not: null } : null });
  if (query.startCursor) filters.push(await afterCursor(db, query.startCursor));
  const rows = await db.annotation.findMany({
    where: { AND: filters },
    orderBy: creationOrder,
    take: query.perPage + 1,
    select,
  });
  const page = rows.slice(0, query.perPage);
  const infos = await describeRecordings(
    db,
    page.map((r) => r.recordingPk),
  );
  return {
    items: page.map((r) => toAnnotation(r, infos.get(r.recordingPk)!)),
    nextCursor: await nextCursor(db, rows, query.perPage),
  };
}
