import type { Db } from "@/lib/db/client";
import { isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { ApiError, conflict, notFound } from "@/lib/api/errors";
import { finishPage, pageArgs, type PageRequest } from "@/lib/api/pagination";
import { requireAdministrator, type Principal } from "@/lib/auth/principal";
import type { CreateTenant } from "./schemas";

// Tenants: created by top-level admins; a tenant (or anyone inside it with
// administrative powers) sees only its own.

export async function createTenant(db: Db, caller: Principal, input: CreateTenant) {
  if (caller.level !== "top") throw new ApiError("forbidden", "Only top-level admins create tenants");
  try {
    return await db.tenant.create({ data: { pk: newPk(), id: input.id ?? newId(), name: input.name } });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`Tenant ${input.id} already exists`, [{ resource: "Tenant", field: "id", code: "already_exists" }]);
    throw error;
  }
}

export async function listTenants(db: Db, caller: Principal, page: PageRequest) {
  requireAdministrator(caller);
  const args = pageArgs("created", "asc", page);
  const scoped = caller.level === "top" ? {} : { pk: caller.tenant!.pk };
  const rows = await db.tenant.findMany({ ...args, where: { AND: [scoped, args.where] } });
  return finishPage(rows, page, (r) => r.created);
}

export async function getTenant(db: Db, caller: Principal, id: string) {
  requireAdministrator(caller);
  const tenant = await db.tenant.findUnique({ where: { id } });
  if (!tenant || (caller.level !== "top" && tenant.pk !== caller.tenant!.pk)) throw notFound("Tenant");
  return tenant;
}
