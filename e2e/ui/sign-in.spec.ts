// Signing in to the web app the three ways, the messages for wrong credentials and
// throttling, the redirect of signed-out visits, and sign-out revoking the API tokens.
import { asUser, authed, expectJson, uniqueId } from "../support/api";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";
import {
  chooseMethod,
  cookieAccepted,
  fillOrganisationSignIn,
  orgUserWithPassword,
  SESSION_CALL,
  session,
  sessionCookie,
  signInAsAdmin,
  submitSignIn,
} from "../support/ui";

test("a signed-out visit to an app page lands on the sign-in page", async ({ page }) => {
  await page.goto("/organisations");
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await snap(page, "sign-in");
});

test("a top-level admin signs in with username and password", async ({ page }) => {
  await signInAsAdmin(page);
  const current = await session(page);
  expect(current.scope).toMatch(/^user\//);
  expect(current.stack).toHaveLength(1);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tenants" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Organisations" })).toHaveCount(
    0,
  );
  await snap(page, "dashboard-admin");
});

test("a user of an organisation signs in with tenant, organisation, username and password", async ({
  page,
  request,
  world,
}) => {
  const { user, username, password } = await orgUserWithPassword(request, world);
  await fillOrganisationSignIn(page, world, { username, password });
  await submitSignIn(page);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const current = await session(page);
  expect(current.scope).toBe(`tenant/${world.tenantId}/organisation/${world.orgId}/user/${username}`);
  // The page's own cookie (as its API calls send it) speaks for the signed-in user.
  const me = await expectJson<{ id: string }>(await page.request.get("/api/user", { headers: SESSION_CALL }), 200);
  expect(me.id).toBe(user.id);
  await expect(page.getByText("Roles: Teacher", { exact: false })).toBeVisible();
  await expect(page.getByText(/Roles: TEACHER/)).toHaveCount(0);
  await snap(page, "dashboard-teacher");
  // The user menu speaks words: the person's name, their role and place; ids only as secondary text.
  await page.getByRole("button", { name: "Jan van Jansen", exact: true }).click();
  await expect(page.getByText("Teacher · Test organisation (Test tenant)", { exact: true })).toBeVisible();
  await expect(page.getByText(`Id: ${user.id} · ${world.tenantId} / ${world.orgId}`, { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a user signs in with an email address and password", async ({ page, request, world }) => {
  const { user } = await orgUserWithPassword(request, world, "STUDENT");
  const email = `${uniqueId("mail")}@example.org`;
  const token = await asUser(request, world, user.id);
  await expectJson(
    await request.post("/api/user/emailauths", {
      data: { email, password: "mail-password-1" },
      headers: authed(token),
    }),
    201,
  );
  await chooseMethod(page, "Email");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("mail-password-1");
  await submitSignIn(page);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const current = await session(page);
  expect(current.scope).toBe(`tenant/${world.tenantId}/organisation/${world.orgId}/student/${user.id}`);
});

test("a wrong password shows the API's message and keeps the form", async ({ page, request, world }) => {
  const { username } = await orgUserWithPassword(request, world);
  await fillOrganisationSignIn(page, world, { username, password: "not-the-password" });
  await submitSignIn(page);
  await expect(
    page.getByRole("alert").filter({ hasText: "The username, password or scope is incorrect" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByLabel("Username")).toHaveValue(username);
  await snap(page, "sign-in-wrong-password");
});

test("empty fields are refused before anything is sent", async ({ page }) => {
  await chooseMethod(page, "Email");
  await page.getByLabel("Email address").fill("not-an-email");
  await submitSignIn(page);
  await expect(page.getByText("Enter an email address such as name@example.com")).toBeVisible();
  await expect(page.getByText("Enter the password")).toBeVisible();
});

test("too many failed sign-ins show the throttling message", async ({ page, request, world }) => {
  const { username } = await orgUserWithPassword(request, world);
  const scope = `tenant/${world.tenantId}/organisation/${world.orgId}/user/${username}`;
  await fillOrganisationSignIn(page, world, { username, password: "still-wrong" });
  // LOGIN_MAX_FAILURES (5) failures lock the account for LOGIN_LOCK_SECONDS (2 in tests).
  for (let i = 0; i < 5; i++) {
    await request.post("/api/tokens", { form: { grant_type: "password", username, password: "wrong", scope } });
  }
  await submitSignIn(page);
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: /^Too many failed sign-in attempts; try again later \(in \d+ seconds\)$/ }),
  ).toBeVisible();
});

test("sign-out revokes the session's API tokens, impersonated ones too", async ({ page, request, world }) => {
  await signInAsAdmin(page);
  const signedIn = await sessionCookie(page);
  await page.goto(`/tenants/${world.tenantId}`);
  await page.getByRole("button", { name: "View as this tenant" }).click();
  await expect(page.getByTestId("active-view")).toContainText("tenant");
  expect((await session(page)).stack).toHaveLength(2);
  const impersonated = await sessionCookie(page);
  expect(impersonated).not.toBe(signedIn);
  expect(await cookieAccepted(request, signedIn)).toBe(true);
  expect(await cookieAccepted(request, impersonated)).toBe(true);

  await page.getByRole("button", { name: "Admin Admin", exact: true }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  // Replaying either cookie gets nowhere: the API tokens inside them are revoked.
  expect(await cookieAccepted(request, signedIn)).toBe(false);
  expect(await cookieAccepted(request, impersonated)).toBe(false);
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in$/);
});
