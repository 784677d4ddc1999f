// Profiles: POST /users/:userId/profile (create, or overwrite the supplied fields), GET
// /users/:userId/profile, GET /user/profile. Fields: birthYear int, gender m|f|x, country,
// language ISO 639-2, cefr 0..10; fields never set are null; created/updated ISO 8601.
import type { APIRequestContext } from "@playwright/test";
import { asUser, authed, createOrganisation, createUser, expectJson, impersonate, uniqueId } from "../support/api";
import { expectError, ISO } from "../support/assertions";
import { expect, test } from "../support/fixtures";

type Profile = {
  birthYear: number | null;
  gender: string | null;
  country: string | null;
  language: string | null;
  cefr: number | null;
  created: string;
  updated: string;
};
const FIELDS = ["birthYear", "cefr", "country", "created", "gender", "language", "updated"];

const post = (request: APIRequestContext, token: string, userId: string, data: unknown) =>
  request.post(`/api/users/${userId}/profile`, { data, headers: authed(token) });
const read = async (request: APIRequestContext, token: string, userId: string) =>
  expectJson<Profile>(await request.get(`/api/users/${userId}/profile`, { headers: authed(token) }), 200);

test("creating a full profile: 201, Location, the profile shape; readable by id and as the current user", async ({
  request,
  world,
}) => {
  const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
  const response = await post(request, world.orgToken, student.id, {
    birthYear: 2009,
    gender: "f",
    country: "NL",
    language: "nld",
    cefr: 5,
  });
  const profile = await expectJson<Profile>(response, 201);
  expect(profile).toEqual({
    birthYear: 2009,
    gender: "f",
    country: "NL",
    language: "nld",
    cefr: 5,
    created: ISO,
    updated: ISO,
  });
  expect(Object.keys(profile).sort()).toEqual(FIELDS);

  const location = response.headers().location;
  expect.soft(location, "201 carries a Location header").toBeTruthy();
  expect.soft(location && new URL(location, response.url()).pathname).toBe(`/api/users/${student.id}/profile`);

  expect(await read(request, world.orgToken, student.id)).toEqual(profile);
  const mine = await request.get("/api/user/profile", { headers: authed(await asUser(request, world, student.id)) });
  expect(await expectJson<Profile>(mine, 200)).toEqual(profile);
});

test("fields never set are null; later posts overwrite only the supplied fields", async ({ request, world }) => {
  const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
  // Before any profile exists: a JSON 404, or a profile of nulls.
  const before = await request.get(`/api/users/${student.id}/profile`, { headers: authed(world.orgToken) });
  if (before.status() === 200) {
    expect(await before.json()).toMatchObject({
      birthYear: null,
      gender: null,
      country: null,
      language: null,
      cefr: null,
    });
  } else {
    await expectError(before, 404);
  }

  const first = await expectJson<Profile>(await post(request, world.orgToken, student.id, { cefr: 3 }), 201);
  expect(first).toEqual({
    birthYear: null,
    gender: null,
    country: null,
    language: null,
    cefr: 3,
    created: ISO,
    updated: ISO,
  });

  const second = await expectJson<Profile>(
    await post(request, world.orgToken, student.id, { birthYear: 2001, gender: "x", language: "eng" }),
    201,
  );
  expect(second).toEqual({
    birthYear: 2001,
    gender: "x",
    country: null,
    language: "eng",
    cefr: 3,
    created: first.created,
    updated: ISO,
  });
  expect(Date.parse(second.updated)).toBeGreaterThanOrEqual(Date.parse(first.updated));

  // A supplied null overwrites too; unsupplied fields stay.
  const third = await expectJson<Profile>(
    await post(request, world.orgToken, student.id, { cefr: 7, gender: null, country: "BE" }),
    201,
  );
  expect(third).toEqual({
    birthYear: 2001,
    gender: null,
    country: "BE",
    language: "eng",
    cefr: 7,
    created: first.created,
    updated: ISO,
  });
  expect(await read(request, world.orgToken, student.id)).toEqual(third);
});

