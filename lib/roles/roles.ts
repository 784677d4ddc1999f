import { randomBytes } from "node:crypto";
import { ApiError, conflict, notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/ids";
import { ROLE_NAMES } from "@/lib/permissions/catalog";
import { policyRules } from "@/lib/policies/registry";
import type { CreateRole, UpdateRole } from "./schemas";

// Roles and their permissions: the built-in ones seeded from lib/permissions/catalog.ts (fixed),
// and custom ones that top-level admins create and change. A custom role's permissions take
// effect on the next request of every token holding it (tokens resolve permissions per request).

const roleInclude = { permissions: { select: { permissionName: true } } } as const;

const permissionNames = (row: { permissions: { permissionName: string }[] }) =>
  row.permissions.map((p) => p.permissionName).sort();

export const isBuiltInRole = (name: string) => (ROLE_NAMES as readonly string[]).includes(name);

export async function listRoles(db: Db) {
  const rows = await db.role.findMany({ include: roleInclude, orderBy: { name: "asc" } });
  return rows.map((row) => ({ name: row.name, permissions: permissionNames(row), builtIn: isBuiltInRole(row.name) }));
}

export async function getRole(db: Db, name: string) {
  const row = await db.role.findUnique({ where: { name }, include: roleInclude });
  if (!row) throw notFound("Role");
  return { id: row.name, permissions: permissionNames(row), builtIn: isBuiltInRole(row.name) };
}

function requireTopAdmin(caller: Principal) {
  if (!policyRules.role.update(caller))
    throw new ApiError("forbidden", "Only top-level administrators create and change roles");
}

export async function createRole(db: Db, caller: Principal, input: CreateRole) {
  requireTopAdmin(caller);
  const name = input.id ?? input.name ?? `ROLE_${randomBytes(4).toString("hex").toUpperCase()}`;
  const permissions = [...new Set(input.permissions)];
  try {
    await db.role.create({
      data: { name, permissions: { create: permissions.map((permissionName) => ({ permissionName })) } },
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`Role ${name} already exists`, [{ resource: "Role", field: "id", code: "already_exists" }]);
    throw error;
  }
  return getRole(db, name);
}

export async function updateRole(db: Db, caller: Principal, name: string, input: UpdateRole) {
  requireTopAdmin(caller);
  const row = await db.role.findUnique({ where: { name }, select: { name: true } });
  if (!row) throw notFound("Role");
  if (isBuiltInRole(name)) throw new ApiError("forbidden", `${name} is a built-in role: its permissions are fixed`);
  const permissions = [...new Set(input.permissions)];
  await db.$transaction(async (tx) => {
    await tx.rolePermission.deleteMany({ where: { roleName: name } });
    if (permissions.length)
      await tx.rolePermission.createMany({
        data: permissions.map((permissionName) => ({ roleName: name, permissionName })),
      });
  });
  return getRole(db, name);
}
