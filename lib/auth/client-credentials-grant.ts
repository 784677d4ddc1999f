import { OAuthError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { ns } from "@/lib/db/ids";
import type { Target } from "@/lib/policies/impersonation";
import { policyRules } from "@/lib/policies/registry";
import type { GrantSettings } from "./grants";
import { actorView, hasAdminRole, type Level, type Principal } from "./principal";
import { formatScope, parseScope, type Scope } from "./scope";
import { issueToken, type TokenResponse, TokenRevokedError } from "./tokens";

const BAD_SCOPE = "The scope is unknown or may not be impersonated by this caller";

// grant_type=client_credentials: a token for the caller (no scope) or for a scope below the
// caller. Upward and sideways impersonation is refused, judged both from the current token and
// from the rights of the person who signed in, so no chain of tokens reaches past them. The new
// token joins the caller's sign-in family and expires no later than the caller's token.
export async function clientCredentialsGrant(
  db: Db,
  caller: Principal,
  rawScope: string | undefined,
  settings: GrantSettings,
): Promise<TokenResponse> {
  const opts = {
    ttlSeconds: settings.ttlSeconds,
    actorUserPk: caller.actorUserPk ?? caller.user?.pk ?? null,
    parent: caller.token,
  };
  try {
    if (!rawScope) {
      const subject = {
        userPk: caller.user?.pk ?? null,
        tenantPk: caller.tenant?.pk ?? null,
        organisationPk: caller.organisation?.pk ?? null,
      };
      return await issueToken(db, subject, caller.scope, opts);
    }
    const scope = parseScope(rawScope);
    if (!scope) throw new OAuthError("invalid_scope", "The scope is malformed");
    const target = await resolveTarget(db, scope);
    if (!target || !policyRules.token.update(caller, target) || !policyRules.token.update(actorView(caller), target))
      throw new OAuthError("invalid_scope", BAD_SCOPE);
    const { userPk, tenantPk, organisationPk } = target;
    return await issueToken(db, { userPk, tenantPk, organisationPk }, formatScope(scope), opts);
  } catch (error) {
    if (error instanceof TokenRevokedError) throw new OAuthError("invalid_client", "The caller's token was revoked");
    throw error;
  }
}

async function resolveTarget(db: Db, scope: Scope): Promise<Target | null> {
  const userSelect = {
    pk: true,
    level: true,
    tenantPk: true,
    organisationPk: true,
    roles: { select: { roleName: true } },
  } as const;
  const asTarget = (
    u:
      | {
          pk: string;
          level: string;
          tenantPk: string | null;
          organisationPk: string | null;
          roles: { roleName: string }[];
        }
      | null
      | undefined,
  ): Target | null =>
    u
      ? {
          userPk: u.pk,
          tenantPk: u.tenantPk,
          organisationPk: u.organisationPk,
          level: u.level as Level,
          kind: "user",
          administrative: hasAdminRole(
            u.level as Level,
            u.roles.map((r) => r.roleName),
          ),
        }
      : null;

  if (scope.kind === "top-user") {
    return asTarget(
      await db.user.findUnique({ where: { ns_id: { ns: ns.top, id: scope.userId } }, select: userSelect }),
    );
  }
  const tenant = await db.tenant.findUnique({ where: { id: scope.tenantId }, select: { pk: true } });
  if (!tenant) return null;
  if (scope.kind === "tenant") {
    return {
      userPk: null,
      tenantPk: tenant.pk,
      organisationPk: null,
      level: "tenant",
      kind: "tenant",
      administrative: true,
    };
  }
  if (scope.kind === "tenant-user") {
    const tenantNs = ns.tenant(tenant.pk);
    const byId = await db.user.findUnique({ where: { ns_id: { ns: tenantNs, id: scope.user } }, select: userSelect });
    if (byId) return asTarget(byId);
    const cred = await db.basicAuth.findUnique({
      where: { ns_username: { ns: tenantNs, username: scope.user } },
      select: { user: { select: userSelect } },
    });
    return asTarget(cred?.user);
  }
  const org = await db.organisation.findUnique({
    where: { tenantPk_id: { tenantPk: tenant.pk, id: scope.organisationId } },
    select: { pk: true },
  });
  if (!org) return null;
  const orgNs = ns.organisation(org.pk);
  if (scope.kind === "organisation") {
    return {
      userPk: null,
      tenantPk: tenant.pk,
      organisationPk: org.pk,
      level: "organisation",
      kind: "organisation",
      administrative: true,
    };
  }
  if (scope.kind === "student") {
    return asTarget(
      await db.user.findUnique({ where: { ns_id: { ns: orgNs, id: scope.userId } }, select: userSelect }),
    );
  }
  const cred = await db.basicAuth.findUnique({
    where: { ns_username: { ns: orgNs, username: scope.username } },
    select: { user: { select: userSelect } },
  });
  return asTarget(cred?.user);
}
