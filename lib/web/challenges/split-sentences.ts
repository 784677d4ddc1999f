// A typed or pasted passage cut into sentences, as the teacher then adjusts them: the browser's
// own sentence rules (Intl.Segmenter, Unicode UAX #29; a line break ends a sentence too), white
// space inside a sentence collapsed, blank ones dropped.

const tidy = (text: string) => text.replace(/\s+/g, " ").trim();

export function splitSentences(text: string): string[] {
  const segmenter = new Intl.Segmenter(undefined, { granularity: "sentence" });
  return [...segmenter.segment(text)].map((s) => tidy(s.segment)).filter(Boolean);
}

/** Sentence `index` cut in two at character `at` (nothing changes when either side would be blank). */
export function splitSentenceAt(sentences: readonly string[], index: number, at: number): string[] {
  const text = sentences[index] ?? "";
  const [before, after] = [tidy(text.slice(0, at)), tidy(text.slice(at))];
  if (!before || !after) return [...sentences];
  return [...sentences.slice(0, index), before, after, ...sentences.slice(index + 1)];
}

/** Sentence `index` joined with the next one. */
export function joinWithNext(sentences: readonly string[], index: number): string[] {
  if (index < 0 || index >= sentences.length - 1) return [...sentences];
  return [
    ...sentences.slice(0, index),
    tidy(`${sentences[index]} ${sentences[index + 1]}`),
    ...sentences.slice(index + 2),
  ];
}

/**
 * The language most of the organisation's speech challenges have (ties: the first by code), or
 * null: the server's "organisation language" rule (lib/organisations/language.ts), in the browser.
 */
export function usualLanguage(challenges: readonly { language: string }[]): string | null {
  const counts = new Map<string, number>();
  for (const c of challenges) counts.set(c.language, (counts.get(c.language) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return sorted[0]?.[0] ?? null;
}
