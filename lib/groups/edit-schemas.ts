import { z } from "zod";
import { idSchema, listOf, requiredText } from "@/lib/api/schemas";

// Ours, beyond the contract (which has no group update): PUT /groups/:group replaces the
// name and the categories; POST /groups/:group/members adds users, DELETE .../:userId removes one.

export const updateGroupSchema = z.object({
  name: requiredText(200),
  categories: listOf(idSchema).optional(),
});
export type UpdateGroup = z.infer<typeof updateGroupSchema>;

export const addMembersSchema = z.object({
  users: listOf(idSchema).refine((u) => u.length > 0 && u.length <= 500, "must name 1-500 users"),
});
export type AddMembers = z.infer<typeof addMembersSchema>;
