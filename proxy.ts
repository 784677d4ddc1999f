import { type NextRequest, NextResponse } from "next/server";
import { preflightHeaders } from "@/lib/api/cors";
import { contentSecurityPolicy, newNonce } from "@/lib/web/csp";

// Runs before routing, for two kinds of request only (see the matcher). It must never run for
// API requests with a body: Next then buffers that body (up to 10 MB) before the route sees
// it, which breaks streamed uploads.
export function proxy(request: NextRequest) {
  if (request.nextUrl.pathname === "/api" || request.nextUrl.pathname.startsWith("/api/")) {
    // CORS preflight for every API path, answered before routing.
    if (request.method === "OPTIONS") return new NextResponse(null, { status: 204, headers: preflightHeaders() });
    return NextResponse.next();
  }
  // A page: a fresh nonce, which Next.js puts on its own scripts when it sees it in the
  // request's copy of the policy.
  const docs = request.nextUrl.pathname === "/docs" || request.nextUrl.pathname.startsWith("/docs/");
  const csp = contentSecurityPolicy(newNonce(), { dev: process.env.NODE_ENV === "development", docs });
  const headers = new Headers(request.headers);
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: [
    // API: CORS preflights only.
    { source: "/api/:path*", has: [{ type: "header", key: "access-control-request-method" }] },
    // Pages: everything but the API, next-auth's endpoints (/auth, headers from next.config.mjs)
    // and static files; prefetches carry no document to protect.
    {
      source: "/((?!api|auth/|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
