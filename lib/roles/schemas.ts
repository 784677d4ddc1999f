import { z } from "zod";
import { listOf } from "@/lib/api/schemas";
import { PERMISSIONS } from "@/lib/permissions/catalog";

// The contract returns the role identifier as `name` in the list and as `id` from get-one.
// Ours: `builtIn` (the service's own roles, which never change) and custom roles, created by
// top-level admins with any permissions but ADMIN.

export const roleListItemSchema = z.object({
  name: z.string(),
  permissions: z.array(z.string()),
  builtIn: z.boolean(),
});
export type RoleListItem = z.output<typeof roleListItemSchema>;

export const roleSchema = z.object({ id: z.string(), permissions: z.array(z.string()), builtIn: z.boolean() });
export type Role = z.output<typeof roleSchema>;

export const roleIdSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Z][A-Z0-9_]{1,59}$/,
    "must be 2-60 capital letters, digits or underscores, starting with a letter (e.g. CLASS_ASSISTANT)",
  );

/** Permissions a custom role may hold: every permission but ADMIN (administrative powers come with the built-in roles only). */
export const GRANTABLE_PERMISSIONS = PERMISSIONS.filter((p) => p !== "ADMIN");

const permissionList = listOf(
  z.string().refine((p) => (GRANTABLE_PERMISSIONS as readonly string[]).includes(p), {
    message: "unknown permission (ADMIN is reserved for the built-in roles)",
  }),
  GRANTABLE_PERMISSIONS.length,
);

/** POST /roles, as the SDK's roles.create sends it: `{id?, permissions}` (`name` is read as `id` too). */
export const createRoleSchema = z.object({
  id: roleIdSchema.optional(),
  name: roleIdSchema.optional(),
  permissions: permissionList,
});
export type CreateRole = z.infer<typeof createRoleSchema>;

export const updateRoleSchema = z.object({ permissions: permissionList });
export type UpdateRole = z.infer<typeof updateRoleSchema>;
