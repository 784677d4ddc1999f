import type { Db } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/api/errors";
import { can, isAdministrator, mayGrantRoles, requireUser, type Principal } from "@/lib/auth/principal";
import { ADMINISTRATIVE_ROLES } from "@/lib/permissions/catalog";
import { userInScope } from "@/lib/users/users";

// Who may manage whose credentials. The rules are pure (the caller and the target's
// roles in, yes or no out); credentialOwner applies them to a request. A credential is
// a way to sign in as its user, so adding one to someone is as strong as impersonating
// them and follows the same top-down rules.

export type CredentialTarget = { pk: string; roles: readonly string[] };

const isAdministrativeRole = (role: string) => (ADMINISTRATIVE_ROLES as readonly string[]).includes(role);

/** The token was obtained by impersonation (only administrators can impersonate). */
export function isImpersonating(caller: Principal): boolean {
  return caller.actorUserPk !== null && caller.actorUserPk !== (caller.user?.pk ?? null);
}

/** The current-user credential endpoints: administrators, or anyone acting through impersonation. */
export function mayManageOwnCredentials(caller: Principal): boolean {
  return isAdministrator(caller) || isImpersonating(caller);
}

/**
 * Credentials of a user of the caller's namespace: the caller itself under the rule
 * above; otherwise administrators (but a user never takes over another administrator
 * of its own level, as with impersonation), or holders of USER_CREATE for users whose
 * roles they could grant themselves (STUDENT and their own non-administrative roles).
 */
export function mayManageCredentialsOf(caller: Principal, target: CredentialTarget): boolean {
  if (caller.user && target.pk === caller.user.pk && mayManageOwnCredentials(caller)) return true;
  if (isAdministrator(caller)) return caller.kind !== "user" || !target.roles.some(isAdministrativeRole);
  return can(caller, "USER_CREATE") && mayGrantRoles(caller, target.roles);
}

const ONLY_ADMINISTRATORS =
  "Only users with administrative powers may manage credentials; to act for another user, impersonate that user first";

/**
 * The user whose credentials a request manages: the current user (`userId` null) or a
 * user of the caller's namespace. Throws 403 when the caller may not, 404 for unknown users.
 */
export async function credentialOwner(db: Db, caller: Principal, userId: string | null): Promise<{ pk: string; ns: string }> {
  if (userId === null) {
    if (!mayManageOwnCredentials(caller)) throw new ApiError("forbidden", ONLY_ADMINISTRATORS);
    const me = requireUser(caller);
    const row = await db.user.findUnique({ where: { pk: me.pk }, select: { pk: true, ns: true } });
    if (!row) throw notFound("User");
    return row;
  }
  // Refuse before the lookup so callers without any right learn nothing about user ids.
  if (!mayManageOwnCredentials(caller) && !can(caller, "USER_CREATE")) throw new ApiError("forbidden", ONLY_ADMINISTRATORS);
  const row = await userInScope(db, caller, userId);
  if (!mayManageCredentialsOf(caller, { pk: row.pk, roles: row.roles.map((r) => r.roleName) })) {
    throw new ApiError("forbidden", "You may not manage the credentials of this user");
  }
  return { pk: row.pk, ns: row.ns };
}
