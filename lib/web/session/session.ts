import { parseScope, type Scope } from "@/lib/auth/scope";

// The web session's shape, shared by the server (next-auth callbacks) and the browser.
// The JWT cookie holds a stack of API tokens: the bottom one came from signing in, each
// one above it was impersonated from the one below; the top one is the current view.

export type StackEntry = {
  token: string;
  scope: string;
  /** A name: the person's, or the tenant's or organisation's. */
  label: string;
  expiresAt: number;
  /** The role and place in words ("Teacher · School One (Acme)"), and the ids, as secondary text. */
  about?: string;
  ids?: string;
};

/**
 * What the browser sees: the current scope and the labels of the stack, never a token (page
 * scripts call the API with the HttpOnly cookie: lib/auth/session-cookie.ts).
 */
export type WebSession = {
  expires: string;
  scope: string;
  /** Whose view is active, e.g. "organisation School One". */
  view: string;
  /** Bottom first; the last entry is the current view. */
  stack: { scope: string; view: string; about?: string; ids?: string }[];
  /** Why the session update just asked for did not happen (only in that update's answer). */
  error?: string;
};

export type Level = "top" | "tenant" | "organisation";

/** Where next-auth's endpoints are served: beside the API, not under /api. */
export const AUTH_BASE_PATH = "/auth";

/** A scope's level and whether it names a user, a tenant or an organisation. */
export function scopeInfo(scope: string): {
  level: Level;
  kind: "user" | "tenant" | "organisation";
  parsed: Scope | null;
} {
  const parsed = parseScope(scope);
  switch (parsed?.kind) {
    case "tenant":
      return { level: "tenant", kind: "tenant", parsed };
    case "tenant-user":
      return { level: "tenant", kind: "user", parsed };
    case "organisation":
      return { level: "organisation", kind: "organisation", parsed };
    case "student":
    case "org-user":
      return { level: "organisation", kind: "user", parsed };
    default:
      return { level: "top", kind: "user", parsed };
  }
}

/** Tenants and organisations acting as themselves say so; people are named by their name alone. */
const KIND_WORDS: Partial<Record<Scope["kind"], string>> = {
  tenant: "tenant",
  organisation: "organisation",
};

/** "organisation School One", "tenant Acme", "Jan van Jansen". */
export function describeView(scope: string, label: string): string {
  const kind = parseScope(scope)?.kind;
  const words = kind ? KIND_WORDS[kind] : undefined;
  return words ? `${words} ${label}` : label;
}

/** Session updates the browser may ask for (checked by ./session-update.ts, which the browser does not load). */
export type SessionUpdate = { op: "impersonate"; scope: string; label: string } | { op: "return"; depth: number };

/**
 * Carried by the web app's API calls, which the API then answers with the session cookie
 * (lib/auth/session-cookie.ts): a cross-site form cannot set it.
 */
export const SESSION_CALL_HEADER = "X-Requested-With";
/** One API call as a scope below the current view (e.g. a user's own credentials). */
export const ACT_AS_HEADER = "X-Act-As-Scope";
