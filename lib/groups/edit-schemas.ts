import { z } from "zod";
import { idSchema, listOf, MAX_IDS, requiredText } from "@/lib/api/schemas";

// Ours, beyond the contract (which has no group update): PUT /groups/:group replaces the
// name and the categories; POST /groups/:group/members adds users, DELETE .../:userId removes one.

export const updateGroupSchema = z.object({
  name: requiredText(200),
  categories: listOf(idSchema, MAX_IDS).optional(),
});
export type UpdateGroup = z.infer<typeof updateGroupSchema>;

export const addMembersSchema = z.object({
  users: listOf(idSchema, 500).refine((u) => u.length > 0, "must name 1-500 users"),
});
export type AddMembers = z.infer<typeof addMembersSchema>;
