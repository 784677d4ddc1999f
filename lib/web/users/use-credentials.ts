"use client";
import type { CredentialList } from "@/lib/credentials/list-schema";
import type { CreateBasicAuth, CreatedCredential, CreateEmailAuth } from "@/lib/credentials/schemas";
import type { User } from "@/lib/users/schemas";
import { apiFetch } from "../api/api-client";
import { useOptimisticMutation } from "../api/optimistic";
import { apiKey, useApi, useApiQuery, useApiSession } from "../api/use-api";
import { useActAsUser } from "./act-as-user";
import { userPath } from "./use-users";

// A user's credentials. Listing (GET /api/users/:id/credentials) and email credentials
// (POST /api/users/:id/emailauths) take a user id; username credentials and every delete
// act on "the current user" only, so they are made as that user (act-as-user.ts).
// Who may do what is the API's rule (lib/policies/credential-access.ts); its refusal is shown as is.

export type CredentialKind = "basic" | "email";
type Owner = Pick<User, "id" | "firstName" | "infix" | "lastName">;

const listPath = (userId: string) => `${userPath(userId)}/credentials`;

export const useCredentials = (userId: string) =>
  useApiQuery<CredentialList>(listPath(userId), undefined, { staleTime: 0 });

function useInvalidating<TVars>(user: Owner, mutationFn: (vars: TVars) => Promise<CreatedCredential>) {
  const { scope } = useApiSession();
  // No optimistic edit: the one-time password comes from the response.
  return useOptimisticMutation<TVars, CreatedCredential, CredentialList>({
    mutationFn,
    queryKey: apiKey(scope, listPath(user.id)),
    apply: () => undefined,
  });
}

export function useAddBasicAuth(user: Owner) {
  const actAs = useActAsUser();
  return useInvalidating<CreateBasicAuth>(
    user,
    async (input) =>
      (await apiFetch<CreatedCredential>("/api/user/basicauths", { actAs: actAs(user), json: input })).data,
  );
}

export function useAddEmailAuth(user: Owner) {
  const api = useApi();
  return useInvalidating<CreateEmailAuth>(
    user,
    async (input) => (await api<CreatedCredential>(`${userPath(user.id)}/emailauths`, { json: input })).data,
  );
}

/** Deletes one credential; the list drops it at once (a failure puts it back). */
export function useDeleteCredential(user: Owner) {
  const actAs = useActAsUser();
  const { scope } = useApiSession();
  return useOptimisticMutation<{ kind: CredentialKind; name: string }, void, CredentialList>({
    mutationFn: async ({ kind, name }) => {
      const path = kind === "basic" ? "/api/user/basicauths/" : "/api/user/emailauths/";
      await apiFetch(path + encodeURIComponent(name), { actAs: actAs(user), method: "DELETE" });
    },
    queryKey: apiKey(scope, listPath(user.id)),
    apply: (list, { kind, name }) =>
      kind === "basic"
        ? { ...list, basicauths: list.basicauths.filter((b) => b.username !== name) }
        : { ...list, emailauths: list.emailauths.filter((e) => e.email !== name) },
    success: (_, { name }) => `Credential ${name} deleted`,
  });
}
