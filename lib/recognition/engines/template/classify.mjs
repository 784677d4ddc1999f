// Which choice an answer is, by DTW against each choice's templates, and whether it is any of
// them. Absolute DTW distances say little (they move with the voice, the microphone, the length),
// so every decision is relative to a scale measured on the answer itself:
//  - impostors: the choices' templates played backwards (same sounds and voice, other order: what
//    a different sentence of that length looks like to DTW). Their mean distance to the answer
//    is this answer's level of "no match".
//  - the closest few choices by overall distance are aligned with the answer, and each alignment
//    is searched for its worst-fitting stretch (`window` frames), relative to the impostor level.
//    An answer that shares most words with a choice but not all ("a glass of water" against "a cup
//    of tea") has a stretch that fits no better than an impostor: "none of them" (maxStretch).
//  - between choices, the margin (s2 − s1) / s2 of the two lowest scores, a score being
//    0.3 × worst stretch + 0.7 × overall distance (both relative to the impostors): choices that
//    differ in one word ("is" / "was") differ only there, which the overall distance dilutes,
//    while the worst stretch alone is noisy (it ranked the right choice first less often).
// The thresholds were swept on half of the bench's answer voices (bench/recognition/template-sweep.ts):
// 1.0 / 0.015 was the best joint setting there; maxStretch is 0.95 so that the unit test's
// "a glass of water" against "a cup of tea" (worst stretch ~0.98) stays rejected.
import { DEFAULT_BAND, decimate, dtwDistance, dtwPath, worstStretch } from "./dtw.mjs";
import { reversedFeatures } from "./mfcc.mjs";

export const DEFAULTS = Object.freeze({
  band: DEFAULT_BAND,
  /** Frames (10 ms) in the stretch of the alignment that must still fit: 400 ms, about a short word. */
  window: 40,
  /** Reject when the worst stretch is at least this fraction of the impostors' mean distance. */
  maxStretch: 0.95,
  /** Reject when the best choice's score beats the second's by less than this (relative) margin. */
  minMargin: 0.015,
  /** Choices (closest by overall distance) compared by their worst stretch. */
  candidates: 3,
  /** Impostors per answer (spread over the choices' templates). */
  impostors: 6,
  /** A choice's overall distance: the mean of its this many closest templates. */
  topK: 1,
  /** Templates per candidate choice (closest first) whose worst stretch is measured; the lowest counts. */
  stretchTemplates: 2,
  /** How much the worst stretch weighs in a candidate's score (0: the overall distance only, 1: the stretch only). */
  stretchWeight: 0.3,
  /**
   * Templates per choice compared at full resolution: the closest this many by a first, coarse
   * pass (frames averaged in pairs, a quarter of the DTW cells) over all of them; 0 compares every
   * template at full resolution. With 3, on the choice corpus (bench/recognition/template-speed.ts)
   * no answer's decision changed in English or Dutch, with or without reference audio (one
   * out-of-set answer's closest choice did, with the template engine rejecting it either way),
   * at ~60 % of the CPU time.
   */
  coarse: 3,
});

const clamp01 = (x) => Math.min(1, Math.max(0, x));

/** Spreads `count` picks over the choices' templates, first templates of every choice first. */
function pickImpostors(choices, count) {
  const out = [];
  for (let t = 0; out.length < count; t++) {
    let any = false;
    for (const c of choices) {
      if (t < c.templates.length && out.length < count) {
        out.push(reversedFeatures(c.templates[t]));
        any = true;
      }
    }
    if (!any) break;
  }
  return out;
}

/**
 * Classifies answer features against each choice's template features.
 * Returns the chosen index (or null), a 0..1 confidence (0.5 = at a rejection threshold) and the
 * figures behind it.
 */
