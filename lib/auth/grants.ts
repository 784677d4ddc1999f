import type { Db } from "@/lib/db/client";
import { ns } from "@/lib/db/ids";
import { OAuthError, ApiError } from "@/lib/api/errors";
import { verifyPassword } from "./passwords";
import { hasAdminRole, isAdministrator, type Level, type Principal } from "./principal";
import { formatScope, parseScope, type Scope } from "./scope";
import { clearFailures, lockedFor, recordFailure, type ThrottlePolicy } from "./throttle";
import { issueToken, type TokenResponse, type TokenSubject } from "./tokens";

export type GrantSettings = { ttlSeconds: number; throttle: ThrottlePolicy };

/** The grant settings of a configuration: token lifetime and sign-in throttling. */
export const grantSettingsOf = (cfg: { tokenTtlSeconds: number; loginMaxFailures: number; loginLockSeconds: number }): GrantSettings => ({
  ttlSeconds: cfg.tokenTtlSeconds,
  throttle: { maxFailures: cfg.loginMaxFailures, lockSeconds: cfg.loginLockSeconds },
});

const BAD_CREDENTIALS = "The username, password or scope is incorrect";
const BAD_SCOPE = "The scope is unknown or may not be impersonated by this caller";

type Account = { userPk: string; tenantPk: string | null; organisationPk: string | null; hash: string };

// grant_type=password: organisation users by username + scope, tenant users by
// username + tenant scope, top-level users by username alone, anyone by email.
export async function passwordGrant(
  db: Db,
  input: { username: string; password: string; scope?: string },
  settings: GrantSettings,
): Promise<TokenResponse> {
  const scope = input.scope ? parseScope(input.scope) : null;
  if (input.scope && !scope) throw new OAuthError("invalid_scope", "The scope is malformed");
  if (scope && !["tenant", "tenant-user", "organisation", "org-user"].includes(scope.kind)) {
    throw new OAuthError("invalid_scope", "Sign in with a tenant or organisation scope, or none");
  }
  if (scope?.kind === "org-user" && scope.username !== input.username) {
    throw new OAuthError("invalid_scope", "The scope names another user than the username");
  }

  const throttleKey = `${scope ? formatScope(narrow(scope)) : "-"}|${input.username.toLowerCase()}`;
  const wait = await lockedFor(db, throttleKey);
  if (wait > 0) {
    throw new ApiError("too_many_requests", "Too many failed sign-in attempts; try again later", undefined, {
      "Retry-After": String(wait),
    });
  }

  const account = await findAccount(db, input.username, scope);
  const ok = await verifyPassword(account?.hash ?? null, input.password);
  if (!account || !ok) {
    await recordFailure(db, throttleKey, settings.throttle);
    throw new OAuthError("invalid_grant", BAD_CREDENTIALS);
  }
  await clearFailures(db, throttleKey);

  const subject: TokenSubject = { userPk: account.userPk, tenantPk: account.tenantPk, organisationPk: account.organisationPk };
  const issuedScope = input.scope ?? (await canonicalUserScope(db, account.userPk));
  return issueToken(db, subject, issuedScope, { ttlSeconds: settings.ttlSeconds, actorUserPk: account.userPk, parentTokenPk: null });
}

/** The scope prefix that selects a credential namespace (the user part is the username). */
function narrow(scope: Scope): Scope {
  if (scope.kind === "org-user") return { kind: "organisation", tenantId: scope.tenantId, organisationId: scope.organisationId };
  if (scope.kind === "tenant-user") return { kind: "tenant", tenantId: scope.tenantId };
  return scope;
}

async function findAccount(db: Db, username: string, scope: Scope | null): Promise<Account | null> {
  const select = { passwordHash: true, user: { select: { pk: true, tenantPk: true, organisationPk: true } } } as const;
  const toAccount = (row: { passwordHash: string; user: { pk: string; tenantPk: string | null; organisationPk: string | null } } | null) =>
    row ? { userPk: row.user.pk, tenantPk: row.user.tenantPk, organisationPk: row.user.organisationPk, hash: row.passwordHash } : null;

  if (!scope) {
    const byEmail = await db.emailAuth.findUnique({ where: { email: username.toLowerCase() }, select });
    if (byEmail) return toAccount(byEmail);
    return toAccount(await db.basicAuth.findUnique({ where: { ns_username: { ns: ns.top, username } }, select }));
  }
  if (scope.kind === "top-user" || scope.kind === "student") return null;
  const tenant = await db.tenant.findUnique({ where: { id: scope.tenantId }, select: { pk: true } });
  if (!tenant) return null;
  if (scope.kind === "tenant" || scope.kind === "tenant-user") {
    if (scope.kind === "tenant-user" && scope.user !== username) return null;
    return toAccount(await db.basicAuth.findUnique({ where: { ns_username: { ns: ns.tenant(tenant.pk), username } }, select }));
  }
  if (scope.kind === "organisation" || scope.kind === "org-user") {
    const org = await db.organisation.findUnique({
      where: { tenantPk_id: { tenantPk: tenant.pk, id: scope.organisationId } },
      select: { pk: true },
    });
    if (!org) return null;
    return toAccount(await db.basicAuth.findUnique({ where: { ns_username: { ns: ns.organisation(org.pk), username } }, select }));
  }
  return null;
}

