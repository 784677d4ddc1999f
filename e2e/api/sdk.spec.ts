// The real client, `@itslanguage/api` 5.7.0, unchanged, against this service
// (api-conventions.md: "every REST call it makes must work against this service
// unchanged, with settings.apiUrl pointed at our base URL").
// The SDK keeps its token in module state, so these tests share one SDK and run in order:
// admin → tenant → organisation → users → student → credentials → sign-ins → errors.
import { uniqueId } from "../support/api";
import { ADMIN_PASSWORD } from "../support/env";
import { expect, test } from "../support/fixtures";
import { allPages, type ItslSdk, loadSdk, onlyPage, rejection } from "../support/sdk";

test.describe.configure({ mode: "serial" });

type Json = Record<string, unknown>;
const timestamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
const ids = (items: Json[]) => items.map((item) => item.id);
const sorted = (values: unknown[]) => [...values].sort();
// RFC 6749 allows more fields (expires_in); the SDK needs access_token.
const tokenResponse = (scope: unknown) =>
  expect.objectContaining({ access_token: expect.any(String), token_type: "Bearer", scope });

let sdk: ItslSdk;
const token = () => sdk.communication.settings.authorizationToken;

// Shared through the serial run.
const tenantId = uniqueId("sdk-tenant");
const orgId = uniqueId("sdk-org");
const otherOrgId = uniqueId("sdk-org2");
const groupId = uniqueId("sdk-group");
const otherGroupId = uniqueId("sdk-group2");
const studentId = uniqueId("sdk-student");
const teacherId = uniqueId("sdk-teacher");
const classmateId = uniqueId("sdk-classmate");
const username = uniqueId("sdk-user");
const password = "sdk-student-password-1";
const email = `${uniqueId("sdk-mail")}@example.org`;
const classmateEmail = `${uniqueId("sdk-mate")}@example.org`;
const classmatePassword = "sdk-classmate-password-1";
let adminToken: string;
let orgToken: string;
let generatedPassword: string;

test.beforeAll(async ({}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error("the project has no baseURL");
  sdk = loadSdk(baseURL);
  expect(sdk.version).toBe("5.7.0");
  expect(sdk.communication.settings).toEqual({ apiUrl: `${baseURL}/api`, wsUrl: null, authorizationToken: null });
});

test("assembleScope builds every scope form", () => {
  const { assembleScope } = sdk.authentication;
  expect(assembleScope("t1")).toBe("tenant/t1");
  expect(assembleScope("t1", "o1")).toBe("tenant/t1/organisation/o1");
  expect(assembleScope("t1", "o1", "u1")).toBe("tenant/t1/organisation/o1/user/u1");
  expect(assembleScope("t1", undefined, "u1")).toBe("tenant/t1/user/u1");
  expect(assembleScope(undefined, undefined, "admin")).toBe("user/admin");
  expect(() => assembleScope()).toThrow("Arguments are required to assemble scope.");
});

test("authenticate as the top-level admin without scope; impersonate without and with scope", async () => {
  const login = await sdk.authentication.authenticate("admin", ADMIN_PASSWORD);
  expect(login).toEqual(tokenResponse("user/admin"));
  expect(token()).toBe(login.access_token);
  adminToken = login.access_token;
  expect(await sdk.users.getCurrent()).toEqual(expect.objectContaining({ id: "admin" }));

  // No scope: a new token for the current user, stored in the settings.
  const self = await sdk.authentication.impersonate();
  expect(self).toEqual(tokenResponse("user/admin"));
  expect(self.access_token).not.toBe(adminToken);
  expect(token()).toBe(self.access_token);
  expect((await sdk.users.getCurrent()).id).toBe("admin");

  // The admin form of assembleScope, understood by the service.
  const asAdmin = await sdk.authentication.impersonate(sdk.authentication.assembleScope(undefined, undefined, "admin"));
  expect(asAdmin.scope).toBe("user/admin");
  expect((await sdk.users.getCurrent()).id).toBe("admin");
  adminToken = asAdmin.access_token;
});

