import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/web/session/auth";

// next-auth's endpoints (sign-in callback, session, sign-out, CSRF) for the web app.
type Context = { params: Promise<{ nextauth: string[] }> };

// Its client-logger endpoint (`/auth/_log`) would write anyone's text, at any level, into the
// server log: it is not served (the browser's next-auth client ignores the answer).
const REFUSED = new Set(["_log"]);

async function handler(req: NextRequest, context: Context): Promise<Response> {
  if (REFUSED.has((await context.params).nextauth[0] ?? ""))
    return Response.json({ message: "Not found" }, { status: 404 });
  return NextAuth(req, context, await authOptions());
}

export { handler as GET, handler as POST };
