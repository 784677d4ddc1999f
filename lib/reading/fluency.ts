import { normaliseWord } from "@/lib/recognition/reading/label-words";
import { LABELS, type Label } from "@/lib/recognition/reading/labels";
import type { ReadingWord } from "./count-reading";

// Fluency over time for a group, pure: a student's trend, the school's bands, and the words a
// group most often reads wrongly. The group view, its CSV and the benchmark use these.

export type Band = { name: string; belowWcpm: number };

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * The trend of WCPM over time: the least-squares slope in WCPM per week, over the attempts that
 * have a WCPM; null with fewer than two of them or when they span less than a day (a slope over
 * minutes says nothing about a week).
 */
export function wcpmTrend(points: { at: number; wcpm: number | null }[]): number | null {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const p of points) {
    if (p.wcpm === null) continue;
    xs.push(p.at / WEEK_MS);
    ys.push(p.wcpm);
  }
  if (xs.length < 2 || Math.max(...xs) - Math.min(...xs) < 1 / 7) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? null : Math.round((num / den) * 10) / 10;
}

/** The bands from the lowest threshold up. */
export const sortedBands = (bands: Band[]) => [...bands].sort((a, b) => a.belowWcpm - b.belowWcpm);

/** The band a WCPM falls in: the first (lowest) whose threshold it is below; null above them all or without a WCPM. */
export function bandOf(bands: Band[], wcpm: number | null): string | null {
  if (wcpm === null) return null;
  return sortedBands(bands).find((b) => wcpm < b.belowWcpm)?.name ?? null;
}

const isMisread = (w: ReadingWord) => {
  const label = w.label in LABELS ? (w.label as Label) : null;
  return label !== null && label !== "IW" && LABELS[label].error && w.expected.trim() !== "";
};

export type MisreadWord<A> = { word: string; count: number; attempts: A[] };

/** The attempts listed per misread word: the latest ones (a group's whole year would be thousands of links). */
export const MISREAD_ATTEMPTS = 10;

/** The text's words read wrongly (PC, SW, DW), as a reader says them (case and punctuation aside), in reading order. */
export function misreadKeys(words: ReadingWord[]): string[] {
  return words
    .filter(isMisread)
    .map((w) => normaliseWord(w.expected))
    .filter(Boolean);
}

/**
 * The words read wrongly most often across attempts (each attempt's misreadKeys); each with the
 * attempts it was misread in (each once, the latest `perWord`, newest first; attempts come oldest
 * first).
 */
export function mostMisread<A>(
  attempts: { attempt: A; misread: string[] }[],
  limit = 20,
  perWord = MISREAD_ATTEMPTS,
): MisreadWord<A>[] {
  const found = new Map<string, MisreadWord<A>>();
  for (const { attempt, misread } of attempts) {
    const seen = new Set<string>();
    for (const key of misread) {
      const entry = found.get(key) ?? { word: key, count: 0, attempts: [] };
      entry.count++;
      if (!seen.has(key)) entry.attempts.push(attempt);
      seen.add(key);
      found.set(key, entry);
    }
  }
  return [...found.values()]
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word))
    .slice(0, limit)
    .map((m) => ({ ...m, attempts: m.attempts.slice(-perWord).reverse() }));
}
