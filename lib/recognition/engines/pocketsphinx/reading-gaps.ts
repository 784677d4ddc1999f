// Repetitions, insertions and omissions between the words of a reading already heard
// (sphinx-server.py op_gaps): the heard words forced in order, each optionally followed by itself
// again or by a run of free phones at a cost, and each text word heard as omitted put back as an
// optional word. The reading search and the stretch checks often explain a repeated or inserted
// word as nothing (its sounds taken by the words around it); here the search cannot skip or lose
// its place, so only the extra (or omitted) word is in question.

import { alignWords } from "../../reading/label-words";
import type { HeardWord, Pcm } from "../types";
import type { PocketsphinxEngine } from "./pocketsphinx-engine";
import type { GapExtra } from "./pocketsphinx-types";
import { joinExtras } from "./reading-stretches";

/** Seconds per decoder frame. */
const FRAME = 0.01;

/**
 * The gap search's costs, log10 probabilities: [a word repeated, a run of free phones started, each
 * phone of the run, an omitted word said after all]. SPHINX_READ_GAP_COSTS="r,i,p,o" overrides
 * them for tuning ("off": no gap search).
 */
export const GAP_COSTS: number[] = process.env.SPHINX_READ_GAP_COSTS?.split(",").map(Number) ?? [-3, -3, -0.5, -99];

/** Whether the gap search runs (SPHINX_READ_GAP_COSTS=off turns it off). */
export const GAPS_ON = GAP_COSTS.length === 4 && GAP_COSTS.every(Number.isFinite);

/**
 * The gap search's items: the heard words in order (text words, and "/.../" runs as they are), and
 * each text word the alignment finds omitted as an optional "?word" where it belongs; with, per
 * item, the heard word's index (-1) or the omitted word's (as -2 - its index in `keys`).
 */
export function gapItems(keys: string[], words: HeardWord[]): { items: string[]; from: number[] } {
  const items: string[] = [];
  const from: number[] = [];
  for (const step of alignWords(
    keys,
    words.map((w) => w.word),
  )) {
    if (step.kind === "del") {
      items.push(`?${keys[step.e!]}`);
      from.push(-2 - step.e!);
    } else {
      items.push(words[step.h!]!.word);
      from.push(step.h!);
    }
  }
  return { items, from };
}

/** What the gap search adds to `words` under each of `costs` (one search each). */
export async function gatherGaps(
  engine: PocketsphinxEngine,
  keys: string[],
  words: HeardWord[],
  audio: Pcm,
  costs: number[][] = [GAP_COSTS],
  signal?: AbortSignal,
): Promise<GapExtra[][] | null> {
  if (words.length === 0) return costs.map(() => []);
  return engine
    .gaps(gapItems(keys, words).items, audio, costs, signal)
    .then((r) => r.extras)
    .catch(() => null);
}

/**
 * The heard words with what the gap search found: omitted words it heard said put back, extra words
 * put in after the items they follow (an extra word beside a text word heard as sounds joins it:
 * joinExtras), timed by the gap search and as sure as the heard word before them.
 */
export function addExtras(keys: string[], words: HeardWord[], extras: GapExtra[]): HeardWord[] {
  const { from } = gapItems(keys, words);
  const out: HeardWord[] = [];
  let sure = words[0]?.confidence ?? 0;
  const heard = (x: GapExtra, word = x.word) => ({
    word,
    start: x.start * FRAME,
    end: (x.end + 1) * FRAME,
    confidence: sure,
  });
  for (const x of extras) if (x.after === -1) out.push(heard(x));
  from.forEach((source, i) => {
    if (source >= 0) {
      out.push(words[source]!);
      sure = words[source]!.confidence;
    } else {
      const said = extras.find((x) => x.item === i);
      if (said) out.push(heard(said, keys[-2 - source]!));
    }
    for (const x of extras) if (x.after === i) out.push(heard(x));
  });
  return joinExtras(keys, out);
}
