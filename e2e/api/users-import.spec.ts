// POST /users/import (ours): students from CSV text or JSON rows, all-or-nothing, reported row
// by row, with usernames and passwords children can type.
import type { APIRequestContext } from "@playwright/test";
import { authed, expectJson, listAll, member } from "../support/api";
import { expectError } from "../support/assertions";
import { expect, test } from "../support/fixtures";

type ReportRow = {
  row: number;
  firstName: string;
  infix: string | null;
  lastName: string;
  group: string | null;
  username: string | null;
  id?: string;
  password?: string;
  errors: { field: string; message: string }[];
};
type Report = { created: number; createdGroups: string[]; rows: ReportRow[] };
type Failure = { message: string; rows: ReportRow[] };

const importUsers = (request: APIRequestContext, token: string, data: unknown) =>
  request.post("/api/users/import", { data: data as object, headers: authed(token) });
const KID_PASSWORD = /^[a-z]{3,7}-[a-z]{3,7}-[2-9]{2}$/;

test("a CSV of a class: every student created in its group, with a username and a typeable password that signs in", async ({
  request,
  world,
}) => {
  const group = await expectJson<{ id: string }>(
    await request.post("/api/groups", { data: { name: "Group 6B" }, headers: authed(world.orgToken) }),
    201,
  );
  const csv = [
    "First name;Infix;Last name;Group;Username",
    "Anna;van;Berg;Group 6B;",
    "Émile;;Zola;Group 6B;emile",
    "Anna;de;Bruin;Group 6B;",
    "",
  ].join("\r\n");
  const report = await expectJson<Report>(await importUsers(request, world.orgToken, { csv }), 201);
  expect(report.created).toBe(3);
  expect(report.rows.map((r) => [r.row, r.firstName, r.infix, r.lastName, r.group, r.username, r.errors])).toEqual([
    [2, "Anna", "van", "Berg", "Group 6B", "anna.b", []],
    [3, "Émile", null, "Zola", "Group 6B", "emile", []],
    [4, "Anna", "de", "Bruin", "Group 6B", "anna.b2", []],
  ]);
  for (const r of report.rows) expect(r.password).toMatch(KID_PASSWORD);
  const members = await listAll<{ id: string; firstName: string; roles: string[]; groups: string[] }>(
    request,
    `/api/users?group=${group.id}`,
    world.orgToken,
  );
  expect(members.map((m) => m.id).sort()).toEqual(report.rows.map((r) => r.id).sort());
  for (const m of members) expect(m.roles).toEqual(["STUDENT"]);
  // The password signs the student in.
  const r = report.rows[1];
  const token = await request.post("/api/tokens", {
    form: {
      grant_type: "password",
      username: r.username!,
      password: r.password!,
      scope: `tenant/${world.tenantId}/organisation/${world.orgId}/user/${r.username}`,
    },
  });
  expect(token.status(), await token.text()).toBe(200);
});

test("one bad row: 422 with the row-by-row report, and nothing is created", async ({ request, world }) => {
  const taken = await expectJson<Report>(
    await importUsers(request, world.orgToken, { rows: [{ firstName: "Kim", lastName: "Taken", username: "kim" }] }),
    201,
  );
  expect(taken.rows[0].username).toBe("kim");
  const before = (await listAll<{ id: string }>(request, "/api/users", world.orgToken)).length;
  const csv =
    "firstName,lastName,group,username\nLars,Jansen,,\n,Nameless,,\nMo,Ali,Nowhere,\nKim,Again,,kim\nSam,Twice,,sam\nSam,Thrice,,sam\nBad,User,,Has Spaces";
  const failure = await expectJson<Failure>(await importUsers(request, world.orgToken, { csv }), 422);
  expect(failure.message).toContain("nothing was created");
  const byRow = Object.fromEntries(failure.rows.map((r) => [r.row, r.errors.map((e) => e.field)]));
  expect(byRow).toEqual({
    2: [],
    3: ["firstName"],
    4: ["group"],
    5: ["username"],
    6: [],
    7: ["username"],
    8: ["username"],
  });
  for (const r of failure.rows) expect(r.password).toBeUndefined();
  expect((await listAll<{ id: string }>(request, "/api/users", world.orgToken)).length).toBe(before);
  expect(
    await expectJson<unknown[]>(await request.get("/api/groups", { headers: authed(world.orgToken) }), 200),
  ).toEqual([]);

  // Missing groups are created when asked.
  const created = await expectJson<Report>(
    await importUsers(request, world.orgToken, {
      rows: [{ firstName: "Mo", lastName: "Ali", group: "Nowhere" }],
      createGroups: true,
    }),
    201,
  );
  expect(created.createdGroups).toEqual(["Nowhere"]);
  const groups = await expectJson<{ name: string }[]>(
    await request.get("/api/groups", { headers: authed(world.orgToken) }),
    200,
  );
  expect(groups.map((g) => g.name)).toEqual(["Nowhere"]);
});

test("unreadable input: 422; students only by those who may create them", async ({ request, world }) => {
  await expectError(await importUsers(request, world.orgToken, { csv: "name,age\nAnna,10" }), 422);
  await expectError(await importUsers(request, world.orgToken, { csv: "firstName,lastName\n" }), 422);
  await expectError(await importUsers(request, world.orgToken, {}), 422);
  await expectError(await importUsers(request, world.orgToken, { csv: "a", rows: [] }), 422);
  const student = await member(request, world, "STUDENT");
  await expectError(await importUsers(request, student.token, { rows: [{ firstName: "A", lastName: "B" }] }), 403);
  const teacher = await member(request, world, "TEACHER");
  expect((await importUsers(request, teacher.token, { rows: [{ firstName: "A", lastName: "B" }] })).status()).toBe(201);
});

test("1,000 students in one import", async ({ request, world }) => {
  test.setTimeout(300_000);
  const lines = ["firstName,lastName,group"];
  for (let i = 0; i < 1000; i++) lines.push(`Pupil${i},Family${i % 37},Year ${1 + (i % 8)}`);
  const report = await expectJson<Report>(
    await importUsers(request, world.orgToken, { csv: lines.join("\n"), createGroups: true }),
    201,
  );
  expect(report.created).toBe(1000);
  expect(new Set(report.rows.map((r) => r.username)).size).toBe(1000);
  expect(report.createdGroups).toHaveLength(8);
  const all = await listAll<{ id: string }>(request, "/api/users", world.orgToken);
  expect(all).toHaveLength(1000);
});
