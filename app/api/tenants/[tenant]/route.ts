import { otherMethods } from "@/lib/api/other-methods";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { db } from "@/lib/db/client";
import { tenantSchema } from "@/lib/tenants/schemas";
import { getTenant } from "@/lib/tenants/tenants";

// GET /api/tenants/:tenant
export const GET = withApi<{ tenant: string }>(
  { policy: "tenant", authenticated: true, resource: "Tenant", responses: { 200: tenantSchema } },
  async ({ principal, params }) => json(tenantSchema, await getTenant(db(), principal, params.tenant)),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
