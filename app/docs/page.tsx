import type { Metadata } from "next";
import Link from "next/link";
import { currentSession } from "@/lib/web/session/auth";
import { docsToken } from "@/lib/web/session/docs-token";
import { ApiReference } from "./api-reference";

export const metadata: Metadata = { title: "API reference · Speech training platform" };

// GET /docs: the interactive reference of the API, rendered by Scalar from /api/openapi.json.
// Public (other teams write their apps against it); a signed-in person gets a ten-minute token
// derived from their current view (lib/web/session/docs-token.ts) so "Test request" calls run as them.
export default async function DocsPage() {
  const session = await currentSession();
  const token = session ? await docsToken() : null;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-6 py-3">
        <div className="flex items-center gap-4">
          <Link href="/" className="font-semibold text-slate-900">
            Speech training platform
          </Link>
          <span className="text-sm text-slate-500">API reference</span>
        </div>
        <div className="flex items-center gap-4 text-sm">
          <a href="/api/openapi.json" className="text-slate-600 hover:text-slate-900">
            openapi.json
          </a>
          {session ? (
            <span data-testid="docs-auth" className="rounded bg-emerald-50 px-2 py-1 text-emerald-800">
              Trying calls as {session.scope}
            </span>
          ) : (
            <Link href="/sign-in" className="rounded bg-slate-900 px-3 py-1 text-white hover:bg-slate-700">
              Sign in to try calls
            </Link>
          )}
        </div>
      </header>
      <ApiReference token={token ?? ""} />
    </div>
  );
}
