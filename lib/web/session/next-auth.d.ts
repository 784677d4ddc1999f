import type { StackEntry, WebSession } from "./session";

// The session shapes of lib/web/session/session.ts, as next-auth's own types.
declare module "next-auth" {
  interface Session extends Omit<WebSession, "expires"> {}
  interface User {
    entry: StackEntry;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    stack?: StackEntry[];
    /** Why the last session update was refused; dropped on the next read. */
    updateError?: string;
  }
}
