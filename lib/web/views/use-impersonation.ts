"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useSession } from "next-auth/react";
import { forgetEarly } from "../early/early-requests";
import type { SessionUpdate } from "../session/session";
import { toast } from "../ui/toast";

// Switching views: the session impersonates a scope below the current one on the server
// (client_credentials with the current token) and pushes the new token on its stack, which
// the page never sees; "return" pops back, and the server revokes what was popped.

export type Target = { scope: string; label: string };

export function useImpersonation() {
  const { data: session, update } = useSession();
  const queryClient = useQueryClient();
  const router = useRouter();

  const switched = (view: string) => {
    // Everything cached or started early belongs to the previous view.
    queryClient.clear();
    forgetEarly();
    toast.success(`Now viewing as ${view}`);
    router.push("/");
    router.refresh();
  };

  const impersonate = useMutation({
    mutationFn: async (target: Target) => {
      const depth = session?.stack.length ?? 0;
      forgetEarly();
      const next = await update({
        op: "impersonate",
        scope: target.scope,
        label: target.label,
      } satisfies SessionUpdate);
      if (!next || next.error || next.stack.length !== depth + 1)
        throw new Error(next?.error ?? "Could not switch to that view; sign in again and retry.");
      return next.view;
    },
    onSuccess: switched,
    onError: (error) => toast.error(error.message),
  });

  const returnTo = useMutation({
    mutationFn: async (depth: number) => {
      forgetEarly();
      const next = await update({ op: "return", depth } satisfies SessionUpdate);
      if (!next || next.stack.length !== depth + 1)
        throw new Error(next?.error ?? "Could not return to that view; try again.");
      return next.view;
    },
    onSuccess: switched,
    onError: (error) => toast.error(error.message),
  });

  return { session, impersonate, returnTo, busy: impersonate.isPending || returnTo.isPending };
}
