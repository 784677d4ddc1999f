import { ApiError } from "@/lib/api/errors";
import { ns } from "@/lib/db/ids";
import { ADMIN_ROLES_BY_LEVEL, ADMINISTRATIVE_ROLES, type Permission, permissionsOf } from "@/lib/permissions/catalog";

// The caller of a request, resolved from its token. Domain functions take it
// explicitly and scope every query by its tenant / organisation / namespace.

export type Level = "top" | "tenant" | "organisation";

/** The person who signed in: their own level and roles bound every token derived from that sign-in. */
export type Actor = {
  pk: string;
  level: Level;
  tenantPk: string | null;
  organisationPk: string | null;
  roles: string[];
};

export type Principal = {
  /** The token in use: its sign-in family, its lineage of token pks, its expiry. */
  token: { pk: string; familyPk: string; lineage: string; expiresAt: Date };
  scope: string;
  /** A user, or a tenant / organisation acting as itself (after impersonation). */
  kind: "user" | "tenant" | "organisation";
  level: Level;
  user: { pk: string; id: string } | null;
  tenant: { pk: string; id: string } | null;
  organisation: { pk: string; id: string } | null;
  /** The namespace this principal creates users and groups in. */
  ns: string;
  roles: string[];
  permissions: Set<Permission>;
  /** The user who originally authenticated (differs from `user` when impersonating). */
  actorUserPk: string | null;
  actor: Actor | null;
};

export function namespaceOf(level: Level, tenantPk: string | null, organisationPk: string | null): string {
  if (level === "organisation") return ns.organisation(organisationPk!);
  if (level === "tenant") return ns.tenant(tenantPk!);
  return ns.top;
}

/** `grants`: permissions of custom roles (lib/roles), read from the database with the token. */
export function buildPrincipal(input: Omit<Principal, "ns" | "permissions">, grants: Iterable<string> = []): Principal {
  const permissions = permissionsOf(input.roles);
  for (const p of grants) if (p !== "ADMIN") permissions.add(p as Permission);
  return {
    ...input,
    ns: namespaceOf(input.level, input.tenant?.pk ?? null, input.organisation?.pk ?? null),
    permissions,
  };
}

export function can(principal: Principal, permission: Permission): boolean {
  return principal.permissions.has(permission);
}

export function requirePermission(principal: Principal, permission: Permission): void {
  if (!can(principal, permission)) throw new ApiError("forbidden", `This needs the ${permission} permission`);
}

export { ADMIN_ROLES_BY_LEVEL };

/** Tenants and organisations acting as themselves, and users holding their level's admin role. */
export function isAdministrator(principal: Principal): boolean {
  return principal.kind !== "user" || hasAdminRole(principal.level, principal.roles);
}

export function hasAdminRole(level: Level, roles: readonly string[]): boolean {
  return roles.some((r) => ADMIN_ROLES_BY_LEVEL[level].includes(r));
}

export function requireAdministrator(principal: Principal): void {
  if (!isAdministrator(principal)) throw new ApiError("forbidden", "Only administrators may do this");
}

/** Roles a caller may hand out (or take over by credentials): administrators any; others STUDENT and their own non-administrative roles. */
export function mayGrantRoles(principal: Principal, roles: readonly string[]): boolean {
  if (isAdministrator(principal)) return true;
  const own = principal.roles.filter((r) => !(ADMINISTRATIVE_ROLES as readonly string[]).includes(r));
  return roles.every((r) => r === "STUDENT" || own.includes(r));
}

/** A user principal, for endpoints that act on "the current user". */
export function requireUser(principal: Principal): { pk: string; id: string } {
  if (!principal.user) {
    throw new ApiError("forbidden", `This ${principal.kind} token acts for no user; impersonate a user first`);
  }
  return principal.user;
}

/** Challenges, recordings and their audio live in an organisation: the caller must act in one. */
export function requireOrganisation(principal: Principal): { pk: string; id: string } {
  if (principal.level !== "organisation" || !principal.organisation) {
    throw new ApiError(
      "forbidden",
      "This resource lives in an organisation: impersonate one (scope tenant/<t>/organisation/<o>) first",
    );
  }
  return principal.organisation;
}

/** Whether the caller sees other users' submissions (recordings, recognitions, analyses), not only its own. */
export function seesAllSubmissions(principal: Principal): boolean {
  return isAdministrator(principal) || principal.roles.includes("TEACHER");
}

/**
 * The signed-in person's own rights, as a principal: what a chain of impersonations may never
 * exceed. A token without a recorded actor is its own actor.
 */
export function actorView(caller: Principal): Principal {
  const a = caller.actor;
  if (!a) return caller;
  return buildPrincipal({
    token: caller.token,
    scope: caller.scope,
    kind: "user",
    level: a.level,
    user: { pk: a.pk, id: "" },
    tenant: a.tenantPk ? { pk: a.tenantPk, id: "" } : null,
    organisation: a.organisationPk ? { pk: a.organisationPk, id: "" } : null,
    roles: a.roles,
    actorUserPk: a.pk,
    actor: a,
  });
}

export type OutrankTarget = {
  pk: string;
  level: Level;
  tenantPk: string | null;
  organisationPk: string | null;
  roles: readonly string[];
};

const RANK: Record<Level, number> = { top: 0, tenant: 1, organisation: 2 };

/**
 * Whether the signed-in person behind `caller` ranks above a user: an administrator of a higher
 * level, or of the same level over a user who administers nothing. Never over an equal.
 */
export function actorOutranks(caller: Principal, target: OutrankTarget): boolean {
  const actor = actorView(caller);
  if (actor.user?.pk === target.pk || !isAdministrator(actor)) return false;
  if (RANK[target.level] < RANK[actor.level]) return false;
  if (actor.level === "tenant" && target.tenantPk !== actor.tenant?.pk) return false;
  if (actor.level === "organisation" && target.organisationPk !== actor.organisation?.pk) return false;
  return RANK[target.level] > RANK[actor.level] || !hasAdminRole(target.level, target.roles);
}
