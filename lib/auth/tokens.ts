import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { newPk } from "@/lib/db/ids";
import { type RawReader, rawReader } from "@/lib/db/raw-rows";
import { epochMsDate, epochMsSql, SqlParams } from "@/lib/db/sql";
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

// Read with the driver (lib/db/raw-rows.ts), not Prisma: under load every request past the cache's
// TTL resolves its token, and Prisma compiled this read (token, user, actor, their roles and
// permissions, tenant, organisation) into seven statements, about 3 ms of the main thread per
// request; these are two prepared statements. (Classroom bench, issue 28.)
async function loadPrincipal(db: Db, hash: string): Promise<Principal | null> {
  const reader = rawReader(db);
  const params = new SqlParams(reader.kind);
  const [row] = await reader.rows(
    `SELECT t."pk", t."scope", t."userPk", t."organisationPk", t."actorUserPk", t."familyPk", t."lineage",
            ${epochMsSql(reader.kind, 't."expiresAt"')}, t."revokedAt",
            u."pk", u."id", u."level", a."pk", a."level", a."tenantPk", a."organisationPk",
            te."pk", te."id", o."pk", o."id"
       FROM "Token" t
       LEFT JOIN "User" u ON u."pk" = t."userPk"
       LEFT JOIN "User" a ON a."pk" = t."actorUserPk"
       LEFT JOIN "Tenant" te ON te."pk" = t."tenantPk"
       LEFT JOIN "Organisation" o ON o."pk" = t."organisationPk"
      WHERE t."hash" = ${params.add(hash)}`,
    params.values,
  );
  if (!row) return null;
  const str = (i: number) => (row[i] ?? null) as string | null;
  const token = {
    pk: row[0] as string,
    scope: row[1] as string,
    userPk: str(2),
    organisationPk: str(3),
    actorUserPk: str(4),
    familyPk: row[5] as string,
    lineage: row[6] as string,
    expiresAt: epochMsDate(row[7]),
    revokedAt: row[8] ?? null,
    user: row[9] ? { pk: row[9] as string, id: row[10] as string, level: row[11] as string } : null,
    actorUser: row[12]
      ? { pk: row[12] as string, level: row[13] as string, tenantPk: str(14), organisationPk: str(15) }
      : null,
    tenant: row[16] ? { pk: row[16] as string, id: row[17] as string } : null,
    organisation: row[18] ? { pk: row[18] as string, id: row[19] as string } : null,
  };
  if (token.revokedAt || token.expiresAt.getTime() <= Date.now()) return null;
  const roles = await rolesOf(reader, [token.user?.pk, token.actorUser?.pk]);
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
          roles: roles.get(token.actorUser.pk)?.names ?? [],
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
        roles: roles.get(token.user.pk)?.names ?? [],
      },
      roles.get(token.user.pk)?.permissions ?? [],
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

/** Each user's role names and the permissions those roles grant. */
async function rolesOf(reader: RawReader, userPks: (string | undefined)[]) {
  const byUser = new Map<string, { names: string[]; permissions: string[] }>();
  const pks = [...new Set(userPks.filter((pk): pk is string => !!pk))];
  if (pks.length === 0) return byUser;
  const params = new SqlParams(reader.kind);
  const rows = await reader.rows(
    `SELECT r."userPk", r."roleName", p."permissionName"
       FROM "UserRole" r LEFT JOIN "RolePermission" p ON p."roleName" = r."roleName"
      WHERE r."userPk" IN (${pks.map((pk) => params.add(pk)).join(", ")})
      ORDER BY r."userPk", r."roleName", p."permissionName"`,
    params.values,
  );
  for (const [userPk, roleName, permission] of rows as [string, string, string | null][]) {
    let entry = byUser.get(userPk);
    if (!entry) byUser.set(userPk, (entry = { names: [], permissions: [] }));
    if (entry.names.at(-1) !== roleName) entry.names.push(roleName);
    if (permission) entry.permissions.push(permission);
  }
  return byUser;
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
