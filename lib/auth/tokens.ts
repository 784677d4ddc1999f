import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { newPk } from "@/lib/db/ids";
import { buildPrincipal, type Level, type Principal } from "./principal";
import { cachedPrincipal, forgetLineage } from "./token-cache";

// Opaque bearer tokens: 256 random bits, stored only as their SHA-256.

export type TokenSubject = {
  userPk: string | null;
  tenantPk: string | null;
  organisationPk: string | null;
};

export type TokenResponse = { access_token: string; token_type: "Bearer"; scope: string; expires_in: number };

/** The token a new one derives from: the new one joins its family and lineage and expires no later. */
export type ParentToken = { pk: string; familyPk: string; lineage: string; expiresAt: Date };

const hashToken = (raw: string) => createHash("sha256").update(raw).digest("hex");

export async function issueToken(
  db: Db,
  subject: TokenSubject,
  scope: string,
  opts: { ttlSeconds: number; actorUserPk: string | null; parent: ParentToken | null },
): Promise<TokenResponse> {
  const raw = randomBytes(32).toString("base64url");
  const pk = newPk();
  const { parent } = opts;
  const now = Date.now();
  // A derived token never outlives the token it came from, so none outlives the sign-in.
  const expiresAt = new Date(Math.min(now + opts.ttlSeconds * 1000, parent ? parent.expiresAt.getTime() : Infinity));
  await db.token.create({
    data: {
      pk,
      hash: hashToken(raw),
      scope,
      ...subject,
      actorUserPk: opts.actorUserPk,
      parentTokenPk: parent?.pk ?? null,
      familyPk: parent?.familyPk ?? pk,
      lineage: parent ? `${parent.lineage}/${pk}` : pk,
      expiresAt,
    },
  });
  if (parent) {
    // A parent revoked while this token was being issued takes it along.
    const still = await db.token.findUnique({ where: { pk: parent.pk }, select: { revokedAt: true } });
    if (!still || still.revokedAt) {
      await db.token.update({ where: { pk }, data: { revokedAt: new Date() } });
      throw new TokenRevokedError();
    }
  }
  return {
    access_token: raw,
    token_type: "Bearer",
    scope,
    expires_in: Math.max(0, Math.floor((expiresAt.getTime() - now) / 1000)),
  };
}

export class TokenRevokedError extends Error {
  constructor() {
    super("The token was revoked");
  }
}

/**
 * The principal of a live token, or null for unknown, expired or revoked tokens. Cached for
 * under a second (token-cache.ts: what that bounds, and how revocation reaches other instances).
 */
export async function resolveToken(db: Db, raw: string): Promise<Principal | null> {
  if (raw.length < 16 || raw.length > 200) return null;
  const hash = hashToken(raw);
  return cachedPrincipal(hash, () => loadPrincipal(db, hash));
}

async function loadPrincipal(db: Db, hash: string): Promise<Principal | null> {
  const token = await db.token.findUnique({
    where: { hash },
    include: {
      user: {
        select: {
          pk: true,
          id: true,
          level: true,
          roles: {
            select: { roleName: true, role: { select: { permissions: { select: { permissionName: true } } } } },
          },
        },
      },
      actorUser: {
        select: { pk: true, level: true, tenantPk: true, organisationPk: true, roles: { select: { roleName: true } } },
      },
      tenant: { select: { pk: true, id: true } },
      organisation: { select: { pk: true, id: true } },
    },
  });
  if (!token || token.revokedAt || token.expiresAt.getTime() <= Date.now()) return null;
  const tenant = token.tenant;
  const organisation = token.organisation;
  // A token whose signed-in person is gone (deleted) acts for nobody.
  if (token.actorUserPk && !token.actorUser) return null;
  const base = {
    token: { pk: token.pk, familyPk: token.familyPk, lineage: token.lineage, expiresAt: token.expiresAt },
    scope: token.scope,
    actorUserPk: token.actorUserPk,
    actor: token.actorUser
      ? {
          pk: token.actorUser.pk,
          level: token.actorUser.level as Level,
          tenantPk: token.actorUser.tenantPk,
          organisationPk: token.actorUser.organisationPk,
          roles: token.actorUser.roles.map((r) => r.roleName),
        }
      : null,
  };
  if (token.user) {
    return buildPrincipal(
      {
        ...base,
        kind: "user",
        level: token.user.level as Level,
        user: { pk: token.user.pk, id: token.user.id },
        tenant,
        organisation,
        roles: token.user.roles.map((r) => r.roleName),
      },
      token.user.roles.flatMap((r) => r.role.permissions.map((p) => p.permissionName)),
    );
  }
  if (token.userPk) return null; // the user was deleted
  if (organisation && tenant) {
    return buildPrincipal({
      ...base,
      kind: "organisation",
      level: "organisation",
      user: null,
      tenant,
      organisation,
      roles: ["ORGANISATION"],
    });
  }
  if (tenant && !token.organisationPk) {
    return buildPrincipal({
      ...base,
      kind: "tenant",
      level: "tenant",
      user: null,
      tenant,
      organisation: null,
      roles: ["TENANT"],
    });
  }
  return null;
}

/**
 * Revokes a token and every token derived from it (its lineage), in one statement; on this
 * instance they stop working at once (other instances: within the cache's TTL).
 */
export async function revokeToken(db: Db, token: { familyPk: string; lineage: string }): Promise<void> {
  try {
    await db.token.updateMany({
      where: {
        familyPk: token.familyPk,
        revokedAt: null,
        OR: [{ lineage: token.lineage }, { lineage: { startsWith: `${token.lineage}/` } }],
      },
      data: { revokedAt: new Date() },
    });
  } finally {
    forgetLineage(token.familyPk, token.lineage);
  }
}

export async function revokeRawToken(db: Db, raw: string): Promise<void> {
  const token = await db.token.findUnique({
    where: { hash: hashToken(raw) },
    select: { familyPk: true, lineage: true },
  });
  if (token) await revokeToken(db, token);
}

/**
 * Which of these raw tokens are still live (not revoked, not expired, their rows not gone with a
 * deleted user, organisation or tenant): one query for any number of tokens, so that checking
 * every open websocket session each second costs one statement, not a resolution per session.
 */
export async function liveTokens(db: Db, raws: Iterable<string>): Promise<Set<string>> {
  const byHash = new Map<string, string>();
  for (const raw of raws) if (raw.length >= 16 && raw.length <= 200) byHash.set(hashToken(raw), raw);
  if (byHash.size === 0) return new Set();
  const rows = await db.token.findMany({
    where: { hash: { in: [...byHash.keys()] }, revokedAt: null, expiresAt: { gt: new Date() } },
    select: { hash: true },
  });
  return new Set(rows.map((r) => byHash.get(r.hash)!));
}