test("tenants: create, getById, getAll (following Link pages)", async () => {
  const created = await sdk.tenants.create({ id: tenantId, name: "SDK tenant" });
  expect(created).toEqual({ id: tenantId, name: "SDK tenant", created: timestamp, updated: timestamp });
  expect(await sdk.tenants.getById(tenantId)).toEqual(created);

  // More than one page (20 by default): the SDK then resolves to {data, next: {url}} from
  // the Link header, and follows next.url itself (an absolute URL under apiUrl).
  let all = await allPages(sdk, await sdk.tenants.getAll());
  for (let i = all.length; i <= 20; i++) {
    const generated = await sdk.tenants.create({ name: `SDK filler ${i}` });
    expect(generated).toEqual({
      id: expect.any(String),
      name: `SDK filler ${i}`,
      created: timestamp,
      updated: timestamp,
    });
  }
  const firstPage = await sdk.tenants.getAll();
  expect(Array.isArray(firstPage)).toBe(false);
  if (Array.isArray(firstPage)) return;
  expect(firstPage.data).toHaveLength(20);
  expect(firstPage.next?.url).toMatch(/\/api\/tenants\?.*startCursor=/);
  all = await allPages(sdk, firstPage);
  expect(all.length).toBeGreaterThan(20);
  expect(all).toContainEqual(created);
  expect(new Set(ids(all)).size).toBe(all.length); // pages do not overlap

  // The tenant itself sees only itself.
  const asTenant = await sdk.authentication.impersonate(sdk.authentication.assembleScope(tenantId));
  expect(asTenant.scope).toBe(`tenant/${tenantId}`);
  expect(onlyPage(await sdk.tenants.getAll())).toEqual([created]);
});

test("organisations: create (POST /organisations), getById, getAll with sort filters", async () => {
  // Still the tenant token from the previous test.
  const first = await sdk.organisations.create({ id: orgId, name: "Alpha school" });
  expect(first).toEqual({ id: orgId, name: "Alpha school", created: timestamp, updated: timestamp });
  const second = await sdk.organisations.create({ id: otherOrgId, name: "Zeta school" });
  expect(second).toEqual({ id: otherOrgId, name: "Zeta school", created: timestamp, updated: timestamp });
  expect(await sdk.organisations.getById(orgId)).toEqual(first);

  // Default order: created, descending.
  expect(ids(onlyPage(await sdk.organisations.getAll()))).toEqual([otherOrgId, orgId]);
  expect(onlyPage(await sdk.organisations.getAll(new URLSearchParams({ sort: "name", direction: "asc" })))).toEqual([
    first,
    second,
  ]);
  expect(
    ids(onlyPage(await sdk.organisations.getAll(new URLSearchParams({ sort: "name", direction: "desc" })))),
  ).toEqual([otherOrgId, orgId]);
  expect(
    ids(onlyPage(await sdk.organisations.getAll(new URLSearchParams({ sort: "created", direction: "asc" })))),
  ).toEqual([orgId, otherOrgId]);
  // The SDK refuses non-URLSearchParams filters itself.
  await expect(sdk.organisations.getAll({ sort: "name" } as unknown as URLSearchParams)).rejects.toThrow(
    "URLSearchParams",
  );
});

