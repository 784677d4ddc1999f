"use client";
import Link from "next/link";
import type { ReactNode } from "react";
import { NAV_ITEMS, visibleNav } from "@/lib/web/ui/nav";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { buttonClass } from "./button";
import { EmptyState, ErrorState, LoadingBlock } from "./states";

// A page opened from a view that may not use it (a bookmark, a switched view) says so
// instead of showing the API's refusal.
export function PageGuard({ href, children }: { href: string; children: ReactNode }) {
  const principal = usePrincipal();
  if (principal.isLoading) return <LoadingBlock />;
  if (principal.error) return <ErrorState error={principal.error} />;
  if (visibleNav(principal).some((item) => item.href === href)) return <>{children}</>;
  const item = NAV_ITEMS.find((i) => i.href === href);
  return (
    <EmptyState title={`${item?.label ?? "This page"} is not available in this view`}>
      <p>Switch to a view that may use it, or go back to the dashboard.</p>
      <Link href="/" className={buttonClass("secondary", "mt-3")}>
        Dashboard
      </Link>
    </EmptyState>
  );
}
