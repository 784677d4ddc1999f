// The administration pages as an organisation administrator: users (create with roles and
// credentials, generated passwords shown once, profile), signing in with a generated password,
// groups with members, roles and their permissions, and the users table paging and sorting
// on the server.
import type { Page } from "@playwright/test";
import { createUser, uniqueId } from "../support/api";
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";
import { orgUserWithPassword, session, signInAsOrganisationUser, signInToOrganisation } from "../support/ui";

const usersReady = (page: Page) => expect(page.getByTestId("users-table")).toHaveAttribute("data-ready", "true");

/** Creates a user through the "New user" form and waits for its page; returns its id. */
async function createThroughForm(page: Page, firstName: string, lastName: string, role: string): Promise<string> {
  await page.goto("/users");
  await page.getByRole("button", { name: "New user" }).click();
  const form = page.getByRole("region", { name: "New user" });
  await form.getByLabel("First name").fill(firstName);
  await form.getByLabel("Last name").fill(lastName);
  await form.getByRole("checkbox", { name: role, exact: true }).check();
  await form.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("heading", { name: `${firstName} ${lastName}` })).toBeVisible();
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
}

/** Adds a credential on the open user page with a generated password; returns the password shown once. */
async function addCredential(page: Page, kind: "username" | "email", login: string): Promise<string> {
  const form = page.getByRole("region", { name: kind === "username" ? "Add a username" : "Add an email address" });
  await form.getByLabel(kind === "username" ? "Username" : "Email address").fill(login);
  await form.getByRole("button", { name: kind === "username" ? "Add username" : "Add email address" }).click();
  const shown = page.getByRole("region", { name: "New password" });
  await expect(shown).toContainText("you will not see this password again");
  const password = await shown.getByTestId("one-time-password").inputValue();
  expect(password).toMatch(/^\S{20}$/);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toHaveCount(0);
  await expect(
    page.getByRole("table", { name: "Credentials" }).getByRole("cell", { name: login.toLowerCase(), exact: true }),
  ).toBeVisible();
  return password;
}

