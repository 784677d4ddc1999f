// Groups (POST /groups {id?, name, categories?}, GET /groups, GET /groups/:group) and roles
// (GET /roles → [{name, permissions}], GET /roles/:role → {id, permissions}), with the role
// table of api-conventions.md as the expected permissions.
import type { APIRequestContext } from "@playwright/test";
import {
  asUser,
  authed,
  createOrganisation,
  createUser,
  expectJson,
  impersonate,
  listAll,
  uniqueId,
} from "../support/api";
import { expectError, ISO } from "../support/assertions";
import { expect, test } from "../support/fixtures";

type Group = { id: string; name: string; categories: string[]; created: string; updated: string };

const postGroup = (request: APIRequestContext, token: string, data: unknown) =>
  request.post("/api/groups", { data, headers: authed(token) });
const groupIds = async (request: APIRequestContext, token: string) =>
  (await listAll<Group>(request, "/api/groups", token)).map((g) => g.id).sort();

test.describe("groups", () => {
  test("an organisation creates a group: 201, Location, the group shape", async ({ request, world }) => {
    const id = uniqueId("grp");
    const response = await postGroup(request, world.orgToken, { id, name: "Class 3B" });
    const group = await expectJson<Group>(response, 201);
    expect(group).toEqual({ id, name: "Class 3B", categories: [], created: ISO, updated: ISO });
    const location = response.headers().location;
    expect(location, "201 carries a Location header").toBeTruthy();
    const url = new URL(location, response.url());
    expect(url.pathname).toBe(`/api/groups/${id}`);
    expect(
      await expectJson<Group>(await request.get(url.toString(), { headers: authed(world.orgToken) }), 200),
    ).toEqual(group);

    const generated = await expectJson<Group>(await postGroup(request, world.orgToken, { name: "Generated" }), 201);
    expect(generated).toEqual({
      id: expect.any(String),
      name: "Generated",
      categories: [],
      created: ISO,
      updated: ISO,
    });
    expect(generated.id).not.toBe("");
    expect(await listAll<Group>(request, "/api/groups", world.orgToken)).toEqual(
      expect.arrayContaining([group, generated]),
    );
    expect(await groupIds(request, world.orgToken)).toEqual([id, generated.id].sort());
  });

  test("a group lists the categories assigned to it", async ({ request, world }) => {
    const categoryIds = [uniqueId("cat"), uniqueId("cat")];
    for (const id of categoryIds) {
      await expectJson(
        await request.post("/api/categories", {
          multipart: { id, name: `Category ${id}` },
          headers: authed(world.orgToken),
        }),
        201,
      );
    }
    const group = await expectJson<Group>(
      await postGroup(request, world.orgToken, { name: "With categories", categories: categoryIds }),
      201,
    );
    expect(group.categories).toEqual(categoryIds);
    expect(
      (await expectJson<Group>(await request.get(`/api/groups/${group.id}`, { headers: authed(world.orgToken) }), 200))
        .categories,
    ).toEqual(categoryIds);
  });

  test("a taken id is 409; missing or wrong fields are 422; unknown categories are code missing; nothing is stored", async ({
    request,
    world,
  }) => {
    const first = await expectJson<Group>(
      await postGroup(request, world.orgToken, { id: uniqueId("grp"), name: "Original" }),
      201,
    );
    await expectError(await postGroup(request, world.orgToken, { id: first.id, name: "Impostor" }), 409);
    expect(
      await expectJson<Group>(await request.get(`/api/groups/${first.id}`, { headers: authed(world.orgToken) }), 200),
    ).toEqual(first);

    const missing = await expectError(await postGroup(request, world.orgToken, { id: uniqueId("grp") }), 422);
    expect(missing.errors).toContainEqual(
      expect.objectContaining({ resource: expect.any(String), field: "name", code: "missing_field" }),
    );
    const wrongName = await expectError(await postGroup(request, world.orgToken, { name: { text: "x" } }), 422);
    expect(wrongName.errors).toContainEqual(expect.objectContaining({ field: "name", code: "invalid" }));
    const wrongCategories = await expectError(
      await postGroup(request, world.orgToken, { name: "x", categories: 5 }),
      422,
    );
    expect
      .soft(wrongCategories.errors)
      .toContainEqual(expect.objectContaining({ field: "categories", code: "invalid" }));
    const unknown = await expectError(
      await postGroup(request, world.orgToken, { name: "x", categories: [uniqueId("nocat")] }),
      422,
    );
    expect(unknown.errors).toContainEqual(expect.objectContaining({ field: "categories", code: "missing" }));

    expect(await groupIds(request, world.orgToken)).toEqual([first.id]);
  });

  test("GROUP_CREATE and GROUP_LIST: teachers create, students only read, a tenant does neither", async ({
    request,
    world,
  }) => {
    const teacher = await createUser(request, world.orgToken, { roles: ["TEACHER"] });
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const asTeacher = await asUser(request, world, teacher.id);
    const asStudent = await asUser(request, world, student.id);

    const byTeacher = await expectJson<Group>(await postGroup(request, asTeacher, { name: "Teacher's group" }), 201);
    await expectError(await postGroup(request, asStudent, { id: uniqueId("grp"), name: "Student's group" }), 403);
    await expectError(
      await postGroup(request, world.tenantToken, { id: uniqueId("grp"), name: "Tenant's group" }),
      403,
    );

    expect(await groupIds(request, asStudent)).toEqual([byTeacher.id]);
    expect(
      await expectJson<Group>(await request.get(`/api/groups/${byTeacher.id}`, { headers: authed(asStudent) }), 200),
    ).toEqual(byTeacher);
    await expectError(await request.get("/api/groups", { headers: authed(world.tenantToken) }), 403);
    expect(await groupIds(request, world.orgToken)).toEqual([byTeacher.id]);
  });

  test("groups of another organisation and unknown groups are 404; lists hold only the organisation's groups", async ({
    request,
    world,
  }) => {
    const mine = await expectJson<Group>(await postGroup(request, world.orgToken, { name: "Mine" }), 201);
    const sibling = await createOrganisation(request, world.tenantToken);
    const siblingToken = await impersonate(
      request,
      world.tenantToken,
      `tenant/${world.tenantId}/organisation/${sibling.id}`,
    );
    const theirs = await expectJson<Group>(await postGroup(request, siblingToken, { name: "Theirs" }), 201);

    await expectError(await request.get(`/api/groups/${theirs.id}`, { headers: authed(world.orgToken) }), 404);
    await expectError(await request.get(`/api/groups/${mine.id}`, { headers: authed(siblingToken) }), 404);
    await expectError(
      await request.get(`/api/groups/${uniqueId("nogroup")}`, { headers: authed(world.orgToken) }),
      404,
    );
    expect(await groupIds(request, world.orgToken)).toEqual([mine.id]);
    expect(await groupIds(request, siblingToken)).toEqual([theirs.id]);
  });

  test("the group list is paginated", async ({ request, world }) => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await expectJson<Group>(await postGroup(request, world.orgToken, { name: `G${i}` }), 201)).id);
    const first = await request.get("/api/groups?perPage=2", { headers: authed(world.orgToken) });
    expect((await expectJson<Group[]>(first, 200)).length).toBe(2);
    expect(first.headers().link).toMatch(/^<https?:\/\/[^>]*startCursor=[^>]+>; rel="next"$/);
    const walked = (await listAll<Group>(request, "/api/groups", world.orgToken, 2)).map((g) => g.id);
    expect(walked.length).toBe(5);
    expect([...walked].sort()).toEqual([...made].sort());
  });
});

