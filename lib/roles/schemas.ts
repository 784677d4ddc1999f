import { z } from "zod";

// Roles are read-only. The contract returns the role identifier as `name` in the
// list and as `id` from get-one.

export const roleListItemSchema = z.object({ name: z.string(), permissions: z.array(z.string()) });
export type RoleListItem = z.output<typeof roleListItemSchema>;

export const roleSchema = z.object({ id: z.string(), permissions: z.array(z.string()) });
export type Role = z.output<typeof roleSchema>;
