import { ApiError, conflict, notFound } from "@/lib/api/errors";
import { finishPage, type PageRequest, pageArgs } from "@/lib/api/pagination";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { rawReader } from "@/lib/db/raw-rows";
import { epochMsDate, epochMsSql, SqlParams } from "@/lib/db/sql";
import { policyRules } from "@/lib/policies/registry";
import { whereSql } from "@/lib/policies/where-sql";
import type { CreateTenant } from "./schemas";

// Tenants: created by top-level admins, seen as the "tenant" policy says (lib/policies/tenancy.ts).

export async function createTenant(db: Db, caller: Principal, input: CreateTenant) {
  if (caller.level !== "top") throw new ApiError("forbidden", "Only top-level admins create tenants");
  try {
    return await db.tenant.create({ data: { pk: newPk(), id: input.id ?? newId(), name: input.name } });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`Tenant ${input.id} already exists`, [
        { resource: "Tenant", field: "id", code: "already_exists" },
      ]);
    throw error;
  }
}

export async function listTenants(db: Db, caller: Principal, page: PageRequest) {
  const scoped = policyRules.tenant.list(caller);
  const args = pageArgs("created", "asc", page);
  const rows = await db.tenant.findMany({ ...args, where: { AND: [scoped, args.where] } });
  return finishPage(rows, page, (r) => r.created);
}

// Read through the driver (lib/db/raw-rows.ts), not Prisma: compiling and running this one-row
// query through Prisma cost more than the rest of GET /api/tenants/:id together. The filter is
// still the policy's (lib/policies/tenancy.ts), rendered as SQL.
export async function getTenant(db: Db, caller: Principal, id: string) {
  const reader = rawReader(db);
  const params = new SqlParams(reader.kind);
  const where = whereSql({ AND: [{ id }, policyRules.tenant.read(caller)] }, params);
  const ms = (col: string) => epochMsSql(reader.kind, col);
  const [row] = await reader.rows(
    `SELECT "id", "name", ${ms('"created"')}, ${ms('"updated"')} FROM "Tenant" WHERE ${where} LIMIT 1`,
    params.values,
  );
  if (!row) throw notFound("Tenant");
  return { id: row[0] as string, name: row[1] as string, created: epochMsDate(row[2]), updated: epochMsDate(row[3]) };
}
