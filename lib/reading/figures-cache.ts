import { countedWords, countReading, type ReadingFigures } from "./count-reading";
import { type CorrectionRow, latestCorrections, wordsAsTheyStand } from "./feedback-words";
import { misreadKeys } from "./fluency";

// What Feedback.readingFigures holds: the figures and the misread words of one attempt as they
// stand after its corrections, written with the feedback and with each correction. A version
// that does not match (the counting rules changed) reads as "not counted": the figures are then
// counted again from the sentences.

const VERSION = 1;

export type CachedFigures = { v: typeof VERSION; reading: ReadingFigures; misread: string[] };

export function figuresOf(sentences: unknown[], corrections: CorrectionRow[]): CachedFigures {
  const words = wordsAsTheyStand(sentences, latestCorrections(corrections));
  return { v: VERSION, reading: countReading(words), misread: misreadKeys(countedWords(words)) };
}

export function parseCachedFigures(text: string | null): CachedFigures | null {
  if (!text) return null;
  try {
    const cached = JSON.parse(text) as CachedFigures;
    return cached.v === VERSION ? cached : null;
  } catch {
    return null;
  }
}
