// Users: POST /users (at the caller's level), GET /users (repeatable group and role filters,
// paginated), GET /users/:userId, GET /user. Permissions from api-conventions.md: STUDENT lacks
// USER_CREATE and USER_LIST; TEACHER has USER_CREATE but grants only STUDENT or TEACHER.
import type { APIRequestContext } from "@playwright/test";
import { asUser, authed, createUser, expectJson, listAll, listIds, nextUrl, type User, uniqueId } from "../support/api";
import { expectError, ISO } from "../support/assertions";
import { expect, test } from "../support/fixtures";

type FullUser = User & { groups: string[]; created: string; updated: string };

const postUser = (request: APIRequestContext, token: string, data: unknown) =>
  request.post("/api/users", { data, headers: authed(token) });

async function createGroup(request: APIRequestContext, token: string, name: string): Promise<string> {
  const group = await expectJson<{ id: string }>(
    await request.post("/api/groups", { data: { id: uniqueId("grp"), name }, headers: authed(token) }),
    201,
  );
  return group.id;
}

test.describe("POST /users", () => {
  test("an organisation creates a user: 201, Location, the full user shape", async ({ request, world }) => {
    const id = uniqueId("user");
    const response = await postUser(request, world.orgToken, {
      id,
      firstName: "Anna",
      infix: "van der",
      lastName: "Berg",
      roles: ["STUDENT"],
    });
    const user = await expectJson<FullUser>(response, 201);
    expect(user).toEqual({
      id,
      firstName: "Anna",
      infix: "van der",
      lastName: "Berg",
      groups: [],
      roles: ["STUDENT"],
      created: ISO,
      updated: ISO,
    });
    expect(Object.keys(user).sort()).toEqual([
      "created",
      "firstName",
      "groups",
      "id",
      "infix",
      "lastName",
      "roles",
      "updated",
    ]);

    const location = response.headers().location;
    expect(location, "201 carries a Location header").toBeTruthy();
    const url = new URL(location, response.url());
    expect(url.pathname).toBe(`/api/users/${id}`);
    expect(
      await expectJson<FullUser>(await request.get(url.toString(), { headers: authed(world.orgToken) }), 200),
    ).toEqual(user);
    expect(await listIds(request, "/api/users", world.orgToken)).toEqual([id]);
  });

  test("infix null stays null; a generated id; several roles", async ({ request, world }) => {
    const user = await expectJson<FullUser>(
      await postUser(request, world.orgToken, {
        firstName: "Bo",
        infix: null,
        lastName: "Smit",
        roles: ["TEACHER", "STUDENT"],
      }),
      201,
    );
    expect(user).toEqual({
      id: expect.any(String),
      firstName: "Bo",
      infix: null,
      lastName: "Smit",
      groups: [],
      roles: expect.any(Array),
      created: ISO,
      updated: ISO,
    });
    expect(user.id).not.toBe("");
    expect([...user.roles].sort()).toEqual(["STUDENT", "TEACHER"]);
    const read = await expectJson<FullUser>(
      await request.get(`/api/users/${user.id}`, { headers: authed(world.orgToken) }),
      200,
    );
    expect(read).toEqual(user);
    expect(read.infix).toBeNull();
  });

  test("GET /user answers the current user, the same object as GET /users/:id", async ({ request, world }) => {
    const created = await createUser(request, world.orgToken, {
      roles: ["STUDENT"],
      firstName: "Cas",
      infix: "de",
      lastName: "Vries",
    });
    const me = await expectJson<FullUser>(
      await request.get("/api/user", { headers: authed(await asUser(request, world, created.id)) }),
      200,
    );
    expect(me).toEqual({ ...created, created: ISO, updated: ISO });
    expect(me).toEqual(
      await expectJson<FullUser>(
        await request.get(`/api/users/${created.id}`, { headers: authed(world.orgToken) }),
        200,
      ),
    );
  });

  test("a taken id answers 409 and the first user is unchanged", async ({ request, world }) => {
    const first = await createUser(request, world.orgToken, {
      id: uniqueId("user"),
      roles: ["STUDENT"],
      firstName: "First",
    });
    const response = await postUser(request, world.orgToken, {
      id: first.id,
      firstName: "Second",
      infix: null,
      lastName: "X",
      roles: ["TEACHER"],
    });
    await expectError(response, 409);
    expect(
      await expectJson<FullUser>(await request.get(`/api/users/${first.id}`, { headers: authed(world.orgToken) }), 200),
    ).toEqual(first);
    expect(await listIds(request, "/api/users", world.orgToken)).toEqual([first.id]);
  });

  test("missing and invalid fields answer 422 naming each field; unknown roles and groups are code missing", async ({
    request,
    world,
  }) => {
    const empty = await expectError(await postUser(request, world.orgToken, {}), 422);
    for (const field of ["firstName", "infix", "lastName", "roles"]) {
      expect(empty.errors, field).toContainEqual(
        expect.objectContaining({ resource: expect.any(String), field, code: "missing_field" }),
      );
    }
    const wrong = await expectError(
      await postUser(request, world.orgToken, { firstName: 7, infix: null, lastName: { a: 1 }, roles: ["STUDENT"] }),
      422,
    );
    expect(wrong.errors).toContainEqual(expect.objectContaining({ field: "firstName", code: "invalid" }));
    expect(wrong.errors).toContainEqual(expect.objectContaining({ field: "lastName", code: "invalid" }));

    const unknownRole = await expectError(
      await postUser(request, world.orgToken, { firstName: "A", infix: null, lastName: "B", roles: ["WIZARD"] }),
      422,
    );
    expect(unknownRole.errors).toContainEqual(expect.objectContaining({ field: "roles", code: "missing" }));
    const unknownGroup = await expectError(
      await postUser(request, world.orgToken, {
        firstName: "A",
        infix: null,
        lastName: "B",
        roles: ["STUDENT"],
        groups: [uniqueId("nogroup")],
      }),
      422,
    );
    expect(unknownGroup.errors).toContainEqual(expect.objectContaining({ field: "groups", code: "missing" }));
    const badId = await expectError(
      await postUser(request, world.orgToken, {
        id: "a/b",
        firstName: "A",
        infix: null,
        lastName: "B",
        roles: ["STUDENT"],
      }),
      422,
    );
    expect(badId.errors).toContainEqual(expect.objectContaining({ field: "id", code: "invalid" }));

    expect(await listIds(request, "/api/users", world.orgToken)).toEqual([]);
  });

  test("users are created at the caller's level: top-level, tenant and organisation users stay apart", async ({
    request,
    admin,
    world,
  }) => {
    const topUser = await createUser(request, admin, { roles: ["TEACHER"] });
    const tenantUser = await createUser(request, world.tenantToken, { roles: ["TENANT"] });
    const orgUser = await createUser(request, world.orgToken, { roles: ["STUDENT"] });

    const orgIds = await listIds(request, "/api/users", world.orgToken);
    expect(orgIds).toEqual([orgUser.id]);
    const tenantIds = await listIds(request, "/api/users", world.tenantToken);
    expect(tenantIds).toContain(tenantUser.id);
    expect(tenantIds).not.toContain(topUser.id);
    const topIds = await listIds(request, "/api/users", admin);
    expect(topIds).toContain(topUser.id);
    expect(topIds).not.toContain(tenantUser.id);
    expect(topIds).not.toContain(orgUser.id);

    await expectError(await request.get(`/api/users/${tenantUser.id}`, { headers: authed(world.orgToken) }), 404);
    await expectError(await request.get(`/api/users/${topUser.id}`, { headers: authed(world.tenantToken) }), 404);
    expect(
      (
        await expectJson<FullUser>(
          await request.get(`/api/users/${tenantUser.id}`, { headers: authed(world.tenantToken) }),
          200,
        )
      ).roles,
    ).toEqual(["TENANT"]);
    expect(
      (await expectJson<FullUser>(await request.get(`/api/users/${topUser.id}`, { headers: authed(admin) }), 200))
        .roles,
    ).toEqual(["TEACHER"]);
  });

  test("a student may neither create nor list users", async ({ request, world }) => {
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const other = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const token = await asUser(request, world, student.id);
    await expectError(
      await postUser(request, token, { firstName: "A", infix: null, lastName: "B", roles: ["STUDENT"] }),
      403,
    );
    await expectError(await request.get("/api/users", { headers: authed(token) }), 403);
    await expectError(await request.get(`/api/users/${other.id}`, { headers: authed(token) }), [403, 404]);
    expect(await listIds(request, "/api/users", world.orgToken)).toEqual([student.id, other.id].sort());
  });

  test("a teacher creates students and teachers but may not grant ADMIN, ORGANISATION, TENANT or annotator roles", async ({
    request,
    world,
  }) => {
    const teacher = await createUser(request, world.orgToken, { roles: ["TEACHER"] });
    const token = await asUser(request, world, teacher.id);
    const student = await expectJson<FullUser>(
      await postUser(request, token, { firstName: "S", infix: null, lastName: "T", roles: ["STUDENT"] }),
      201,
    );
    const colleague = await expectJson<FullUser>(
      await postUser(request, token, { firstName: "T", infix: null, lastName: "T", roles: ["TEACHER"] }),
      201,
    );
    expect(student.roles).toEqual(["STUDENT"]);
    expect(colleague.roles).toEqual(["TEACHER"]);
    for (const roles of [["ADMIN"], ["ORGANISATION"], ["TENANT"], ["ANNOTATOR_FULL"], ["STUDENT", "ADMIN"]]) {
      const id = uniqueId("esc");
      await expectError(await postUser(request, token, { id, firstName: "E", infix: null, lastName: "X", roles }), 403);
    }
    // The teacher's users live in its organisation; the refused ones do not exist.
    expect(await listIds(request, "/api/users", token)).toEqual([teacher.id, student.id, colleague.id].sort());
    expect(await listIds(request, "/api/users", world.orgToken)).toEqual([teacher.id, student.id, colleague.id].sort());
  });
});

