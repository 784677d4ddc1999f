import { conflict, invalid, notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db, Tx } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/ids";
import { lockAssignment } from "@/lib/db/locks";
import { policyRules } from "@/lib/policies/registry";
import { publicUserIds } from "@/lib/users/public-ids";
import { resolveAnnotator } from "./annotators";
import { afterCursor, creationOrder, nextCursor } from "./int-cursor";
import { afterChosenId } from "./int-ids";
import { describeRecordings, type ResolvedRecording, resolveRecordingRefs } from "./recording-refs";
import {
  ASSIGNMENT_RESOURCE,
  type AssignmentOut,
  type CreateAssignment,
  type ListAssignments,
  type UpdateAssignment,
} from "./schemas";

// Assignments: a set of speech recordings of one tenant given to a full annotator (and
// optionally a base annotator) with due dates. Administrators create and change them;
// annotators see their own. Each recording gets at most one annotation per assignment.

const include = {
  recordings: { orderBy: { position: "asc" }, select: { recordingPk: true } },
  annotations: { orderBy: { id: "asc" }, select: { id: true, recordingPk: true, doneBase: true, doneFull: true } },
} as const;

type AssignmentRow = NonNullable<Awaited<ReturnType<typeof findAssignment>>>;
const findAssignment = (db: Db | Tx, where: Record<string, unknown>) => db.assignment.findFirst({ where, include });

async function toAssignments(db: Db, rows: AssignmentRow[]): Promise<AssignmentOut[]> {
  const recordings = await describeRecordings(
    db,
    rows.flatMap((r) => [...r.recordings.map((x) => x.recordingPk), ...r.annotations.map((a) => a.recordingPk)]),
  );
  const users = await publicUserIds(
    db,
    rows.flatMap((r) => [r.fullAnnotatorPk, ...(r.baseAnnotatorPk ? [r.baseAnnotatorPk] : [])]),
  );
  const ref = (pk: string) => recordings.get(pk)!.ref;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    baseAnnotator: r.baseAnnotatorPk ? (users.get(r.baseAnnotatorPk) ?? null) : null,
    fullAnnotator: users.get(r.fullAnnotatorPk) ?? "",
    recordings: r.recordings.map((x) => ref(x.recordingPk)),
    baseDueDate: r.baseDueDate,
    fullDueDate: r.fullDueDate,
    annotations: r.annotations.map((a) => ({
      id: a.id,
      recording: ref(a.recordingPk),
      doneBase: a.doneBase,
      doneFull: a.doneFull,
    })),
    created: r.created,
    updated: r.updated,
  })) as unknown as AssignmentOut[];
}

/** One tenant per assignment; the organisation too when all recordings share one. */
function placeOf(recordings: ResolvedRecording[]): { tenantPk: string; organisationPk: string | null } {
  const tenants = new Set(recordings.map((r) => r.tenantPk));
  if (tenants.size > 1)
    throw invalid(
      ASSIGNMENT_RESOURCE,
      "recordings",
      "invalid",
      "The recordings of one assignment must belong to one tenant",
    );
  const orgs = new Set(recordings.map((r) => r.organisationPk));
  return { tenantPk: recordings[0].tenantPk, organisationPk: orgs.size === 1 ? recordings[0].organisationPk : null };
}

export async function createAssignment(db: Db, caller: Principal, input: CreateAssignment): Promise<AssignmentOut> {
  policyRules.assignment.update(caller);
  const recordings = await resolveRecordingRefs(db, caller, input.recordings, ASSIGNMENT_RESOURCE, "recordings");
  const place = placeOf(recordings);
  const fullAnnotatorPk = await resolveAnnotator(db, caller, place.tenantPk, input.fullAnnotator, "full");
  const baseAnnotatorPk = input.baseAnnotator
    ? await resolveAnnotator(db, caller, place.tenantPk, input.baseAnnotator, "base")
    : null;
  try {
    const id = await db.$transaction(async (tx) => {
      const row = await tx.assignment.create({
        data: {
          ...(input.id ? { id: input.id } : {}),
          ...place,
          name: input.name || null,
          fullAnnotatorPk,
          baseAnnotatorPk,
          baseDueDate: input.baseDueDate ?? null,
          fullDueDate: input.fullDueDate ?? null,
          recordings: { create: recordings.map((r, position) => ({ recordingPk: r.pk, position })) },
        },
      });
      if (input.id) await afterChosenId(tx, "Assignment");
      return row.id;
    });
    return (await toAssignments(db, [(await findAssignment(db, { id }))!]))[0];
  } catch (error) {
    if (isUniqueViolation(error) && input.id)
      throw conflict(`Assignment ${input.id} already exists`, [
        { resource: ASSIGNMENT_RESOURCE, field: "id", code: "already_exists" },
      ]);
    if (isUniqueViolation(error)) throw conflict("A concurrent create took the same id: try again");
    throw error;
  }
}

