// Tenants: GET/POST /tenants, GET /tenants/:tenant (service-interface.md §4 "Tenants and organisations";
// api-conventions.md: only a top-level admin creates tenants, taken ids are 409, other tenants are 404).
import {
  authed,
  createTenant,
  createUser,
  expectJson,
  impersonate,
  listAll,
  studentScope,
  type Tenant,
  uniqueId,
} from "../support/api";
import { expectError, ISO } from "../support/assertions";
import { expect, test } from "../support/fixtures";

test.describe("POST /tenants", () => {
  test("a top-level admin creates a tenant with a chosen id: 201, Location, the tenant shape", async ({
    request,
    admin,
  }) => {
    const id = uniqueId("tenant");
    const response = await request.post("/api/tenants", { data: { id, name: "Acme Schools" }, headers: authed(admin) });
    const tenant = await expectJson<Tenant>(response, 201);
    expect(tenant).toEqual({ id, name: "Acme Schools", created: ISO, updated: ISO });
    expect(Object.keys(tenant).sort()).toEqual(["created", "id", "name", "updated"]);

    const location = response.headers().location;
    expect(location, "201 carries a Location header").toBeTruthy();
    expect(new URL(location, response.url()).pathname).toBe(`/api/tenants/${id}`);
    expect(
      await expectJson<Tenant>(
        await request.get(new URL(location, response.url()).toString(), { headers: authed(admin) }),
        200,
      ),
    ).toEqual(tenant);
  });

  test("without an id the service generates one", async ({ request, admin }) => {
    const response = await request.post("/api/tenants", { data: { name: "Generated" }, headers: authed(admin) });
    const tenant = await expectJson<Tenant>(response, 201);
    expect(tenant).toEqual({ id: expect.any(String), name: "Generated", created: ISO, updated: ISO });
    expect(tenant.id.length).toBeGreaterThan(0);
    expect(
      await expectJson<Tenant>(await request.get(`/api/tenants/${tenant.id}`, { headers: authed(admin) }), 200),
    ).toEqual(tenant);
    const all = await listAll<Tenant>(request, "/api/tenants", admin);
    expect(all.filter((t) => t.id === tenant.id)).toEqual([tenant]);
  });

  test("a taken id answers 409 and leaves the existing tenant unchanged", async ({ request, admin }) => {
    const first = await createTenant(request, admin, "Original");
    const response = await request.post("/api/tenants", {
      data: { id: first.id, name: "Usurper" },
      headers: authed(admin),
    });
    await expectError(response, 409);
    expect(
      await expectJson<Tenant>(await request.get(`/api/tenants/${first.id}`, { headers: authed(admin) }), 200),
    ).toEqual(first);
  });

  test("a missing or blank name answers 422 naming the field", async ({ request, admin }) => {
    const id = uniqueId("tenant");
    const missing = await expectError(
      await request.post("/api/tenants", { data: { id }, headers: authed(admin) }),
      422,
    );
    expect(missing.errors).toContainEqual(
      expect.objectContaining({ resource: expect.any(String), field: "name", code: "missing_field" }),
    );

    const wrongType = await expectError(
      await request.post("/api/tenants", { data: { id, name: 42 }, headers: authed(admin) }),
      422,
    );
    expect(wrongType.errors).toContainEqual(expect.objectContaining({ field: "name", code: "invalid" }));

    const blank = await expectError(
      await request.post("/api/tenants", { data: { id, name: "   " }, headers: authed(admin) }),
      422,
    );
    expect(blank.errors?.find((e) => e.field === "name")?.code).toMatch(/^(missing_field|invalid)$/);

    // An id has to be usable in paths and scopes (tenant/<id>).
    const badId = await expectError(
      await request.post("/api/tenants", { data: { id: "has/slash", name: "x" }, headers: authed(admin) }),
      422,
    );
    expect(badId.errors).toContainEqual(expect.objectContaining({ field: "id", code: "invalid" }));

    await expectError(await request.get(`/api/tenants/${id}`, { headers: authed(admin) }), 404);
  });

  test("only a top-level admin creates tenants: tenant, organisation and their users get 403", async ({
    request,
    admin,
    world,
  }) => {
    const t = world.tenantId;
    const o = world.orgId;
    const tenantAdmin = await createUser(request, world.tenantToken, { roles: ["TENANT"] });
    const asTenantAdmin = await impersonate(request, world.tenantToken, `tenant/${t}/user/${tenantAdmin.id}`);
    const orgAdmin = await createUser(request, world.orgToken, { roles: ["ORGANISATION"] });
    const teacher = await createUser(request, world.orgToken, { roles: ["TEACHER"] });
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const callers: [string, string][] = [
      [world.tenantToken, "tenant"],
      [asTenantAdmin, "tenant-level user with TENANT"],
      [world.orgToken, "organisation"],
      [await impersonate(request, world.orgToken, studentScope(t, o, orgAdmin.id)), "organisation admin user"],
      [await impersonate(request, world.orgToken, studentScope(t, o, teacher.id)), "teacher"],
      [await impersonate(request, world.orgToken, studentScope(t, o, student.id)), "student"],
    ];
    for (const [token, label] of callers) {
      const id = uniqueId("tenant");
      const response = await request.post("/api/tenants", {
        data: { id, name: `By ${label}` },
        headers: authed(token),
      });
      await expectError(response, 403);
      await expectError(await request.get(`/api/tenants/${id}`, { headers: authed(admin) }), 404);
    }
  });
});

