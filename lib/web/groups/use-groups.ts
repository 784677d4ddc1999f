"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { UpdateGroup } from "@/lib/groups/edit-schemas";
import type { CreateGroup, Group } from "@/lib/groups/schemas";
import type { User } from "@/lib/users/schemas";
import type { ApiRequestError } from "../api/api-client";
import { fetchAll } from "../api/fetch-all";
import { useOptimisticMutation } from "../api/optimistic";
import { apiKey, type ListPage, useApi, useApiQuery, useApiSession, useServerList } from "../api/use-api";
import { useCategoryTree } from "../categories/use-categories";

// Groups of the current view through the API: GET/POST /api/groups (oldest first, no other
// order), GET/PUT /api/groups/:id, and their members: GET /api/users?group=:id,
// POST /api/groups/:id/members, DELETE /api/groups/:id/members/:userId.

const PATH = "/api/groups";
export const groupPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export const useGroupList = () => useServerList<Group>(PATH, { sort: null });

/** Every group of the organisation (all pages), for pickers and filters: the one read of the whole list. */
export function useGroups(enabled = true) {
  const { scope } = useApiSession();
  return useQuery<Group[], ApiRequestError>({
    queryKey: apiKey(scope, PATH, { all: "pages" }),
    queryFn: ({ signal }) => fetchAll<Group>(PATH, signal),
    enabled: !!scope && enabled,
    staleTime: 60_000,
  });
}

/** Up to 100 top-level categories of the organisation, for the group's categories. */
/**
 * Every category of the organisation, subcategories included (GET /api/categories lists only
 * the top level: a group could not link a subcategory, and showed linked ones by id).
 */
export const useCategoryChoices = (enabled = true) => useCategoryTree(enabled);

export const useGroup = (id: string) => useApiQuery<Group>(groupPath(id));

export const useGroupMembers = (id: string) =>
  useServerList<User>("/api/users", { sort: { field: "lastName", direction: "asc" }, filters: { group: id } });

export function useCreateGroup() {
  const api = useApi();
  const { scope } = useApiSession();
  return useOptimisticMutation<CreateGroup, Group, ListPage<Group>>({
    mutationFn: async (input) => (await api<Group>(PATH, { method: "POST", json: input })).data,
    queryKey: apiKey(scope, PATH),
    // Oldest first: a new group ends the last page, if that page has room for it.
    apply: (page, input, key) => {
      const perPage = Number((key[3] as { perPage?: number }).perPage ?? 20);
      if (!Array.isArray(page?.items) || page.nextCursor || page.items.length >= perPage) return undefined;
      const now = new Date().toISOString();
      return {
        ...page,
        items: [
          ...page.items,
          { id: input.id ?? "", name: input.name, categories: input.categories ?? [], created: now, updated: now },
        ],
      };
    },
    success: (group) => `Group ${group.name} created`,
  });
}

export function useUpdateGroup(id: string) {
  const api = useApi();
  const { scope } = useApiSession();
  const queryClient = useQueryClient();
  return useOptimisticMutation<UpdateGroup, Group, Group>({
    mutationFn: async (input) => {
      const group = (await api<Group>(groupPath(id), { method: "PUT", json: input })).data;
      void queryClient.invalidateQueries({ queryKey: apiKey(scope, PATH) });
      return group;
    },
    queryKey: apiKey(scope, groupPath(id)),
    // The detail shows the new name and categories at once.
    apply: (group, input) => ({ ...group, name: input.name, categories: input.categories ?? group.categories }),
    success: (group) => `Group ${group.name} saved`,
  });
}

const membersKey = (scope: string) => apiKey(scope, "/api/users");

export function useAddMembers(id: string) {
  const api = useApi();
  const { scope } = useApiSession();
  return useOptimisticMutation<User[], void, ListPage<User>>({
    mutationFn: async (users) =>
      void (await api(`${groupPath(id)}/members`, { method: "POST", json: { users: users.map((u) => u.id) } })),
    queryKey: membersKey(scope),
    // Every cached user list is fetched again (group filters, the user's own groups).
    apply: () => undefined,
    success: (_, users) =>
      users.length === 1 ? `${users[0].firstName} ${users[0].lastName} added` : `${users.length} members added`,
  });
}

export function useRemoveMember(id: string) {
  const api = useApi();
  const { scope } = useApiSession();
  return useOptimisticMutation<User, void, ListPage<User>>({
    mutationFn: async (user) =>
      void (await api(`${groupPath(id)}/members/${encodeURIComponent(user.id)}`, { method: "DELETE" })),
    queryKey: membersKey(scope),
    // Certain: the member lists of this group lose the user.
    apply: (page, user, key) => {
      const query = key[3] as { group?: string };
      if (query.group !== id || !Array.isArray(page?.items)) return undefined;
      return { ...page, items: page.items.filter((u) => u.id !== user.id) };
    },
    success: (_, user) => `${user.firstName} ${user.lastName} removed from the group`,
  });
}
