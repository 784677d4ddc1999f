import type { Db } from "@/lib/db/client";
import { forbidden, notFound } from "@/lib/api/errors";
import { can, isAdministrator, type Principal } from "@/lib/auth/principal";
import { resetScheme, saveScheme, schemeOf, type Scheme } from "./label-schemes";
import type { Layer } from "./schemas";

// The label scheme of an organisation of the caller's tenant (the "scheme" policy): read by the
// organisation's members, the tenant's administrators and the tenant's annotators (whichever
// organisation they belong to), changed by the tenant's or the organisation's administrators.

async function organisationOf(db: Db, caller: Principal, id: string, write: boolean) {
  if (!caller.tenant) throw forbidden("Label schemes belong to organisations: impersonate the tenant or organisation first");
  const org = await db.organisation.findUnique({ where: { tenantPk_id: { tenantPk: caller.tenant.pk, id } }, select: { pk: true, id: true } });
  const member = caller.organisation?.pk === org?.pk;
  if (!org || !(member || (caller.level === "tenant" && isAdministrator(caller)) || can(caller, "ANNOTATION_LIST"))) throw notFound("Organisation");
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
