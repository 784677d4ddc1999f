// Bad input on every administrative create endpoint (api-conventions.md, "Errors"): malformed JSON
// and non-object JSON are 400, missing fields 422 missing_field, wrong types 422 invalid, a body over
// 1 MiB 413, an unsupported Content-Type 415, no or a garbage token 401. None is a 500 and none
// stores anything: each bad request carries a marker id that is looked for afterwards.
import type { APIRequestContext } from "@playwright/test";
import { addBasicAuth, authed, createUser, expectJson, impersonate, listIds, signIn, uniqueId } from "../support/api";
import { expectError } from "../support/assertions";
import { expect, test, type World } from "../support/fixtures";

const signInFails = async (request: APIRequestContext, username: string, password: string, scope?: string) =>
  expect(await signIn(request, username, password, scope), `${username} must not sign in`).toBe(400);

type Ctx = {
  request: APIRequestContext;
  admin: string;
  world: World;
  studentId: string;
  studentToken: string;
  profileUserId: string;
  storedProfile: unknown;
  baselineUsers: string[];
  baselineGroups: string[];
};

type Endpoint = {
  name: string;
  path: (c: Ctx) => string;
  token: (c: Ctx) => string;
  /** A body that would create something identified by `marker`. */
  valid: (marker: string) => Record<string, unknown>;
  required: string[];
  wrongTypes: (marker: string) => Record<string, unknown>;
  invalidFields: string[];
  /** Asserts nothing identified by `marker` (nor anything else) was stored. */
  nothingStored: (c: Ctx, marker: string) => Promise<void>;
};

const PASSWORD = "valid-password-123";

const endpoints: Endpoint[] = [
  {
    name: "POST /tenants",
    path: () => "/api/tenants",
    token: (c) => c.admin,
    valid: (m) => ({ id: m, name: "Tenant" }),
    required: ["name"],
    wrongTypes: (m) => ({ id: m, name: 12 }),
    invalidFields: ["name"],
    nothingStored: async (c, m) => {
      await expectError(await c.request.get(`/api/tenants/${m}`, { headers: authed(c.admin) }), 404, "tenant stored");
    },
  },
  ...["/api/organisation", "/api/organisations"].map<Endpoint>((path) => ({
    name: `POST ${path.slice(4)}`,
    path: () => path,
    token: (c) => c.world.tenantToken,
    valid: (m) => ({ id: m, name: "Organisation" }),
    required: ["name"],
    wrongTypes: (m) => ({ id: m, name: true }),
    invalidFields: ["name"],
    nothingStored: async (c, m) => {
      await expectError(
        await c.request.get(`/api/organisations/${m}`, { headers: authed(c.world.tenantToken) }),
        404,
        "organisation stored",
      );
      expect(await listIds(c.request, "/api/organisations", c.world.tenantToken)).toEqual([c.world.orgId]);
    },
  })),
  {
    name: "POST /users",
    path: () => "/api/users",
    token: (c) => c.world.orgToken,
    valid: (m) => ({ id: m, firstName: "F", infix: null, lastName: "L", roles: ["STUDENT"] }),
    required: ["firstName", "infix", "lastName", "roles"],
    wrongTypes: (m) => ({ id: m, firstName: 1, infix: 2, lastName: false, roles: 5 }),
    invalidFields: ["firstName", "infix", "lastName", "roles"],
    nothingStored: async (c, m) => {
      await expectError(
        await c.request.get(`/api/users/${m}`, { headers: authed(c.world.orgToken) }),
        404,
        "user stored",
      );
      expect(await listIds(c.request, "/api/users", c.world.orgToken)).toEqual(c.baselineUsers);
    },
  },
  {
    name: "POST /users/:id/profile",
    path: (c) => `/api/users/${c.profileUserId}/profile`,
    token: (c) => c.world.orgToken,
    valid: (m) => ({ country: m, cefr: 9, gender: "x" }),
    required: [],
    wrongTypes: (m) => ({ country: m, cefr: "nine", gender: 3, birthYear: "old" }),
    invalidFields: ["cefr", "gender", "birthYear"],
    nothingStored: async (c) => {
      expect(
        await expectJson(
          await c.request.get(`/api/users/${c.profileUserId}/profile`, { headers: authed(c.world.orgToken) }),
          200,
        ),
      ).toEqual(c.storedProfile);
    },
  },
  {
    name: "POST /groups",
    path: () => "/api/groups",
    token: (c) => c.world.orgToken,
    valid: (m) => ({ id: m, name: "Group" }),
    required: ["name"],
    wrongTypes: (m) => ({ id: m, name: 7, categories: "not-a-list-of-ids!" }),
    invalidFields: ["name"],
    nothingStored: async (c, m) => {
      await expectError(
        await c.request.get(`/api/groups/${m}`, { headers: authed(c.world.orgToken) }),
        404,
        "group stored",
      );
      expect(await listIds(c.request, "/api/groups", c.world.orgToken)).toEqual(c.baselineGroups);
    },
  },
  {
    name: "POST /user/basicauths",
    path: () => "/api/user/basicauths",
    token: (c) => c.studentToken,
    valid: (m) => ({ username: m, password: PASSWORD }),
    required: ["username", "password"],
    wrongTypes: (m) => ({ username: [m], password: 12345678 }),
    invalidFields: ["username", "password"],
    nothingStored: async (c, m) => {
      await signInFails(c.request, m, PASSWORD, `tenant/${c.world.tenantId}/organisation/${c.world.orgId}/user/${m}`);
    },
  },
  {
    name: "POST /user/emailauths",
    path: () => "/api/user/emailauths",
    token: (c) => c.studentToken,
    valid: (m) => ({ email: `${m}@example.org`, password: PASSWORD }),
    required: ["email"],
    wrongTypes: (m) => ({ email: { address: `${m}@example.org` }, password: 12345678 }),
    invalidFields: ["email", "password"],
    nothingStored: async (c, m) => signInFails(c.request, `${m}@example.org`, PASSWORD),
  },
  {
    name: "POST /users/:user/emailauths",
    path: (c) => `/api/users/${c.studentId}/emailauths`,
    token: (c) => c.world.orgToken,
    valid: (m) => ({ email: `${m}@example.org`, password: PASSWORD }),
    required: ["email"],
    wrongTypes: (m) => ({ email: [`${m}@example.org`], password: false }),
    invalidFields: ["email", "password"],
    nothingStored: async (c, m) => signInFails(c.request, `${m}@example.org`, PASSWORD),
  },
];

