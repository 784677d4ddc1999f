import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { type AuthOptions, getServerSession, type Session } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { CLIENT_ADDRESS_HEADER } from "@/lib/api/client-address";
import { ApiError, OAuthError } from "@/lib/api/errors";
import { log } from "@/lib/api/log";
import { grantSettingsOf } from "@/lib/auth/grants";
import { passwordGrant } from "@/lib/auth/password-grant";
import { sessionStack } from "@/lib/auth/session-cookie";
import { resolveToken, revokeRawToken } from "@/lib/auth/tokens";
import { ensureStarted } from "@/lib/bootstrap/start";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { withSignInPlace } from "../practice/sign-in-place";
import { describeCaller } from "../views/caller-label";
import { authSecret } from "./auth-secret";
import { AUTH_BASE_PATH, type StackEntry } from "./session";
import { applyUpdate, stackAlive, toWebSession } from "./session-stack";
import { sessionUpdateSchema } from "./session-update";
import { passwordGrantInput, signInSchema } from "./sign-in";

// next-auth (v4): credentials sign-in through the password grant, a JWT session cookie that
// holds the API token stack, sign-out that revokes it. Served under /auth (not /api).

/** Thrown in the jwt callback when the API tokens have expired: next-auth then clears the cookie. */
class SessionEnded extends Error {}

let options: Promise<AuthOptions> | undefined;

export function authOptions(): Promise<AuthOptions> {
  options ??= buildOptions().catch((error) => {
    options = undefined;
    throw error;
  });
  return options;
}

async function buildOptions(): Promise<AuthOptions> {
  const cfg = config();
  // next-auth takes its own URL from this variable; without it, it would trust the Host header.
  process.env.NEXTAUTH_URL = `${cfg.publicBaseUrl}${AUTH_BASE_PATH}`;
  await ensureStarted();
  return {
    secret: await authSecret(db()),
    session: { strategy: "jwt", maxAge: cfg.tokenTtlSeconds },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [CredentialsProvider({ id: "credentials", name: "the API", credentials: {}, authorize })],
    callbacks: {
      async jwt({ token, user, trigger, session }) {
        if (user) return { stack: [user.entry] };
        if (!stackAlive(token.stack)) throw new SessionEnded("The API token has expired");
        // An update's refusal is told in that update's answer only.
        const { updateError: _told, ...rest } = token;
        if (trigger !== "update") return rest;
        const update = sessionUpdateSchema.safeParse(session);
        if (!update.success) return { ...rest, updateError: "That change of view is not possible" };
        const { stack, error } = await applyUpdate(db(), token.stack, update.data);
        return { ...rest, stack, ...(error ? { updateError: error } : {}) };
      },
      session: ({ session, token }) => toWebSession(token.stack ?? [], session.expires, token.updateError),
    },
    events: {
      async signOut({ token }) {
        const bottom = (token?.stack as StackEntry[] | undefined)?.[0];
        // The bottom token's revocation reaches every token impersonated from it.
        if (bottom) await revokeRawToken(db(), bottom.token);
      },
    },
    logger: {
      error: (code, metadata) => {
        if (code === "JWT_SESSION_ERROR" && (metadata as { error?: unknown })?.error instanceof SessionEnded) return;
        log("error", "auth", {
          code,
          error: metadata instanceof Error ? metadata.message : (metadata as { message?: string })?.message,
        });
      },
      warn: (code) => log("warn", "auth", { code }),
      debug: () => {},
    },
  };
}

async function authorize(
  credentials: Record<string, string> | undefined,
  req: { headers?: Record<string, unknown> } | undefined,
) {
  const input = signInSchema.safeParse(credentials ?? {});
  if (!input.success) throw new Error(input.error.issues[0]?.message ?? "Fill in every field");
  const { label, ...grant } = passwordGrantInput(await withSignInPlace(db(), input.data));
  // Throttled per account and client address, as the API's own sign-in (scripts/http-server.mjs sets it).
  const address = req?.headers?.[CLIENT_ADDRESS_HEADER];
  try {
    const cfg = config();
    const token = await passwordGrant(
      db(),
      { ...grant, clientAddress: typeof address === "string" ? address : null },
      grantSettingsOf(cfg),
    );
    // Named from the database: the person's name, their role and place in words.
    const caller = await resolveToken(db(), token.access_token);
    const named = caller ? await describeCaller(db(), caller) : { label };
    const entry: StackEntry = {
      token: token.access_token,
      scope: token.scope,
      expiresAt: Date.now() + token.expires_in * 1000,
      ...named,
    };
    return { id: token.scope, entry };
  } catch (error) {
    // The API's own words reach the sign-in page (next-auth passes the message as ?error=).
    if (error instanceof OAuthError) throw new Error(error.description);
    if (error instanceof ApiError && error.code === "too_many_requests") {
      const wait = error.headers?.["Retry-After"];
      throw new Error(wait ? `${error.message} (in ${wait} seconds)` : error.message);
    }
    throw error;
  }
}

/** The session of the request being rendered, or null when signed out or its API token is no longer live. */
export async function currentSession(): Promise<Session | null> {
  // Per request, never at build time: the build must not open the database.
  await connection();
  const session = await getServerSession(await authOptions());
  if (!session) return null;
  // The browser's session carries no token: the cookie's own stack says which one is current.
  const top = (await sessionStack((await headers()).get("cookie")))?.at(-1);
  return top && (await resolveToken(db(), top.token)) ? session : null;
}

/** For app pages: the session, or off to /sign-in. */
export async function requireSession(): Promise<Session> {
  const session = await currentSession();
  if (!session) redirect("/sign-in");
  return session;
}
