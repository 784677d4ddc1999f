"use client";
import { useCallback } from "react";
import type { User } from "@/lib/users/schemas";
import { useApiSession } from "../api/use-api";
import { targetKinds } from "../views/view-targets";

// Some credential calls act only on "the current user" (POST/DELETE /user/basicauths,
// DELETE /user/emailauths): to do them for another user, the call carries that user's scope
// (apiFetch's `actAs`) and the server impersonates the user for that one call, with a token
// that never reaches the page. The session and its view stay as they are.

/** The impersonation scope of a user of the current view's level (as "Switch view" uses). */
export function userScope(scope: string, user: Pick<User, "id" | "firstName" | "infix" | "lastName">): string {
  const users = targetKinds(scope).find((kind) => kind.key === "users")!;
  return users.toTarget(user as User).scope;
}

/** The `actAs` scope for calls made as `user`. */
export function useActAsUser() {
  const { scope } = useApiSession();
  return useCallback((user: Pick<User, "id" | "firstName" | "infix" | "lastName">) => userScope(scope, user), [scope]);
}
