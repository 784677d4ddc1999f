// Browser helpers for the web app (e2e/ui): signing in the three ways and reading the session.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { addBasicAuth, asUser, authed, createUser, uniqueId } from "./api";
import { ADMIN_PASSWORD, ADMIN_USERNAME } from "./env";
import type { World } from "./fixtures";

export type WebSession = { token: string; scope: string; view: string; stack: { scope: string; view: string }[] };

/** The browser's session as next-auth serves it to the page (the current API token on top). */
export async function session(page: Page): Promise<WebSession> {
  const response = await page.request.get("/auth/session");
  expect(response.status()).toBe(200);
  return response.json();
}

export async function chooseMethod(page: Page, method: "Organisation user" | "Email" | "Administrator") {
  await page.goto("/sign-in");
  await page.getByText(method, { exact: true }).click();
}

export async function submitSignIn(page: Page) {
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in as the test admin and waits for the dashboard. */
export async function signInAsAdmin(page: Page) {
  await chooseMethod(page, "Administrator");
  await page.getByLabel("Username").fill(ADMIN_USERNAME);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await submitSignIn(page);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

/** A user of the world's organisation with a username and password. */
export async function orgUserWithPassword(request: APIRequestContext, world: World, role = "TEACHER") {
  const user = await createUser(request, world.orgToken, { roles: [role], firstName: "Jan", lastName: "Jansen" });
  const username = uniqueId("jdoe");
  const password = "teacher-password-1";
  await addBasicAuth(request, await asUser(request, world, user.id), username, password);
  return { user, username, password };
}

/** Whether the API still accepts a token (GET /api/roles needs only a live one). */
export async function tokenAccepted(request: APIRequestContext, token: string): Promise<boolean> {
  const status = (await request.get("/api/roles", { headers: authed(token) })).status();
  expect([200, 401]).toContain(status);
  return status === 200;
}