test("an organisation admin creates a teacher and students with credentials; the teacher signs in with the generated password", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const admin = await signInAsOrganisationUser(page, request, world, "ORGANISATION");

  // Checked in the browser with the API's schema: nothing is sent.
  await page.goto("/users");
  await usersReady(page);
  await page.getByRole("button", { name: "New user" }).click();
  await page.getByRole("region", { name: "New user" }).getByRole("button", { name: "Create user" }).click();
  await expect(page.getByText("First name must not be empty")).toBeVisible();
  await expect(page.getByText(/at least one role is required/)).toBeVisible();

  const teacherId = await createThroughForm(page, "Tess", "Teacher", "Teacher");
  const teacherLogin = uniqueId("tess");
  const teacherPassword = await addCredential(page, "username", teacherLogin);
  const email = `${uniqueId("tess")}@example.com`;
  const emailPassword = await addCredential(page, "email", email);
  expect(emailPassword).not.toBe(teacherPassword);

  // The profile: cefr travels as a number and reads as its CEFR name.
  await page.getByRole("button", { name: "Add profile" }).click();
  await page.getByLabel("Birth year").fill("1985");
  await page.getByLabel("CEFR level").selectOption({ label: "B1+" });
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByTestId("profile-cefr")).toHaveText("B1+");
  const profile = await request.get(`/api/users/${teacherId}/profile`, {
    headers: { Authorization: `Bearer ${world.orgToken}` },
  });
  expect((await profile.json()).cefr).toBe(6);
  await snap(page, "user-detail");

  // A taken username: the API's 409 field error shows at the field.
  const usernameForm = page.getByRole("region", { name: "Add a username" });
  await usernameForm.getByLabel("Username").fill(teacherLogin);
  await usernameForm.getByRole("button", { name: "Add username" }).click();
  await expect(usernameForm.getByText("Username is already taken")).toBeVisible();
  await usernameForm.getByLabel("Username").fill("");

  const students: string[] = [];
  for (const [first, last] of [
    ["Sam", "Student"],
    ["Sara", "Scholar"],
  ]) {
    students.push(await createThroughForm(page, first, last, "Student"));
    await addCredential(page, "username", uniqueId(first.toLowerCase()));
  }
  // Deleting a credential (acting as the user for a moment): it leaves the list at once.
  const extra = uniqueId("extra");
  await addCredential(page, "username", extra);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: `Delete ${extra}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Credential ${extra} deleted` })).toBeVisible();
  await expect(page.getByRole("table", { name: "Credentials" }).getByRole("cell", { name: extra })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Credentials" }).getByRole("row")).toHaveCount(2);

  // A group with the two students.
  await page.goto("/groups");
  await page.getByRole("button", { name: "New group" }).click();
  await page.getByRole("region", { name: "New group" }).getByLabel("Name").fill("Class 1A");
  await page.getByRole("button", { name: "Create group" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Group Class 1A created" })).toBeVisible();
  await page.getByRole("table").getByRole("link", { name: "Class 1A" }).click();
  await expect(page.getByRole("heading", { name: "Class 1A" })).toBeVisible();
  await page.getByRole("button", { name: "Add members" }).click();
  const picker = page.getByRole("region", { name: "Add members" });
  await picker.getByLabel("Role").selectOption("STUDENT");
  await picker.getByRole("button", { name: "Add Sam Student" }).click();
  await picker.getByRole("button", { name: "Add Sara Scholar" }).click();
  const members = page.getByRole("table", { name: "Members of Class 1A" });
  await expect(members.getByRole("link", { name: "Sam Student" })).toBeVisible();
  await expect(members.getByRole("link", { name: "Sara Scholar" })).toBeVisible();
  const listed = await request.get(
    `/api/users?group=${encodeURIComponent(new URL(page.url()).pathname.split("/").pop()!)}`,
    { headers: { Authorization: `Bearer ${world.orgToken}` } },
  );
  expect(((await listed.json()) as { id: string }[]).map((u) => u.id).sort()).toEqual([...students].sort());
  await snap(page, "group-detail");
  await page.goto("/groups");
  await expect(page.getByRole("table").getByRole("link", { name: "Class 1A" })).toBeVisible();
  await snap(page, "groups");

  // Roles and their permissions, in words.
  await page.goto("/roles");
  await expect(page.getByRole("heading", { name: "Teacher", exact: true })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "What Teacher may do" }).getByText("Add, edit and remove users", { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole("list", { name: "What Student may do" }).getByText("Get feedback on recordings", { exact: true }),
  ).toBeVisible();
  await snap(page, "roles");

  // The generated password works: sign out, and sign in as the teacher through the sign-in page.
  await page
    .getByRole("button", { name: `${admin.user.firstName} ${admin.user.infix} ${admin.user.lastName}`, exact: true })
    .click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await signInToOrganisation(page, world, { username: teacherLogin, password: teacherPassword });
  expect((await session(page)).view).toBe("Tess Teacher");
  await page.goto(`/users/${teacherId}`);
  await expect(page.getByRole("heading", { name: "Tess Teacher" })).toBeVisible();
});

test("the users table sorts and pages on the server", async ({ page, request, world }) => {
  const admin = await orgUserWithPassword(request, world, "ORGANISATION");
  await Promise.all(
    Array.from({ length: 25 }, (_, i) =>
      createUser(request, world.orgToken, {
        roles: ["STUDENT"],
        firstName: "Pat",
        lastName: `Pager ${String(i + 1).padStart(2, "0")}`,
      }),
    ),
  );
  await signInToOrganisation(page, world, admin);
  const firstList = page.waitForRequest(
    (r) => r.url().includes("/api/users?") && r.url().includes("sort=lastName") && r.url().includes("perPage=20"),
  );
  await page.goto("/users");
  await firstList;
  await usersReady(page);
  const table = page.getByRole("table", { name: "Users" });
  const rows = table.locator("tbody tr");
  // 26 users (25 + the admin), 20 a page, by last name: Jan van Jansen, Pager 01, ...
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText("Jansen");

  const second = page.waitForRequest((r) => r.url().includes("/api/users?") && r.url().includes("startCursor="));
  await page.getByRole("button", { name: "Next →" }).click();
  await second;
  await usersReady(page);
  await expect(page.getByText("Page 2")).toBeVisible();
  await expect(rows).toHaveCount(6);
  await expect(rows.last()).toContainText("Pager 25");
  await expect(page.getByRole("button", { name: "Next →" })).toBeDisabled();

  const header = page.getByRole("columnheader", { name: /Name/ }).first();
  const sorted = page.waitForRequest(
    (r) => r.url().includes("sort=lastName") && r.url().includes("direction=desc") && !r.url().includes("startCursor="),
  );
  await header.getByRole("button").click();
  await sorted;
  await usersReady(page);
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByText("Page 1")).toBeVisible();
  await expect(rows.first()).toContainText("Pager 25");

  // The role filter is a query parameter too.
  const filtered = page.waitForRequest((r) => r.url().includes("role=ORGANISATION"));
  await page.getByLabel("Role").selectOption("ORGANISATION");
  await filtered;
  await usersReady(page);
  await expect(rows).toHaveCount(1);
  await page.getByLabel("Role").selectOption("");
  await usersReady(page);
  await snap(page, "users");

  // Tablet width: the same page, nothing cut off.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(table).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await snap(page, "users-tablet");
});
