import type { Db } from "@/lib/db/client";
import { impersonatedTokenExpiry, revokeRawToken } from "@/lib/auth/tokens";
import { describeView, type SessionUpdate, type StackEntry, type WebSession } from "./session";

// The impersonation stack in the session cookie: pushes are checked against the token
// table, returns revoke what they leave. Server-only (next-auth's jwt callback).

const MAX_DEPTH = 6;

/** The stack after an update; an update that does not check out leaves it as it was. */
export async function applyUpdate(db: Db, stack: StackEntry[], update: SessionUpdate): Promise<StackEntry[]> {
  const top = stack[stack.length - 1];
  if (!top) return stack;
  if (update.op === "push") {
    if (stack.length >= MAX_DEPTH) return stack;
    // Only a token impersonated from the current one: sign-out's revocation then reaches it.
    const expires = await impersonatedTokenExpiry(db, update.token, top.token, update.scope);
    if (!expires) return stack;
    return [...stack, { token: update.token, scope: update.scope, label: update.label, expiresAt: expires.getTime() }];
  }
  if (update.depth >= stack.length - 1) return stack;
  // Revoking the first token left behind revokes every token impersonated from it.
  await revokeRawToken(db, stack[update.depth + 1].token);
  return stack.slice(0, update.depth + 1);
}

/** Whether every token on the stack is still within its lifetime. */
export const stackAlive = (stack: StackEntry[] | undefined): stack is StackEntry[] =>
  !!stack?.length && stack.every((entry) => entry.expiresAt > Date.now());

export function toWebSession(stack: StackEntry[], expires: string): WebSession {
  const top = stack[stack.length - 1];
  return {
    expires,
    token: top.token,
    scope: top.scope,
    view: describeView(top.scope, top.label),
    stack: stack.map((entry) => ({ scope: entry.scope, view: describeView(entry.scope, entry.label) })),
  };
}
