import { LABELS, type Label } from "@/lib/recognition/reading/labels";

// The reading figures of one read-aloud attempt (recognition.md, "Reading figures"), written once
// for the feedback answers, the review screen and the group view. Pure: words in, numbers out.
//
// Choices the note leaves open, made here:
// - An expected word is a word with a non-empty `expected` that is not an insertion (IW). A
//   repetition or self-correction that names an expected word (the docs' shape) is that word read,
//   so it counts in E and is not an error.
// - A label these rules do not know is treated as NA (not assessed): neither correct nor an error.
// - A word "read" for the reading time has a label other than DW and NA and a timing (endTiming
//   above 0: the not-assessed words' 0 to 0 means "unknown").
// - In the one-minute window, reading time is the minute when the reader was still reading then.
// - Correct words are never below 0 (many insertions cannot make accuracy negative).
// - Figures that cannot be counted are null: accuracy without expected words, WCPM without a
//   reading time.

/** Where reading stops: the last expected word read (the note's default), the end of the text, or one minute. */
export const READING_STOPS = ["lastRead", "endOfText", "oneMinute"] as const;
export type ReadingStop = (typeof READING_STOPS)[number];
export const DEFAULT_READING_STOP: ReadingStop = "lastRead";

/** A stored stop (SpeechChallenge.readingStop), the default when absent or unknown. */
export const readingStopOf = (value: string | null | undefined): ReadingStop =>
  (READING_STOPS as readonly string[]).includes(value ?? "") ? (value as ReadingStop) : DEFAULT_READING_STOP;

export type ReadingWord = {
  expected: string;
  recognized: string | null;
  label: string;
  startTiming: number;
  endTiming: number;
};

export type ReadingFigures = {
  /** Words correct per minute, one decimal; null without a reading time. */
  wcpm: number | null;
  /** (E − errors) / E as a fraction 0..1, three decimals; null without expected words. */
  accuracy: number | null;
  /** From the start of the first word read to the end of the last, in seconds (ms precision). */
  readingSeconds: number | null;
  /** E: the expected words up to where reading stops, not-assessed ones left out. */
  expectedWords: number;
  errors: number;
  correctWords: number;
  /** Words per label code within the counted span (every code present, zeros included). */
  labels: Record<Label, number>;
  /** Words within the span that no engine (or teacher) judged. */
  notAssessed: number;
  stop: ReadingStop;
};

const WINDOW_MS = 60_000;

const known = (label: string): Label => (Object.hasOwn(LABELS, label) ? (label as Label) : "NA");
const isExpected = (w: ReadingWord) => w.expected.trim() !== "" && known(w.label) !== "IW";
const isRead = (w: ReadingWord) => {
  const label = known(w.label);
  return label !== "DW" && label !== "NA";
};
const hasTiming = (w: ReadingWord) => isRead(w) && w.endTiming > 0;

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

/** The index of the last word counted, or -1 when nothing is. */
function stopIndex(words: ReadingWord[], stop: ReadingStop): number {
  if (stop === "endOfText") return words.length - 1;
  if (stop === "lastRead") return words.findLastIndex((w) => isExpected(w) && known(w.label) !== "DW");
  const first = words.find(hasTiming);
  if (!first) return -1;
  const windowEnd = first.startTiming + WINDOW_MS;
  return words.findLastIndex((w) => isExpected(w) && hasTiming(w) && w.startTiming < windowEnd);
}

/** The words counted (from the start to where reading stops), e.g. for the most misread words. */
export const countedWords = (words: ReadingWord[], stop: ReadingStop = DEFAULT_READING_STOP) =>
  words.slice(0, stopIndex(words, stop) + 1);

/** The reading figures of words in reading order (sentences flattened), as they stand after corrections. */
export function countReading(words: ReadingWord[], stop: ReadingStop = DEFAULT_READING_STOP): ReadingFigures {
  const span = countedWords(words, stop);
  const labels = Object.fromEntries(Object.keys(LABELS).map((k) => [k, 0])) as Record<Label, number>;
  let expectedWords = 0;
  let errors = 0;
  for (const word of span) {
    const label = known(word.label);
    labels[label]++;
    if (label === "NA") continue;
    if (isExpected(word)) expectedWords++;
    if (LABELS[label].error) errors++;
  }
  const timed = span.filter(hasTiming);
  let readingMs = timed.length
    ? Math.max(...timed.map((w) => w.endTiming)) - Math.min(...timed.map((w) => w.startTiming))
    : 0;
  if (stop === "oneMinute" && timed.length) {
    // A reader still reading when the minute is up read for the whole minute.
    const lastEnd = Math.max(...words.filter(hasTiming).map((w) => w.endTiming));
    readingMs = Math.min(lastEnd - timed[0]!.startTiming, WINDOW_MS);
  }
  const correctWords = Math.max(0, expectedWords - errors);
  return {
    wcpm: readingMs > 0 ? round(correctWords / (readingMs / 60_000), 1) : null,
    accuracy: expectedWords > 0 ? round(correctWords / expectedWords, 3) : null,
    readingSeconds: readingMs > 0 ? readingMs / 1000 : null,
    expectedWords,
    errors,
    correctWords,
    labels,
    notAssessed: labels.NA,
    stop,
  };
}
