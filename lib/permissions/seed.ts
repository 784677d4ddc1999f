import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/ids";
import { PERMISSIONS, ROLE_NAMES, ROLE_PERMISSIONS } from "./catalog";

/** Brings the role and permission tables in line with the catalog; idempotent and safe to race. */
export async function seedRolesAndPermissions(db: Db): Promise<void> {
  const [permissions, roles, grants] = await Promise.all([
    db.permission.findMany({ select: { name: true } }),
    db.role.findMany({ select: { name: true } }),
    db.rolePermission.findMany(),
  ]);
  const have = new Set([
    ...permissions.map((p) => `p:${p.name}`),
    ...roles.map((r) => `r:${r.name}`),
    ...grants.map((g) => `g:${g.roleName}:${g.permissionName}`),
  ]);
  const wanted = new Set(ROLE_NAMES.flatMap((role) => ROLE_PERMISSIONS[role].map((p) => `g:${role}:${p}`)));
  // Only the built-in roles follow the catalog; custom roles (lib/roles) keep their grants.
  const builtIn = new Set<string>(ROLE_NAMES);
  const stale = grants.filter((g) => builtIn.has(g.roleName) && !wanted.has(`g:${g.roleName}:${g.permissionName}`));
  try {
    for (const name of PERMISSIONS) if (!have.has(`p:${name}`)) await db.permission.create({ data: { name } });
    for (const name of ROLE_NAMES) if (!have.has(`r:${name}`)) await db.role.create({ data: { name } });
    for (const key of wanted) {
      if (have.has(key)) continue;
      const [, roleName, permissionName] = key.split(":");
      await db.rolePermission.create({ data: { roleName, permissionName } });
    }
    for (const g of stale)
      await db.rolePermission.deleteMany({ where: { roleName: g.roleName, permissionName: g.permissionName } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error; // another instance seeded concurrently
  }
}
