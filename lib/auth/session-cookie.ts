import { decode } from "next-auth/jwt";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { authSecret } from "@/lib/web/session/auth-secret";
import { ACT_AS_HEADER, SESSION_CALL_HEADER, type StackEntry } from "@/lib/web/session/session";
import { clientCredentialsGrant } from "./client-credentials-grant";
import { grantSettingsOf } from "./grants";
import { resolveToken } from "./tokens";

// The web app's pages call the API same-origin with next-auth's HttpOnly session cookie
// instead of a bearer token, so page scripts never hold an API token. This turns that
// cookie into the raw API token of the current view, for requests that prove they come
// from our own pages (cross-site forms and links cannot).

const ACT_AS_TTL_SECONDS = 60;

/** The raw API token the session cookie stands for on this request, or null. */
export async function sessionCookieToken(req: Request): Promise<string | null> {
  if (!callFromOwnPage(req)) return null;
  // Minting or revoking tokens with the cookie would hand page scripts a token after all.
  if (/^\/api\/tokens(\/|$)/.test(new URL(req.url).pathname)) return null;
  const top = (await sessionStack(req.headers.get("cookie")))?.at(-1);
  if (!top) return null;
  const actAs = req.headers.get(ACT_AS_HEADER);
  return actAs ? actAsToken(top.token, actAs) : top.token;
}

/**
 * Same-origin by the browser's own word (Sec-Fetch-Site), and our header on anything but a
 * plain GET: media elements (<audio src>) send no custom header, and a GET changes nothing.
 */
function callFromOwnPage(req: Request): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin") return false;
  if (req.headers.has(SESSION_CALL_HEADER)) return true;
  return site === "same-origin" && (req.method === "GET" || req.method === "HEAD");
}

/** The API token stack of a request's next-auth session cookie (null: none, or not ours). */
export async function sessionStack(cookieHeader: string | null): Promise<StackEntry[] | null> {
  const value = sessionCookieValue(cookieHeader);
  if (!value) return null;
  try {
    const payload = await decode({ token: value, secret: await authSecret(db()) });
    const stack = payload?.stack as StackEntry[] | undefined;
    return Array.isArray(stack) && stack.length && stack.every((e) => e.expiresAt > Date.now()) ? stack : null;
  } catch {
    return null;
  }
}

/** next-auth's cookie name (secure prefix on https) and its chunks (`.0`, `.1`, ... past 4 kB). */
function sessionCookieValue(header: string | null): string | null {
  if (!header) return null;
  const name = `${config().publicBaseUrl.startsWith("https://") ? "__Secure-" : ""}next-auth.session-token`;
  const chunks: [number, string][] = [];
  for (const pair of header.split(";")) {
    const at = pair.indexOf("=");
    if (at < 0) continue;
    const key = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (key === name) return value;
    const chunk = key.startsWith(`${name}.`) ? Number(key.slice(name.length + 1)) : NaN;
    if (Number.isInteger(chunk)) chunks.push([chunk, value]);
  }
  return chunks.length
    ? chunks
        .sort((a, b) => a[0] - b[0])
        .map(([, v]) => v)
        .join("")
    : null;
}

/**
 * A short-lived token for `scope` impersonated from the view's token; never shown to the page.
 * A scope the view may not act as throws the token endpoint's own error (400 invalid_scope).
 */
async function actAsToken(viewToken: string, scope: string): Promise<string | null> {
  const principal = await resolveToken(db(), viewToken);
  if (!principal) return null;
  const settings = { ...grantSettingsOf(config()), ttlSeconds: ACT_AS_TTL_SECONDS };
  return (await clientCredentialsGrant(db(), principal, scope, settings)).access_token;
}