// api-conventions.md, "Permissions": the original roles and their permissions.
const ANNOTATOR = [
  "ANNOTATION_CREATE",
  "ANNOTATION_DELETE",
  "ANNOTATION_EDIT",
  "ANNOTATION_LIST",
  "ASSIGNMENT_LIST",
  "CATEGORY_LIST",
  "CHALLENGE_LIST",
  "DOWNLOAD",
  "GROUP_LIST",
  "SPEECH_RECORDING_LIST",
  "USER_LIST",
];
const ROLE_TABLE: Record<string, string[]> = {
  TENANT: [
    "AUDIO_ANALYSIS_CREATE",
    "AUDIO_ANALYSIS_LIST",
    "CHALLENGE_DELETE",
    "CHALLENGE_EDIT",
    "CHALLENGE_LIST",
    "DOWNLOAD",
    "ORGANISATION_CREATE",
    "ORGANISATION_LIST",
    "SPEECH_RECORDING_LIST",
    "USER_CREATE",
    "USER_LIST",
  ],
  ORGANISATION: [
    "AUDIO_ANALYSIS_CREATE",
    "AUDIO_ANALYSIS_LIST",
    "AUDIO_RECOGNITION_LIST",
    "CATEGORY_CREATE",
    "CATEGORY_LIST",
    "CHALLENGE_CREATE",
    "CHALLENGE_DELETE",
    "CHALLENGE_EDIT",
    "CHALLENGE_LIST",
    "CHOICE_CHALLENGE_CREATE",
    "CHOICE_CHALLENGE_DELETE",
    "CHOICE_CHALLENGE_LIST",
    "DOWNLOAD",
    "GROUP_CREATE",
    "GROUP_LIST",
    "SPEECH_RECORDING_LIST",
    "USER_CREATE",
    "USER_LIST",
  ],
  STUDENT: [
    "AUDIO_ANALYSIS_CREATE",
    "AUDIO_ANALYSIS_LIST",
    "AUDIO_RECOGNITION_CREATE",
    "AUDIO_RECOGNITION_LIST",
    "CATEGORY_LIST",
    "CHALLENGE_LIST",
    "CHOICE_CHALLENGE_LIST",
    "DOWNLOAD",
    "FEEDBACK_CREATE",
    "GROUP_LIST",
    "SPEECH_RECORDING_CREATE",
    "SPEECH_RECORDING_LIST",
  ],
  TEACHER: [
    "AUDIO_ANALYSIS_CREATE",
    "AUDIO_ANALYSIS_LIST",
    "AUDIO_RECOGNITION_CREATE",
    "AUDIO_RECOGNITION_LIST",
    "CATEGORY_CREATE",
    "CATEGORY_LIST",
    "CHALLENGE_CREATE",
    "CHALLENGE_DELETE",
    "CHALLENGE_EDIT",
    "CHALLENGE_LIST",
    "CHOICE_CHALLENGE_LIST",
    "DOWNLOAD",
    "GROUP_CREATE",
    "GROUP_LIST",
    "SPEECH_RECORDING_CREATE",
    "SPEECH_RECORDING_LIST",
    "USER_CREATE",
    "USER_LIST",
  ],
  ANNOTATOR_FULL: ANNOTATOR,
  ANNOTATOR_BASE: ANNOTATOR,
};

