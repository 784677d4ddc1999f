import type { ProgressEntry } from "@/lib/progress/schemas";

// The progress grid's model, as plain functions: one row per progress entry (a student),
// one column per challenge of the category's subtree (the API's walk order), rows sorted by
// name (the API's order: last name, first name) or by percentage, and the time of a cell
// (the newest recording of its result set, once the recordings' times are known).

export type RecordingSet = NonNullable<ProgressEntry["challenges"][number]["recordingSet"]>;
export type SortKey = "name" | "percentage";
export type GridSort = { key: SortKey; direction: "asc" | "desc" };

export const displayName = (user: ProgressEntry["user"]) => [user.firstName, user.infix, user.lastName].filter(Boolean).join(" ");

/** The challenge ids of the columns (the same for every entry of one answer). */
export const columnIds = (entries: readonly ProgressEntry[]): string[] => entries[0]?.challenges.map((c) => c.id) ?? [];

/** Row order: indexes into `entries`. Name order is the API's; ties in percentage keep it. */
export function sortRows(entries: readonly ProgressEntry[], sort: GridSort): number[] {
  const order = entries.map((_, i) => i);
  const sign = sort.direction === "asc" ? 1 : -1;
  if (sort.key === "name") return sort.direction === "asc" ? order : order.reverse();
  return order.sort((a, b) => sign * (entries[a]!.percentage - entries[b]!.percentage) || a - b);
}

/** The newest of the set's recording times that are known (ISO strings sort as times), else null. */
export function setTime(set: RecordingSet, times: ReadonlyMap<string, string>): string | null {
  let newest: string | null = null;
  for (const r of set.recordings) {
    const t = times.get(r.id);
    if (t && (!newest || t > newest)) newest = t;
  }
  return newest;
}

/**
 * What the recording-time requests must ask for: per challenge, the users of `rows` with a
 * recording set for it whose times are not known yet (GET /challenges/speech/:id/recordings?userId=…).
 */
export function missingTimes(entries: readonly ProgressEntry[], rows: readonly number[], times: ReadonlyMap<string, string>, asked: ReadonlySet<string>) {
  const byChallenge = new Map<string, string[]>();
  for (const i of rows) {
    const entry = entries[i];
    if (!entry) continue;
    for (const c of entry.challenges) {
      const set = c.recordingSet;
      if (!set || set.recordings.length === 0) continue;
      const key = `${c.id}\u0000${entry.user.id}`;
      if (asked.has(key) || set.recordings.every((r) => times.has(r.id))) continue;
      const users = byChallenge.get(c.id) ?? [];
      users.push(entry.user.id);
      byChallenge.set(c.id, users);
    }
  }
  return byChallenge;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A cell's two short lines (day, time) and its full form. */
export function cellTime(iso: string): { day: string; time: string; full: string } {
  const d = new Date(iso);
  return { day: dayFormat.format(d), time: timeFormat.format(d), full: fullFormat.format(d) };
}

export const formatPercentage = (p: number) => `${Number.isInteger(p) ? p : p.toFixed(2)}%`;

/** The mean percentage of the entries (0 for none). */
export const meanPercentage = (entries: readonly ProgressEntry[]) =>
  entries.length ? Math.round((entries.reduce((n, e) => n + e.percentage, 0) / entries.length) * 100) / 100 : 0;
