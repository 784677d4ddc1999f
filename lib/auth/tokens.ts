import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { newPk } from "@/lib/db/ids";
import { buildPrincipal, type Level, type Principal } from "./principal";

// Opaque bearer tokens: 256 random bits, stored only as their SHA-256.

export type TokenSubject = {
  userPk: string | null;
  tenantPk: string | null;
  organisationPk: string | null;
};

export type TokenResponse = { access_token: string; token_type: "Bearer"; scope: string; expires_in: number };

const hashToken = (raw: string) => createHash("sha256").update(raw).digest("hex");

export async function issueToken(
  db: Db,
  subject: TokenSubject,
  scope: string,
  opts: { ttlSeconds: number; actorUserPk: string | null; parentTokenPk: string | null },
): Promise<TokenResponse> {
  const raw = randomBytes(32).toString("base64url");
  await db.token.create({
    data: {
      pk: newPk(),
      hash: hashToken(raw),
      scope,
      ...subject,
      actorUserPk: opts.actorUserPk,
      parentTokenPk: opts.parentTokenPk,
      expiresAt: new Date(Date.now() + opts.ttlSeconds * 1000),
    },
  });
  return { access_token: raw, token_type: "Bearer", scope, expires_in: opts.ttlSeconds };
}

/** The principal of a live token, or null for unknown, expired or revoked tokens. */
export async function resolveToken(db: Db, raw: string): Promise<Principal | null> {
  if (raw.length < 16 || raw.length > 200) return null;
  const token = await db.token.findUnique({
    where: { hash: hashToken(raw) },
    include: {
      user: { select: { pk: true, id: true, level: true, roles: { select: { roleName: true } } } },
      tenant: { select: { pk: true, id: true } },
      organisation: { select: { pk: true, id: true } },
    },
  });
  if (!token || token.revokedAt || token.expiresAt.getTime() <= Date.now()) return null;
  const tenant = token.tenant;
  const organisation = token.organisation;
  if (token.user) {
    return buildPrincipal({
      tokenPk: token.pk,
      scope: token.scope,
      kind: "user",
      level: token.user.level as Level,
      user: { pk: token.user.pk, id: token.user.id },
      tenant,
      organisation,
      roles: token.user.roles.map((r) => r.roleName),
      actorUserPk: token.actorUserPk,
    });
  }
  if (token.userPk) return null; // the user was deleted
  if (organisation && tenant) {
    return buildPrincipal({
      tokenPk: token.pk,
      scope: token.scope,
      kind: "organisation",
      level: "organisation",
      user: null,
      tenant,
      organisation,
      roles: ["ORGANISATION"],
      actorUserPk: token.actorUserPk,
    });
  }
  if (tenant && !token.organisationPk) {
    return buildPrincipal({
      tokenPk: token.pk,
      scope: token.scope,
      kind: "tenant",
      level: "tenant",
      user: null,
      tenant,
      organisation: null,
      roles: ["TENANT"],
      actorUserPk: token.actorUserPk,
    });
  }
  return null;
}

/** Revokes a token and every token issued from it by impersonation. */
export async function revokeToken(db: Db, tokenPk: string): Promise<void> {
  const now = new Date();
  let frontier = [tokenPk];
  await db.token.updateMany({ where: { pk: tokenPk, revokedAt: null }, data: { revokedAt: now } });
  for (let depth = 0; frontier.length && depth < 10; depth++) {
    const children = await db.token.findMany({ where: { parentTokenPk: { in: frontier } }, select: { pk: true } });
    frontier = children.map((c) => c.pk);
    if (frontier.length) await db.token.updateMany({ where: { pk: { in: frontier }, revokedAt: null }, data: { revokedAt: now } });
  }
}

export async function revokeRawToken(db: Db, raw: string): Promise<void> {
  const token = await db.token.findUnique({ where: { hash: hashToken(raw) }, select: { pk: true } });
  if (token) await revokeToken(db, token.pk);
}
