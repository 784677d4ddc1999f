import { z } from "zod";
import { pageQuery } from "@/lib/api/page-query";
import { idSchema, requiredText, timestamps } from "@/lib/api/schemas";

export const createOrganisationSchema = z.object({ id: idSchema.optional(), name: requiredText(200) });
export type CreateOrganisation = z.infer<typeof createOrganisationSchema>;

export const listOrganisationsQuery = z.object({
  sort: z.enum(["created", "updated", "name"]).default("created"),
  direction: z.enum(["asc", "desc"]).default("desc"),
  ...pageQuery,
});
export type ListOrganisations = z.infer<typeof listOrganisationsQuery>;

export const organisationSchema = z.object({ id: z.string(), name: z.string(), ...timestamps });
export type Organisation = z.output<typeof organisationSchema>;

/**
 * Ours: a school's sign-in address for its credential cards. `code` is the short code a student
 * may type (shown in groups of four), `path` the page it opens (`/s/<code>`).
 */
export const signInCodeSchema = z.object({ code: z.string(), path: z.string() });
export type SignInCode = z.output<typeof signInCodeSchema>;
