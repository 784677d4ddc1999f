import { forbidden, notFound } from "@/lib/api/errors";
import { isAdministrator, type Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { ns } from "@/lib/db/ids";
import { annotatorAssignments } from "@/lib/policies/reach";
import { resetScheme, type Scheme, saveScheme, schemeOf } from "./label-schemes";
import type { Layer } from "./schemas";

// The label scheme of an organisation of the caller's tenant (the "scheme" policy): read by the
// organisation's members, the tenant's administrators and the annotators named on an assignment
// holding a recording of the organisation (whichever organisation they belong to), changed by
// the tenant's or the organisation's administrators.

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

async function organisationOf(db: Db, caller: Principal, id: string, write: boolean) {
  if (!caller.tenant)
    throw forbidden("Label schemes belong to organisations: impersonate the tenant or organisation first");
  const org = await db.organisation.findUnique({
    where: { tenantPk_id: { tenantPk: caller.tenant.pk, id } },
    select: { pk: true, id: true },
  });
  const member = caller.organisation?.pk === org?.pk;
  if (
    !org ||
    !(member || (caller.level === "tenant" && isAdministrator(caller)) || (await annotates(db, caller, org.pk)))
  )
    throw notFound("Organisation");
  if (write && !(isAdministrator(caller) && (caller.level === "tenant" || caller.organisation?.pk === org.pk))) {
    if (caller.level === "organisation" && caller.organisation?.pk !== org.pk) throw notFound("Organisation");
    throw forbidden("Only the organisation's (or its tenant's) administrators change its label scheme");
  }
  return org;
}

const out = (organisation: string, scheme: Scheme) => ({ organisation, ...scheme });

export async function getOrganisationScheme(db: Db, caller: Principal, id: string) {
  const org = await organisationOf(db, caller, id, false);
  return out(org.id, await schemeOf(db, org.pk));
}

export async function putOrganisationScheme(db: Db, caller: Principal, id: string, layers: Layer[]) {
  const org = await organisationOf(db, caller, id, true);
  return out(org.id, await saveScheme(db, org.pk, layers));
}

export async function deleteOrganisationScheme(db: Db, caller: Principal, id: string) {
  const org = await organisationOf(db, caller, id, true);
  return out(org.id, await resetScheme(db, org.pk));
}
