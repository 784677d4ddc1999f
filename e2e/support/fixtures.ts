import { test as base } from "@playwright/test";
import { adminToken, createOrganisation, createTenant, impersonate } from "./api";
import { validatingContext } from "./contract";

export type World = { tenantId: string; orgId: string; tenantToken: string; orgToken: string };

// `admin`: a fresh top-level admin token. `world`: a new tenant with one organisation
// per test, so tests never see each other's data. `request` checks every API response
// against the OpenAPI document the server serves (e2e/support/contract.ts).
export const test = base.extend<{ admin: string; world: World }>({
  request: async ({ request, baseURL }, use) => {
    await use(baseURL ? validatingContext(request, baseURL) : request);
  },
  admin: async ({ request }, use) => {
    await use(await adminToken(request));
  },
  world: async ({ request, admin }, use) => {
    const tenant = await createTenant(request, admin);
    const tenantToken = await impersonate(request, admin, `tenant/${tenant.id}`);
    const org = await createOrganisation(request, tenantToken);
    const orgToken = await impersonate(request, tenantToken, `tenant/${tenant.id}/organisation/${org.id}`);
    await use({ tenantId: tenant.id, orgId: org.id, tenantToken, orgToken });
  },
});

export { expect } from "@playwright/test";