test("organisation: roles and groups", async () => {
  const asOrg = await sdk.authentication.impersonate(sdk.authentication.assembleScope(tenantId, orgId));
  expect(asOrg.scope).toBe(`tenant/${tenantId}/organisation/${orgId}`);
  orgToken = asOrg.access_token;

  const roles = onlyPage(await sdk.roles.getAll());
  const byName = new Map(roles.map((role) => [role.name, role]));
  expect(byName.get("STUDENT")).toEqual({
    name: "STUDENT",
    builtIn: true,
    permissions: expect.arrayContaining(["FEEDBACK_CREATE", "SPEECH_RECORDING_CREATE", "CHALLENGE_LIST"]),
  });
  expect(byName.get("TEACHER")).toEqual({
    name: "TEACHER",
    builtIn: true,
    permissions: expect.arrayContaining(["GROUP_CREATE", "USER_CREATE", "CATEGORY_CREATE"]),
  });
  expect(byName.get("STUDENT")!.permissions).not.toContain("USER_CREATE");

  const teacher = await sdk.roles.getById("TEACHER");
  expect(teacher).toEqual({ id: "TEACHER", builtIn: true, permissions: byName.get("TEACHER")!.permissions });
  expect(await rejection(sdk.roles.getById("NO_SUCH_ROLE"))).toEqual(
    expect.objectContaining({ message: expect.any(String) }),
  );

  const group = await sdk.groups.create({ id: groupId, name: "Class 1A" });
  expect(group).toEqual({ id: groupId, name: "Class 1A", categories: [], created: timestamp, updated: timestamp });
  const otherGroup = await sdk.groups.create({ id: otherGroupId, name: "Class 1B" });
  expect(otherGroup).toEqual(expect.objectContaining({ id: otherGroupId, name: "Class 1B", categories: [] }));
  expect(await sdk.groups.getById(groupId)).toEqual(group);
  expect(sorted(ids(onlyPage(await sdk.groups.getAll())))).toEqual(sorted([groupId, otherGroupId]));
  expect(onlyPage(await sdk.groups.getAll())).toContainEqual(group);

  // A validation failure rejects with the parsed 422 body.
  expect(await rejection(sdk.groups.create({ id: uniqueId("nameless") }))).toEqual({
    message: expect.any(String),
    errors: [expect.objectContaining({ field: "name", code: "missing_field" })],
  });
});

test("organisation: users create, getById, getAll with role and group filters", async () => {
  const student = await sdk.users.create({
    id: studentId,
    firstName: "Sanne",
    infix: "de",
    lastName: "Vries",
    roles: ["STUDENT"],
    groups: [groupId],
  });
  expect(student).toEqual({
    id: studentId,
    firstName: "Sanne",
    infix: "de",
    lastName: "Vries",
    roles: ["STUDENT"],
    groups: [groupId],
    created: timestamp,
    updated: timestamp,
  });
  const teacher = await sdk.users.create({
    id: teacherId,
    firstName: "Tom",
    infix: "van",
    lastName: "Dijk",
    roles: ["TEACHER"],
    groups: [otherGroupId],
  });
  expect(teacher).toEqual(expect.objectContaining({ id: teacherId, roles: ["TEACHER"], groups: [otherGroupId] }));
  const classmate = await sdk.users.create({
    id: classmateId,
    firstName: "Kees",
    infix: "",
    lastName: "Jansen",
    roles: ["STUDENT"],
  });
  expect(classmate).toEqual(
    expect.objectContaining({ id: classmateId, firstName: "Kees", lastName: "Jansen", roles: ["STUDENT"], groups: [] }),
  );

  expect(await sdk.users.getById(studentId)).toEqual(student);

  const list = async (pairs: [string, string][]) =>
    sorted(ids(onlyPage(await sdk.users.getAll(new URLSearchParams(pairs))))) as string[];
  expect(await list([["role", "STUDENT"]])).toEqual(sorted([studentId, classmateId]));
  expect(await list([["role", "TEACHER"]])).toEqual([teacherId]);
  expect(
    await list([
      ["role", "STUDENT"],
      ["role", "TEACHER"],
    ]),
  ).toEqual(sorted([studentId, teacherId, classmateId]));
  expect(await list([["group", groupId]])).toEqual([studentId]);
  expect(
    await list([
      ["group", groupId],
      ["group", otherGroupId],
    ]),
  ).toEqual(sorted([studentId, teacherId]));
  expect(
    await list([
      ["role", "TEACHER"],
      ["group", groupId],
    ]),
  ).toEqual([]);
  expect(onlyPage(await sdk.users.getAll(new URLSearchParams([["group", groupId]])))).toEqual([student]);
  expect(sorted(ids(onlyPage(await sdk.users.getAll())))).toEqual(sorted([studentId, teacherId, classmateId]));
});

