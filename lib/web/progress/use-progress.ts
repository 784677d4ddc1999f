"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ProgressCell, ProgressGrid } from "@/lib/progress/schemas";
import { withQuery } from "../api/api-client";
import { downloadCsv } from "../api/save-file";
import { useApiQuery } from "../api/use-api";
import {
  ANY_ROLE,
  DEFAULT_ROLE,
  dayStart,
  gridPath,
  gridQuery,
  type ProgressSelection,
  selectionOf,
} from "./progress-selection";

// Progress dashboards through the API: what is shown (category, groups, role, date range) lives
// in the page's URL (./progress-selection.ts); our compact GET /api/categories/:id/progress/grid
// gives the grid and …/progress/cell an opened cell, and the contract's GET /api/categories/:id/progress with Accept: text/csv the
// download. On a page load the browser has asked for the first grid already (lib/web/early/progress-reads.ts).

export { ANY_ROLE, dayStart, gridPath, gridQuery, type ProgressSelection };

export function useProgressSelection(
  ownGroups: readonly string[],
): [ProgressSelection, (next: Partial<ProgressSelection>) => void] {
  const params = useSearchParams();
  const pathname = usePathname();
  const ownKey = ownGroups.join("\u0000");
  const fromUrl = useMemo(() => selectionOf(params, ownKey ? ownKey.split("\u0000") : []), [params, ownKey]);
  // A change shows at once from this state (the new grid is asked for in the next render); the
  // URL follows, and Next re-renders the whole app for it as a transition, which took 70-190 ms
  // before the grid could be asked for. A URL this page did not write (a link to /progress)
  // replaces the state.
  const [local, setLocal] = useState<ProgressSelection | null>(null);
  const written = useRef(new Set<string>());
  const search = params.toString();
  useEffect(() => {
    if (!written.current.has(search)) setLocal(null);
  }, [search]);
  const selection = local ?? fromUrl;
  // Changes made before the URL catches up (clear the dates, then pick one) build on each other.
  const latest = useRef(selection);
  useEffect(() => {
    latest.current = selection;
  }, [selection]);
  const update = useCallback(
    (next: Partial<ProgressSelection>) => {
      const merged = { ...latest.current, ...next };
      latest.current = merged;
      const q = new URLSearchParams();
      if (merged.category) q.set("category", merged.category);
      for (const g of merged.groups) q.append("group", g);
      if (merged.groups.length === 0) q.set("nogroup", "1");
      if (merged.role !== DEFAULT_ROLE) q.set("role", merged.role);
      if (merged.from) q.set("from", merged.from);
      if (merged.to) q.set("to", merged.to);
      written.current.add(q.toString());
      setLocal(merged);
      // The history API, not router.replace: Next keeps useSearchParams in step with it, without
      // asking the server to render the page again.
      window.history.replaceState(null, "", `${pathname}?${q}`);
    },
    [pathname],
  );
  return [selection, update];
}

/** The compact progress grid of the selection (none asked for until a category is chosen). */
export function useProgressGrid(selection: ProgressSelection) {
  const query = useMemo(() => gridQuery(selection), [selection]);
  return useApiQuery<ProgressGrid>(selection.category ? gridPath(selection.category) : null, query, {
    staleTime: 15_000,
  });
}

/** One opened cell (our GET /api/categories/:id/progress/cell, the selection's date range): its most recent result set, recordings and reference audio. */
export function useProgressCell(selection: ProgressSelection, user: string | null, challenge: string | null) {
  const { from, to } = gridQuery(selection);
  const path = user && challenge ? `/api/categories/${encodeURIComponent(selection.category)}/progress/cell` : null;
  return useApiQuery<ProgressCell>(
    path,
    { user: user ?? "", challenge: challenge ?? "", from, to },
    { staleTime: 15_000 },
  );
}

/** Downloads the selection's progress as CSV (the contract route, Accept: text/csv; no date range there). */
export async function downloadProgressCsv(selection: ProgressSelection): Promise<void> {
  const { group, role } = gridQuery(selection);
  // The CSV's times in the reader's own time zone.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const url = withQuery(`/api/categories/${encodeURIComponent(selection.category)}/progress`, {
    group,
    role,
    timeZone,
  });
  await downloadCsv(url, "progress.csv");
}
