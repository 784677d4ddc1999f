"use client";
import { keepPreviousData, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useCallback, useMemo, useState } from "react";
import { type ApiRequest, type ApiRequestError, type ApiResult, apiFetch } from "./api-client";

// React Query hooks over apiFetch for the session's current view (the API answers our pages by
// the session cookie; the page never holds a token). Query keys start with the current scope,
// so each view (after impersonating) has its own cache.

type Query = ApiRequest["query"];

/** The current view's scope ("" while the session loads or when signed out). */
export function useApiSession(): { scope: string } {
  const { data } = useSession();
  return { scope: data?.scope ?? "" };
}

/** apiFetch for the current view. */
export function useApi() {
  return useCallback(
    <T>(path: string, request: ApiRequest = {}): Promise<ApiResult<T>> => apiFetch<T>(path, request),
    [],
  );
}

export const apiKey = (scope: string, path: string, query?: Query) => ["api", scope, path, query ?? {}] as const;

/** GET `path` (null: not yet) and its body. */
export function useApiQuery<T>(
  path: string | null,
  query?: Query,
  options: Omit<UseQueryOptions<T, ApiRequestError>, "queryKey" | "queryFn"> = {},
) {
  const { scope } = useApiSession();
  return useQuery<T, ApiRequestError>({
    queryKey: apiKey(scope, path ?? "", query),
    queryFn: async ({ signal }) => (await apiFetch<T>(path!, { query, signal })).data,
    ...options,
    enabled: !!path && !!scope && (options.enabled ?? true),
  });
}

export type Sort = { field: string; direction: "asc" | "desc" };
export type ListPage<T> = { items: T[]; nextCursor: string | null };

export type ServerListOptions = {
  /** The API's default order; null for lists the API does not sort. */
  sort?: Sort | null;
  perPage?: number;
  filters?: Record<string, string>;
};

/**
 * One paginated API list with its state: sort, filters and page size go to the server
 * (`sort`, `direction`, filters, `perPage`), and so does the page (`startCursor` from the
 * `Link` header). The cursors of pages already seen make "previous" possible.
 */
export function useServerList<T>(path: string, initial: ServerListOptions = {}) {
  const { scope } = useApiSession();
  const [sort, setSortState] = useState<Sort | null>(initial.sort ?? null);
  const [perPage, setPerPageState] = useState(initial.perPage ?? 20);
  const [filters, setFiltersState] = useState<Record<string, string>>(initial.filters ?? {});
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const startCursor = cursors[cursors.length - 1];

  const query = useMemo(
    () => ({ ...filters, ...(sort ? { sort: sort.field, direction: sort.direction } : {}), perPage, startCursor }),
    [filters, sort, perPage, startCursor],
  );
  const result = useQuery<ListPage<T>, ApiRequestError>({
    queryKey: apiKey(scope, path, query),
    queryFn: async ({ signal }) => {
      const { data, nextCursor } = await apiFetch<T[]>(path, { query, signal });
      return { items: data, nextCursor };
    },
    enabled: !!scope,
    placeholderData: keepPreviousData,
  });

  const restart = () => setCursors([undefined]);
  return {
    ...result,
    items: result.data?.items ?? [],
    sort,
    /** Sorts by `field`; again on the same field flips the direction. */
    toggleSort: (field: string, firstDirection: Sort["direction"] = "asc") => {
      setSortState((s) =>
        s?.field === field
          ? { field, direction: s.direction === "asc" ? "desc" : "asc" }
          : { field, direction: firstDirection },
      );
      restart();
    },
    filters,
    setFilter: (name: string, value: string) => {
      setFiltersState((f) => ({ ...f, [name]: value }));
      restart();
    },
    perPage,
    setPerPage: (n: number) => {
      setPerPageState(n);
      restart();
    },
    page: cursors.length,
    hasNext: !!result.data?.nextCursor && !result.isPlaceholderData,
    hasPrevious: cursors.length > 1,
    next: () => result.data?.nextCursor && setCursors((c) => [...c, result.data!.nextCursor!]),
    previous: () => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)),
  };
}
export type ServerList<T> = ReturnType<typeof useServerList<T>>;
