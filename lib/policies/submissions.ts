import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { adminWhere, annotatorAssignments, anyOf, ownerWhere, staffWhere, type Where } from "./reach";

// The "submission" and "recording" policies (table.ts): what students submit — speech
// recordings, result sets, feedback, pronunciation analyses, choice recognitions — is seen by
// administrators of its scope, the TEACHERs of its organisation and its owner; a speech
// recording also by the annotators it is assigned to. Tenant-wide and organisation-wide reach
// belong to administrators (and teachers within their organisation) only.

/** Submissions (any table with `ns` and `userPk`) the caller sees; `admin` when already looked up. */
export async function visibleSubmissions(db: Db, caller: Principal, admin?: Where | null): Promise<Where> {
  return anyOf(admin === undefined ? await adminWhere(db, caller) : admin, staffWhere(caller), ownerWhere(caller));
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
