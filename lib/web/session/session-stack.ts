import "server-only";
import { OAuthError } from "@/lib/api/errors";
import { clientCredentialsGrant } from "@/lib/auth/client-credentials-grant";
import { grantSettingsOf } from "@/lib/auth/grants";
import { resolveToken, revokeRawToken } from "@/lib/auth/tokens";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { describeCaller } from "../views/caller-label";
import { describeView, type SessionUpdate, type StackEntry, type WebSession } from "./session";

// The impersonation stack in the session cookie: impersonations are made here, on the server
// (the browser never sees a token), returns revoke what they leave. Run by next-auth's jwt
// callback.

const MAX_DEPTH = 6;

export type UpdateResult = { stack: StackEntry[]; error?: string };

/** The stack after an update; an update that does not check out leaves it as it was and says why. */
export async function applyUpdate(db: Db, stack: StackEntry[], update: SessionUpdate): Promise<UpdateResult> {
  const top = stack[stack.length - 1];
  if (!top) return { stack, error: "The session has no view" };
  if (update.op === "impersonate") {
    if (stack.length >= MAX_DEPTH) return { stack, error: "Return to an earlier view before switching further" };
    const caller = await resolveToken(db, top.token);
    if (!caller) return { stack, error: "The session has ended" };
    try {
      // Impersonated from the current token: sign-out's revocation of the bottom one reaches it.
      const token = await clientCredentialsGrant(db, caller, update.scope, grantSettingsOf(config()));
      // Named from the database (the browser's label is only the fallback).
      const as = await resolveToken(db, token.access_token);
      const named = as ? await describeCaller(db, as) : { label: update.label };
      const entry = {
        token: token.access_token,
        scope: token.scope,
        expiresAt: Date.now() + token.expires_in * 1000,
        ...named,
      };
      return { stack: [...stack, entry] };
    } catch (error) {
      if (error instanceof OAuthError) return { stack, error: error.description };
      throw error;
    }
  }
  if (update.depth >= stack.length - 1) return { stack, error: "There is no such view to return to" };
  // Revoking the first token left behind revokes every token impersonated from it.
  await revokeRawToken(db, stack[update.depth + 1].token);
  return { stack: stack.slice(0, update.depth + 1) };
}

/** Whether every token on the stack is still within its lifetime. */
export const stackAlive = (stack: StackEntry[] | undefined): stack is StackEntry[] =>
  !!stack?.length && stack.every((entry) => entry.expiresAt > Date.now());

export function toWebSession(stack: StackEntry[], expires: string, error?: string): WebSession {
  const top = stack[stack.length - 1];
  return {
    expires,
    scope: top.scope,
    view: describeView(top.scope, top.label),
    stack: stack.map((entry) => ({
      scope: entry.scope,
      view: describeView(entry.scope, entry.label),
      ...(entry.about ? { about: entry.about } : {}),
      ...(entry.ids ? { ids: entry.ids } : {}),
    })),
    ...(error ? { error } : {}),
  };
}
