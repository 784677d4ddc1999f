// Searching the views one may switch to, in the browser: every word typed must appear in the
// name or in the id (case and accents ignored); names that start with the text come first,
// then other name matches, then matches on the id alone, each in the list's own order.

export type Described = { primary: string; secondary: string };

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

export function searchTargets<T extends { id: string }>(
  items: readonly T[],
  text: string,
  describe: (item: T) => Described,
): T[] {
  const query = fold(text.trim());
  if (!query) return [...items];
  const words = query.split(/\s+/);
  const ranked: { item: T; rank: number; index: number }[] = [];
  items.forEach((item, index) => {
    const name = fold(describe(item).primary);
    const id = fold(item.id);
    if (!words.every((w) => name.includes(w) || id.includes(w))) return;
    const rank = name.startsWith(query) ? 0 : words.every((w) => name.includes(w)) ? 1 : 2;
    ranked.push({ item, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((r) => r.item);
}

/** What a screen reader hears after each change of the search: how many match, or that none do. */
export function matchesAnnouncement(count: number, noun: { one: string; many: string }, text: string): string {
  if (count === 0) return `No ${noun.many} match “${text.trim()}”.`;
  return count === 1 ? `1 ${noun.one} matches.` : `${count} ${noun.many} match.`;
}
