"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ADMINISTRATIVE_ROLES } from "@/lib/permissions/catalog";
import type { RoleListItem } from "@/lib/roles/schemas";
import type { CreateUser, Profile, ProfileInput, User } from "@/lib/users/schemas";
import { ApiRequestError } from "../api/api-client";
import { useOptimisticMutation } from "../api/optimistic";
import { apiKey, useApi, useApiQuery, useApiSession, useServerList } from "../api/use-api";
import { toast } from "../ui/toast";
import type { CurrentPrincipal } from "../views/use-principal";
import { userName } from "../views/view-targets";

// Users of the current view's level through the API: GET /api/users (sort created, updated,
// lastName or firstName; filters role and group; perPage + startCursor), POST /api/users
// (created at the level of the current token), GET /api/users/:id, and the profile
// (GET / POST /api/users/:id/profile).

const PATH = "/api/users";
export const userPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export const USER_SORTS = {
  lastName: "Last name",
  firstName: "First name",
  created: "Created",
  updated: "Updated",
} as const;

export const useUserList = (filters: Record<string, string> = {}, perPage = 20) =>
  useServerList<User>(PATH, { sort: { field: "lastName", direction: "asc" }, perPage, filters });

/** One user; null: none to read (yet). */
export const useUser = (id: string | null) => useApiQuery<User>(id === null ? null : userPath(id));

export { userName };

export function useCreateUser() {
  const api = useApi();
  const { scope } = useApiSession();
  // Where a new user lands depends on the sort; the lists are fetched again instead.
  return useOptimisticMutation<CreateUser, User, unknown>({
    mutationFn: async (input) => (await api<User>(PATH, { method: "POST", json: input })).data,
    queryKey: apiKey(scope, PATH),
    apply: () => undefined,
    success: (user) => `User ${userName(user)} created`,
  });
}

/** The roles the API's catalog holds (GET /api/roles; shared with usePrincipal's query). */
export const useRoles = () => useApiQuery<RoleListItem[]>("/api/roles", undefined, { staleTime: Infinity });

/**
 * The roles this view may hand out, as the API decides (lib/auth/principal.ts mayGrantRoles):
 * administrators any; others STUDENT and their own non-administrative roles.
 */
export function grantableRoles(principal: CurrentPrincipal, roles: readonly RoleListItem[]): string[] {
  const names = roles.map((r) => r.name);
  if (principal.isAdministrator) return names;
  const own = principal.roles.filter((r) => !(ADMINISTRATIVE_ROLES as readonly string[]).includes(r));
  return names.filter((r) => r === "STUDENT" || own.includes(r));
}

/** The user's profile; null when the user has none yet (the API's 404). */
export function useProfile(userId: string) {
  const query = useApiQuery<Profile>(`${userPath(userId)}/profile`);
  const missing = query.error instanceof ApiRequestError && query.error.status === 404;
  return { ...query, profile: query.data ?? null, missing, error: missing ? null : query.error };
}

export function useSaveProfile(userId: string) {
  const api = useApi();
  const { scope } = useApiSession();
  const queryClient = useQueryClient();
  const path = `${userPath(userId)}/profile`;
  return useMutation({
    mutationFn: async (input: ProfileInput) => (await api<Profile>(path, { method: "POST", json: input })).data,
    onSuccess: (profile) => {
      queryClient.setQueryData(apiKey(scope, path), profile);
      toast.success("Profile saved");
    },
  });
}