test("as the student (student/<id> scope): getCurrent and profile", async () => {
  const asStudent = await sdk.authentication.impersonate(
    `tenant/${tenantId}/organisation/${orgId}/student/${studentId}`,
  );
  expect(asStudent.token_type).toBe("Bearer");
  expect(token()).toBe(asStudent.access_token);
  expect(await sdk.users.getCurrent()).toEqual(
    expect.objectContaining({
      id: studentId,
      firstName: "Sanne",
      infix: "de",
      lastName: "Vries",
      roles: ["STUDENT"],
      groups: [groupId],
    }),
  );

  const profile = await sdk.profile.create(studentId, {
    birthYear: 2008,
    gender: "f",
    country: "NL",
    language: "nld",
    cefr: 5,
  });
  expect(profile).toEqual({
    birthYear: 2008,
    gender: "f",
    country: "NL",
    language: "nld",
    cefr: 5,
    created: timestamp,
    updated: timestamp,
  });
  expect(await sdk.profile.getCurrent()).toEqual(profile);
  expect(await sdk.profile.getById(studentId)).toEqual(profile);

  // A second create overwrites only the supplied fields.
  const updated = await sdk.profile.create(studentId, { cefr: 6 });
  expect(updated).toEqual({ ...profile, cefr: 6, updated: timestamp });
  expect(await sdk.profile.getCurrent()).toEqual(updated);
});

test("as the student: basicauth and emailauth (generated password) for the current user", async () => {
  // Still the impersonated student token.
  expect((await sdk.users.getCurrent()).id).toBe(studentId);
  expect(await sdk.basicauth.create({ username, password })).toEqual({ email: username, password });

  const generated = await sdk.emailauth.create({ email });
  expect(generated).toEqual({ email, password: expect.any(String) });
  expect(generated.password.length).toBeGreaterThanOrEqual(8);
  generatedPassword = generated.password;

  // The user/<username> form of assembleScope now names the student too.
  sdk.communication.updateSettings({ authorizationToken: orgToken });
  const byUsername = await sdk.authentication.impersonate(sdk.authentication.assembleScope(tenantId, orgId, username));
  expect(token()).toBe(byUsername.access_token);
  expect((await sdk.users.getCurrent()).id).toBe(studentId);
});

test("as the organisation: emailauth for another user (POST /user/<id>/emailauths)", async () => {
  sdk.communication.updateSettings({ authorizationToken: orgToken });
  expect(await sdk.emailauth.create({ email: classmateEmail, password: classmatePassword }, classmateId)).toEqual({
    email: classmateEmail,
    password: classmatePassword,
  });
});

test("sign in with username + scope, and by email without scope", async () => {
  const byUsername = await sdk.authentication.authenticate(
    username,
    password,
    sdk.authentication.assembleScope(tenantId, orgId, username),
  );
  expect(byUsername).toEqual(
    tokenResponse(expect.stringMatching(new RegExp(`^tenant/${tenantId}/organisation/${orgId}/`))),
  );
  expect(token()).toBe(byUsername.access_token);
  expect(await sdk.users.getCurrent()).toEqual(expect.objectContaining({ id: studentId, roles: ["STUDENT"] }));
  expect((await sdk.profile.getCurrent()).cefr).toBe(6);

  const byEmail = await sdk.authentication.authenticate(email, generatedPassword);
  expect(byEmail.token_type).toBe("Bearer");
  expect(token()).toBe(byEmail.access_token);
  expect((await sdk.users.getCurrent()).id).toBe(studentId);

  await sdk.authentication.authenticate(classmateEmail, classmatePassword);
  expect(await sdk.users.getCurrent()).toEqual(
    expect.objectContaining({ id: classmateId, firstName: "Kees", lastName: "Jansen" }),
  );
});

test("errors reject with the parsed JSON body", async () => {
  const before = token();
  const wrong = await rejection(
    sdk.authentication.authenticate(
      username,
      "not-the-password",
      sdk.authentication.assembleScope(tenantId, orgId, username),
    ),
  );
  expect(wrong).toEqual({ error: "invalid_grant", error_description: expect.any(String), message: expect.any(String) });
  expect(token()).toBe(before); // a failed sign-in leaves the settings alone

  sdk.communication.updateSettings({ authorizationToken: adminToken });
  expect(await rejection(sdk.tenants.getById("does-not-exist"))).toEqual({ message: expect.any(String) });

  sdk.communication.updateSettings({ authorizationToken: "not-a-real-token" });
  expect(await rejection(sdk.users.getCurrent())).toEqual({ message: expect.any(String) });

  // Without a token the SDK refuses before sending anything.
  sdk.communication.updateSettings({ authorizationToken: null });
  expect(await rejection(sdk.users.getCurrent())).toEqual(new Error("Please authenticate first."));
});
