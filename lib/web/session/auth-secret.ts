import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { sharedSecret } from "@/lib/settings/shared-secrets";

// The key that signs and encrypts web sessions. AUTH_SECRET / NEXTAUTH_SECRET when set;
// otherwise generated once and kept in the database, so every instance shares it.

export async function authSecret(db: Db): Promise<string> {
  const fromEnv = config().authSecret;
  if (fromEnv) return fromEnv;
  return (await sharedSecret(db, "auth")).toString("base64url");
}