test.describe("GET /tenants and /tenants/:tenant", () => {
  test("a tenant sees only itself", async ({ request, admin, world }) => {
    const other = await createTenant(request, admin, "Someone else");
    const own = await expectJson<Tenant>(
      await request.get(`/api/tenants/${world.tenantId}`, { headers: authed(world.tenantToken) }),
      200,
    );
    expect(own).toEqual({ id: world.tenantId, name: "Test tenant", created: ISO, updated: ISO });
    expect(await listAll<Tenant>(request, "/api/tenants", world.tenantToken)).toEqual([own]);
    await expectError(await request.get(`/api/tenants/${other.id}`, { headers: authed(world.tenantToken) }), 404);
  });

  test("the top-level admin lists and reads every tenant", async ({ request, admin }) => {
    const a = await createTenant(request, admin, "Tenant A");
    const b = await createTenant(request, admin, "Tenant B");
    const all = await listAll<Tenant>(request, "/api/tenants", admin);
    expect(all).toContainEqual(a);
    expect(all).toContainEqual(b);
    expect(new Set(all.map((t) => t.id)).size, "no tenant listed twice").toBe(all.length);
    for (const t of all.slice(0, 3))
      expect(t).toEqual({ id: expect.any(String), name: expect.any(String), created: ISO, updated: ISO });
    expect(
      await expectJson<Tenant>(await request.get(`/api/tenants/${b.id}`, { headers: authed(admin) }), 200),
    ).toEqual(b);
  });

  test("an unknown tenant is a JSON 404", async ({ request, admin }) => {
    await expectError(await request.get(`/api/tenants/${uniqueId("nope")}`, { headers: authed(admin) }), 404);
  });

  test("students and teachers have no administrative powers: 403", async ({ request, world }) => {
    for (const role of ["STUDENT", "TEACHER"]) {
      const user = await createUser(request, world.orgToken, { roles: [role] });
      const token = await impersonate(request, world.orgToken, studentScope(world.tenantId, world.orgId, user.id));
      await expectError(await request.get("/api/tenants", { headers: authed(token) }), 403);
      await expectError(await request.get(`/api/tenants/${world.tenantId}`, { headers: authed(token) }), [403, 404]);
    }
  });

  test("without a token: 401 with WWW-Authenticate", async ({ request, world }) => {
    for (const response of [
      await request.get("/api/tenants"),
      await request.get(`/api/tenants/${world.tenantId}`),
      await request.post("/api/tenants", { data: { name: "x" } }),
    ]) {
      await expectError(response, 401);
      expect(response.headers()["www-authenticate"]).toMatch(/^Bearer/);
    }
  });
});
