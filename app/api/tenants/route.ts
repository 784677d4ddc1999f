import { otherMethods } from "@/lib/api/other-methods";
import { nextLink } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { withApi } from "@/lib/api/with-api";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { createTenantSchema, listTenantsQuery, tenantSchema } from "@/lib/tenants/schemas";
import { createTenant, listTenants } from "@/lib/tenants/tenants";

// POST /api/tenants
export const POST = withApi(
  {
    policy: "tenant",
    permission: "ADMIN",
    resource: "Tenant",
    body: createTenantSchema,
    responses: { 201: { body: tenantSchema, headers: ["Location"] } },
  },
  async ({ principal, body }) => {
    const tenant = await createTenant(db(), principal, body);
    return json(tenantSchema, tenant, {
      status: 201,
      headers: { Location: `${config().apiBaseUrl}/tenants/${tenant.id}` },
    });
  },
);

// GET /api/tenants
export const GET = withApi(
  {
    policy: "tenant",
    authenticated: true,
    resource: "Tenant",
    query: listTenantsQuery,
    responses: { 200: { body: tenantSchema.array(), headers: ["Link"] } },
  },
  async ({ req, principal, query }) => {
    const page = await listTenants(db(), principal, query);
    return json(tenantSchema.array(), page.items, { headers: nextLink(req, page.nextCursor) });
  },
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
