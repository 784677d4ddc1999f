import { headers } from "next/headers";
import { clientCredentialsGrant } from "@/lib/auth/client-credentials-grant";
import { grantSettingsOf } from "@/lib/auth/grants";
import { sessionStack } from "@/lib/auth/session-cookie";
import { resolveToken } from "@/lib/auth/tokens";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";

// The practice pages speak to the recognition server (/ws) as an app does, and WAMP's ticket is an
// access token: the page gets one of its own, derived from the current view as /docs does
// (lib/web/docs-token.ts): a member of the sign-in's family (sign-out revokes it), short-lived,
// never outliving the view's token. An hour covers a practice session; a new page gets a new one.
const PRACTICE_TOKEN_TTL_SECONDS = 3600;

export async function practiceToken(): Promise<string | null> {
  const top = (await sessionStack((await headers()).get("cookie")))?.at(-1);
  const principal = top ? await resolveToken(db(), top.token) : null;
  if (!principal) return null;
  const settings = { ...grantSettingsOf(config()), ttlSeconds: PRACTICE_TOKEN_TTL_SECONDS };
  return (await clientCredentialsGrant(db(), principal, undefined, settings)).access_token;
}
