// Repetitions, insertions and omissions between the words of a reading already heard
// (sphinx-server.py op_gaps): the heard words forced in order, each optionally followed by itself
// again or by a run of free phones at a cost; each text word heard as omitted put back as an
// optional word, each heard in place of a text word with the text word as an alternative, and each
// extra word heard made optional. The reading search and the stretch checks often explain a
// repeated or inserted word as nothing (its sounds taken by the words around it); here the search
// cannot skip or lose its place, so only the word in question is.

import { alignWords } from "../../reading/label-words";
import type { HeardWord, Pcm } from "../types";
import type { PocketsphinxEngine } from "./pocketsphinx-engine";
import type { GapExtra } from "./pocketsphinx-types";
import { joinExtras } from "./reading-stretches";

/** Seconds per decoder frame. */
const FRAME = 0.01;

/**
 * The gap search's costs (sphinx_gaps.py gaps_fsg): log10 probabilities of a word repeated, of a
 * run of free phones started and of each phone of the run; then log10 odds of an omitted word said
 * after all, of the written word said where another was heard, and of an extra word heard kept
 * (-20 or less: never; 20 or more: always). Chosen on the judging bench's seed 1 with
 * bench/recognition/reading-replay.ts (REPLAY_GAP_COSTS), against no gap search (DW 68.3/58.6, SW
 * 56.7/36.6, RW 50.0/93.8, IW 46.7/40.0 % recall/precision, false alarms 8.6 %):
 * - repeat / insert / phone -3 / -3 / -0.5 (nothing else): RW 63.3/82.6, IW 56.7/40.5; -2 / -2 / -1
 *   put RW precision at 73; -4 / -4 / -1 lost IW recall (43.3); phone -1 vs -0.5 about the same;
 * - omitted word odds 0 (-3.5 / -3 / -0.5 / 0): DW precision 61 -> 69.5, false alarms 8.6 -> 7.5 %;
 *   -2 gained half that, 2 lost DW recall (63.3);
 * - written-word odds 0: SW precision 36.5 -> 39.1, false alarms -> 6.8 %; 1 and 2 lost SW recall;
 * - extra-word odds -2: IW precision 40 -> 43; 0, -1 and -3 no better;
 * - repeat -3.5 rather than -3: RW precision 82.6 -> 86.4 at the same recall (-4: 90 %, 3.3 points of
 *   RW recall less).
 * SPHINX_READ_GAP_COSTS="r,i,p,o,c,k" overrides them for tuning ("off": no gap search).
 */
export const GAP_COSTS: number[] = process.env.SPHINX_READ_GAP_COSTS?.split(",").map(Number) ?? [
  -3.5, -3, -0.5, 0, 0, -2,
];

/** Whether the gap search runs (SPHINX_READ_GAP_COSTS=off turns it off). */
export const GAPS_ON = GAP_COSTS.length === 6 && GAP_COSTS.every(Number.isFinite);

/**
 * The gap search's items: the heard words in order (text words, and "/.../" runs as they are), a
 * heard word in place of a text word as "heard|written" (the written word may be said instead), an
 * extra heard word as "+word" (it may be left out), and each text word the alignment finds omitted
 * as an optional "?word" where it belongs; with, per
 * item, the heard word's index (-1 for an omitted word) and the text word's (-1 for an extra word).
 */
export function gapItems(keys: string[], words: HeardWord[]): { items: string[]; heard: number[]; text: number[] } {
  const items: string[] = [];
  const heard: number[] = [];
  const text: number[] = [];
  for (const step of alignWords(
    keys,
    words.map((w) => w.word),
  )) {
    const w = step.h === undefined ? null : words[step.h]!.word;
    const kind = step.kind;
    items.push(
      kind === "del" ? `?${keys[step.e!]}` : kind === "sub" ? `${w}|${keys[step.e!]}` : kind === "ins" ? `+${w}` : w!,
    );
    heard.push(step.h ?? -1);
    text.push(step.e ?? -1);
  }
  return { items, heard, text };
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
 * The heard words with what the gap search found: omitted words it heard said put back, written
 * words it heard where others were heard put in their place, extra words
 * put in after the items they follow (an extra word beside a text word heard as sounds joins it:
 * joinExtras), timed by the gap search and as sure as the heard word before them.
 */
export function addExtras(keys: string[], words: HeardWord[], extras: GapExtra[]): HeardWord[] {
  const { heard: from, text } = gapItems(keys, words);
  const out: HeardWord[] = [];
  let sure = words[0]?.confidence ?? 0;
  const said = (x: GapExtra, word = x.word) => ({
    word,
    start: x.start * FRAME,
    end: (x.end + 1) * FRAME,
    confidence: sure,
  });
  for (const x of extras) if (x.after === -1) out.push(said(x));
  from.forEach((h, i) => {
    const instead = extras.find((x) => x.item === i);
    if (h >= 0) sure = words[h]!.confidence;
    if (h >= 0 && text[i]! < 0) {
      if (instead) out.push(words[h]!); // an extra word heard, kept
    } else if (instead) out.push(said(instead, keys[text[i]!]!));
    else if (h >= 0) out.push(words[h]!);
    for (const x of extras) if (x.after === i) out.push(said(x));
  });
  return joinExtras(keys, out);
}
