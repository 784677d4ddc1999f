// Organisations: POST /organisation (and /organisations, the SDK's path), GET /organisations with
// sort/direction, GET /organisations/:organisation. Organisations are created by a tenant; ids are
// unique within their tenant; ORGANISATION lacks ORGANISATION_LIST (api-conventions.md).
import {
  authed,
  createOrganisation,
  createTenant,
  createUser,
  expectJson,
  impersonate,
  listAll,
  type Organisation,
  studentScope,
  uniqueId,
} from "../support/api";
import { expectError, ISO } from "../support/assertions";
import { expect, test } from "../support/fixtures";

test.describe("creating organisations", () => {
  for (const path of ["/api/organisation", "/api/organisations"]) {
    test(`a tenant creates one with POST ${path}: 201, Location, the organisation shape`, async ({
      request,
      world,
    }) => {
      const id = uniqueId("org");
      const response = await request.post(path, {
        data: { id, name: "North School" },
        headers: authed(world.tenantToken),
      });
      const org = await expectJson<Organisation>(response, 201);
      expect(org).toEqual({ id, name: "North School", created: ISO, updated: ISO });
      expect(Object.keys(org).sort()).toEqual(["created", "id", "name", "updated"]);
      const location = response.headers().location;
      expect(location, "201 carries a Location header").toBeTruthy();
      const url = new URL(location, response.url());
      expect(url.pathname).toBe(`/api/organisations/${id}`);
      expect(
        await expectJson<Organisation>(await request.get(url.toString(), { headers: authed(world.tenantToken) }), 200),
      ).toEqual(org);

      const generated = await expectJson<Organisation>(
        await request.post(path, { data: { name: "Generated" }, headers: authed(world.tenantToken) }),
        201,
      );
      expect(generated).toEqual({ id: expect.any(String), name: "Generated", created: ISO, updated: ISO });
      expect(generated.id).not.toBe("");
      const all = await listAll<Organisation>(request, "/api/organisations", world.tenantToken);
      expect(all.map((o) => o.id).sort()).toEqual([world.orgId, id, generated.id].sort());
    });
  }

  test("ids are unique within a tenant (409) but may repeat in another tenant", async ({ request, admin, world }) => {
    const first = await createOrganisation(request, world.tenantToken, "First");
    await expectError(
      await request.post("/api/organisation", {
        data: { id: first.id, name: "Second" },
        headers: authed(world.tenantToken),
      }),
      409,
    );
    await expectError(
      await request.post("/api/organisations", {
        data: { id: world.orgId, name: "Third" },
        headers: authed(world.tenantToken),
      }),
      409,
    );
    expect(
      await expectJson<Organisation>(
        await request.get(`/api/organisations/${first.id}`, { headers: authed(world.tenantToken) }),
        200,
      ),
    ).toEqual(first);
    expect((await listAll<Organisation>(request, "/api/organisations", world.tenantToken)).length).toBe(2);

    const otherTenant = await createTenant(request, admin);
    const otherToken = await impersonate(request, admin, `tenant/${otherTenant.id}`);
    const twin = await expectJson<Organisation>(
      await request.post("/api/organisation", { data: { id: first.id, name: "Twin" }, headers: authed(otherToken) }),
      201,
    );
    expect(twin).toEqual({ id: first.id, name: "Twin", created: ISO, updated: ISO });
    // Each tenant still sees its own.
    expect(
      (
        await expectJson<Organisation>(
          await request.get(`/api/organisations/${first.id}`, { headers: authed(world.tenantToken) }),
          200,
        )
      ).name,
    ).toBe("First");
    expect(
      (
        await expectJson<Organisation>(
          await request.get(`/api/organisations/${first.id}`, { headers: authed(otherToken) }),
          200,
        )
      ).name,
    ).toBe("Twin");
  });

  test("a missing name is 422 missing_field; a wrong type is 422 invalid; nothing is created", async ({
    request,
    world,
  }) => {
    const id = uniqueId("org");
    const missing = await expectError(
      await request.post("/api/organisation", { data: { id }, headers: authed(world.tenantToken) }),
      422,
    );
    expect(missing.errors).toContainEqual(
      expect.objectContaining({ resource: expect.any(String), field: "name", code: "missing_field" }),
    );
    const wrong = await expectError(
      await request.post("/api/organisation", { data: { id, name: ["x"] }, headers: authed(world.tenantToken) }),
      422,
    );
    expect(wrong.errors).toContainEqual(expect.objectContaining({ field: "name", code: "invalid" }));
    expect((await listAll<Organisation>(request, "/api/organisations", world.tenantToken)).map((o) => o.id)).toEqual([
      world.orgId,
    ]);
  });

  test("only a tenant creates organisations: the top-level admin must impersonate the tenant first", async ({
    request,
    admin,
    world,
  }) => {
    const t = world.tenantId;
    const o = world.orgId;
    const teacher = await createUser(request, world.orgToken, { roles: ["TEACHER"] });
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const orgAdmin = await createUser(request, world.orgToken, { roles: ["ORGANISATION"] });
    const callers: [string, string][] = [
      [admin, "top-level admin without impersonation"],
      [world.orgToken, "organisation"],
      [await impersonate(request, world.orgToken, studentScope(t, o, orgAdmin.id)), "organisation admin user"],
      [await impersonate(request, world.orgToken, studentScope(t, o, teacher.id)), "teacher"],
      [await impersonate(request, world.orgToken, studentScope(t, o, student.id)), "student"],
    ];
    for (const [token, label] of callers) {
      for (const path of ["/api/organisation", "/api/organisations"]) {
        const response = await request.post(path, {
          data: { id: uniqueId("org"), name: `By ${label}` },
          headers: authed(token),
        });
        await expectError(response, 403);
      }
    }
    expect(
      (await listAll<Organisation>(request, "/api/organisations", world.tenantToken)).map((org) => org.id),
    ).toEqual([o]);

    // After impersonating the tenant the admin may.
    const asTenant = await impersonate(request, admin, `tenant/${t}`);
    const created = await expectJson<Organisation>(
      await request.post("/api/organisation", { data: { name: "By admin as tenant" }, headers: authed(asTenant) }),
      201,
    );
    expect(
      (await listAll<Organisation>(request, "/api/organisations", world.tenantToken)).map((org) => org.id).sort(),
    ).toEqual([o, created.id].sort());
  });
});

