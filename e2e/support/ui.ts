// Browser helpers for the web app (e2e/ui): signing in the three ways (an organisation's user
// also as a new user of a given role), reading the session and its cookie, and real pictures to upload.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { addBasicAuth, asUser, createUser, type User, uniqueId } from "./api";
import { ADMIN_PASSWORD, ADMIN_USERNAME } from "./env";
import type { World } from "./fixtures";

export type WebSession = { scope: string; view: string; stack: { scope: string; view: string }[] };

/** The header the web app's API calls carry; with it the API answers by the session cookie. */
export const SESSION_CALL = { "X-Requested-With": "fetch" };

/** The browser's session as next-auth serves it to the page (scopes and views, no token). */
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
export async function orgUserWithPassword(
  request: APIRequestContext,
  world: World,
  role = "TEACHER",
): Promise<OrgLogin> {
  const user = await createUser(request, world.orgToken, { roles: [role], firstName: "Jan", lastName: "Jansen" });
  const username = uniqueId("jdoe");
  const password = "teacher-password-1";
  await addBasicAuth(request, await asUser(request, world, user.id), username, password);
  return { user, username, password };
}

export type OrgLogin = { user: User; username: string; password: string };

/** Chooses "Organisation user" on the sign-in page and fills in its four fields; submits nothing. */
export async function fillOrganisationSignIn(page: Page, world: World, login: { username: string; password: string }) {
  await chooseMethod(page, "Organisation user");
  await page.getByLabel("Tenant id").fill(world.tenantId);
  await page.getByLabel("Organisation id").fill(world.orgId);
  await page.getByLabel("Username").fill(login.username);
  await page.getByLabel("Password").fill(login.password);
}

/** Signs in through the sign-in page as a user of the world's organisation and waits for the dashboard. */
export async function signInToOrganisation(page: Page, world: World, login: { username: string; password: string }) {
  await fillOrganisationSignIn(page, world, login);
  await submitSignIn(page);
  // Signing in hashes a password and issues tokens: slow on a busy machine.
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible({ timeout: 15_000 });
}

/** A new user of the world's organisation holding `role`, signed in through the sign-in page. */
export async function signInAsOrganisationUser(
  page: Page,
  request: APIRequestContext,
  world: World,
  role: string,
): Promise<OrgLogin> {
  const login = await orgUserWithPassword(request, world, role);
  await signInToOrganisation(page, world, login);
  return login;
}

/** The page's session cookie as a `Cookie` header (HttpOnly: only the browser and tests see it). */
export async function sessionCookie(page: Page): Promise<string> {
  const cookies = (await page.context().cookies()).filter((c) => c.name.includes("next-auth.session-token"));
  expect(cookies.length).toBeGreaterThan(0);
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/**
 * Whether the API still accepts the API token inside a saved session cookie, sent as the pages
 * send it (GET /api/roles needs only a live token): a revoked token fails even in a replayed cookie.
 */
export async function cookieAccepted(request: APIRequestContext, cookie: string): Promise<boolean> {
  const status = (await request.get("/api/roles", { headers: { Cookie: cookie, ...SESSION_CALL } })).status();
  expect([200, 401]).toContain(status);
  return status === 200;
}

/** A real PNG: ffmpeg's test pattern (`testsrc`) or a plain colour (`color=c=…`). */
export async function png(source = "testsrc=size=320x180:rate=1"): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "png-"));
  try {
    const file = path.join(dir, "picture.png");
    await promisify(execFile)("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", source, "-frames:v", "1", file]);
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
