"use client";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../ui/toast";
import { ApiRequestError } from "./api-client";

// Mutations that show their result at once: `apply` edits the cached queries under `queryKey`
// before the request; a failure puts them back, and either way they are fetched again.
// Use it only where the edit is certain to match what the server will answer.

export function useOptimisticMutation<TVars, TResult, TData>(opts: {
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** The prefix of the query keys to edit (e.g. apiKey(scope, "/api/organisations")). */
  queryKey: QueryKey;
  /** The edited data of one cached query, or undefined to leave that query alone. */
  apply: (data: TData, vars: TVars, key: QueryKey) => TData | undefined;
  success?: (result: TResult, vars: TVars) => string;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: opts.mutationFn,
    onMutate: async (vars: TVars) => {
      await queryClient.cancelQueries({ queryKey: opts.queryKey });
      const snapshot = queryClient.getQueriesData<TData>({ queryKey: opts.queryKey });
      for (const [key, data] of snapshot) {
        const next = data === undefined ? undefined : opts.apply(data, vars, key);
        if (next !== undefined) queryClient.setQueryData(key, next);
      }
      return { snapshot };
    },
    onError: (error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      // Field errors (422, 409 on a taken id) show on the form itself.
      if (!(error instanceof ApiRequestError && error.errors.length > 0)) toast.error(error.message);
    },
    onSuccess: (result, vars) => {
      if (opts.success) toast.success(opts.success(result, vars));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: opts.queryKey }),
  });
}
