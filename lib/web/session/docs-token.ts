import "server-only";
import { headers } from "next/headers";
import { clientCredentialsGrant } from "@/lib/auth/client-credentials-grant";
import { grantSettingsOf } from "@/lib/auth/grants";
import { sessionStack } from "@/lib/auth/session-cookie";
import { resolveToken } from "@/lib/auth/tokens";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";

// The one page that hands a token to page script: /docs, whose "Test request" sends calls with a
// bearer header. It gets a token of its own, derived from the current view for ten minutes: a
// member of the sign-in's family (sign-out revokes it) that never outlives the view's token.
const DOCS_TOKEN_TTL_SECONDS = 600;

export async function docsToken(): Promise<string | null> {
  const top = (await sessionStack((await headers()).get("cookie")))?.at(-1);
  const principal = top ? await resolveToken(db(), top.token) : null;
  if (!principal) return null;
  const settings = { ...grantSettingsOf(config()), ttlSeconds: DOCS_TOKEN_TTL_SECONDS };
  return (await clientCredentialsGrant(db(), principal, undefined, settings)).access_token;
}
