import { forbidden, notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import type { Permission } from "@/lib/permissions/catalog";
import { policyRules } from "@/lib/policies/registry";
import { annotationShape, checkFragments, type Editor, type Fragment } from "./fragments";
import { afterCursor, creationOrder, nextCursor } from "./int-cursor";
import { schemeOf } from "./label-schemes";
import { describeRecordings, type RecordingInfo } from "./recording-refs";
import { ANNOTATION_RESOURCE, type AnnotationOut, type ListAnnotations, type RecordingRefInput } from "./schemas";
import { etagOf } from "./versions";

// Annotations: one per recording of an assignment, edited by its annotators under the
// two-stage rules of workflow.ts, checked against the recording organisation's label scheme
// (fragments.ts), and saved with a version so concurrent editors never overwrite each other.

export const select = {
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

export const findVisible = (db: Db, caller: Principal, id: number, permission: Permission) =>
  db.annotation.findFirst({ where: { AND: [{ id }, policyRules.annotation.read(caller, permission)] }, select });

export function toAnnotation(row: Omit<AnnotationRow, "assignment">, info: RecordingInfo): AnnotationOut {
  return annotationShape(
    { id: row.id, doneBase: row.doneBase, doneFull: row.doneFull, assignment: row.assignmentId },
    row,
    info,
  );
}

export async function result(db: Db, row: Omit<AnnotationRow, "assignment">): Promise<AnnotationResult> {
  const info = (await describeRecordings(db, [row.recordingPk])).get(row.recordingPk)!;
  return {
    annotation: toAnnotation(row, info),
    etag: etagOf("annotation", row.id, row.version),
    organisationPk: info.organisationPk,
  };
}

export const sameRef = (info: RecordingInfo, ref: RecordingRefInput) =>
  info.ref.tenant === ref.tenant &&
  info.ref.organisation === ref.organisation &&
  info.ref.challenge === ref.challenge &&
  info.ref.recording === ref.recording;

export function requireEditor(
  caller: Principal,
  assignment: AnnotationRow["assignment"],
  permission: Permission,
): Editor {
  const editor = policyRules.annotation.update(caller, assignment, permission);
  if (!editor)
    throw forbidden("Only the annotators of this assignment (or its administrators) may change its annotations");
  return editor;
}

export async function checkAgainstScheme(
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
