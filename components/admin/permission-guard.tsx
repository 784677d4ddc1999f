"use client";
import Link from "next/link";
import type { ReactNode } from "react";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { buttonClass } from "../button";
import { EmptyState, ErrorState, LoadingBlock } from "../states";

// Children only when the current view holds `permission` (the API's own rule for the page's
// list); otherwise say so instead of showing the API's refusal. Without a permission: any view.
export function PermissionGuard({
  permission,
  what,
  children,
}: {
  permission?: string;
  what: string;
  children: ReactNode;
}) {
  const principal = usePrincipal();
  if (principal.isLoading) return <LoadingBlock />;
  if (principal.error) return <ErrorState error={principal.error} />;
  if (!permission || principal.can(permission)) return <>{children}</>;
  return (
    <EmptyState title={`${what} is not available in this view`}>
      <p>Your roles do not include {permission}. Switch to a view that may, or go back to the dashboard.</p>
      <Link href="/" className={buttonClass("secondary", "mt-3")}>
        Dashboard
      </Link>
    </EmptyState>
  );
}
