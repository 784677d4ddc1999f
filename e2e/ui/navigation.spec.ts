// The navigation fits the role (a student, a teacher and an organisation administrator see
// different menus, and the dashboard offers the same pages); below 900 px it folds into a
// disclosure menu used from the keyboard; the favicon is served.
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";
import { signInAsOrganisationUser } from "../support/ui";

const menu = (page: import("@playwright/test").Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link");

test("each role sees only the pages it can use, in the menu and on the dashboard", async ({
  browser,
  request,
  world,
}) => {
  test.setTimeout(240_000);
  const expected: Record<string, string[]> = {
    // A student is offered only their own page (the exercises); teachers try exercises there too.
    STUDENT: ["My exercises"],
    TEACHER: ["Dashboard", "Users", "Groups", "Roles", "Challenges", "Categories", "My exercises", "Progress"],
    ORGANISATION: [
      "Dashboard",
      "Users",
      "Groups",
      "Roles",
      "Challenges",
      "Categories",
      "Assignments",
      "Label scheme",
      "Progress",
    ],
    ANNOTATOR_FULL: ["Dashboard", "Annotate", "Progress"],
  };
  for (const [role, pages] of Object.entries(expected)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAsOrganisationUser(page, request, world, role);
    await expect(menu(page)).toHaveText(pages, { timeout: 20_000 });
    // The dashboard's cards: the same pages but the dashboard itself.
    await expect(page.getByRole("main").getByRole("listitem").getByRole("link")).toHaveText(
      pages.filter((p) => p !== "Dashboard").map((p) => new RegExp(`^${p}`)),
    );
    await expect(page).toHaveTitle(/^Dashboard · /);
    if (role === "TEACHER") {
      // A teacher may not create choice challenges: the page offers no "New" link for them.
      await page.goto("/challenges/choice");
      await expect(page.getByRole("heading", { name: "Choice challenges" })).toBeVisible();
      await expect(page.getByRole("link", { name: "New choice challenge" })).toHaveCount(0);
      await page.goto("/challenges/speech");
      await expect(page.getByRole("link", { name: "New speech challenge" })).toBeVisible();
    }
    await context.close();
  }
});

test("below 900 px the navigation is a menu button: keyboard, Escape and focus", async ({ page, request, world }) => {
  await signInAsOrganisationUser(page, request, world, "TEACHER");
  await snap(page, "dashboard-1280");
  const toggle = page.getByRole("button", { name: "Menu" });
  await expect(toggle).toBeHidden();
  await expect(menu(page).first()).toBeVisible();

  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(menu(page).first()).toBeHidden();
  await snap(page, "dashboard-768");

  // Keyboard: Enter opens, Tab reaches the first link, Escape closes and focus returns.
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(menu(page)).toHaveCount(8);
  await snap(page, "menu-open-768");
  await page.keyboard.press("Tab");
  await expect(menu(page).first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
  await expect(menu(page).first()).toBeHidden();

  // Following a link closes the menu on the new page.
  await toggle.click();
  await menu(page).filter({ hasText: "Groups" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Groups" })).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page).toHaveTitle(/^Groups · /);

  // Back above 900 px: the links are there again without the button.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(toggle).toBeHidden();
  await expect(menu(page)).toHaveCount(8);
});

test("the favicon is served, as SVG and as ICO", async ({ page, request, world }) => {
  await signInAsOrganisationUser(page, request, world, "TEACHER");
  const href = await page.locator('head link[rel="icon"][type="image/svg+xml"]').first().getAttribute("href");
  expect(href).toMatch(/^\/icon\.svg/);
  const svg = await page.request.get(href!);
  expect(svg.status()).toBe(200);
  expect(svg.headers()["content-type"]).toContain("image/svg+xml");
  expect(await svg.text()).toContain("<svg");
  const ico = await page.request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  const bytes = await ico.body();
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
});