export function classify(answer, choices, options = {}) {
  const o = { ...DEFAULTS, ...options };
  if (choices.length === 0) throw new Error("no choices to compare with");
  let coarseAnswer = null;
  const ranked = choices
    .map((c, index) => {
      let pool = c.templates.map((_, k) => k);
      if (o.coarse > 0 && pool.length > o.coarse) {
        coarseAnswer ??= decimate(answer);
        pool = pool
          .map((k) => ({ k, d: dtwDistance(coarseAnswer, decimate(c.templates[k]), o.band) }))
          .sort((x, y) => x.d - y.d)
          .slice(0, o.coarse)
          .map((x) => x.k);
      }
      // The path of each comparison is kept so that a candidate's worst stretch needs no second run.
      const order = pool
        .map((k) => {
          const { distance, steps } = dtwPath(answer, c.templates[k], o.band);
          return { k, d: distance, steps };
        })
        .sort((x, y) => x.d - y.d);
      const k = Math.max(1, Math.min(o.topK, order.length));
      let distance = 0;
      for (let q = 0; q < k; q++) distance += order[q]?.d ?? Number.POSITIVE_INFINITY;
      distance /= k;
      const closest = order.slice(0, Math.max(1, o.stretchTemplates));
      return { index, distance, template: closest[0]?.k ?? -1, closest, stretch: Number.POSITIVE_INFINITY };
    })
    .sort((x, y) => x.distance - y.distance);
  if (!Number.isFinite(ranked[0].distance)) {
    for (const c of ranked) delete c.closest;
    return { choice: null, confidence: 0, best: ranked[0], second: ranked[1] ?? null, margin: 0, reference: 0 };
  }

  const impostors = pickImpostors(choices, o.impostors);
  let reference = 0;
  for (const imp of impostors) reference += dtwDistance(answer, imp, o.band);
  reference /= impostors.length;
  const candidates = ranked.slice(0, o.candidates);
  for (const c of candidates) {
    for (const { k, steps } of c.closest) {
      const stretch = worstStretch(steps(), o.window) / reference;
      if (stretch < c.stretch) [c.stretch, c.template] = [stretch, k];
    }
    c.score = o.stretchWeight * c.stretch + (1 - o.stretchWeight) * (c.distance / reference);
  }
  candidates.sort((x, y) => x.score - y.score);
  for (const c of ranked) delete c.closest;
  const [best, second = null] = candidates;
  const margin = second ? (second.score - best.score) / second.score : 1;
  // Each score is 0.5 exactly at its threshold; the confidence is the weaker of the two.
  const fit = clamp01(0.5 + (o.maxStretch - best.stretch) / 0.6);
  const separation = second ? clamp01(margin / (2 * o.minMargin)) : 1;
  const confidence = Math.min(fit, separation);
  const accepted = best.stretch < o.maxStretch && margin >= o.minMargin;
  return {
    choice: accepted ? best.index : null,
    confidence,
    best,
    second,
    margin,
    reference,
    nearest: ranked[0].index,
  };
}

/** One line for teachers: what was heard closest, by how much, and why it was (not) accepted. */
export function describe(result, texts, options = {}) {
  const o = { ...DEFAULTS, ...options };
  if (!Number.isFinite(result.best.distance)) return "no speech to compare (the answer is too short)";
  const pct = (x) => `${Math.round(100 * x)}%`;
  const name = (r) =>
    `${r.index + 1} "${texts[r.index]}" (worst stretch ${pct(r.stretch)}, distance ${r.distance.toFixed(2)})`;
  const parts = [`best ${name(result.best)}`];
  if (result.second) parts.push(`next ${name(result.second)}, margin ${pct(result.margin)}`);
  let verdict = "accepted";
  if (!(result.best.stretch < o.maxStretch))
    verdict = `rejected: part of the answer fits no choice (stretch ≥ ${pct(o.maxStretch)} of an impostor's distance)`;
  else if (result.choice === null) verdict = `rejected: too close between two choices (margin < ${pct(o.minMargin)})`;
  return `${parts.join("; ")}; ${verdict}`;
}

/**
 * How close an answer is to one reference recording, for languages no engine judges: the DTW
 * distance against the reference, on the scale of the reference played backwards (the same voice
 * and sounds in another order). 1: as close as the reference to itself; 0: no closer than the
 * backwards reference. A measure of likeness to the teacher's recording, not of pronunciation.
 */
export function referenceSimilarity(answer, reference, band = DEFAULTS.band) {
  const distance = dtwDistance(answer, reference, band);
  const impostor = dtwDistance(answer, reversedFeatures(reference), band);
  if (!Number.isFinite(distance) || !Number.isFinite(impostor) || impostor <= 0) return null;
  return { distance, impostor, similarity: clamp01(1 - distance / impostor) };
}