test.describe("roles", () => {
  test("GET /roles lists {name, permissions} for every role, matching the conventions' table", async ({
    request,
    world,
  }) => {
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    for (const token of [world.orgToken, await asUser(request, world, student.id)]) {
      const roles = await expectJson<{ name: string; permissions: string[] }[]>(
        await request.get("/api/roles", { headers: authed(token) }),
        200,
      );
      for (const role of roles) {
        expect(Object.keys(role).sort()).toEqual(["builtIn", "name", "permissions"]);
        expect(Array.isArray(role.permissions) && role.permissions.every((p) => typeof p === "string"), role.name).toBe(
          true,
        );
      }
      const names = roles.map((r) => r.name);
      expect(new Set(names).size).toBe(names.length);
      for (const name of [...Object.keys(ROLE_TABLE), "ADMIN"]) expect(names).toContain(name);
      for (const [name, permissions] of Object.entries(ROLE_TABLE)) {
        expect([...roles.find((r) => r.name === name)!.permissions].sort(), name).toEqual([...permissions].sort());
      }
      // ADMIN has administrative powers: at least everything any other role has.
      const admin = roles.find((r) => r.name === "ADMIN")!;
      for (const permission of new Set(Object.values(ROLE_TABLE).flat()))
        expect(admin.permissions, permission).toContain(permission);
    }
  });

  test("GET /roles/:role answers {id, permissions}, the same permissions as the list", async ({ request, world }) => {
    const roles = await expectJson<{ name: string; permissions: string[] }[]>(
      await request.get("/api/roles", { headers: authed(world.orgToken) }),
      200,
    );
    expect(roles.length).toBeGreaterThanOrEqual(7);
    for (const role of roles) {
      const one = await expectJson<{ id: string; permissions: string[] }>(
        await request.get(`/api/roles/${encodeURIComponent(role.name)}`, { headers: authed(world.orgToken) }),
        200,
      );
      expect(Object.keys(one).sort()).toEqual(["builtIn", "id", "permissions"]);
      expect(one.id).toBe(role.name);
      expect([...one.permissions].sort()).toEqual([...role.permissions].sort());
    }
  });

  test("an unknown role is a JSON 404; no token is 401", async ({ request, world }) => {
    await expectError(await request.get("/api/roles/NO_SUCH_ROLE", { headers: authed(world.orgToken) }), 404);
    for (const response of [await request.get("/api/roles"), await request.get("/api/roles/STUDENT")]) {
      await expectError(response, 401);
      expect(response.headers()["www-authenticate"]).toMatch(/^Bearer/);
    }
  });
});

test("groups endpoints without a token: 401 with WWW-Authenticate", async ({ request }) => {
  for (const response of [
    await request.get("/api/groups"),
    await request.get("/api/groups/x"),
    await request.post("/api/groups", { data: { name: "x" } }),
  ]) {
    await expectError(response, 401);
    expect(response.headers()["www-authenticate"]).toMatch(/^Bearer/);
  }
});