async function setup(request: APIRequestContext, admin: string, world: World): Promise<Ctx> {
  const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
  const studentToken = await impersonate(
    request,
    world.orgToken,
    `tenant/${world.tenantId}/organisation/${world.orgId}/student/${student.id}`,
  );
  const profileUser = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
  const storedProfile = await expectJson(
    await request.post(`/api/users/${profileUser.id}/profile`, {
      data: { birthYear: 2000, gender: "m", country: "NL", language: "nld", cefr: 2 },
      headers: authed(world.orgToken),
    }),
    201,
  );
  const group = await expectJson<{ id: string }>(
    await request.post("/api/groups", { data: { name: "Existing" }, headers: authed(world.orgToken) }),
    201,
  );
  // The student already has a credential: bad input must not replace it either.
  const username = uniqueId("existing");
  await addBasicAuth(request, studentToken, username, "existing-password");
  return {
    request,
    admin,
    world,
    studentId: student.id,
    studentToken,
    profileUserId: profileUser.id,
    storedProfile,
    baselineUsers: [student.id, profileUser.id].sort(),
    baselineGroups: [group.id],
  };
}

const ONE_AND_A_HALF_MIB = 1.5 * 1024 * 1024;

for (const endpoint of endpoints) {
  test(`${endpoint.name}: 400, 422, 413 and 415 for bad bodies, 401 without a token; nothing stored`, async ({
    request,
    admin,
    world,
  }) => {
    const c = await setup(request, admin, world);
    const path = endpoint.path(c);
    const token = endpoint.token(c);
    const marker = uniqueId("bad");
    const send = (data: string | Buffer, contentType: string, headers: Record<string, string> = authed(token)) =>
      request.post(path, { data, headers: { ...headers, "Content-Type": contentType } });
    const validJson = JSON.stringify(endpoint.valid(marker));

    // Malformed JSON.
    for (const text of [validJson.slice(0, -3), "{", "{'id': 'single quotes'}", "not json at all"]) {
      await expectError(await send(text, "application/json"), 400, `malformed ${JSON.stringify(text)}`);
    }
    // JSON, but not an object.
    for (const text of [`[${validJson}]`, "[]", '"a string"', "42", "null"]) {
      await expectError(await send(text, "application/json"), 400, `non-object ${text.slice(0, 40)}`);
    }
    // Missing required fields: each named with missing_field.
    if (endpoint.required.length) {
      const body = await expectError(
        await send(JSON.stringify({ id: marker }), "application/json"),
        422,
        "missing fields",
      );
      for (const field of endpoint.required) {
        expect
          .soft(body.errors, `missing ${field}`)
          .toContainEqual(expect.objectContaining({ resource: expect.any(String), field, code: "missing_field" }));
      }
      for (const field of endpoint.required) {
        const partial = { ...endpoint.valid(marker) };
        delete partial[field];
        const one = await expectError(await send(JSON.stringify(partial), "application/json"), 422, `without ${field}`);
        expect
          .soft(one.errors, `without ${field}`)
          .toContainEqual(expect.objectContaining({ field, code: "missing_field" }));
      }
    }
    // Wrong types: each named with invalid.
    const wrong = await expectError(
      await send(JSON.stringify(endpoint.wrongTypes(marker)), "application/json"),
      422,
      "wrong types",
    );
    for (const field of endpoint.invalidFields) {
      expect
        .soft(wrong.errors, `wrong type of ${field}`)
        .toContainEqual(expect.objectContaining({ resource: expect.any(String), field, code: "invalid" }));
    }
    // Over the 1 MiB limit, in a real field and in an extra one.
    const padded = JSON.stringify({ ...endpoint.valid(marker), padding: "x".repeat(ONE_AND_A_HALF_MIB) });
    await expectError(await send(padded, "application/json"), 413, "oversized");
    await expectError(await send(Buffer.from(padded), "application/json; charset=utf-8"), 413, "oversized (buffer)");
    // Unsupported content types, with a perfectly valid JSON text.
    for (const type of ["text/plain", "text/plain; charset=utf-8", "application/xml"]) {
      await expectError(await send(validJson, type), 415, type);
    }
    // No token, a garbage token.
    const anonymous = await request.post(path, { data: endpoint.valid(marker) });
    await expectError(anonymous, 401, "no token");
    expect(anonymous.headers()["www-authenticate"]).toMatch(/^Bearer/);
    const garbage = await request.post(path, {
      data: endpoint.valid(marker),
      headers: authed("garbage-garbage-garbage"),
    });
    await expectError(garbage, 401, "garbage token");
    expect(garbage.headers()["www-authenticate"]).toMatch(/^Bearer/);

    await endpoint.nothingStored(c, marker);

    // The same body, sent properly, works: the refusals above were about the input alone.
    const ok = await request.post(path, { data: endpoint.valid(marker), headers: authed(token) });
    expect(ok.status(), await ok.text()).toBe(201);
  });
}

