import type { Editor } from "@/lib/annotations/fragments";
import { type Principal, requireUser } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { adminWhere, annotatorAssignments, anyOf, NOTHING, ownerWhere, staffWhere, type Where } from "./reach";

// The "submission", "recording", "progress" and "reference" policies (table.ts): what students submit — speech
// recordings, result sets, feedback, pronunciation analyses, choice recognitions — is seen by
// administrators of its scope, the TEACHERs of its organisation and its owner; a speech
// recording also by the annotators it is assigned to. Tenant-wide and organisation-wide reach
// belong to administrators (and teachers within their organisation) only.

/** Submissions (any table with `ns` and `userPk`) the caller sees; `admin` when already looked up. */
export async function visibleSubmissions(db: Db, caller: Principal, admin?: Where | null): Promise<Where> {
  return anyOf(admin === undefined ? await adminWhere(db, caller) : admin, staffWhere(caller), ownerWhere(caller));
}

/** The "correction" policy's changes: submissions of students the caller teaches (staff) or administers. */
export async function correctableSubmissions(db: Db, caller: Principal): Promise<Where> {
  return anyOf(await adminWhere(db, caller), staffWhere(caller));
}

/** Speech recordings the caller sees: submissions, plus those assigned to it for annotation. */
export async function visibleRecordings(db: Db, caller: Principal, admin?: Where | null): Promise<Where> {
  const assigned = annotatorAssignments(caller);
  return anyOf(
    await visibleSubmissions(db, caller, admin),
    assigned && { assignments: { some: { assignment: assigned } } },
  );
}

/** Whether the caller sees every submission of the organisation it acts in (administrators and teachers). */
export async function seesWholeOrganisation(db: Db, caller: Principal): Promise<boolean> {
  if (staffWhere(caller)) return true;
  const admin = await adminWhere(db, caller);
  return admin !== null && caller.level === "organisation";
}

/** The users whose progress the caller sees ("progress"): the organisation's when it sees all their submissions, else only itself. */
export async function progressUsers(db: Db, caller: Principal): Promise<Where> {
  return (await seesWholeOrganisation(db, caller)) ? { ns: caller.ns } : { pk: requireUser(caller).pk };
}

/**
 * The "reference" policy for one recording's reference annotation: null when the caller does not
 * see the recording; else its part in writing it (administrators whose reach covers the recording,
 * then its full annotators; others read only).
 */
export async function referenceAccess(
  db: Db,
  caller: Principal,
  recordingPk: string,
): Promise<{ editor: Extract<Editor, "admin" | "full"> | null } | null> {
  const admin = await adminWhere(db, caller);
  const visible = await db.speechRecording.count({
    where: { AND: [{ pk: recordingPk }, await visibleRecordings(db, caller, admin)] },
  });
  if (!visible) return null;
  if (await db.speechRecording.count({ where: { AND: [{ pk: recordingPk }, admin ?? NOTHING] } }))
    return { editor: "admin" };
  const full = annotatorAssignments(caller, true);
  const fullAnnotator =
    full !== null && (await db.assignmentRecording.count({ where: { recordingPk, assignment: full } })) > 0;
  return { editor: fullAnnotator ? "full" : null };
}
