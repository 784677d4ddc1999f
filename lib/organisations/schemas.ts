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
