import {
  countedWords,
  countReading,
  DEFAULT_READING_STOP,
  type ReadingFigures,
  type ReadingStop,
} from "./count-reading";
import { type CorrectionRow, latestCorrections, wordsAsTheyStand } from "./feedback-words";
import { misreadKeys } from "./fluency";

// What Feedback.readingFigures holds: the figures and the misread words of one attempt as they
// stand after its corrections, written with the feedback and with each correction. A version
// that does not match (the counting rules changed) reads as "not counted": the figures are then
// counted again from the sentences. So do figures counted with another stop than the challenge's
// now (its setting changed: lib/reading/recount-challenge.ts recounts them with the change, and a
// correction racing that change is caught here).

const VERSION = 1;

export type CachedFigures = { v: typeof VERSION; reading: ReadingFigures; misread: string[] };

export function figuresOf(
  sentences: unknown[],
  corrections: CorrectionRow[],
  stop: ReadingStop = DEFAULT_READING_STOP,
): CachedFigures {
  const words = wordsAsTheyStand(sentences, latestCorrections(corrections));
  return { v: VERSION, reading: countReading(words, stop), misread: misreadKeys(countedWords(words, stop)) };
}

/** The stored figures when they were counted by these rules and with this stop, else null. */
export function parseCachedFigures(
  text: string | null,
  stop: ReadingStop = DEFAULT_READING_STOP,
): CachedFigures | null {
  if (!text) return null;
  try {
    const cached = JSON.parse(text) as CachedFigures;
    return cached.v === VERSION && cached.reading?.stop === stop ? cached : null;
  } catch {
    return null;
  }
}
