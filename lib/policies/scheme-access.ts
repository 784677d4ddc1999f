import { isAdministrator, type Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { ns } from "@/lib/db/ids";
import { annotatorAssignments } from "./reach";

// The "scheme" policy (table.ts): an organisation's label scheme is read by the organisation's
// members, its tenant's administrators and the annotators named on an assignment holding a
// recording of the organisation (whichever organisation they belong to); changed by the
// tenant's or the organisation's administrators.

/** The "annotator" audience of a scheme: named on an assignment that holds a recording of the organisation. */
async function annotates(db: Db, caller: Principal, organisationPk: string): Promise<boolean> {
  const assigned = annotatorAssignments(caller);
  if (!assigned) return false;
  return (
    (await db.assignmentRecording.count({
      where: { assignment: assigned, recording: { ns: ns.organisation(organisationPk) } },
    })) > 0
  );
}

/** Whether the caller reads the scheme of organisation `organisationPk` of its tenant. */
export async function readsScheme(db: Db, caller: Principal, organisationPk: string): Promise<boolean> {
  const member = caller.organisation?.pk === organisationPk;
  return (
    member || (caller.level === "tenant" && isAdministrator(caller)) || (await annotates(db, caller, organisationPk))
  );
}

/** Whether the caller changes the scheme of organisation `organisationPk` of its tenant. */
export function changesScheme(caller: Principal, organisationPk: string): boolean {
  return isAdministrator(caller) && (caller.level === "tenant" || caller.organisation?.pk === organisationPk);
}