test.describe("GET /users", () => {
  test("group and role filters, each repeatable, select the union of their values", async ({ request, world }) => {
    const g1 = await createGroup(request, world.orgToken, "Class 1");
    const g2 = await createGroup(request, world.orgToken, "Class 2");
    const g3 = await createGroup(request, world.orgToken, "Class 3");
    const s1 = await createUser(request, world.orgToken, { roles: ["STUDENT"], groups: [g1] });
    const s2 = await createUser(request, world.orgToken, { roles: ["STUDENT"], groups: [g2] });
    const t1 = await createUser(request, world.orgToken, { roles: ["TEACHER"], groups: [g1, g2] });
    const t2 = await createUser(request, world.orgToken, { roles: ["TEACHER"] });
    const a1 = await createUser(request, world.orgToken, { roles: ["ANNOTATOR_BASE"], groups: [g3] });
    expect([...(t1.groups ?? [])].sort()).toEqual([g1, g2].sort());
    expect(t2.groups).toEqual([]);

    const cases: [string, User[]][] = [
      ["", [s1, s2, t1, t2, a1]],
      [`?group=${g1}`, [s1, t1]],
      [`?group=${g2}`, [s2, t1]],
      [`?group=${g1}&group=${g3}`, [s1, t1, a1]],
      ["?role=TEACHER", [t1, t2]],
      ["?role=STUDENT&role=ANNOTATOR_BASE", [s1, s2, a1]],
      ["?role=ADMIN", []],
    ];
    for (const [query, expected] of cases) {
      expect(await listIds(request, `/api/users${query}`, world.orgToken), query).toEqual(
        expected.map((u) => u.id).sort(),
      );
    }
    // The next-page link keeps the (repeated) filters.
    const walked: string[] = [];
    let url: string | null = `/api/users?group=${g1}&group=${g3}&perPage=1`;
    while (url) {
      expect(walked.length).toBeLessThan(10);
      const response = await request.get(url, { headers: authed(world.orgToken) });
      const page = await expectJson<User[]>(response, 200);
      expect(page.length).toBeLessThanOrEqual(1);
      walked.push(...page.map((u) => u.id));
      url = nextUrl(response);
    }
    expect(walked.sort()).toEqual([s1, t1, a1].map((u) => u.id).sort());

    // Listed users carry the full shape, groups included.
    const listed = await listAll<FullUser>(request, `/api/users?group=${g2}`, world.orgToken);
    expect(listed.find((u) => u.id === t1.id)).toEqual({
      ...t1,
      groups: expect.arrayContaining([g1, g2]),
      created: ISO,
      updated: ISO,
    });
  });

  test("25 users walked with perPage=10 through the Link header: each seen exactly once; a tampered cursor is 400", async ({
    request,
    world,
  }) => {
    const made: string[] = [];
    for (let i = 0; i < 25; i++)
      made.push((await createUser(request, world.orgToken, { roles: ["STUDENT"], lastName: `Pupil ${i}` })).id);

    // Default page size is 20.
    const first = await request.get("/api/users", { headers: authed(world.orgToken) });
    expect((await expectJson<User[]>(first, 200)).length).toBe(20);
    expect(nextUrl(first)).toBeTruthy();

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor = "";
    let url: string | null = "/api/users?perPage=10";
    while (url) {
      expect(sizes.length, "pagination does not end").toBeLessThan(10);
      const response = await request.get(url, { headers: authed(world.orgToken) });
      const page = await expectJson<User[]>(response, 200);
      expect(Array.isArray(page)).toBe(true);
      sizes.push(page.length);
      seen.push(...page.map((u) => u.id));
      const link = response.headers().link;
      url = nextUrl(response);
      if (url) {
        expect(link).toMatch(/^<https?:\/\/[^>]+>; rel="next"$/);
        const next = new URL(url);
        expect(next.pathname).toBe("/api/users");
        expect(next.searchParams.get("perPage")).toBe("10");
        expect(next.searchParams.has("access_token")).toBe(false);
        cursor = next.searchParams.get("startCursor") ?? "";
        expect(cursor).not.toBe("");
      }
    }
    expect(sizes).toEqual([10, 10, 5]);
    expect(seen.length).toBe(25);
    expect(new Set(seen).size).toBe(25);
    expect([...seen].sort()).toEqual([...made].sort());

    // A cursor stays valid while users are added.
    const start = await request.get("/api/users?perPage=10", { headers: authed(world.orgToken) });
    const pageOne = (await expectJson<User[]>(start, 200)).map((u) => u.id);
    const added = [];
    for (let i = 0; i < 3; i++) added.push((await createUser(request, world.orgToken, { roles: ["STUDENT"] })).id);
    const rest: string[] = [];
    let more: string | null = nextUrl(start);
    while (more) {
      const response = await request.get(more, { headers: authed(world.orgToken) });
      rest.push(...(await expectJson<User[]>(response, 200)).map((u) => u.id));
      more = nextUrl(response);
    }
    const all = [...pageOne, ...rest];
    expect(new Set(all).size, "no user twice").toBe(all.length);
    for (const id of made) expect(all).toContain(id);

    for (const tampered of [
      cursor.slice(0, Math.floor(cursor.length / 2)),
      [...cursor].reverse().join(""),
      "not-a-cursor!!",
      Buffer.from('{"hello":"world"}').toString("base64url"),
    ]) {
      const response = await request.get(`/api/users?perPage=10&startCursor=${encodeURIComponent(tampered)}`, {
        headers: authed(world.orgToken),
      });
      await expectError(response, 400);
    }
    for (const perPage of ["0", "-1", "abc"]) {
      await expectError(
        await request.get(`/api/users?perPage=${perPage}`, { headers: authed(world.orgToken) }),
        [400, 422],
      );
    }
    const big = await expectJson<User[]>(
      await request.get("/api/users?perPage=100", { headers: authed(world.orgToken) }),
      200,
    );
    expect(big.length).toBe(28);
  });

  test("an unknown user is a JSON 404", async ({ request, world }) => {
    await expectError(await request.get(`/api/users/${uniqueId("nobody")}`, { headers: authed(world.orgToken) }), 404);
  });
});

