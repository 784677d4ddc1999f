// How like the teacher's reference recording each sentence of a reading sounds, for languages no
// engine reads: the whole reading is lined up with the whole reference by DTW, each sentence's
// part of the reference (its SRT cue) is followed along that path into the reading, and the two
// parts are compared as referenceSimilarity compares an answer with a recording (1: as close as the
// recording to itself, 0: no closer than it played backwards). Likeness to one speaker, not reading.
// The reading's features are taken at the vocal tract length warp that lines it up best with the
// reference: unwarped, a woman's reading of a man's recording scored near 0 on sentences she read
// as written (espeak-ng nl+f3 against nl: 0.20 and 0.03), hardly above a sentence she did not read
// (0.00); at its best warp (1.16) 0.40 and 0.31 against 0.00.
// Plain JavaScript: it runs in the worker pool (template-worker.mjs).
import { referenceSimilarity } from "./classify.mjs";
import { decimate, dtwPairs } from "./dtw.mjs";
import { frameEnergyDb, HOP, SAMPLE_RATE, utteranceFeatures } from "./mfcc.mjs";

const FRAME_MS = (1000 * HOP) / SAMPLE_RATE;
// The whole-reading path is found on frames averaged in pairs (or more) once its table of one byte
// per cell would pass this: a two-minute reading against a two-minute recording stays near 4 MB.
const MAX_CELLS = 4_000_000;
// A student reads at another pace than the teacher, and pauses: a wider band than for choices.
const READING_BAND = 0.5;
// Warps tried (mfcc.mjs: > 1 reads higher formants as lower ones).
const WARPS = [0.84, 0.88, 0.92, 0.96, 1, 1.04, 1.08, 1.12, 1.16, 1.2];

// No frame louder than this (dB, as frameEnergyDb measures; about -60 dBFS): no speech to compare.
const SILENT_DB = -60;

const part = (f, from, to) => ({ frames: to - from, dims: f.dims, data: f.data.subarray(from * f.dims, to * f.dims) });

// A long reading's warp is chosen on the first PROBE_SECONDS of it and of the recording (one voice
// throughout): every warp over the whole of a 2-minute reading took 6.1 s, one warp 0.9 s.
const PROBE_SECONDS = 30;

/** The DTW path between two feature sequences, on frames averaged `factor` at a time. */
function lineUp(answer, reference) {
  const factor = Math.max(1, Math.ceil(Math.sqrt((answer.frames * reference.frames) / MAX_CELLS)));
  return { ...dtwPairs(decimate(answer, factor), decimate(reference, factor), READING_BAND), factor };
}

/**
 * Per span of the reference (ms from its start): the similarity of the reading's part that lines
 * up with it (0..1) and where that part is in the reading (ms); null where the span holds none of
 * the reference's speech or the recordings cannot be lined up. `warps`: those tried for the reading;
 * `probeSeconds`: how much of each a longer reading's warp is chosen on.
 */
export function sentenceLikeness(answerSamples, referenceSamples, spans, warps = WARPS, probeSeconds = PROBE_SECONDS) {
  const reference = utteranceFeatures(referenceSamples);
  if (
    !reference.frames ||
    !(frameEnergyDb(answerSamples).reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY) > SILENT_DB)
  )
    return spans.map(() => null);
  const probe = probeSeconds * SAMPLE_RATE;
  const long = answerSamples.length > probe || referenceSamples.length > probe;
  const probeReference = long ? utteranceFeatures(referenceSamples.subarray(0, probe)) : reference;
  const probeAnswer = long ? answerSamples.subarray(0, probe) : answerSamples;
  let best = null;
  for (const warp of warps) {
    const answer = utteranceFeatures(probeAnswer, warp);
    if (!answer.frames || !probeReference.frames) return spans.map(() => null);
    const path = lineUp(answer, probeReference);
    if (!best || path.distance < best.distance) best = { ...path, answer, warp };
  }
  const answer = long ? utteranceFeatures(answerSamples, best.warp) : best.answer;
  const { factor, pairs } = long ? lineUp(answer, reference) : best;
  if (pairs.length === 0) return spans.map(() => null);
  return spans.map(({ startMs, endMs }) => {
    const from = Math.max(0, Math.round(startMs / FRAME_MS) - reference.trimmed.start);
    const to = Math.min(reference.frames, Math.round(endMs / FRAME_MS) - reference.trimmed.start);
    if (to <= from) return null;
    let first = Number.POSITIVE_INFINITY;
    let last = -1;
    for (let k = 0; k < pairs.length; k += 2) {
      const r = pairs[k + 1] * factor;
      if (r + factor <= from || r >= to) continue;
      first = Math.min(first, pairs[k]);
      last = Math.max(last, pairs[k]);
    }
    if (last < 0) return null;
    const a = first * factor;
    const b = Math.min(answer.frames, (last + 1) * factor);
    const measured = referenceSimilarity(part(answer, a, b), part(reference, from, to));
    if (!measured) return null;
    const offset = answer.trimmed.start;
    return { similarity: measured.similarity, answerMs: [(a + offset) * FRAME_MS, (b + offset) * FRAME_MS] };
  });
}
