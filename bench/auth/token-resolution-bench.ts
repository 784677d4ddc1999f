// A token's resolution when it is not in the token cache (every request past its TTL, 0.5 s):
// lib/auth/tokens.ts reads it with the driver (two statements); beside it, the same read through
// Prisma, as it was before (one query that Prisma compiles into seven statements). CPU and wall
// time per resolution on a fresh SQLite file, for a student signed in by a teacher (user and actor).
//   npx tsx bench/auth/token-resolution-bench.ts            (BENCH_CALLS=2000)
// Prints figures; asserts nothing.
import { forgetAllTokens } from "../../lib/auth/token-cache";
import { issueToken, resolveToken } from "../../lib/auth/tokens";
import type { Db } from "../../lib/db/client";
import { closeRawReaders } from "../../lib/db/raw-rows";
import { createTestDb } from "../../lib/db/test-db";

const calls = Number(process.env.BENCH_CALLS ?? 2000);
const { db: client, close } = await createTestDb();
const db = client as unknown as Db;
const permissions = ["RECORDING_CREATE", "RECORDING_READ", "CHALLENGE_READ", "PROGRESS_READ"];
for (const name of permissions) await db.permission.upsert({ where: { name }, create: { name }, update: {} });
for (const [role, grants] of [
  ["STUDENT", permissions.slice(0, 3)],
  ["TEACHER", permissions],
] as const)
  await db.role.upsert({
    where: { name: role },
    create: { name: role, permissions: { create: grants.map((permissionName) => ({ permissionName })) } },
    update: {},
  });
await db.tenant.create({ data: { pk: "t1", id: "school", name: "School" } });
await db.organisation.create({ data: { pk: "o1", tenantPk: "t1", id: "class", name: "Class" } });
const user = (pk: string, role: string) =>
  db.user.create({
    data: {
      pk,
      ns: "o1",
      id: pk,
      level: "organisation",
      tenantPk: "t1",
      organisationPk: "o1",
      firstName: pk,
      lastName: "Bench",
      roles: { create: [{ roleName: role }] },
    },
  });
await user("student", "STUDENT");
await user("teacher", "TEACHER");
const { access_token: raw } = await issueToken(
  db,
  { userPk: "student", tenantPk: "t1", organisationPk: "o1" },
  "tenant/school/organisation/class/student/student",
  { ttlSeconds: 3600, actorUserPk: "teacher", parent: null },
);
const hash = (await db.token.findFirstOrThrow({ select: { hash: true } })).hash;

const viaPrisma = () =>
  db.token.findUnique({
    where: { hash },
    include: {
      user: {
        select: {
          pk: true,
          id: true,
          level: true,
          roles: {
            select: { roleName: true, role: { select: { permissions: { select: { permissionName: true } } } } },
          },
        },
      },
      actorUser: {
        select: { pk: true, level: true, tenantPk: true, organisationPk: true, roles: { select: { roleName: true } } },
      },
      tenant: { select: { pk: true, id: true } },
      organisation: { select: { pk: true, id: true } },
    },
  });

console.log(`token resolution without the cache, ${calls} calls each, SQLite:`);
for (const [name, resolve] of [
  [
    "resolveToken (driver, 2 statements)",
    () => {
      forgetAllTokens();
      return resolveToken(db, raw);
    },
  ],
  ["the same read through Prisma", viaPrisma],
] as const) {
  for (let i = 0; i < 200; i++) await resolve();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) await resolve();
  const cpu = process.cpuUsage(cpu0);
  const wall = (performance.now() - t0) / calls;
  console.log(
    `  ${name.padEnd(38)} ${((cpu.user + cpu.system) / 1000 / calls).toFixed(3)} ms CPU, ${wall.toFixed(3)} ms wall per resolution`,
  );
}
await closeRawReaders();
await close();