test("read endpoints refuse a missing or garbage token with 401 and WWW-Authenticate", async ({ request, world }) => {
  const paths = [
    "/api/tenants",
    `/api/tenants/${world.tenantId}`,
    "/api/organisations",
    `/api/organisations/${world.orgId}`,
    "/api/users",
    "/api/user",
    "/api/user/profile",
    "/api/groups",
    "/api/roles",
    "/api/roles/STUDENT",
  ];
  for (const path of paths) {
    const missing = await request.get(path);
    await expectError(missing, 401, `${path} without token`);
    expect(missing.headers()["www-authenticate"]).toMatch(/^Bearer/);
    const garbage = await request.get(path, { headers: authed("garbage-garbage-garbage") });
    await expectError(garbage, 401, `${path} with garbage token`);
    expect(garbage.headers()["www-authenticate"]).toContain('error="invalid_token"');
    await expectError(await request.get(`${path}?access_token=garbage-garbage`), 401, `${path}?access_token=garbage`);
  }
});

test("unknown sub-paths and unsupported methods on the administrative endpoints answer JSON, never 500", async ({
  request,
  world,
}) => {
  const h = authed(world.orgToken);
  for (const path of [
    `/api/tenants/${world.tenantId}/nothing`,
    `/api/users/x/y/z`,
    `/api/groups/x/members`,
    "/api/roles/STUDENT/extra",
    "/api/user/nothing-here",
  ]) {
    await expectError(await request.get(path, { headers: h }), 404, path);
  }
  for (const [method, path] of [
    ["DELETE", `/api/tenants/${world.tenantId}`],
    ["PATCH", "/api/users"],
    ["PATCH", "/api/roles/STUDENT"],
    ["DELETE", "/api/groups"],
  ] as const) {
    const response = await request.fetch(path, { method, headers: h, data: {} });
    expect([404, 405], `${method} ${path} answered ${response.status()}`).toContain(response.status());
    expect(response.headers()["content-type"]).toContain("application/json");
  }
});
