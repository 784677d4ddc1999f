"use client";
import { useCallback } from "react";
import type { TokenResponseBody } from "@/lib/auth/schemas";
import type { User } from "@/lib/users/schemas";
import { apiFetch } from "./api-client";
import { useApiSession } from "./use-api";
import { targetKinds } from "./view-targets";

// Some credential calls act only on "the current user" (POST/DELETE /user/basicauths,
// DELETE /user/emailauths): to do them for another user, impersonate that user
// (POST /api/tokens, client_credentials, with the current token), make the call with the
// short-lived token, and revoke it. The session and its view stay as they are.

/** The impersonation scope of a user of the current view's level (as "Switch view" uses). */
export function userScope(scope: string, user: Pick<User, "id" | "firstName" | "infix" | "lastName">): string {
  const users = targetKinds(scope).find((kind) => kind.key === "users")!;
  return users.toTarget(user as User).scope;
}

export function useActAsUser() {
  const { token, scope } = useApiSession();
  return useCallback(
    async <T,>(user: Pick<User, "id" | "firstName" | "infix" | "lastName">, call: (userToken: string) => Promise<T>): Promise<T> => {
      const form = { grant_type: "client_credentials", scope: userScope(scope, user) };
      const { data } = await apiFetch<TokenResponseBody>("/api/tokens", { token, form });
      try {
        return await call(data.access_token);
      } finally {
        await apiFetch("/api/tokens/revoke", { token: data.access_token, method: "POST" }).catch(() => {});
      }
    },
    [token, scope],
  );
}
