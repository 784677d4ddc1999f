import { notFound } from "@/lib/api/errors";
import { can, type Principal, requireUser } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import type { ProfileInput } from "./schemas";
import { userInScope } from "./users";

// A user's profile: the user itself, or someone of its level who may create
// (write) or list (read) users.

async function targetUser(db: Db, caller: Principal, userId: string | null, write: boolean) {
  if (userId === null) return requireUser(caller);
  const row = await userInScope(db, caller, userId);
  if (row.pk !== caller.user?.pk && !can(caller, write ? "USER_CREATE" : "USER_LIST")) throw notFound("User");
  return row;
}

/** Creates the profile, or overwrites the supplied fields of an existing one. */
export async function saveProfile(db: Db, caller: Principal, userId: string | null, input: ProfileInput) {
  const user = await targetUser(db, caller, userId, true);
  const fields = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  return db.profile.upsert({ where: { userPk: user.pk }, create: { userPk: user.pk, ...fields }, update: fields });
}

export async function getProfile(db: Db, caller: Principal, userId: string | null) {
  const user = await targetUser(db, caller, userId, false);
  const profile = await db.profile.findUnique({ where: { userPk: user.pk } });
  if (!profile) throw notFound("Profile");
  return profile;
}
