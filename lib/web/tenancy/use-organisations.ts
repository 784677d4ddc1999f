"use client";
import type { CreateOrganisation, Organisation } from "@/lib/organisations/schemas";
import { useOptimisticMutation } from "../api/optimistic";
import { apiKey, type ListPage, useApi, useApiQuery, useApiSession, useServerList } from "../api/use-api";

// Organisations of the current tenant through the API: GET /api/organisations (sort by
// created, updated or name), POST /api/organisation, GET /api/organisations/:id.

const PATH = "/api/organisations";

export const useOrganisationList = () =>
  useServerList<Organisation>(PATH, { sort: { field: "created", direction: "desc" } });

export const useOrganisation = (id: string) => useApiQuery<Organisation>(`${PATH}/${encodeURIComponent(id)}`);

export function useCreateOrganisation() {
  const api = useApi();
  const { scope } = useApiSession();
  return useOptimisticMutation<CreateOrganisation, Organisation, ListPage<Organisation>>({
    mutationFn: async (input) => (await api<Organisation>("/api/organisation", { method: "POST", json: input })).data,
    queryKey: apiKey(scope, PATH),
    // Only the first page of "newest first" certainly starts with the new organisation.
    apply: (page, input, key) => {
      const query = key[3] as { sort?: string; direction?: string; startCursor?: string; perPage?: number };
      if (query.sort !== "created" || query.direction !== "desc" || query.startCursor) return undefined;
      const now = new Date().toISOString();
      const items = [{ id: input.id ?? "", name: input.name, created: now, updated: now }, ...page.items];
      return { ...page, items: items.slice(0, Number(query.perPage ?? 20)) };
    },
    success: (org) => `Organisation ${org.name} created`,
  });
}