async function canonicalUserScope(db: Db, userPk: string): Promise<string> {
  const user = await db.user.findUniqueOrThrow({
    where: { pk: userPk },
    select: { id: true, level: true, tenant: { select: { id: true } }, organisation: { select: { id: true } } },
  });
  if (user.level === "organisation") {
    return formatScope({ kind: "student", tenantId: user.tenant!.id, organisationId: user.organisation!.id, userId: user.id });
  }
  if (user.level === "tenant") return formatScope({ kind: "tenant-user", tenantId: user.tenant!.id, user: user.id });
  return formatScope({ kind: "top-user", userId: user.id });
}

type Target = TokenSubject & { level: Level; kind: "user" | "tenant" | "organisation"; administrative: boolean };

// grant_type=client_credentials: a token for the caller (no scope) or for a scope
// below the caller. Upward and sideways impersonation is refused.
export async function clientCredentialsGrant(
  db: Db,
  caller: Principal,
  rawScope: string | undefined,
  settings: GrantSettings,
): Promise<TokenResponse> {
  const opts = { ttlSeconds: settings.ttlSeconds, actorUserPk: caller.actorUserPk ?? caller.user?.pk ?? null, parentTokenPk: caller.tokenPk };
  if (!rawScope) {
    const subject = { userPk: caller.user?.pk ?? null, tenantPk: caller.tenant?.pk ?? null, organisationPk: caller.organisation?.pk ?? null };
    return issueToken(db, subject, caller.scope, opts);
  }
  const scope = parseScope(rawScope);
  if (!scope) throw new OAuthError("invalid_scope", "The scope is malformed");
  const target = await resolveTarget(db, scope);
  if (!target || !mayImpersonate(caller, target)) throw new OAuthError("invalid_scope", BAD_SCOPE);
  const { userPk, tenantPk, organisationPk } = target;
  return issueToken(db, { userPk, tenantPk, organisationPk }, formatScope(scope), opts);
}

async function resolveTarget(db: Db, scope: Scope): Promise<Target | null> {
  const userSelect = { pk: true, level: true, tenantPk: true, organisationPk: true, roles: { select: { roleName: true } } } as const;
  const asTarget = (u: { pk: string; level: string; tenantPk: string | null; organisationPk: string | null; roles: { roleName: string }[] } | null | undefined): Target | null =>
    u
      ? {
          userPk: u.pk,
          tenantPk: u.tenantPk,
          organisationPk: u.organisationPk,
          level: u.level as Level,
          kind: "user",
          administrative: hasAdminRole(u.level as Level, u.roles.map((r) => r.roleName)),
        }
      : null;

  if (scope.kind === "top-user") {
    return asTarget(await db.user.findUnique({ where: { ns_id: { ns: ns.top, id: scope.userId } }, select: userSelect }));
  }
  const tenant = await db.tenant.findUnique({ where: { id: scope.tenantId }, select: { pk: true } });
  if (!tenant) return null;
  if (scope.kind === "tenant") {
    return { userPk: null, tenantPk: tenant.pk, organisationPk: null, level: "tenant", kind: "tenant", administrative: true };
  }
  if (scope.kind === "tenant-user") {
    const tenantNs = ns.tenant(tenant.pk);
    const byId = await db.user.findUnique({ where: { ns_id: { ns: tenantNs, id: scope.user } }, select: userSelect });
    if (byId) return asTarget(byId);
    const cred = await db.basicAuth.findUnique({ where: { ns_username: { ns: tenantNs, username: scope.user } }, select: { user: { select: userSelect } } });
    return asTarget(cred?.user);
  }
  const org = await db.organisation.findUnique({
    where: { tenantPk_id: { tenantPk: tenant.pk, id: scope.organisationId } },
    select: { pk: true },
  });
  if (!org) return null;
  const orgNs = ns.organisation(org.pk);
  if (scope.kind === "organisation") {
    return { userPk: null, tenantPk: tenant.pk, organisationPk: org.pk, level: "organisation", kind: "organisation", administrative: true };
  }
  if (scope.kind === "student") {
    return asTarget(await db.user.findUnique({ where: { ns_id: { ns: orgNs, id: scope.userId } }, select: userSelect }));
  }
  const cred = await db.basicAuth.findUnique({ where: { ns_username: { ns: orgNs, username: scope.username } }, select: { user: { select: userSelect } } });
  return asTarget(cred?.user);
}

const DEPTH: Record<Level, number> = { top: 0, tenant: 1, organisation: 2 };

function mayImpersonate(caller: Principal, target: Target): boolean {
  const isSelf =
    (target.kind === "user" && target.userPk === caller.user?.pk) ||
    (target.kind === "tenant" && caller.kind === "tenant" && target.tenantPk === caller.tenant?.pk) ||
    (target.kind === "organisation" && caller.kind === "organisation" && target.organisationPk === caller.organisation?.pk);
  if (isSelf) return true;
  if (!isAdministrator(caller)) return false;
  // Within the caller's own subtree only.
  if (caller.level === "tenant" && target.tenantPk !== caller.tenant!.pk) return false;
  if (caller.level === "organisation" && target.organisationPk !== caller.organisation!.pk) return false;
  if (DEPTH[target.level] < DEPTH[caller.level]) return false;
  // An administrative user may act as its own tenant or organisation ("as a tenant does"),
  // but never as another administrator of the same level (sideways).
  if (DEPTH[target.level] === DEPTH[caller.level] && target.kind === "user") {
    return caller.kind !== "user" || !target.administrative;
  }
  return true;
}
