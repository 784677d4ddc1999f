import { LABELS, type Label } from "@/lib/recognition/reading/labels";

// The review screen's words: the feedback's stored words in reading order with their current
// labels (the latest correction's, else the engine's), colours per label, and which words the
// engine was least sure of.

export type StoredWord = {
  expected: string;
  recognized: string | null;
  label: string;
  startTiming: number;
  endTiming: number;
  confidence?: number | null;
  /** What the engine (or the server, where none judged) says of the word, in words. */
  explanation?: string;
};
export type ReviewWord = StoredWord & { sentence: number; word: number; engineLabel: string; corrected: boolean };

/** Below this confidence a word is marked for a second look. */
export const UNSURE_BELOW = 0.5;

export const LABEL_CLASS: Record<string, string> = {
  CW: "bg-emerald-100 text-emerald-900 border-emerald-300",
  PC: "bg-amber-100 text-amber-950 border-amber-400",
  SW: "bg-red-100 text-red-900 border-red-300",
  DW: "bg-red-50 text-red-900 border-red-300 line-through",
  IW: "bg-fuchsia-100 text-fuchsia-900 border-fuchsia-300 italic",
  RW: "bg-sky-100 text-sky-900 border-sky-300",
  SC: "bg-teal-100 text-teal-900 border-teal-300",
  NA: "bg-slate-100 text-slate-800 border-slate-300",
};

export const labelName = (label: string) => (label in LABELS ? LABELS[label as Label].description : label);

export function reviewWords(
  sentences: unknown[],
  corrections: { sentence: number; word: number; label: string }[],
): ReviewWord[] {
  const now = new Map(corrections.map((c) => [`${c.sentence}:${c.word}`, c.label]));
  return sentences.flatMap((s, sentence) => {
    const words = (s as { words?: StoredWord[] }).words ?? [];
    return words.map((w, word) => {
      const corrected = now.get(`${sentence}:${word}`);
      return {
        ...w,
        sentence,
        word,
        engineLabel: w.label,
        label: corrected ?? w.label,
        corrected: corrected !== undefined && corrected !== w.label,
      };
    });
  });
}

/** Whether the engine was unsure of the word (it said how sure it was, and that was little). */
export const isUnsure = (w: ReviewWord) => typeof w.confidence === "number" && w.confidence < UNSURE_BELOW;

/** The word as the passage shows it: the text's word, or what was heard for an inserted one. */
export const wordText = (w: ReviewWord) => (w.expected.trim() ? w.expected : (w.recognized ?? ""));

/** The audio span of a word in seconds (null when it has none: a deletion or an unjudged word). */
export const wordSpan = (w: ReviewWord) =>
  w.endTiming > w.startTiming ? { start: w.startTiming / 1000, end: w.endTiming / 1000 } : null;