test("the whole range of valid values is accepted", async ({ request, world }) => {
  const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
  for (const cefr of [0, 10, 1, 9])
    expect((await expectJson<Profile>(await post(request, world.orgToken, student.id, { cefr }), 201)).cefr).toBe(cefr);
  for (const gender of ["m", "f", "x"])
    expect((await expectJson<Profile>(await post(request, world.orgToken, student.id, { gender }), 201)).gender).toBe(
      gender,
    );
  for (const language of ["eng", "fry", "deu"]) {
    expect(
      (await expectJson<Profile>(await post(request, world.orgToken, student.id, { language }), 201)).language,
    ).toBe(language);
  }
});

test("invalid values answer 422 naming the field and leave the stored profile unchanged", async ({
  request,
  world,
}) => {
  const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
  const stored = await expectJson<Profile>(
    await post(request, world.orgToken, student.id, {
      birthYear: 1990,
      gender: "m",
      country: "NL",
      language: "nld",
      cefr: 4,
    }),
    201,
  );
  const cases: [Record<string, unknown>, string][] = [
    [{ cefr: 11 }, "cefr"],
    [{ cefr: -1 }, "cefr"],
    [{ cefr: 5.5 }, "cefr"],
    [{ cefr: "high" }, "cefr"],
    [{ gender: "male" }, "gender"],
    [{ gender: "q" }, "gender"],
    [{ gender: 1 }, "gender"],
    [{ language: "nl" }, "language"],
    [{ language: "english" }, "language"],
    [{ language: 42 }, "language"],
    [{ birthYear: "nineteen" }, "birthYear"],
    [{ birthYear: 1990.5 }, "birthYear"],
    [{ country: 12 }, "country"],
  ];
  for (const [data, field] of cases) {
    // Valid fields alongside the bad one must not be stored either.
    const body = await expectError(await post(request, world.orgToken, student.id, { country: "DE", ...data }), 422);
    expect(body.errors, JSON.stringify(data)).toContainEqual(
      expect.objectContaining({ resource: expect.any(String), field, code: "invalid" }),
    );
  }
  expect(await read(request, world.orgToken, student.id)).toEqual(stored);
});

test("unknown users, users of another organisation and students writing others' profiles are refused", async ({
  request,
  world,
}) => {
  const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
  const classmate = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
  const stored = await expectJson<Profile>(await post(request, world.orgToken, classmate.id, { cefr: 2 }), 201);

  await expectError(await post(request, world.orgToken, uniqueId("nobody"), { cefr: 2 }), 404);
  await expectError(
    await request.get(`/api/users/${uniqueId("nobody")}/profile`, { headers: authed(world.orgToken) }),
    404,
  );

  const sibling = await createOrganisation(request, world.tenantToken);
  const siblingToken = await impersonate(
    request,
    world.tenantToken,
    `tenant/${world.tenantId}/organisation/${sibling.id}`,
  );
  await expectError(await post(request, siblingToken, classmate.id, { cefr: 9 }), 404);
  await expectError(await request.get(`/api/users/${classmate.id}/profile`, { headers: authed(siblingToken) }), 404);

  const asStudent = await asUser(request, world, student.id);
  await expectError(await post(request, asStudent, classmate.id, { cefr: 10 }), [403, 404]);
  await expectError(
    await request.get(`/api/users/${classmate.id}/profile`, { headers: authed(asStudent) }),
    [403, 404],
  );

  expect(await read(request, world.orgToken, classmate.id)).toEqual(stored);
});

test("without a token: 401 with WWW-Authenticate", async ({ request, world }) => {
  const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
  for (const response of [
    await request.get("/api/user/profile"),
    await request.get(`/api/users/${student.id}/profile`),
    await request.post(`/api/users/${student.id}/profile`, { data: { cefr: 1 } }),
  ]) {
    await expectError(response, 401);
    expect(response.headers()["www-authenticate"]).toMatch(/^Bearer/);
  }
});
