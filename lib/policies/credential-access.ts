import { ApiError, notFound } from "@/lib/api/errors";
import {
  actorOutranks,
  actorView,
  isAdministrator,
  type Level,
  type OutrankTarget,
  type Principal,
  requireUser,
} from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { userInScope } from "@/lib/users/users";

// Who may manage whose credentials. A credential is a way to sign in as its user, so adding one
// to someone is as strong as impersonating them: only administrators may, over users of a lower
// level, or of their own level who administer nothing — never over an administrator of equal
// rank. Rank is judged by the person who signed in (the token's actor), never by an intermediate
// token: an organisation administrator acting as the organisation stays an organisation administrator.

export type CredentialTarget = OutrankTarget;

/** The token was obtained by impersonation (only administrators can impersonate). */
export function isImpersonating(caller: Principal): boolean {
  return caller.actorUserPk !== null && caller.actorUserPk !== (caller.user?.pk ?? null);
}

const asTarget = (caller: Principal, user: { pk: string }): CredentialTarget => ({
  pk: user.pk,
  level: caller.level,
  tenantPk: caller.tenant?.pk ?? null,
  organisationPk: caller.organisation?.pk ?? null,
  roles: caller.roles,
});

/** The current-user credential endpoints: administrators for themselves, or an administrator acting as a user it outranks. */
export function mayManageOwnCredentials(caller: Principal): boolean {
  if (!isImpersonating(caller)) return isAdministrator(caller);
  return caller.user ? actorOutranks(caller, asTarget(caller, caller.user)) : isAdministrator(actorView(caller));
}

/** Credentials of another user of the caller's namespace: administrators who outrank that user. */
export function mayManageCredentialsOf(caller: Principal, target: CredentialTarget): boolean {
  if (caller.user && target.pk === caller.user.pk) return mayManageOwnCredentials(caller);
  return isAdministrator(caller) && actorOutranks(caller, target);
}

const ONLY_ADMINISTRATORS =
  "Only users with administrative powers may manage credentials; to act for another user, impersonate that user first";

/**
 * The user whose credentials a request manages: the current user (`userId` null) or a
 * user of the caller's namespace. Throws 403 when the caller may not, 404 for unknown users.
 */
export async function credentialOwner(
  db: Db,
  caller: Principal,
  userId: string | null,
): Promise<{ pk: string; ns: string }> {
  if (userId === null) {
    if (!mayManageOwnCredentials(caller)) throw new ApiError("forbidden", ONLY_ADMINISTRATORS);
    const me = requireUser(caller);
    const row = await db.user.findUnique({ where: { pk: me.pk }, select: { pk: true, ns: true } });
    if (!row) throw notFound("User");
    return row;
  }
  // Refuse before the lookup so callers without any right learn nothing about user ids.
  if (!isAdministrator(caller) && !isImpersonating(caller)) throw new ApiError("forbidden", ONLY_ADMINISTRATORS);
  const row = await userInScope(db, caller, userId);
  const target = {
    pk: row.pk,
    level: row.level as Level,
    tenantPk: row.tenantPk,
    organisationPk: row.organisationPk,
    roles: row.roles.map((r) => r.roleName),
  };
  if (!mayManageCredentialsOf(caller, target))
    throw new ApiError("forbidden", "You may not manage the credentials of this user");
  return { pk: row.pk, ns: row.ns };
}
