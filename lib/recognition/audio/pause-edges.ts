import type { Pcm } from "../engines/types";

// Word edges next to a pause, moved to where the sound really starts and ends. An aligner's
// acoustic models place a boundary within a few frames of the change from speech to silence, but
// not on it: a word-initial stop's closure looks like the pause before it, and a word's quiet
// tail (a nasal or fricative fading out) looks like the pause after it. Next to a pause the
// signal itself says where the word is: its energy rises above the pause's own level. Between
// words that touch (connected speech, no pause) nothing is moved.

/** Analysis hop. */
const HOP_S = 0.005;
/** A gap between aligned words shorter than this is no pause: its edges are left alone. */
const MIN_PAUSE_S = 0.03;
/** How far an edge may move towards the word's inside or the pause's. */
const REACH_IN_S = 0.1;
const REACH_OUT_S = 0.25;
/** Sound is this far above the pause's level (its quietest fifth). */
const ABOVE_DB = 10;
/** An onset is this many hops of quiet followed by as many of sound; a fall the reverse. */
const SUSTAIN_HOPS = 3;

export type Edges = { start: number; end: number };

/** Energy per hop in dB (full scale 1.0). */
function hopEnergies(audio: Pcm): Float64Array {
  const hop = Math.round(HOP_S * audio.sampleRate);
  const n = Math.floor(audio.samples.length / hop);
  const out = new Float64Array(n);
  for (let h = 0; h < n; h++) {
    let sum = 0;
    for (let i = h * hop; i < (h + 1) * hop; i++) sum += audio.samples[i]! * audio.samples[i]!;
    out[h] = 10 * Math.log10(sum / hop + 1e-12);
  }
  return out;
}

function quietLevel(energy: Float64Array, from: number, to: number): number | null {
  if (to - from < 4) return null;
  const sorted = Array.from(energy.subarray(from, to)).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 5)]!;
}

/** Whether the SUSTAIN_HOPS hops from `h` are all above (or all at most) `threshold`. */
function run(energy: Float64Array, h: number, threshold: number, above: boolean): boolean {
  for (let k = h; k < h + SUSTAIN_HOPS; k++) {
    if (k < 0 || k >= energy.length) return false;
    if (energy[k]! > threshold !== above) return false;
  }
  return true;
}

/** The hop nearest `target` in from..to (exclusive) that passes `is`, or null. */
function nearest(from: number, to: number, target: number, is: (h: number) => boolean): number | null {
  let best: number | null = null;
  for (let h = from; h < to; h++) {
    if (is(h) && (best === null || Math.abs(h - target) < Math.abs(best - target))) best = h;
  }
  return best;
}

/**
 * The words' edges (seconds, in order, not overlapping) with every edge that borders a pause
 * moved to the nearest onset or fall of sound within reach, when the signal shows one.
 */
export function refineEdgesAtPauses(words: readonly Edges[], audio: Pcm): Edges[] {
  const energy = hopEnergies(audio);
  const hops = energy.length;
  const at = (s: number) => Math.max(0, Math.min(hops, Math.round(s / HOP_S)));
  const out = words.map((w) => ({ ...w }));
  for (let k = 0; k <= words.length; k++) {
    const before = k > 0 ? words[k - 1]! : null;
    const after = k < words.length ? words[k]! : null;
    const pauseFrom = before ? before.end : 0;
    const pauseTo = after ? after.start : hops * HOP_S;
    if (pauseTo - pauseFrom < MIN_PAUSE_S) continue;
    const level = quietLevel(energy, at(pauseFrom), at(pauseTo));
    if (level === null) continue;
    const threshold = level + ABOVE_DB;
    if (after) {
      const from = at(Math.max(pauseFrom, after.start - REACH_OUT_S));
      const to = at(Math.min(after.end, after.start + REACH_IN_S));
      const onset = nearest(
        from,
        to,
        at(after.start),
        (h) => run(energy, h - SUSTAIN_HOPS, threshold, false) && run(energy, h, threshold, true),
      );
      if (onset !== null) out[k]!.start = onset * HOP_S;
    }
    if (before) {
      const from = at(Math.max(before.start, before.end - REACH_IN_S));
      const to = at(Math.min(after ? out[k]!.start : pauseTo, before.end + REACH_OUT_S));
      const fall = nearest(
        from,
        to,
        at(before.end),
        (h) => run(energy, h - SUSTAIN_HOPS, threshold, true) && run(energy, h, threshold, false),
      );
      if (fall !== null && fall * HOP_S > out[k - 1]!.start) out[k - 1]!.end = fall * HOP_S;
    }
  }
  return out;
}
