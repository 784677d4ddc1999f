// The credential cards of an imported class carry the school's sign-in address, its QR code and
// its short code (no tenant or organisation ids), and that address opens the school's sign-in page.
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { signInCode } from "../support/practice";
import { snap } from "../support/screenshots";
import { signInAsOrganisationUser } from "../support/ui";

test("credential cards print the school's sign-in address, its QR code and its code", async ({
  browser,
  page,
  request,
  world,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAsOrganisationUser(page, request, world, "ORGANISATION");
  await page.goto("/users/import");
  await page
    .getByLabel("Or paste the rows")
    .fill("firstName,lastName,group\nLotte,Bakker,Group 7\nSem,de Jong,Group 7");
  await page.getByLabel("Create groups that do not exist yet").check();
  await page.getByRole("button", { name: "Import students" }).click();
  const sheets = page.getByRole("region", { name: "Credential sheets" });
  await expect(sheets.getByRole("listitem")).toHaveCount(2);

  const { code, path } = await signInCode(request, world);
  const address = `${baseURL}${path}`;
  for (const card of await sheets.getByRole("listitem").all()) {
    await expect(card.getByRole("img", { name: `QR code of ${address}` })).toBeVisible();
    await expect(card).toContainText(address);
    await expect(card).toContainText(code);
    await expect(card).not.toContainText(world.tenantId);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ media: "print" });
  await snap(page, "practice-cards-print");

  // The printed address is the school's own sign-in page.
  const context = await browser.newContext();
  const student = await context.newPage();
  await student.goto(address);
  await expect(student.getByRole("heading", { level: 1, name: "Hello! Let's practise speaking" })).toBeVisible();
  await expect(student.getByText("You are signing in at")).toBeVisible();
  // A code no school has says so, and offers to type it again.
  await student.goto("/s/ZZZZZZZZ");
  await expect(student.getByRole("heading", { level: 1, name: "We could not find your school" })).toBeVisible();
  await expect(student.getByRole("link", { name: "Type my school code" })).toBeVisible();
  expect(await seriousViolations(student)).toEqual([]);
  await context.close();
});