test.describe("listing and reading organisations", () => {
  test("sort=created|updated|name and direction=asc|desc; default created desc", async ({ request, admin }) => {
    // A tenant of our own whose organisations are exactly the ones made here.
    const tenant = await createTenant(request, admin);
    const token = await impersonate(request, admin, `tenant/${tenant.id}`);
    const made: Organisation[] = [];
    for (const name of ["Org C", "Org A", "Org E", "Org B", "Org D"])
      made.push(await createOrganisation(request, token, name));
    const ids = (orgs: Organisation[]) => orgs.map((o) => o.id);
    const byCreated = ids(made);
    const byName = ids([...made].sort((a, b) => a.name.localeCompare(b.name)));
    const get = async (query: string) =>
      expectJson<Organisation[]>(await request.get(`/api/organisations${query}`, { headers: authed(token) }), 200);

    expect(await get("")).toEqual([...made].reverse());
    expect(ids(await get("?direction=asc"))).toEqual(byCreated);
    expect(ids(await get("?sort=created&direction=desc"))).toEqual([...byCreated].reverse());
    expect(ids(await get("?sort=updated&direction=asc"))).toEqual(byCreated);
    expect(ids(await get("?sort=updated&direction=desc"))).toEqual([...byCreated].reverse());
    expect(ids(await get("?sort=name&direction=asc"))).toEqual(byName);
    expect(ids(await get("?sort=name&direction=desc"))).toEqual([...byName].reverse());
    expect(ids(await get("?sort=name")), "direction defaults to desc").toEqual([...byName].reverse());

    // The cursor follows the chosen order across pages.
    expect(ids(await listAll<Organisation>(request, "/api/organisations?sort=name&direction=asc", token, 2))).toEqual(
      byName,
    );
    expect(
      ids(await listAll<Organisation>(request, "/api/organisations?sort=created&direction=desc", token, 2)),
    ).toEqual([...byCreated].reverse());

    for (const query of ["?sort=bogus", "?direction=sideways"]) {
      await expectError(await request.get(`/api/organisations${query}`, { headers: authed(token) }), [400, 422]);
    }
  });

  test("an organisation token lacks ORGANISATION_LIST; students too", async ({ request, world }) => {
    await expectError(await request.get("/api/organisations", { headers: authed(world.orgToken) }), 403);
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const asStudent = await impersonate(request, world.orgToken, studentScope(world.tenantId, world.orgId, student.id));
    await expectError(await request.get("/api/organisations", { headers: authed(asStudent) }), 403);
  });

  test("GET /organisations/:id answers the organisation to its tenant; unknown ids and sibling organisations are refused", async ({
    request,
    world,
  }) => {
    const org = await expectJson<Organisation>(
      await request.get(`/api/organisations/${world.orgId}`, { headers: authed(world.tenantToken) }),
      200,
    );
    expect(org).toEqual({ id: world.orgId, name: "Test organisation", created: ISO, updated: ISO });
    await expectError(
      await request.get(`/api/organisations/${uniqueId("nope")}`, { headers: authed(world.tenantToken) }),
      404,
    );
    const sibling = await createOrganisation(request, world.tenantToken, "Sibling");
    await expectError(
      await request.get(`/api/organisations/${sibling.id}`, { headers: authed(world.orgToken) }),
      [403, 404],
    );
  });
});
