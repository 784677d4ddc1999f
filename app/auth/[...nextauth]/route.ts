import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/web/auth";

// next-auth's endpoints (sign-in callback, session, sign-out, CSRF) for the web app.
type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(req: NextRequest, context: Context): Promise<Response> {
  return NextAuth(req, context, await authOptions());
}

export { handler as GET, handler as POST };
