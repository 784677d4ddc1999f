import type { Db } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";

// Roles and their permissions as seeded from lib/permissions/catalog.ts; read-only.

const roleInclude = { permissions: { select: { permissionName: true } } } as const;

const permissionNames = (row: { permissions: { permissionName: string }[] }) => row.permissions.map((p) => p.permissionName).sort();

export async function listRoles(db: Db) {
  const rows = await db.role.findMany({ include: roleInclude, orderBy: { name: "asc" } });
  return rows.map((row) => ({ name: row.name, permissions: permissionNames(row) }));
}

export async function getRole(db: Db, name: string) {
  const row = await db.role.findUnique({ where: { name }, include: roleInclude });
  if (!row) throw notFound("Role");
  return { id: row.name, permissions: permissionNames(row) };
}
