import { ApiError, conflict, notFound } from "@/lib/api/errors";
import { finishPage, pageArgs } from "@/lib/api/pagination";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { policyRules } from "@/lib/policies/registry";
import type { CreateOrganisation, ListOrganisations } from "./schemas";

// Organisations live in a tenant; the caller's tenant context scopes every query.

function tenantOf(caller: Principal): { pk: string; id: string } {
  if (!caller.tenant) {
    throw new ApiError(
      "forbidden",
      "Organisations belong to a tenant: impersonate the tenant (scope tenant/<id>) first",
    );
  }
  return caller.tenant;
}

export async function createOrganisation(db: Db, caller: Principal, input: CreateOrganisation) {
  const tenant = tenantOf(caller);
  if (caller.level !== "tenant") throw new ApiError("forbidden", "Organisations are created at tenant level");
  try {
    return await db.organisation.create({
      data: { pk: newPk(), tenantPk: tenant.pk, id: input.id ?? newId(), name: input.name },
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(`Organisation ${input.id} already exists`, [
        { resource: "Organisation", field: "id", code: "already_exists" },
      ]);
    }
    throw error;
  }
}

export async function listOrganisations(db: Db, caller: Principal, query: ListOrganisations) {
  const tenant = tenantOf(caller);
  const args = pageArgs(query.sort, query.direction, query);
  const scoped = policyRules.organisation.list(caller, tenant.pk);
  const rows = await db.organisation.findMany({ ...args, where: { AND: [scoped, args.where] } });
  return finishPage(rows, query, (r) => r[query.sort]);
}

export async function getOrganisation(db: Db, caller: Principal, id: string) {
  const tenant = tenantOf(caller);
  const org = await db.organisation.findUnique({ where: { tenantPk_id: { tenantPk: tenant.pk, id } } });
  if (!org || !policyRules.organisation.read(caller, org.pk)) throw notFound("Organisation");
  return org;
}
