// The view switcher: a top-level admin acts as a tenant, then as one of its organisations,
// and returns; each return revokes the tokens it leaves behind.
import { createOrganisation } from "../support/api";
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";
import { cookieAccepted, session, sessionCookie, signInAsAdmin } from "../support/ui";

test("impersonate a tenant, then an organisation, then return to the admin", async ({ page, request, world }) => {
  const tenantName = (
    await (
      await request.get(`/api/tenants/${world.tenantId}`, { headers: { Authorization: `Bearer ${world.tenantToken}` } })
    ).json()
  ).name;
  const school = await createOrganisation(request, world.tenantToken, "Switcher School");
  await signInAsAdmin(page);
  const bar = page.getByRole("region", { name: "Active view" });
  await expect(bar).toHaveCount(0);

  // Admin → tenant, from the tenant's page.
  await page.goto(`/tenants/${world.tenantId}`);
  await expect(page.getByRole("heading", { name: tenantName })).toBeVisible();
  await snap(page, "tenant-detail");
  await page.getByRole("button", { name: "View as this tenant" }).click();
  await expect(bar).toContainText(`Viewing as tenant ${tenantName}`);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  expect((await session(page)).scope).toBe(`tenant/${world.tenantId}`);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Organisations" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Tenants" })).toHaveCount(0);
  await snap(page, "dashboard-tenant");

  // Tenant → organisation, through the switcher.
  await page.getByRole("button", { name: "Switch view" }).click();
  await expect(page.getByRole("button", { name: "Organisations", pressed: true })).toBeVisible();
  await snap(page, "view-switcher");
  await page
    .getByRole("list", { name: "Organisations" })
    .getByRole("button", { name: /Switcher School/ })
    .click();
  await expect(bar).toContainText("Viewing as organisation Switcher School");
  const asOrg = await session(page);
  const asOrgCookie = await sessionCookie(page);
  expect(await cookieAccepted(request, asOrgCookie)).toBe(true);
  expect(asOrg.scope).toBe(`tenant/${world.tenantId}/organisation/${school.id}`);
  expect(asOrg.stack.map((entry) => entry.view)).toEqual([
    "Admin Admin",
    `tenant ${tenantName}`,
    "organisation Switcher School",
  ]);
  await snap(page, "dashboard-organisation");

  // Straight back to the admin: both impersonated tokens are revoked.
  await bar.getByRole("button", { name: "Return to Admin Admin" }).click();
  await expect(bar).toHaveCount(0);
  const back = await session(page);
  expect(back.stack).toHaveLength(1);
  expect(back.scope).toMatch(/^user\//);
  expect(await cookieAccepted(request, asOrgCookie)).toBe(false);
  expect(await cookieAccepted(request, await sessionCookie(page))).toBe(true);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tenants" })).toBeVisible();
});

test("return goes back one view at a time", async ({ page, world }) => {
  await signInAsAdmin(page);
  await page.goto(`/tenants/${world.tenantId}`);
  await page.getByRole("button", { name: "View as this tenant" }).click();
  const bar = page.getByRole("region", { name: "Active view" });
  await expect(bar).toContainText("Viewing as tenant");
  await page.goto(`/organisations/${world.orgId}`);
  await page.getByRole("button", { name: "View as this organisation" }).click();
  await expect(bar).toContainText("Viewing as organisation");
  await bar.getByRole("button", { name: /^Return to tenant/ }).click();
  await expect(bar).toContainText("Viewing as tenant");
  expect((await session(page)).scope).toBe(`tenant/${world.tenantId}`);
});
