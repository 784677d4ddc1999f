// Ours, beyond the contract, for the web app's administration pages: group update
// (PUT /groups/:group), group members (GET/POST /groups/:group/members, DELETE .../:userId)
// and a user's credential list (GET /users/:userId/credentials, never a password).
import {
  addBasicAuth,
  asUser,
  authed,
  createUser,
  expectJson,
  listAll,
  member,
  type User,
  uniqueId,
} from "../support/api";
import { expectError, expectFieldError, ISO } from "../support/assertions";
import { expect, test } from "../support/fixtures";

type Group = { id: string; name: string; categories: string[]; created: string; updated: string };
type Credentials = {
  basicauths: { username: string; created: string }[];
  emailauths: { email: string; created: string }[];
};

test("PUT /groups/:group renames a group and replaces its categories", async ({ request, world }) => {
  const h = authed(world.orgToken);
  const cats = [uniqueId("cat"), uniqueId("cat")];
  for (const id of cats)
    await expectJson(await request.post("/api/categories", { multipart: { id, name: id }, headers: h }), 201);
  const group = await expectJson<Group>(
    await request.post("/api/groups", { data: { name: "Old", categories: [cats[0]] }, headers: h }),
    201,
  );
  const updated = await expectJson<Group>(
    await request.put(`/api/groups/${group.id}`, { data: { name: "New", categories: [cats[1], cats[0]] }, headers: h }),
    200,
  );
  expect(updated).toEqual({
    id: group.id,
    name: "New",
    categories: [cats[1], cats[0]],
    created: group.created,
    updated: ISO,
  });
  expect(await expectJson<Group>(await request.get(`/api/groups/${group.id}`, { headers: h }), 200)).toEqual(updated);
  // Without categories: the name changes, the categories stay.
  expect(
    (
      await expectJson<Group>(
        await request.put(`/api/groups/${group.id}`, { data: { name: "Newer" }, headers: h }),
        200,
      )
    ).categories,
  ).toEqual([cats[1], cats[0]]);
  await expectFieldError(
    await request.put(`/api/groups/${group.id}`, { data: { name: "" }, headers: h }),
    "Group",
    "name",
    "missing_field",
  );
  await expectFieldError(
    await request.put(`/api/groups/${group.id}`, { data: { name: "X", categories: ["nope"] }, headers: h }),
    "Group",
    "categories",
    "missing",
  );
  await expectError(await request.put("/api/groups/unknown", { data: { name: "X" }, headers: h }), 404);
  const student = await member(request, world, "STUDENT");
  await expectError(
    await request.put(`/api/groups/${group.id}`, { data: { name: "Mine" }, headers: authed(student.token) }),
    403,
  );
});

test("group members are added, listed and removed", async ({ request, world }) => {
  const h = authed(world.orgToken);
  const group = await expectJson<Group>(
    await request.post("/api/groups", { data: { name: "Class" }, headers: h }),
    201,
  );
  const [a, b] = await Promise.all([
    createUser(request, world.orgToken, { roles: ["STUDENT"] }),
    createUser(request, world.orgToken, { roles: ["STUDENT"] }),
  ]);
  expect(
    (await request.post(`/api/groups/${group.id}/members`, { data: { users: [a.id, b.id] }, headers: h })).status(),
  ).toBe(204);
  // Adding again is harmless.
  expect(
    (await request.post(`/api/groups/${group.id}/members`, { data: { users: [a.id] }, headers: h })).status(),
  ).toBe(204);
  const ids = async (path: string) => (await listAll<User>(request, path, world.orgToken)).map((u) => u.id).sort();
  expect(await ids(`/api/groups/${group.id}/members`)).toEqual([a.id, b.id].sort());
  expect(await ids(`/api/users?group=${group.id}`)).toEqual([a.id, b.id].sort());
  expect((await expectJson<User>(await request.get(`/api/users/${a.id}`, { headers: h }), 200)).groups).toEqual([
    group.id,
  ]);

  expect((await request.delete(`/api/groups/${group.id}/members/${a.id}`, { headers: h })).status()).toBe(204);
  expect(await ids(`/api/groups/${group.id}/members`)).toEqual([b.id]);
  await expectError(await request.delete(`/api/groups/${group.id}/members/${a.id}`, { headers: h }), 404);
  await expectFieldError(
    await request.post(`/api/groups/${group.id}/members`, { data: { users: ["nobody"] }, headers: h }),
    "Group",
    "users",
    "missing",
  );
  await expectError(await request.get("/api/groups/unknown/members", { headers: h }), 404);
  const student = await member(request, world, "STUDENT");
  await expectError(
    await request.post(`/api/groups/${group.id}/members`, {
      data: { users: [student.id] },
      headers: authed(student.token),
    }),
    403,
  );
  await expectError(await request.get(`/api/groups/${group.id}/members`, { headers: authed(student.token) }), 403);
});

test("GET /users/:userId/credentials lists usernames and addresses, never passwords, to those who may manage them", async ({
  request,
  world,
}) => {
  const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
  const username = uniqueId("stu");
  await addBasicAuth(request, await asUser(request, world, student.id), username, "student-password-1");
  const email = `${uniqueId("stu")}@example.com`;
  await expectJson(
    await request.post(`/api/users/${student.id}/emailauths`, { data: { email }, headers: authed(world.orgToken) }),
    201,
  );

  const response = await request.get(`/api/users/${student.id}/credentials`, { headers: authed(world.orgToken) });
  const list = await expectJson<Credentials>(response, 200);
  expect(list).toEqual({ basicauths: [{ username, created: ISO }], emailauths: [{ email, created: ISO }] });
  expect(JSON.stringify(list)).not.toContain("password");
  expect(response.headers()["cache-control"]).toContain("no-store");

  // Only administrators who outrank a user manage (and list) its credentials: no teacher, not even a student's.
  const teacher = await member(request, world, "TEACHER");
  await expectError(await request.get(`/api/users/${student.id}/credentials`, { headers: authed(teacher.token) }), 403);
  const admin = await createUser(request, world.orgToken, { roles: ["ORGANISATION"] });
  await expectError(await request.get(`/api/users/${admin.id}/credentials`, { headers: authed(teacher.token) }), 403);
  const other = await member(request, world, "STUDENT");
  await expectError(await request.get(`/api/users/${student.id}/credentials`, { headers: authed(other.token) }), 403);
  await expectError(await request.get("/api/users/unknown/credentials", { headers: authed(world.orgToken) }), 404);
});
