// School administration in the browser: editing and deleting a user (with confirmation),
// importing a class from CSV with its row-by-row report and printable credential sheets, roles
// in words and a custom role made by the top-level admin. Every page passes axe (no serious or
// critical violations) and is photographed at 1280 and 768 px.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { authed, createUser, expectJson } from "../support/api";
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";
import { signInAsAdmin, signInAsOrganisationUser } from "../support/ui";

async function axeAndSnap(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe on ${name}`,
  ).toEqual([]);
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await snap(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("edit a user, then delete them after confirming", async ({ page, request, world }) => {
  test.setTimeout(120_000);
  const group = await expectJson<{ id: string }>(
    await request.post("/api/groups", { data: { name: "Group 4A" }, headers: authed(world.orgToken) }),
    201,
  );
  const student = await createUser(request, world.orgToken, {
    roles: ["STUDENT"],
    firstName: "Fenna",
    lastName: "Visser",
  });
  await signInAsOrganisationUser(page, request, world, "ORGANISATION");
  await page.goto(`/users/${student.id}`);
  await expect(page.getByRole("heading", { name: "Fenna van Visser" })).toBeVisible();
  await page.getByRole("button", { name: "Edit user" }).click();
  const form = page.getByRole("form", { name: "Edit Fenna van Visser" });
  await form.getByLabel("First name").fill("Femke");
  await form.getByLabel("Infix").fill("");
  await form.getByRole("checkbox", { name: "Group 4A" }).check();
  await axeAndSnap(page, "user-edit");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { name: "Femke Visser" })).toBeVisible();
  const saved = await expectJson<{ firstName: string; infix: string | null; groups: string[] }>(
    await request.get(`/api/users/${student.id}`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(saved).toMatchObject({ firstName: "Femke", infix: null, groups: [group.id] });

  await page.getByRole("button", { name: "Delete Femke Visser…" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Femke Visser for good?" });
  await expect(confirm).toBeVisible();
  await axeAndSnap(page, "user-delete-confirm");
  await confirm.getByRole("button", { name: "Keep" }).click();
  await expect(confirm).toHaveCount(0);
  expect((await request.get(`/api/users/${student.id}`, { headers: authed(world.orgToken) })).status()).toBe(200);
  await page.getByRole("button", { name: "Delete Femke Visser…" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page).toHaveURL(/\/users$/);
  expect((await request.get(`/api/users/${student.id}`, { headers: authed(world.orgToken) })).status()).toBe(404);
});

test("import a class from CSV: a bad file reports its rows, a good one prints credential sheets", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  await signInAsOrganisationUser(page, request, world, "ORGANISATION");
  await page.goto("/users");
  await page.getByRole("link", { name: "Import students" }).click();
  await expect(page.getByRole("heading", { name: "Import students" })).toBeVisible();
  await page.getByLabel("Or paste the rows").fill("firstName,lastName,group\nLotte,Bakker,Group 5\n,Nameless,Group 5");
  await page.getByRole("button", { name: "Import students" }).click();
  await expect(page.getByRole("heading", { name: "Nothing was imported" })).toBeVisible();
  const report = page.getByRole("table", { name: "Import report, row by row" });
  await expect(report.getByRole("row").nth(2)).toContainText("firstName is empty");
  await expect(report.getByRole("row").nth(1)).toContainText("group no group named Group 5");
  await axeAndSnap(page, "users-import-report");

  await page
    .getByLabel("Or paste the rows")
    .fill("firstName,lastName,group\nLotte,Bakker,Group 5\nSem,de Jong,Group 5\nNoor,Smit,Group 6");
  await page.getByLabel("Create groups that do not exist yet").check();
  await page.getByRole("button", { name: "Import students" }).click();
  await expect(page.getByRole("heading", { name: "3 students imported" })).toBeVisible();
  const sheets = page.getByRole("region", { name: "Credential sheets" });
  await expect(sheets.getByRole("heading", { name: "Sign-in cards · Group 5" })).toBeVisible();
  await expect(sheets.getByRole("heading", { name: "Sign-in cards · Group 6" })).toBeVisible();
  await expect(sheets.getByRole("listitem")).toHaveCount(3);
  await expect(sheets.getByRole("listitem").first()).toContainText(/Password: [a-z]+-[a-z]+-[2-9]{2}/);
  await axeAndSnap(page, "users-import-done");
  // Printed, only the sheets show: the form and the report are hidden.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Import students" })).toBeHidden();
  await expect(sheets.getByRole("heading", { name: "Sign-in cards · Group 5" })).toBeVisible();
  await snap(page, "users-import-print");
  await page.emulateMedia({ media: "screen" });
});

test("roles in words; the top-level admin makes a custom role", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.goto("/roles");
  await expect(page.getByRole("heading", { name: "Teacher", exact: true })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "What Student may do" }).getByText("Record answers", { exact: true }),
  ).toBeVisible();
  const id = `HELPER_${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole("button", { name: "New role" }).click();
  const form = page.getByRole("form", { name: "New role" });
  await form.getByLabel("Role name").fill(id);
  await form.getByRole("checkbox", { name: "See users", exact: true }).check();
  await form.getByRole("checkbox", { name: "See groups", exact: true }).check();
  await axeAndSnap(page, "roles-new");
  await form.getByRole("button", { name: "Create role" }).click();
  const words = id
    .toLowerCase()
    .replace(/_/g, " ")
    .replace(/^./, (c) => c.toUpperCase());
  await expect(
    page.getByRole("list", { name: `What ${words} may do` }).getByText("See groups", { exact: true }),
  ).toBeVisible();
  await axeAndSnap(page, "roles");
});
