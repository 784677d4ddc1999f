import type { Band } from "@/lib/reading/fluency";
import { MAX_BANDS } from "@/lib/reading/fluency-schemas";

// The bands editor's rows (text as typed) checked before they are sent, with the problems in a
// teacher's words; the API checks the same (lib/reading/fluency-schemas.ts putBandsSchema).

export type BandRow = { name: string; belowWcpm: string };

export const rowsOf = (bands: Band[]): BandRow[] =>
  bands.map((b) => ({ name: b.name, belowWcpm: String(b.belowWcpm) }));

export type BandsCheck = { bands: Band[]; problems: string[]; badRows: Set<number> };

export function checkBands(rows: BandRow[]): BandsCheck {
  const problems: string[] = [];
  const badRows = new Set<number>();
  const bands: Band[] = [];
  const problem = (i: number, text: string) => {
    problems.push(`Band ${i + 1}: ${text}`);
    badRows.add(i);
  };
  if (rows.length > MAX_BANDS) problems.push(`At most ${MAX_BANDS} bands`);
  rows.forEach((row, i) => {
    const name = row.name.trim();
    const text = row.belowWcpm.trim();
    const below = Number(text);
    if (!name) problem(i, "give it a name");
    else if (name.length > 100) problem(i, "the name is longer than 100 characters");
    if (!text || !Number.isFinite(below)) problem(i, "the threshold must be a number of words correct per minute");
    else if (below <= 0 || below > 1000) problem(i, "the threshold must be above 0 and at most 1000");
    bands.push({ name, belowWcpm: below });
  });
  const seen = (key: (b: Band) => string, what: string) => {
    const first = new Map<string, number>();
    bands.forEach((b, i) => {
      const k = key(b);
      if (!k) return;
      const earlier = first.get(k);
      if (earlier === undefined) first.set(k, i);
      else problem(i, `the same ${what} as band ${earlier + 1}`);
    });
  };
  seen((b) => b.name, "name");
  seen((b) => (Number.isFinite(b.belowWcpm) && b.belowWcpm > 0 ? String(b.belowWcpm) : ""), "threshold");
  return { bands, problems, badRows };
}
