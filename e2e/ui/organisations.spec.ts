// The organisations page of a tenant: create through the form (client-side validation with
// the API's schema, the API's own field errors), server-side sorting, and the tenants page.
import { createOrganisation, listAll, type Organisation } from "../support/api";
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";
import { signInAsAdmin } from "../support/ui";

test("create an organisation through the UI", async ({ page, request, world }) => {
  await signInAsAdmin(page);
  await page.goto(`/tenants/${world.tenantId}`);
  await page.getByRole("button", { name: "View as this tenant" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Organisations" }).click();
  await expect(page.getByRole("heading", { name: "Organisations" })).toBeVisible();

  await page.getByRole("button", { name: "New organisation" }).click();
  const form = page.getByRole("region", { name: "New organisation" });
  // Checked in the browser with the API's schema: nothing is sent.
  await form.getByLabel("Id").fill("not valid!");
  await form.getByRole("button", { name: "Create organisation" }).click();
  await expect(form.getByText("Name is required")).toBeVisible();
  await expect(form.getByText(/Id must be 1-100 letters/)).toBeVisible();

  // The API's 409 on a taken id lands on the field.
  await form.getByLabel("Name").fill("Taken");
  await form.getByLabel("Id").fill(world.orgId);
  await form.getByRole("button", { name: "Create organisation" }).click();
  await expect(form.getByText("Id is already taken")).toBeVisible();
  await snap(page, "organisation-create-errors");

  await form.getByLabel("Id").fill("");
  await form.getByLabel("Name").fill("Created In The Browser");
  await form.getByRole("button", { name: "Create organisation" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Organisation Created In The Browser created" }),
  ).toBeVisible();
  await expect(page.getByRole("table").getByRole("link", { name: "Created In The Browser" })).toBeVisible();
  const all = await listAll<Organisation>(request, "/api/organisations", world.tenantToken);
  expect(all.map((o) => o.name)).toContain("Created In The Browser");
  await snap(page, "organisations");
});

test("organisations sort by name and date on the server", async ({ page, request, world }) => {
  await createOrganisation(request, world.tenantToken, "Zulu College");
  await createOrganisation(request, world.tenantToken, "Alpha Academy");
  await signInAsAdmin(page);
  await page.goto(`/tenants/${world.tenantId}`);
  await page.getByRole("button", { name: "View as this tenant" }).click();
  await expect(page.getByRole("region", { name: "Active view" })).toContainText("Viewing as tenant");
  await page.goto("/organisations");
  const firstCell = page.getByRole("table").getByRole("row").nth(1).getByRole("cell").first();
  // Newest first by default.
  await expect(firstCell).toHaveText("Alpha Academy");
  const nameHeader = page.getByRole("columnheader", { name: /Name/ });
  await nameHeader.getByRole("button").click();
  await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
  await expect(firstCell).toHaveText("Alpha Academy");
  await nameHeader.getByRole("button").click();
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  await expect(firstCell).toHaveText("Zulu College");
  await page
    .getByRole("columnheader", { name: /Created/ })
    .getByRole("button")
    .click();
  await expect(firstCell).toHaveText("Alpha Academy");

  // Tablet width: the same page, nothing cut off.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(page.getByRole("button", { name: "Switch view" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await snap(page, "organisations-tablet");
});

test("the tenants page lists and creates tenants for a top-level admin", async ({ page, request, admin }) => {
  await signInAsAdmin(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tenants" }).click();
  await expect(page.getByRole("heading", { name: "Tenants" })).toBeVisible();
  await page.getByRole("button", { name: "New tenant" }).click();
  const name = `UI tenant ${Date.now()}`;
  await page.getByRole("region", { name: "New tenant" }).getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create tenant" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Tenant ${name} created` })).toBeVisible();
  const all = await listAll<{ name: string }>(request, "/api/tenants", admin);
  expect(all.map((t) => t.name)).toContain(name);
  await snap(page, "tenants");
});
