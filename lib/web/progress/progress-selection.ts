import type { Group } from "@/lib/groups/schemas";

// What the progress page shows, read from its URL, in one place for the browser
// (lib/web/progress/use-progress.ts) and the server's prefetch (lib/web/early/progress-reads.ts): both must ask
// the API the same question. Without groups in the URL, a user's own groups are chosen (a
// teacher sees their classes at once); `nogroup=1` records an explicit choice of none.

export type ProgressSelection = { category: string; groups: string[]; role: string; from: string; to: string };

/** `role` value for "any role" (no role filter). Without a `role` in the URL: STUDENT. */
export const ANY_ROLE = "*";
export const DEFAULT_ROLE = "STUDENT";

/** The URL's parameters, as URLSearchParams reads them. */
export type Params = { get(name: string): string | null; getAll(name: string): string[] };

export function selectionOf(params: Params, ownGroups: readonly string[]): ProgressSelection {
  const chosen = params.getAll("group");
  const groups = chosen.length || params.get("nogroup") === "1" ? chosen : [...ownGroups];
  return {
    category: params.get("category") ?? "",
    groups,
    role: params.get("role") ?? DEFAULT_ROLE,
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
  };
}

/** A page's `searchParams` (Next) as Params. */
export function paramsOf(search: Record<string, string | string[] | undefined>): Params {
  const all = (name: string) => {
    const v = search[name];
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  };
  return { get: (name) => all(name)[0] ?? null, getAll: all };
}

/** No category chosen yet: the first one linked to the chosen groups. */
export function linkedCategory(
  groups: readonly Pick<Group, "id" | "categories">[],
  chosen: readonly string[],
): string | undefined {
  return groups.filter((g) => chosen.includes(g.id)).flatMap((g) => g.categories)[0];
}

/** A local calendar day (YYYY-MM-DD) as the instant it starts, ISO 8601; `after` gives the next day's start. */
export function dayStart(day: string, after = false): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (after ? 1 : 0)).toISOString();
}

/** The API query of a selection (the date range: from the start of `from` to the end of `to`, local days). */
export function gridQuery(selection: ProgressSelection) {
  return {
    group: selection.groups,
    role: selection.role === ANY_ROLE ? undefined : selection.role,
    from: dayStart(selection.from),
    to: dayStart(selection.to, true),
  };
}

export const gridPath = (category: string) => `/api/categories/${encodeURIComponent(category)}/progress/grid`;
