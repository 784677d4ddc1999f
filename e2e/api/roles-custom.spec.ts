// Custom roles (ours): POST /roles `{id, permissions}` as the SDK's roles.create sends it, and
// PUT /roles/:role `{permissions}`, by top-level admins only; built-in roles are fixed; a custom
// role's permissions act for its holders from their next request.
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { adminToken, asUser, authed, createUser, expectJson, member } from "../support/api";
import { expectError, expectFieldError } from "../support/assertions";
import { expect, test } from "../support/fixtures";

type Role = { id: string; permissions: string[]; builtIn: boolean };
const roleId = () => `CUSTOM_${randomBytes(4).toString("hex").toUpperCase()}`;
const postRole = (request: APIRequestContext, token: string, data: unknown) =>
  request.post("/api/roles", { data: data as object, headers: authed(token) });
const putRole = (request: APIRequestContext, token: string, id: string, data: unknown) =>
  request.put(`/api/roles/${id}`, { data: data as object, headers: authed(token) });

test("a top-level admin creates a custom role: 201, Location, listed and readable by everyone", async ({
  request,
  admin,
  world,
}) => {
  const id = roleId();
  const response = await postRole(request, admin, { id, permissions: ["USER_LIST", "GROUP_LIST", "USER_LIST"] });
  const role = await expectJson<Role>(response, 201);
  expect(role).toEqual({ id, permissions: ["GROUP_LIST", "USER_LIST"], builtIn: false });
  expect(new URL(response.headers().location).pathname).toBe(`/api/roles/${id}`);
  expect(
    await expectJson<Role>(await request.get(`/api/roles/${id}`, { headers: authed(world.orgToken) }), 200),
  ).toEqual(role);
  const list = await expectJson<{ name: string; permissions: string[]; builtIn: boolean }[]>(
    await request.get("/api/roles", { headers: authed(world.orgToken) }),
    200,
  );
  expect(list).toContainEqual({ name: id, permissions: ["GROUP_LIST", "USER_LIST"], builtIn: false });
  expect(list.find((r) => r.name === "STUDENT")?.builtIn).toBe(true);
  // Without an id, one is generated.
  const generated = await expectJson<Role>(await postRole(request, admin, { permissions: [] }), 201);
  expect(generated.id).toMatch(/^ROLE_[0-9A-F]{8}$/);
  // The same id again: 409.
  await expectError(await postRole(request, admin, { id, permissions: [] }), 409);
});

test("unknown permissions, ADMIN and bad ids are 422s; nothing is created", async ({ request, admin }) => {
  const id = roleId();
  await expectFieldError(
    await postRole(request, admin, { id, permissions: ["USER_LIST", "FLY_TO_THE_MOON"] }),
    "Role",
    "permissions",
  );
  await expectFieldError(await postRole(request, admin, { id, permissions: ["ADMIN"] }), "Role", "permissions");
  await expectFieldError(await postRole(request, admin, { id, permissions: 5 }), "Role", "permissions");
  await expectFieldError(await postRole(request, admin, { id: "lower case", permissions: [] }), "Role", "id");
  await expectFieldError(await postRole(request, admin, { id }), "Role", "permissions", "missing_field");
  await expectError(await request.get(`/api/roles/${id}`, { headers: authed(admin) }), 404);
});

test("everyone but top-level admins gets 403", async ({ request, world }) => {
  const orgAdmin = await member(request, world, "ORGANISATION");
  const teacher = await member(request, world, "TEACHER");
  const admin = await adminToken(request);
  const custom = await expectJson<Role>(
    await postRole(request, admin, { id: roleId(), permissions: ["USER_LIST"] }),
    201,
  );
  for (const token of [world.tenantToken, world.orgToken, orgAdmin.token, teacher.token]) {
    await expectError(await postRole(request, token, { id: roleId(), permissions: [] }), 403);
    await expectError(await putRole(request, token, custom.id, { permissions: [] }), 403);
  }
  await expectError(await request.post("/api/roles", { data: { id: roleId(), permissions: [] } }), 401);
  expect(
    (await expectJson<Role>(await request.get(`/api/roles/${custom.id}`, { headers: authed(admin) }), 200)).permissions,
  ).toEqual(["USER_LIST"]);
});

test("PUT /roles/:role replaces a custom role's permissions; built-in roles are fixed", async ({ request, admin }) => {
  const id = roleId();
  await expectJson<Role>(await postRole(request, admin, { id, permissions: ["USER_LIST"] }), 201);
  expect(
    await expectJson<Role>(
      await putRole(request, admin, id, { permissions: ["CATEGORY_LIST", "CHALLENGE_LIST"] }),
      200,
    ),
  ).toEqual({
    id,
    permissions: ["CATEGORY_LIST", "CHALLENGE_LIST"],
    builtIn: false,
  });
  await expectFieldError(await putRole(request, admin, id, { permissions: ["NOPE"] }), "Role", "permissions");
  await expectError(await putRole(request, admin, "STUDENT", { permissions: ["USER_LIST"] }), 403);
  await expectError(await putRole(request, admin, "NO_SUCH_ROLE_X", { permissions: [] }), 404);
  const student = await expectJson<Role>(await request.get("/api/roles/STUDENT", { headers: authed(admin) }), 200);
  expect(student.permissions).not.toContain("USER_LIST");
  expect(student.builtIn).toBe(true);
});

test("a custom role's permissions act for its holders, and follow its changes", async ({ request, admin, world }) => {
  const id = roleId();
  await expectJson<Role>(await postRole(request, admin, { id, permissions: ["USER_LIST"] }), 201);
  // The organisation (an administrator) grants it like any role; a teacher, who does not hold it, may not.
  const assistant = await createUser(request, world.orgToken, { roles: [id] });
  expect(assistant.roles).toEqual([id]);
  const teacher = await member(request, world, "TEACHER");
  await expectError(
    await request.post("/api/users", {
      data: { firstName: "A", infix: null, lastName: "B", roles: [id] },
      headers: authed(teacher.token),
    }),
    403,
  );
  const token = await asUser(request, world, assistant.id);
  expect((await request.get("/api/users", { headers: authed(token) })).status()).toBe(200);
  expect((await request.get("/api/groups", { headers: authed(token) })).status()).toBe(403);
  await expectJson<Role>(await putRole(request, admin, id, { permissions: ["GROUP_LIST"] }), 200);
  expect((await request.get("/api/users", { headers: authed(token) })).status()).toBe(403);
  expect((await request.get("/api/groups", { headers: authed(token) })).status()).toBe(200);
});
