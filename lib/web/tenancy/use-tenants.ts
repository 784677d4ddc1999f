"use client";
import type { CreateTenant, Tenant } from "@/lib/tenants/schemas";
import { useOptimisticMutation } from "../api/optimistic";
import { apiKey, type ListPage, useApi, useApiQuery, useApiSession, useServerList } from "../api/use-api";

// Tenants through the API: GET/POST /api/tenants, GET /api/tenants/:id (no update exists).

const PATH = "/api/tenants";

/** The API lists tenants oldest first and offers no other order. */
export const useTenantList = () => useServerList<Tenant>(PATH, { sort: null });

export const useTenant = (id: string) => useApiQuery<Tenant>(`${PATH}/${encodeURIComponent(id)}`);

export function useCreateTenant() {
  const api = useApi();
  const { scope } = useApiSession();
  return useOptimisticMutation<CreateTenant, Tenant, ListPage<Tenant>>({
    mutationFn: async (input) => (await api<Tenant>(PATH, { method: "POST", json: input })).data,
    queryKey: apiKey(scope, PATH),
    // Oldest first: a new tenant ends the last page, if that page has room for it.
    apply: (page, input, key) => {
      const perPage = Number((key[3] as { perPage?: number }).perPage ?? 20);
      if (page.nextCursor || page.items.length >= perPage) return undefined;
      const now = new Date().toISOString();
      return { ...page, items: [...page.items, { id: input.id ?? "", name: input.name, created: now, updated: now }] };
    },
    success: (tenant) => `Tenant ${tenant.name} created`,
  });
}
