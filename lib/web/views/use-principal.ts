"use client";
import { useMemo } from "react";
import { ADMIN_ROLES_BY_LEVEL } from "@/lib/permissions/catalog";
import type { RoleListItem } from "@/lib/roles/schemas";
import type { User } from "@/lib/users/schemas";
import { useApiQuery, useApiSession } from "../api/use-api";
import { scopeInfo } from "../session/session";
import { useHydrated } from "../ui/use-hydrated";

// Who the current view is and what it may do, from the API: a user's roles from
// GET /api/user, a tenant or organisation acting as itself holds the role of that name
// (the API has no user to show for it), and GET /api/roles maps roles to permissions.
// Still loading while React hydrates: the server always renders the loading state (it runs no
// queries), and the pages hang what they show on this, so hydration sees what the server sent.

export type CurrentPrincipal = ReturnType<typeof usePrincipal>;

export function usePrincipal() {
  const { scope } = useApiSession();
  const { level, kind } = scopeInfo(scope);
  const me = useApiQuery<User>(kind === "user" ? "/api/user" : null, undefined, { staleTime: 5 * 60_000 });
  const catalog = useApiQuery<RoleListItem[]>("/api/roles", undefined, { staleTime: Infinity });
  const hydrated = useHydrated();

  return useMemo(() => {
    const roles = kind === "tenant" ? ["TENANT"] : kind === "organisation" ? ["ORGANISATION"] : (me.data?.roles ?? []);
    const permissions = new Set(
      catalog.data?.filter((r) => roles.includes(r.name)).flatMap((r) => r.permissions) ?? [],
    );
    return {
      scope,
      level,
      kind,
      user: me.data ?? null,
      roles,
      permissions,
      can: (permission: string) => permissions.has(permission),
      /** May impersonate below its level (the API decides; this only hides what it would refuse). */
      isAdministrator: kind !== "user" || roles.some((r) => ADMIN_ROLES_BY_LEVEL[level].includes(r)),
      isLoading: !hydrated || catalog.isPending || (kind === "user" && me.isPending),
      error: catalog.error ?? me.error,
    };
  }, [hydrated, scope, level, kind, me.data, me.isPending, me.error, catalog.data, catalog.isPending, catalog.error]);
}
