"use client";
import Link from "next/link";
import { useSession } from "next-auth/react";
import { personName } from "@/lib/web/names";
import { scopeInfo } from "@/lib/web/session/session";
import { NAV_ITEMS, visibleNav } from "@/lib/web/ui/nav";
import { roleWords } from "@/lib/web/users/role-words";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { PageHeader } from "./page-header";
import { EmptyState, ErrorState, LoadingBlock } from "./states";

/** Where the view works, in words (never the scope string with its ids). */
function whereWords(scope: string): string {
  const { level, kind } = scopeInfo(scope);
  const where = level === "top" ? "the whole platform" : level === "tenant" ? "a tenant" : "a school (organisation)";
  return kind === "user" ? `working as a user of ${where}` : `working as ${where} itself`;
}

// What the current view can do: one card per page it may use.
export function Dashboard() {
  const { data: session } = useSession();
  const principal = usePrincipal();
  const pages = visibleNav(principal).filter((item) => item !== NAV_ITEMS[0]);
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={
          <>
            You are working as <strong>{principal.user ? personName(principal.user) : session?.view}</strong>.
          </>
        }
      />
      {principal.isLoading ? (
        <LoadingBlock />
      ) : principal.error ? (
        <ErrorState error={principal.error} />
      ) : pages.length === 0 ? (
        <EmptyState title="Nothing to manage from this view yet">
          {principal.isAdministrator
            ? "Use “Switch view” to act as a tenant, organisation or user below you."
            : "More pages are on their way."}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {pages.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                className="block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-blue-400 hover:shadow"
              >
                <span className="text-lg font-semibold text-blue-800">{item.label}</span>
                <span className="mt-1 block text-sm text-slate-600">{item.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {!principal.isLoading && principal.roles.length > 0 && (
        <p className="mt-8 text-xs text-slate-500">
          Roles: {principal.roles.map(roleWords).join(", ")} · {whereWords(principal.scope)}
        </p>
      )}
    </>
  );
}
