import type { AnalysisWords } from "@/lib/challenges/pronunciation/alignment";

// The phonemes a group pronounces worst: every phoneme of the given analyses' words, gathered by
// its IPA symbol, with its mean score, how often it was heard and by how many students; the
// lowest mean first (ties: heard more often first, then by symbol).

export type PhonemeFigure = { ipa: string; mean: number; heard: number; students: number; bad: number };
type Analysis = { userId: string | null; words: AnalysisWords | null };

export function lowestPhonemes(analyses: readonly Analysis[], limit = 8): PhonemeFigure[] {
  const by = new Map<string, { sum: number; heard: number; bad: number; students: Set<string> }>();
  for (const analysis of analyses) {
    for (const word of analysis.words ?? []) {
      for (const chunk of word.chunks) {
        for (const p of chunk.phonemes) {
          const entry = by.get(p.ipa) ?? { sum: 0, heard: 0, bad: 0, students: new Set<string>() };
          entry.sum += p.score;
          entry.heard++;
          if (p.verdict === "bad") entry.bad++;
          if (analysis.userId) entry.students.add(analysis.userId);
          by.set(p.ipa, entry);
        }
      }
    }
  }
  return [...by]
    .map(([ipa, e]) => ({ ipa, mean: e.sum / e.heard, heard: e.heard, students: e.students.size, bad: e.bad }))
    .sort((a, b) => a.mean - b.mean || b.heard - a.heard || a.ipa.localeCompare(b.ipa))
    .slice(0, limit);
}
