import type { Fragment, Label } from "@/lib/annotations/fragments";
import type { ReadingWord } from "./count-reading";

// A reviewed reading attempt as annotation fragments of its recording (issue 25, item 6): the
// words with their timings on the Words layer (what was heard, else the text's word), and each
// word's label as it stands after corrections on the default scheme's layers: the errors on Error
// (PC Pronunciation, SW Substitution, IW Insertion), repetitions and self-corrections on
// OutOfPrompt. CW and NA add nothing. Deletions (and any word without a timing) have no span in the
// audio and are left out, counted in `untimed`. Words never overlap: a word starting before the
// previous one ends starts at its end (engines may give a repeated word the same span).

const WORDS = "Words";
const LAYER_OF: Record<string, { layer: string; label: string } | undefined> = {
  PC: { layer: "Error", label: "Pronunciation" },
  SW: { layer: "Error", label: "Substitution" },
  IW: { layer: "Error", label: "Insertion" },
  RW: { layer: "OutOfPrompt", label: "Repetition" },
  SC: { layer: "OutOfPrompt", label: "Correction" },
};

export type AttemptFragments = { fragments: Fragment[]; untimed: number };

/** Words in reading order (as they stand after corrections; timings in ms) → fragments inside `durationMs`. */
export function attemptFragments(words: ReadingWord[], durationMs: number): AttemptFragments {
  const fragments: Fragment[] = [];
  let untimed = 0;
  let lastEnd = 0;
  for (const word of words) {
    const heard = word.recognized?.trim() || word.expected.trim();
    const startMs = Math.max(0, Math.round(word.startTiming), lastEnd);
    const endMs = Math.min(durationMs, Math.round(word.endTiming));
    if (word.label === "DW" || !heard || endMs <= startMs) {
      untimed++;
      continue;
    }
    const labels: Label[] = [{ layer: WORDS, label: heard, comment: "" }];
    const mark = LAYER_OF[word.label];
    if (mark) {
      const expected = word.expected.trim();
      const comment = expected && expected !== heard ? `${word.label}: “${expected}” read as “${heard}”` : word.label;
      labels.push({ ...mark, comment });
    }
    fragments.push({ startMs, endMs, labels });
    lastEnd = endMs;
  }
  return { fragments, untimed };
}
