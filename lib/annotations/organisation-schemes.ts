import { forbidden, notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { policyRules } from "@/lib/policies/registry";
import { resetScheme, type Scheme, saveScheme, schemeOf } from "./label-schemes";
import type { Layer } from "./schemas";

// The label scheme of an organisation of the caller's tenant, read and changed as the "scheme"
// policy says (lib/policies/scheme-access.ts).

async function organisationOf(db: Db, caller: Principal, id: string, write: boolean) {
  if (!caller.tenant)
    throw forbidden("Label schemes belong to organisations: impersonate the tenant or organisation first");
  const org = await db.organisation.findUnique({
    where: { tenantPk_id: { tenantPk: caller.tenant.pk, id } },
    select: { pk: true, id: true },
  });
  if (!org || !(await policyRules.scheme.read(db, caller, org.pk))) throw notFound("Organisation");
  if (write && !policyRules.scheme.update(caller, org.pk)) {
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
