"use client";
import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Group } from "@/lib/groups/schemas";
import type { ProgressEntry } from "@/lib/progress/schemas";
import type { SpeechRecordingOut } from "@/lib/recordings/schemas";
import type { ApiRequestError } from "./api-client";
import { fetchAll, inParallel } from "./fetch-all";
import { missingTimes } from "./progress-grid";
import { apiKey, useApiQuery, useApiSession } from "./use-api";

// Progress dashboards through the API: what is shown (category, groups and role) lives in the
// page's URL; GET /api/categories/:id/progress?group=…&role=… gives the grid; the recordings'
// times come from GET /api/challenges/speech/:id/recordings?userId=… for the rows on screen only.

export type ProgressSelection = { category: string; groups: string[]; role: string };

/** `role` value for "any role" (no role filter). Without a `role` in the URL: STUDENT. */
export const ANY_ROLE = "*";
const DEFAULT_ROLE = "STUDENT";

export function useProgressSelection(): [ProgressSelection, (next: Partial<ProgressSelection>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const selection = useMemo(
    () => ({ category: params.get("category") ?? "", groups: params.getAll("group"), role: params.get("role") ?? DEFAULT_ROLE }),
    [params],
  );
  const update = useCallback(
    (next: Partial<ProgressSelection>) => {
      const merged = { ...selection, ...next };
      const q = new URLSearchParams();
      if (merged.category) q.set("category", merged.category);
      for (const g of merged.groups) q.append("group", g);
      if (merged.role !== DEFAULT_ROLE) q.set("role", merged.role);
      router.replace(`${pathname}?${q}`, { scroll: false });
    },
    [selection, router, pathname],
  );
  return [selection, update];
}

/** The progress entries of the selection (none asked for until a category is chosen). */
export function useProgress(selection: ProgressSelection) {
  const query = useMemo(
    () => ({ group: selection.groups, role: selection.role === ANY_ROLE ? undefined : selection.role }),
    [selection.groups, selection.role],
  );
  return useApiQuery<ProgressEntry[]>(selection.category ? `/api/categories/${encodeURIComponent(selection.category)}/progress` : null, query, {
    staleTime: 15_000,
  });
}

/** The organisation's groups (every page). */
export function useGroups(enabled = true) {
  const { scope } = useApiSession();
  return useQuery<Group[], ApiRequestError>({
    queryKey: apiKey(scope, "/api/groups", { all: "pages" }),
    queryFn: ({ signal }) => fetchAll<Group>("/api/groups", signal),
    enabled: !!scope && enabled,
    staleTime: 60_000,
  });
}

const USERS_PER_REQUEST = 50;
const TIME_REQUESTS_IN_FLIGHT = 4;
const SETTLE_MS = 120;

/**
 * The times of the recordings shown in `rows` (indexes into `entries`): recording id → created.
 * Asked for once the rows stop moving (a scroll settles), per challenge for those rows' users;
 * kept for the page's life (a recording's time never changes). `version` changes as times arrive.
 */
export function useRecordingTimes(entries: ProgressEntry[] | undefined, rows: readonly number[]) {
  const { scope } = useApiSession();
  const times = useRef(new Map<string, string>());
  const asked = useRef(new Set<string>());
  const [version, setVersion] = useState(0);
  const rowsKey = rows.join(",");

  useEffect(() => {
    // A new answer may hold new recordings: ask again for what it shows.
    asked.current = new Set();
  }, [entries]);

  useEffect(() => {
    if (!entries?.length || !scope || !rowsKey) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const missing = missingTimes(entries, rowsKey.split(",").map(Number), times.current, asked.current);
      const jobs = [...missing].flatMap(([challenge, users]) => {
        const parts: { challenge: string; users: string[] }[] = [];
        for (let i = 0; i < users.length; i += USERS_PER_REQUEST) parts.push({ challenge, users: users.slice(i, i + USERS_PER_REQUEST) });
        return parts;
      });
      const keys = (job: (typeof jobs)[number]) => job.users.map((u) => `${job.challenge}\u0000${u}`);
      for (const job of jobs) for (const k of keys(job)) asked.current.add(k);
      void inParallel(jobs, TIME_REQUESTS_IN_FLIGHT, async (job) => {
        try {
          const path = `/api/challenges/speech/${encodeURIComponent(job.challenge)}/recordings`;
          const recordings = await fetchAll<SpeechRecordingOut>(path, controller.signal, { userId: job.users });
          for (const r of recordings) times.current.set(r.id, r.created);
          setVersion((v) => v + 1);
        } catch {
          // Aborted (the rows moved on) or refused: ask again when these rows are shown next.
          for (const k of keys(job)) asked.current.delete(k);
        }
      });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [entries, rowsKey, scope]);

  return { times: times.current, version };
}
