import { z } from "zod";
import type { SessionUpdate } from "./session";

// The server's check of the session updates the browser asks for (lib/web/session/auth.ts). Apart from
// ./session.ts, which every page loads: zod stays out of the pages that do not validate forms.

/** Session updates the browser may ask for; the server checks each one. */
export const sessionUpdateSchema: z.ZodType<SessionUpdate> = z.discriminatedUnion("op", [
  /** Act as `scope` (below the current view): the server impersonates it and pushes the new token. */
  z.object({
    op: z.literal("impersonate"),
    scope: z.string().min(1).max(1000),
    label: z.string().trim().min(1).max(120),
  }),
  /** Back to the stack entry at `depth` (0 = the signed-in caller); the ones above are revoked. */
  z.object({ op: z.literal("return"), depth: z.number().int().min(0) }),
]);
