import { z } from "zod";
import { pageQuery } from "@/lib/api/page-query";
import { idSchema, listOf, MAX_IDS, requiredText, timestamps } from "@/lib/api/schemas";

export const createGroupSchema = z.object({
  id: idSchema.optional(),
  name: requiredText(200),
  categories: listOf(idSchema, MAX_IDS).optional(),
});
export type CreateGroup = z.infer<typeof createGroupSchema>;

export const listGroupsQuery = z.object(pageQuery);

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  categories: z.array(z.string()),
  ...timestamps,
});
export type Group = z.output<typeof groupSchema>;
