import { ApiError, notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { policyRules } from "@/lib/policies/registry";
import type { ListUsers } from "@/lib/users/schemas";
import { listUsers } from "@/lib/users/users";
import type { AddMembers, UpdateGroup } from "./edit-schemas";
import { toGroup } from "./groups";

// Editing a group of the caller's namespace: its name and categories, and its members
// (users of the same namespace). Ours; the contract has no group update.

const groupInclude = { categories: { select: { categoryId: true }, orderBy: { position: "asc" } } } as const;

async function groupPk(db: Db, caller: Principal, id: string): Promise<string> {
  const row = await db.group.findFirst({
    where: { AND: [policyRules.group.update(caller), { id }] },
    select: { pk: true },
  });
  if (!row) throw notFound("Group");
  return row.pk;
}

export async function updateGroup(db: Db, caller: Principal, id: string, input: UpdateGroup) {
  const pk = await groupPk(db, caller, id);
  const categoryIds = input.categories === undefined ? undefined : [...new Set(input.categories)];
  if (categoryIds?.length) {
    const found = await db.category.findMany({
      where: { AND: [policyRules.category.read(caller), { id: { in: categoryIds } }] },
      select: { id: true },
    });
    const missing = categoryIds.filter((c) => !found.some((f) => f.id === c));
    if (missing.length) {
      throw new ApiError("validation", `Unknown category(s): ${missing.join(", ")}`, [
        { resource: "Group", field: "categories", code: "missing" },
      ]);
    }
  }
  const row = await db.$transaction(async (tx) => {
    if (categoryIds) {
      await tx.groupCategory.deleteMany({ where: { groupPk: pk } });
      if (categoryIds.length)
        await tx.groupCategory.createMany({
          data: categoryIds.map((categoryId, position) => ({ groupPk: pk, categoryId, position })),
        });
    }
    return tx.group.update({ where: { pk }, data: { name: input.name }, include: groupInclude });
  });
  return toGroup(row);
}

/** Adds users (ids of the caller's namespace) to the group; users already in it stay. */
export async function addMembers(db: Db, caller: Principal, id: string, input: AddMembers): Promise<void> {
  const pk = await groupPk(db, caller, id);
  const ids = [...new Set(input.users)];
  const users = await db.user.findMany({
    where: { AND: [policyRules.user.read(caller), { id: { in: ids } }] },
    select: { pk: true, id: true },
  });
  const missing = ids.filter((u) => !users.some((row) => row.id === u));
  if (missing.length)
    throw new ApiError("validation", `Unknown user(s): ${missing.join(", ")}`, [
      { resource: "Group", field: "users", code: "missing" },
    ]);
  const present = await db.groupMember.findMany({
    where: { groupPk: pk, userPk: { in: users.map((u) => u.pk) } },
    select: { userPk: true },
  });
  const fresh = users.filter((u) => !present.some((p) => p.userPk === u.pk));
  if (fresh.length) await db.groupMember.createMany({ data: fresh.map((u) => ({ groupPk: pk, userPk: u.pk })) });
}

export async function removeMember(db: Db, caller: Principal, id: string, userId: string): Promise<void> {
  const pk = await groupPk(db, caller, id);
  const user = await db.user.findFirst({
    where: { AND: [policyRules.user.read(caller), { id: userId }] },
    select: { pk: true },
  });
  const { count } = user ? await db.groupMember.deleteMany({ where: { groupPk: pk, userPk: user.pk } }) : { count: 0 };
  if (count === 0) throw notFound("Group member");
}

/** The group's members, a page of users as GET /users?group= lists them; 404 for an unknown group. */
export async function listMembers(db: Db, caller: Principal, id: string, query: ListUsers) {
  await groupPk(db, caller, id);
  return listUsers(db, caller, { ...query, group: [id] });
}
