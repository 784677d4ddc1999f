"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useRouter } from "next/navigation";
import type { TokenResponseBody } from "@/lib/auth/schemas";
import { apiFetch } from "./api-client";
import type { SessionUpdate } from "./session";
import { toast } from "./toast";

// Switching views: impersonate a scope below the current one (POST /api/tokens,
// client_credentials, with the current token) and push the new token on the session's
// stack; "return" pops back, and the server revokes what was popped.

export type Target = { scope: string; label: string };

export function useImpersonation() {
  const { data: session, update } = useSession();
  const queryClient = useQueryClient();
  const router = useRouter();

  const switched = (view: string) => {
    // Everything cached belongs to the previous view.
    queryClient.clear();
    toast.success(`Now viewing as ${view}`);
    router.push("/");
    router.refresh();
  };

  const impersonate = useMutation({
    mutationFn: async (target: Target) => {
      const current = session?.token ?? "";
      const form = { grant_type: "client_credentials", scope: target.scope };
      const { data } = await apiFetch<TokenResponseBody>("/api/tokens", { token: current, form });
      const push: SessionUpdate = { op: "push", token: data.access_token, scope: data.scope, label: target.label };
      const next = await update(push);
      if (next?.scope !== data.scope) {
        // The session refused it: leave no live token behind.
        await apiFetch("/api/tokens/revoke", { token: data.access_token, method: "POST" }).catch(() => {});
        throw new Error("The new view could not be kept in your session; sign in again and retry.");
      }
      return next.view;
    },
    onSuccess: switched,
    onError: (error) => toast.error(error.message),
  });

  const returnTo = useMutation({
    mutationFn: async (depth: number) => {
      const next = await update({ op: "return", depth } satisfies SessionUpdate);
      if (!next || next.stack.length !== depth + 1) throw new Error("Could not return to that view; try again.");
      return next.view;
    },
    onSuccess: switched,
    onError: (error) => toast.error(error.message),
  });

  return { session, impersonate, returnTo, busy: impersonate.isPending || returnTo.isPending };
}