test("GET /users?name= (ours): first name, infix or last name containing the text, letter case aside", async ({
  request,
  world,
}) => {
  const token = world.orgToken;
  const daan = await createUser(request, token, {
    firstName: "Daan",
    infix: "",
    lastName: "Verbeek",
    roles: ["STUDENT"],
  });
  const emma = await createUser(request, token, {
    firstName: "Emma",
    infix: "van",
    lastName: "Dijk",
    roles: ["STUDENT"],
  });
  await createUser(request, token, { firstName: "Sem", infix: "", lastName: "Bakker", roles: ["STUDENT"] });
  const named = async (name: string) =>
    (
      await expectJson<User[]>(
        await request.get(`/api/users?perPage=100&name=${encodeURIComponent(name)}`, { headers: authed(token) }),
        200,
      )
    ).map((u) => u.id);
  expect(await named("verb")).toEqual([daan.id]);
  expect(await named("VERBEEK")).toEqual([daan.id]);
  expect(await named("Emma")).toEqual([emma.id]);
  expect(await named("van")).toEqual([emma.id]);
  expect(await named("nobody-like-this")).toEqual([]);
  expect(await named("")).toHaveLength(3); // blank: no filter (the world holds only these three)
  await expectError(await request.get(`/api/users?name=${"x".repeat(101)}`, { headers: authed(token) }), 422);
});
