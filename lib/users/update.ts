import { ApiError, notFound } from "@/lib/api/errors";
import { can, mayGrantRoles, type Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import type { UpdateUser } from "./schemas";
import { assertGrantable, findGroups, toUser, userInclude, userInScope } from "./users";

// PUT /users/:id: an incremental update. Only the fields sent change; `groups` and `roles`,
// when sent, replace the lists. The granting rules of create apply to the roles given, and a
// caller may only change a user whose present roles it could have granted (a teacher does not
// edit an administrator).

/** A user of the caller's namespace that the caller may manage (edit, erase), else 404/403. */
export async function manageableUser(db: Db, caller: Principal, id: string) {
  const row = await userInScope(db, caller, id);
  if (!can(caller, "USER_CREATE")) throw notFound("User");
  const roles = row.roles.map((r) => r.roleName);
  if (!mayGrantRoles(caller, roles))
    throw new ApiError("forbidden", `You may not manage a user with the role(s) ${roles.join(", ")}`);
  return row;
}

export async function updateUser(db: Db, caller: Principal, id: string, input: UpdateUser) {
  const row = await manageableUser(db, caller, id);
  const roles = input.roles ? [...new Set(input.roles)] : undefined;
  if (roles) await assertGrantable(db, caller, roles);
  const groups = input.groups ? await findGroups(db, caller, [...new Set(input.groups)]) : undefined;
  await db.$transaction(async (tx) => {
    await tx.user.update({
      where: { pk: row.pk },
      data: {
        ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
        ...(input.infix !== undefined ? { infix: input.infix || null } : {}),
        ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
        updated: new Date(),
      },
    });
    if (roles) {
      await tx.userRole.deleteMany({ where: { userPk: row.pk } });
      await tx.userRole.createMany({ data: roles.map((roleName) => ({ userPk: row.pk, roleName })) });
    }
    if (groups) {
      await tx.groupMember.deleteMany({ where: { userPk: row.pk } });
      if (groups.length)
        await tx.groupMember.createMany({ data: groups.map((g) => ({ groupPk: g.pk, userPk: row.pk })) });
    }
  });
  return toUser((await db.user.findUnique({ where: { pk: row.pk }, include: userInclude }))!);
}
