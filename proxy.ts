import { NextResponse, type NextRequest } from "next/server";
import { preflightHeaders } from "@/lib/api/cors";

// CORS preflight for every API path, answered before routing. The matcher selects
// preflights only: when the proxy runs for a request with a body, Next buffers that
// body (up to 10 MB) before the route sees it, which breaks streamed uploads.
export function proxy(request: NextRequest) {
  if (request.method === "OPTIONS") return new NextResponse(null, { status: 204, headers: preflightHeaders() });
  return NextResponse.next();
}

export const config = {
  matcher: [{ source: "/api/:path*", has: [{ type: "header", key: "access-control-request-method" }] }],
};
