import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/ids";

// Secrets generated on first use and kept in the Setting table, so every stateless app
// instance signs and checks with the same key. Cached per process.

const cache = new Map<string, Promise<Buffer>>();

export function sharedSecret(db: Db, name: string): Promise<Buffer> {
  let secret = cache.get(name);
  if (!secret) {
    secret = loadOrCreate(db, `secret:${name}`);
    secret.catch(() => cache.delete(name));
    cache.set(name, secret);
  }
  return secret;
}

async function loadOrCreate(db: Db, key: string): Promise<Buffer> {
  const existing = await db.setting.findUnique({ where: { key } });
  if (existing) return Buffer.from(existing.value, "base64");
  const value = randomBytes(32).toString("base64");
  try {
    await db.setting.create({ data: { key, value } });
    return Buffer.from(value, "base64");
  } catch (error) {
    // Another instance created it first: use theirs.
    if (!isUniqueViolation(error)) throw error;
    const row = await db.setting.findUniqueOrThrow({ where: { key } });
    return Buffer.from(row.value, "base64");
  }
}
