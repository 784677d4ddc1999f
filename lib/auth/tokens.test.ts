import { expect, test } from "@playwright/test";
import type { Db } from "@/lib/db/client";
import { createTestDb } from "@/lib/db/test-db";
import { forgetAllTokens } from "./token-cache";
import { issueToken, resolveToken, revokeToken } from "./tokens";

let db: Db;
let close: () => Promise<void>;
test.beforeEach(async () => {
  ({ db, close } = await createTestDb());
  for (const name of ["RECORDING_CREATE", "PROGRESS_READ"]) await db.permission.create({ data: { name } });
  await db.role.create({
    data: { name: "BENCH_STUDENT", permissions: { create: [{ permissionName: "RECORDING_CREATE" }] } },
  });
  await db.role.create({
    data: {
      name: "BENCH_TEACHER",
      permissions: { create: [{ permissionName: "RECORDING_CREATE" }, { permissionName: "PROGRESS_READ" }] },
    },
  });
  await db.tenant.create({ data: { pk: "t1", id: "school", name: "School" } });
  await db.organisation.create({ data: { pk: "o1", tenantPk: "t1", id: "class", name: "Class" } });
  for (const [pk, roles] of [
    ["student", ["BENCH_STUDENT"]],
    ["teacher", ["BENCH_TEACHER", "BENCH_STUDENT"]],
  ] as const)
    await db.user.create({
      data: {
        pk,
        ns: "o1",
        id: `${pk}-id`,
        level: "organisation",
        tenantPk: "t1",
        organisationPk: "o1",
        firstName: pk,
        lastName: "Test",
        roles: { create: roles.map((roleName) => ({ roleName })) },
      },
    });
  forgetAllTokens();
});
test.afterEach(async () => close());

const studentAsTeacher = (ttlSeconds = 3600) =>
  issueToken(db, { userPk: "student", tenantPk: "t1", organisationPk: "o1" }, "scope-s", {
    ttlSeconds,
    actorUserPk: "teacher",
    parent: null,
  });

test("a user's token resolves to the user, their roles and permissions, and the person who signed in", async () => {
  const principal = await resolveToken(db, (await studentAsTeacher()).access_token);
  expect(principal).toMatchObject({
    kind: "user",
    level: "organisation",
    scope: "scope-s",
    user: { pk: "student", id: "student-id" },
    tenant: { pk: "t1", id: "school" },
    organisation: { pk: "o1", id: "class" },
    roles: ["BENCH_STUDENT"],
    actorUserPk: "teacher",
    actor: { pk: "teacher", level: "organisation", tenantPk: "t1", organisationPk: "o1" },
  });
  expect(principal!.actor!.roles.sort()).toEqual(["BENCH_STUDENT", "BENCH_TEACHER"]);
  expect(principal!.permissions.has("RECORDING_CREATE" as never)).toBe(true);
  // The teacher's permissions are not the student's.
  expect(principal!.permissions.has("PROGRESS_READ" as never)).toBe(false);
});

test("unknown, revoked and expired tokens, and tokens of a deleted signed-in person, resolve to nobody", async () => {
  expect(await resolveToken(db, "x".repeat(43))).toBeNull();
  const revoked = await studentAsTeacher();
  const principal = await resolveToken(db, revoked.access_token);
  await revokeToken(db, principal!.token);
  expect(await resolveToken(db, revoked.access_token)).toBeNull();
  const expired = await studentAsTeacher(1);
  await db.token.updateMany({
    where: { expiresAt: { gt: new Date() } },
    data: { expiresAt: new Date(Date.now() - 1) },
  });
  expect(await resolveToken(db, expired.access_token)).toBeNull();
  const live = await studentAsTeacher();
  await db.user.delete({ where: { pk: "teacher" } });
  forgetAllTokens();
  expect(await resolveToken(db, live.access_token)).toBeNull();
});

test("an organisation's and a tenant's own tokens resolve to them, with no user", async () => {
  const org = await issueToken(db, { userPk: null, tenantPk: "t1", organisationPk: "o1" }, "org", {
    ttlSeconds: 60,
    actorUserPk: null,
    parent: null,
  });
  expect(await resolveToken(db, org.access_token)).toMatchObject({
    kind: "organisation",
    user: null,
    actor: null,
    organisation: { id: "class" },
    roles: ["ORGANISATION"],
  });
  const tenant = await issueToken(db, { userPk: null, tenantPk: "t1", organisationPk: null }, "tenant", {
    ttlSeconds: 60,
    actorUserPk: null,
    parent: null,
  });
  expect(await resolveToken(db, tenant.access_token)).toMatchObject({
    kind: "tenant",
    level: "tenant",
    organisation: null,
    tenant: { id: "school" },
  });
});
