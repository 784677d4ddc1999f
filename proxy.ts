import { NextResponse, type NextRequest } from "next/server";
import { preflightHeaders } from "@/lib/api/cors";

// CORS preflight for every API path, answered before routing.
export function proxy(request: NextRequest) {
  if (request.method === "OPTIONS") return new NextResponse(null, { status: 204, headers: preflightHeaders() });
  return NextResponse.next();
}

export const config = { matcher: "/api/:path*" };
