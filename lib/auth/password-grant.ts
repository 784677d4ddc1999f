import { ApiError, OAuthError } from "@/lib/api/errors";
import type { Db } from "@/lib/db/client";
import { ns } from "@/lib/db/ids";
import type { GrantSettings } from "./grants";
import { verifyPassword } from "./passwords";
import { formatScope, parseScope, type Scope } from "./scope";
import { clearAttempts, takeAttempt } from "./throttle";
import { issueToken, type TokenResponse, type TokenSubject } from "./tokens";

const BAD_CREDENTIALS = "The username, password or scope is incorrect";

type Account = {
  userPk: string;
  userId: string;
  ns: string;
  username: string | null;
  tenantPk: string | null;
  organisationPk: string | null;
  hash: string;
};

export type PasswordGrantInput = { username: string; password: string; scope?: string; clientAddress?: string | null };

// grant_type=password: organisation users by username + scope, tenant users by username +
// tenant scope, top-level users by username alone, anyone by email. A scope may also name the
// account signing in, in every shape a token of that account carries (user/<id>,
// tenant/<t>/user/<id>, .../student/<id>): clients echo the scope they were given.
export async function passwordGrant(
  db: Db,
  input: PasswordGrantInput,
  settings: GrantSettings,
): Promise<TokenResponse> {
  const scope = input.scope ? parseScope(input.scope) : null;
  if (input.scope && !scope) throw new OAuthError("invalid_scope", "The scope is malformed");
  if (scope?.kind === "org-user" && scope.username !== input.username) {
    throw new OAuthError("invalid_scope", "The scope names another user than the username");
  }

  // Keys name what was typed, so unknown accounts are throttled alike and reveal nothing.
  const account = `${scope ? formatScope(narrow(scope)) : "-"}|${input.username.toLowerCase()}`;
  const keys = [`a:${account}`, `c:${account}|${input.clientAddress ?? "unknown"}`];
  const perAccount = { ...settings.throttle, maxFailures: settings.throttle.maxFailures * 10 };
  const wait = Math.max(await takeAttempt(db, keys[1], settings.throttle), await takeAttempt(db, keys[0], perAccount));
  if (wait > 0) {
    throw new ApiError("too_many_requests", "Too many failed sign-in attempts; try again later", undefined, {
      "Retry-After": String(wait),
    });
  }

  const found = await findAccount(db, input.username, scope);
  const ok = await verifyPassword(found?.hash ?? null, input.password);
  if (!found || !ok) throw new OAuthError("invalid_grant", BAD_CREDENTIALS);
  await clearAttempts(db, keys);

  const subject: TokenSubject = {
    userPk: found.userPk,
    tenantPk: found.tenantPk,
    organisationPk: found.organisationPk,
  };
  const issuedScope = input.scope ?? (await canonicalUserScope(db, found.userPk));
  return issueToken(db, subject, issuedScope, {
    ttlSeconds: settings.ttlSeconds,
    actorUserPk: found.userPk,
    parent: null,
  });
}

/** The scope prefix that selects a credential namespace (the user part names the account). */
function narrow(scope: Scope): Scope {
  if (scope.kind === "org-user" || scope.kind === "student")
    return { kind: "organisation", tenantId: scope.tenantId, organisationId: scope.organisationId };
  if (scope.kind === "tenant-user") return { kind: "tenant", tenantId: scope.tenantId };
  return scope;
}

const accountSelect = {
  passwordHash: true,
  user: { select: { pk: true, id: true, ns: true, tenantPk: true, organisationPk: true } },
} as const;
type AccountRow = {
  passwordHash: string;
  username?: string;
  user: { pk: string; id: string; ns: string; tenantPk: string | null; organisationPk: string | null };
};
const toAccount = (row: AccountRow | null): Account | null =>
  row
    ? {
        userPk: row.user.pk,
        userId: row.user.id,
        ns: row.user.ns,
        username: row.username ?? null,
        tenantPk: row.user.tenantPk,
        organisationPk: row.user.organisationPk,
        hash: row.passwordHash,
      }
    : null;

async function findAccount(db: Db, username: string, scope: Scope | null): Promise<Account | null> {
  const byEmail = async () =>
    toAccount(await db.emailAuth.findUnique({ where: { email: username.toLowerCase() }, select: accountSelect }));
  const byUsername = async (namespace: string) =>
    toAccount(
      await db.basicAuth.findUnique({
        where: { ns_username: { ns: namespace, username } },
        select: { ...accountSelect, username: true },
      }),
    );
  if (!scope) return (await byEmail()) ?? (await byUsername(ns.top));

  const namespace = await scopeNamespace(db, scope);
  if (namespace === null) return null;
  const account = (await byUsername(namespace)) ?? (await byEmail());
  if (!account || account.ns !== namespace) return null;
  // A scope that names a user must name this account.
  switch (scope.kind) {
    case "top-user":
    case "student":
      return account.userId === scope.userId ? account : null;
    case "tenant-user":
      return account.userId === scope.user || account.username === scope.user ? account : null;
    case "org-user":
      return account.username === scope.username ? account : null;
    default:
      return account;
  }
}

/** The user namespace a scope points into, or null when its tenant or organisation is unknown. */
async function scopeNamespace(db: Db, scope: Scope): Promise<string | null> {
  if (scope.kind === "top-user") return ns.top;
  const tenant = await db.tenant.findUnique({ where: { id: scope.tenantId }, select: { pk: true } });
  if (!tenant) return null;
  if (scope.kind === "tenant" || scope.kind === "tenant-user") return ns.tenant(tenant.pk);
  const org = await db.organisation.findUnique({
    where: { tenantPk_id: { tenantPk: tenant.pk, id: scope.organisationId } },
    select: { pk: true },
  });
  return org ? ns.organisation(org.pk) : null;
}

async function canonicalUserScope(db: Db, userPk: string): Promise<string> {
  const user = await db.user.findUniqueOrThrow({
    where: { pk: userPk },
    select: { id: true, level: true, tenant: { select: { id: true } }, organisation: { select: { id: true } } },
  });
  if (user.level === "organisation") {
    return formatScope({
      kind: "student",
      tenantId: user.tenant!.id,
      organisationId: user.organisation!.id,
      userId: user.id,
    });
  }
  if (user.level === "tenant") return formatScope({ kind: "tenant-user", tenantId: user.tenant!.id, user: user.id });
  return formatScope({ kind: "top-user", userId: user.id });
}
