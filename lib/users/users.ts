import { ApiError, conflict, type FieldError, notFound } from "@/lib/api/errors";
import { finishPage, pageArgs } from "@/lib/api/pagination";
import { can, mayGrantRoles, type Principal, requireUser } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { rawReader } from "@/lib/db/raw-rows";
import { epochMsDate, epochMsSql, SqlParams } from "@/lib/db/sql";
import { policyRules } from "@/lib/policies/registry";
import { presentUsers, seesPseudonyms } from "./pseudonyms";
import type { CreateUser, ListUsers } from "./schemas";

// Users are created at the caller's level (its namespace) and only seen from it.

export const userInclude = {
  roles: { select: { roleName: true } },
  groups: { select: { group: { select: { id: true } } } },
} as const;

function findUser(db: Db, caller: Principal, id: string) {
  return db.user.findFirst({ where: { AND: [policyRules.user.read(caller), { id }] }, include: userInclude });
}

export type UserRow = Awaited<ReturnType<typeof findUser>>;

/** The response shape's source: a user row with its role names and group ids. */
export function toUser(row: NonNullable<UserRow>) {
  return {
    ...row,
    roles: row.roles.map((r) => r.roleName).sort(),
    groups: row.groups.map((g) => g.group.id).sort(),
  };
}

/** A user of the caller's namespace (or the caller itself), else 404. */
export async function userInScope(db: Db, caller: Principal, id: string) {
  const row = await findUser(db, caller, id);
  if (!row) throw notFound("User");
  return row;
}

/** The roles exist (built in or custom) and the caller may grant each; else 422 / 403. */
export async function assertGrantable(db: Db, caller: Principal, roles: string[]) {
  const known = new Set(
    (await db.role.findMany({ where: { name: { in: roles } }, select: { name: true } })).map((r) => r.name),
  );
  const errors: FieldError[] = roles
    .filter((role) => !known.has(role))
    .map((role) => ({ resource: "User", field: "roles", code: "missing" as const, message: `Unknown role ${role}` }));
  if (errors.length) throw new ApiError("validation", "Unknown role", errors);
  const refused = roles.filter((r) => !mayGrantRoles(caller, [r]));
  if (refused.length) throw new ApiError("forbidden", `You may not grant the role(s) ${refused.join(", ")}`);
}

/** The caller's groups with these ids; any missing one is a 422 on `groups`. */
export async function findGroups(db: Db, caller: Principal, groupIds: string[]) {
  const groups = groupIds.length
    ? await db.group.findMany({
        where: { AND: [policyRules.group.read(caller), { id: { in: groupIds } }] },
        select: { pk: true, id: true },
      })
    : [];
  const missing = groupIds.filter((id) => !groups.some((g) => g.id === id));
  if (missing.length) {
    throw new ApiError("validation", `Unknown group(s): ${missing.join(", ")}`, [
      { resource: "User", field: "groups", code: "missing" },
    ]);
  }
  return groups;
}

export async function createUser(db: Db, caller: Principal, input: CreateUser) {
  const roles = [...new Set(input.roles)];
  await assertGrantable(db, caller, roles);
  const groups = await findGroups(db, caller, [...new Set(input.groups ?? [])]);
  const pk = newPk();
  try {
    await db.user.create({
      data: {
        pk,
        ns: caller.ns,
        id: input.id ?? newId(),
        level: caller.level,
        tenantPk: caller.tenant?.pk ?? null,
        organisationPk: caller.organisation?.pk ?? null,
        firstName: input.firstName,
        infix: input.infix || null,
        lastName: input.lastName,
        roles: { create: roles.map((roleName) => ({ roleName })) },
        groups: { create: groups.map((g) => ({ groupPk: g.pk })) },
      },
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`User ${input.id} already exists`, [{ resource: "User", field: "id", code: "already_exists" }]);
    throw error;
  }
  return toUser((await db.user.findUnique({ where: { pk }, include: userInclude }))!);
}

export async function listUsers(db: Db, caller: Principal, query: ListUsers) {
  // Pseudonymised callers may not order by names they cannot see (the order would tell).
  if (seesPseudonyms(caller) && (query.sort === "lastName" || query.sort === "firstName"))
    query = { ...query, sort: "created" };
  const args = pageArgs(query.sort, query.direction, query);
  const filters: object[] = [policyRules.user.list(caller), args.where];
  if (query.group?.length)
    filters.push({
      groups: { some: { group: { AND: [policyRules.group.read(caller), { id: { in: query.group } }] } } },
    });
  if (query.role?.length) filters.push({ roles: { some: { roleName: { in: query.role } } } });
  // By name (ours); not for pseudonymised callers, who cannot see names (the answer would tell).
  if (query.name && !seesPseudonyms(caller)) filters.push(nameFilter(query.name));
  const rows = await db.user.findMany({ ...args, where: { AND: filters }, include: userInclude });
  const page = finishPage(rows, query, (r) => r[query.sort]);
  return { items: (await presentUsers(db, caller, page.items)).map(toUser), nextCursor: page.nextCursor };
}

/**
 * Users whose first name, infix or last name contains `text`, letter case aside: as typed, in
 * lower case and capitalised ("verb" finds "Verbeek"; SQLite's LIKE ignores ASCII case anyway,
 * PostgreSQL's does not, and the two clients share one query shape).
 */
function nameFilter(text: string): object {
  const forms = [...new Set([text, text.toLowerCase(), text.charAt(0).toUpperCase() + text.slice(1).toLowerCase()])];
  return {
    OR: forms.flatMap((t) => [
      { firstName: { contains: t } },
      { infix: { contains: t } },
      { lastName: { contains: t } },
    ]),
  };
}

/** GET /users/:id — users of the caller's level with USER_LIST, or the caller itself. */
export async function getUser(db: Db, caller: Principal, id: string) {
  const row = await userInScope(db, caller, id);
  if (row.pk !== caller.user?.pk && !can(caller, "USER_LIST")) throw notFound("User");
  return toUser((await presentUsers(db, caller, [row]))[0]);
}

/**
 * GET /user: the caller's own row and group ids, in one statement through the driver
 * (lib/db/raw-rows.ts): two Prisma queries cost most of the request. A row per group (one with
 * a null group when there is none). The roles come with the token (lib/auth/tokens.ts; the
 * token cache, lib/auth/token-cache.ts, bounds their age).
 */
export async function currentUser(db: Db, caller: Principal) {
  const me = requireUser(caller);
  const reader = rawReader(db);
  const params = new SqlParams(reader.kind);
  const ms = (col: string) => epochMsSql(reader.kind, col);
  const rows = await reader.rows(
    `SELECT u."id", u."firstName", u."infix", u."lastName", ${ms('u."created"')}, ${ms('u."updated"')}, g."id"
       FROM "User" u LEFT JOIN "GroupMember" m ON m."userPk" = u."pk" LEFT JOIN "Group" g ON g."pk" = m."groupPk"
      WHERE u."pk" = ${params.add(me.pk)}`,
    params.values,
  );
  const [row] = rows;
  if (!row) throw notFound("User");
  const groups = rows.map((r) => r[6]).filter((g): g is string => typeof g === "string");
  return {
    id: row[0] as string,
    firstName: row[1] as string,
    infix: row[2] as string | null,
    lastName: row[3] as string,
    created: epochMsDate(row[4]),
    updated: epochMsDate(row[5]),
    roles: [...caller.roles].sort(),
    groups: groups.sort(),
  };
}
