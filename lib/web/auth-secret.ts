import { randomBytes } from "node:crypto";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/ids";

// The key that signs and encrypts web sessions. AUTH_SECRET / NEXTAUTH_SECRET when set;
// otherwise generated once and kept in the database, so every instance shares it.

const SETTING_KEY = "auth.secret";

export async function authSecret(db: Db): Promise<string> {
  const fromEnv = config().authSecret;
  if (fromEnv) return fromEnv;
  const stored = await db.setting.findUnique({ where: { key: SETTING_KEY } });
  if (stored) return stored.value;
  try {
    await db.setting.create({ data: { key: SETTING_KEY, value: randomBytes(32).toString("base64url") } });
  } catch (error) {
    // Another instance created it first: use theirs.
    if (!isUniqueViolation(error)) throw error;
  }
  return (await db.setting.findUniqueOrThrow({ where: { key: SETTING_KEY } })).value;
}
