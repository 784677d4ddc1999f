import { iso6392 } from "iso-639-2";
import { LIVING_LANGUAGE_CODES } from "./living-languages";

// Languages as the API takes them (ISO 639-2 codes, bibliographic or terminologic:
// lib/api/schemas.ts languageSchema) and as people know them (their English names). Living
// languages come first, so that "Dutch" finds Dutch before Middle Dutch.

export const LANGUAGE_HINT = "Type to search by name or code (ISO 639-2), e.g. English, Dutch, nld.";

export type LanguageOption = { code: string; name: string; other?: string; living: boolean };

/** One option per code: the terminologic code where there is one (nld), the bibliographic one also searchable (dut). */
export const LANGUAGE_OPTIONS: readonly LanguageOption[] = iso6392
  .filter((l) => !l.iso6392B.includes("-"))
  .map((l) => ({
    code: l.iso6392T ?? l.iso6392B,
    name: l.name,
    other: l.iso6392T && l.iso6392T !== l.iso6392B ? l.iso6392B : undefined,
    living: LIVING_LANGUAGE_CODES.has(l.iso6392T ?? l.iso6392B),
  }))
  .sort((a, b) => Number(b.living) - Number(a.living) || a.name.localeCompare(b.name));

const byCode = new Map<string, LanguageOption>();
for (const option of LANGUAGE_OPTIONS) {
  byCode.set(option.code, option);
  if (option.other) byCode.set(option.other, option);
}

export const languageOption = (code: string) => byCode.get(code.trim().toLowerCase()) ?? null;

/** "Dutch; Flemish" for nld or dut; the code itself when it is not a known one. */
export const languageName = (code: string) => languageOption(code)?.name ?? code;

/** Options matching `query` (name or code): the exact code, then names or codes starting with it, then the rest; living languages first within each. */
export function searchLanguages(query: string, limit = 50): LanguageOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return LANGUAGE_OPTIONS.slice(0, limit);
  const starts: LanguageOption[] = [];
  const contains: LanguageOption[] = [];
  for (const o of LANGUAGE_OPTIONS) {
    const name = o.name.toLowerCase();
    if (o.code === q || o.other === q || name.startsWith(q)) starts.push(o);
    else if (name.includes(q) || o.code.startsWith(q) || o.other?.startsWith(q)) contains.push(o);
  }
  const exact = starts.filter((o) => o.code === q || o.other === q);
  return [...exact, ...starts.filter((o) => !exact.includes(o)), ...contains].slice(0, limit);
}