export async function updateAssignment(
  db: Db,
  caller: Principal,
  id: number,
  input: UpdateAssignment,
): Promise<AssignmentOut> {
  const scope = policyRules.assignment.update(caller);
  const current = await findAssignment(db, { AND: [{ id }, scope] });
  if (!current) throw notFound("Assignment");
  const recordings = input.recordings
    ? await resolveRecordingRefs(db, caller, input.recordings, ASSIGNMENT_RESOURCE, "recordings")
    : null;
  const place = recordings
    ? placeOf(recordings)
    : { tenantPk: current.tenantPk, organisationPk: current.organisationPk };
  if (place.tenantPk !== current.tenantPk)
    throw invalid(ASSIGNMENT_RESOURCE, "recordings", "invalid", "An assignment cannot move to another tenant");
  const fullAnnotatorPk = input.fullAnnotator
    ? await resolveAnnotator(db, caller, place.tenantPk, input.fullAnnotator, "full")
    : undefined;
  const baseAnnotatorPk =
    input.baseAnnotator === undefined
      ? undefined
      : input.baseAnnotator === null
        ? null
        : await resolveAnnotator(db, caller, place.tenantPk, input.baseAnnotator, "base");
  await db.$transaction(async (tx) => {
    if (recordings) {
      const kept = new Set(recordings.map((r) => r.pk));
      const annotated = await tx.annotation.findMany({
        where: { assignmentId: id, recordingPk: { notIn: [...kept] } },
        select: { id: true },
      });
      if (annotated.length) {
        throw conflict(
          `Recordings with annotations cannot leave the assignment (annotation ${annotated.map((a) => a.id).join(", ")})`,
        );
      }
      await tx.assignmentRecording.deleteMany({ where: { assignmentId: id } });
      await tx.assignmentRecording.createMany({
        data: recordings.map((r, position) => ({ assignmentId: id, recordingPk: r.pk, position })),
      });
    }
    await tx.assignment.update({
      where: { id },
      data: {
        organisationPk: place.organisationPk,
        ...(input.name !== undefined ? { name: input.name || null } : {}),
        ...(fullAnnotatorPk ? { fullAnnotatorPk } : {}),
        ...(baseAnnotatorPk !== undefined ? { baseAnnotatorPk } : {}),
        ...(input.baseDueDate !== undefined ? { baseDueDate: input.baseDueDate } : {}),
        ...(input.fullDueDate !== undefined ? { fullDueDate: input.fullDueDate } : {}),
      },
    });
  });
  return (await toAssignments(db, [(await findAssignment(db, { id }))!]))[0];
}

/**
 * Deletes an assignment nobody has started annotating (its recordings stay; only the links go).
 * The row lock waits for annotations being saved right now (their foreign key check holds a
 * share lock on the assignment), so one committed meanwhile is counted, never cascaded away.
 */
export async function deleteAssignment(db: Db, caller: Principal, id: number): Promise<void> {
  const scope = policyRules.assignment.update(caller);
  await db.$transaction(async (tx) => {
    const current = await tx.assignment.findFirst({ where: { AND: [{ id }, scope] }, select: { id: true } });
    if (!current) throw notFound("Assignment");
    await lockAssignment(tx, id);
    const annotations = await tx.annotation.findMany({
      where: { assignmentId: id },
      select: { id: true },
      orderBy: { id: "asc" },
      take: 11,
    });
    if (annotations.length) {
      const listed = annotations
        .slice(0, 10)
        .map((a) => a.id)
        .join(", ");
      throw conflict(
        `Annotation has started on this assignment (annotation ${listed}${annotations.length > 10 ? ", ..." : ""}): it can no longer be deleted`,
      );
    }
    // A concurrent delete got there first: gone is gone.
    if (!(await tx.assignment.deleteMany({ where: { id } })).count) throw notFound("Assignment");
  });
}

export async function getAssignment(db: Db, caller: Principal, id: number): Promise<AssignmentOut> {
  const row = await findAssignment(db, { AND: [{ id }, policyRules.assignment.read(caller, "ASSIGNMENT_LIST")] });
  if (!row) throw notFound("Assignment");
  return (await toAssignments(db, [row]))[0];
}

export async function listAssignments(db: Db, caller: Principal, query: ListAssignments) {
  const after = query.startCursor ? [await afterCursor(db, query.startCursor)] : [];
  const rows = await db.assignment.findMany({
    where: { AND: [policyRules.assignment.list(caller, "ASSIGNMENT_LIST"), ...after] },
    orderBy: creationOrder,
    take: query.perPage + 1,
    include,
  });
  const items = rows.slice(0, query.perPage);
  return { items: await toAssignments(db, items), nextCursor: await nextCursor(db, rows, query.perPage) };
}
