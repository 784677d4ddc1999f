import { alignWords } from "../../reading/label-words";
import type { Pcm } from "../types";
import type { PhoneAlignment } from "./pocketsphinx-types";

// Verify before flagging: the reading search sometimes hears another word of the text where the
// expected word was read correctly. Each such substitution is checked by aligning the expected
// word alone to the heard word's span: if it fits there not far below the free phone loop (its
// mean goodness of pronunciation above VERIFY_GOP), the word was read and the heard word is replaced.

/**
 * Mean GOP (nats per frame) above which the expected word counts as read. Chosen on the judging
 * bench's seed 1 (-1.5 and -0.7 changed nothing: wrong-word spans score -2..-7 because the search
 * misplaced them); -3 cut false alarms on correct words 16.5 -> 13.8 % there and 18.6 -> 15.0 % on
 * the held-out seed 2, at 5..7 points of SW recall. SPHINX_READ_VERIFY_GOP overrides it for tuning.
 */
export const VERIFY_GOP = Number(process.env.SPHINX_READ_VERIFY_GOP ?? -3);
/** Audio kept either side of the heard word's span, in seconds. */
const PAD = 0.1;

export type Candidate = { heard: number; expected: number };

/** Heard words (text words only, not garbage "/…/") that the alignment makes substitutions. */
export function substitutionCandidates(expected: string[], heard: string[]): Candidate[] {
  return alignWords(expected, heard)
    .filter((s) => s.kind === "sub" && !heard[s.h!]!.startsWith("/"))
    .map((s) => ({ heard: s.h!, expected: s.e! }));
}

/** The frame-weighted mean GOP of an aligned word (nats per frame). */
export function meanGop(aligned: PhoneAlignment): number {
  const phones = aligned.words.flatMap((w) => w.phones);
  const frames = phones.reduce((n, p) => n + p.end - p.start + 1, 0);
  return frames ? phones.reduce((n, p) => n + p.score - p.loop, 0) / frames : Number.NEGATIVE_INFINITY;
}

/** The audio from start to end seconds, padded. */
export function slice(audio: Pcm, start: number, end: number): Pcm {
  const a = Math.max(0, Math.floor((start - PAD) * audio.sampleRate));
  const b = Math.min(audio.samples.length, Math.ceil((end + PAD) * audio.sampleRate));
  return { samples: audio.samples.subarray(a, b), sampleRate: audio.sampleRate };
}
