import { z } from "zod";
import { pageQuery } from "@/lib/api/page-query";
import { idSchema, requiredText, timestamps } from "@/lib/api/schemas";

export const createTenantSchema = z.object({ id: idSchema.optional(), name: requiredText(200) });
export type CreateTenant = z.infer<typeof createTenantSchema>;

export const listTenantsQuery = z.object(pageQuery);

export const tenantSchema = z.object({ id: z.string(), name: z.string(), ...timestamps });
export type Tenant = z.output<typeof tenantSchema>;
