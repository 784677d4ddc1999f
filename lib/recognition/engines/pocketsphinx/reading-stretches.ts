// Stretch-level verification of a reading (verify-reading.ts), in two steps so the judging bench's
// replay (bench/recognition/reading-replay.ts) can weigh the same evidence under other thresholds:
// gatherStretches forces each stretch's readings through its audio, resolveStretches decides.

import { alignWords } from "../../reading/label-words";
import type { HeardWord, Pcm } from "../types";
import type { PocketsphinxEngine } from "./pocketsphinx-engine";
import type { FrameScore } from "./pocketsphinx-types";
import { loopSegments, loopSpelling, wordGops } from "./stretch-loop";
import {
  errorStretches,
  type Fit,
  innerFrames,
  judgeStretch,
  OMIT_CHECK_WORDS,
  OMIT_MARGIN,
  STRETCH_MARGIN,
  type Stretch,
  slice,
  sliceStartFrame,
  stretchReadings,
} from "./verify-reading";

/** Seconds per decoder frame. */
const FRAME = 0.01;
/** Confidence = exp(margin per frame / scale): the scale of judging.ts. */
const CONFIDENCE_SCALE = 4;

// Each text word's fit against the free phone loop over its own frames (nats per frame, stretch-loop.ts)
// where the reading search's words are not to be trusted as they stand. The three thresholds were
// chosen together on the judging bench's seed 1 with bench/recognition/reading-replay.ts (grids of
// 3..8; see the comments): each catches a word said otherwise that the search took for a text word.
// Infinity turns a check off. SPHINX_READ_<NAME> overrides each for tuning.

/**
 * A text word heard as expected, outside every stretch, whose fit in the whole reading is this far
 * below the loop was said otherwise: a substitution, spelled as the loop heard it. 5.5 on seed 1:
 * SW recall 45 -> 58 % (most missed substitutions had been heard as the expected word); 5 caught
 * more but put false alarms at 10.4 %, 6 caught fewer; no minimum word length did better.
 */
export const MATCH_LOOP = Number(process.env.SPHINX_READ_MATCH_LOOP ?? 5.5);
/**
 * A word of a stretch read as written (verify-reading.ts judgeStretch) whose own fit is this far
 * below the loop was said otherwise after all. 5 on seed 1: SW recall +3..8 points at +0.8 points
 * of false alarms; 4 flagged more correct words.
 */
export const WORD_LOOP = Number(process.env.SPHINX_READ_WORD_LOOP ?? 5);
/**
 * A text word heard in a stretch kept as decoded whose own fit there is this far below the loop is
 * not that word (the search explains a substitution as a repeated neighbour): it becomes what the
 * loop heard. 4 on seed 1: RW precision 75 -> 88 %, nothing else changed; 3 lost RW recall.
 */
export const HEARD_LOOP = Number(process.env.SPHINX_READ_HEARD_LOOP ?? 4);

export type StretchParams = {
  margin: number;
  omitMargin: number;
  matchLoop: number;
  wordLoop: number;
  heardLoop: number;
};
export const STRETCH_PARAMS: StretchParams = {
  margin: STRETCH_MARGIN,
  omitMargin: OMIT_MARGIN,
  matchLoop: MATCH_LOOP,
  wordLoop: WORD_LOOP,
  heardLoop: HEARD_LOOP,
};

/** One stretch's readings forced through its audio (frames from the slice's start, offset to the answer's). */
export type StretchCheck = {
  fit: NonNullable<Fit>;
  rival: Fit;
  without: Fit[];
  loop: [string, number, number, number][];
  offset: number;
};
/** The heard words as a whole forced through the whole answer, with the loop over it. */
export type WholeCheck = { fit: NonNullable<Fit>; loop: [string, number, number, number][] };
export type StretchEvidence = { stretches: Stretch[]; checks: (StretchCheck | null)[]; whole?: WholeCheck | null };

/** Each stretch of candidate errors in `verified` forced through its audio as written, decoded and without each word. */
export async function gatherStretches(
  engine: PocketsphinxEngine,
  keys: string[],
  decoded: string[],
  verified: HeardWord[],
  audio: Pcm,
  signal?: AbortSignal,
): Promise<StretchEvidence> {
  const end = audio.samples.length / audio.sampleRate;
  const stretches = errorStretches(
    keys,
    verified.map((w) => w.word),
  );
  // The heard words as a whole, for the words outside every stretch (MATCH_LOOP).
  const all = verified.map((w) => w.word);
  const whole: Promise<WholeCheck | null> =
    all.length && MATCH_LOOP !== Number.POSITIVE_INFINITY
      ? engine
          .compare([all], audio, { signal })
          .then((c) => (c.alternatives[0] ? { fit: c.alternatives[0], loop: c.loop ?? [] } : null))
          .catch(() => null)
      : Promise.resolve(null);
  // Each stretch is its own request, so the pool's processes share them.
  const checks = await Promise.all(
    stretches.map(async (s): Promise<StretchCheck | null> => {
      const from = s.before ? verified[s.before.h]!.start : 0;
      const to = s.after ? verified[s.after.h]!.end : end;
      const [written, spoken] = stretchReadings(s, keys, decoded);
      if (written.length === 0 || spoken.length === 0) return null;
      const first = s.before ? 1 : 0;
      const count = s.e1 - s.e0;
      // The written reading without each stretch word in turn (a word omitted after all).
      const omissions =
        count <= OMIT_CHECK_WORDS
          ? Array.from({ length: count }, (_, k) => written.filter((_, i) => i !== first + k)).filter((w) => w.length)
          : [];
      const compared = await engine
        .compare([written, spoken, ...omissions], slice(audio, from, to), { signal })
        .catch(() => null);
      const [fit, rival, ...without] = compared?.alternatives ?? [];
      if (!compared || !fit) return null;
      return { fit, rival: rival ?? null, without, loop: compared.loop ?? [], offset: sliceStartFrame(audio, from) };
    }),
  );
  return { stretches, checks, whole: await whole };
}

/**
 * The heard words with each stretch that was read as written replaced by the text's words, timed by
 * the written reading's alignment; a word of it that fits far below the phone loop becomes what the
 * loop heard there (a substitution).
 */
export function resolveStretches(
  keys: string[],
  verified: HeardWord[],
  evidence: StretchEvidence,
  params: StretchParams = STRETCH_PARAMS,
): HeardWord[] {
  const out: HeardWord[] = [];
  let next = 0;
  verified = checkMatches(verified, evidence, params);
  evidence.stretches.forEach((s, k) => {
    const check = evidence.checks[k];
    if (!check) return;
    const { fit, rival, without, loop, offset } = check;
    const frames = innerFrames(fit, !!s.before, !!s.after);
    const verdict = judgeStretch(fit, rival, without, frames, params.margin, params.omitMargin);
    const segments: FrameScore[] = loopSegments(loop);
    if (verdict.as === "decoded") {
      if (!rival || !loop.length || params.heardLoop === Number.POSITIVE_INFINITY) return;
      // As decoded; each text word heard in it that fits far worse than any phones is not that word.
      const gops = wordGops(rival, segments);
      const first = s.before ? 1 : 0;
      out.push(...verified.slice(next, s.h0));
      for (let h = s.h0; h < s.h1; h++) {
        const w = verified[h]!;
        const [a, b] = rival.words[first + h - s.h0]!;
        const wrong = !w.word.startsWith("/") && gops[first + h - s.h0]! < -params.heardLoop;
        out.push(wrong ? { ...w, word: loopSpelling(loop, a, b) } : w);
      }
      next = s.h1;
      return;
    }
    const perFrame = rival ? (fit.score - rival.score) / frames : 0;
    const confidence = Math.min(1, Math.exp(perFrame / CONFIDENCE_SCALE));
    const gops = loop.length ? wordGops(fit, segments) : [];
    const first = s.before ? 1 : 0;
    out.push(...verified.slice(next, s.h0));
    for (let e = s.e0; e < s.e1; e++) {
      if (e - s.e0 === verdict.omit) continue;
      const i = first + e - s.e0;
      const [a, b] = fit.words[i]!;
      const said = (gops[i] ?? 0) < -params.wordLoop ? loopSpelling(loop, a, b) : keys[e]!;
      out.push({ word: said, start: (a + offset) * FRAME, end: (b + 1 + offset) * FRAME, confidence });
    }
    next = s.h1;
  });
  out.push(...verified.slice(next));
  return joinExtras(keys, out);
}

/**
 * An extra heard word right beside a text word heard as sounds ("/k w ih/") is part of that word
 * said otherwise (a long substitute heard as two pieces): one substitution, not an insertion beside
 * it. On the judging bench's seed 1: IW precision 33 -> 39 %, one true insertion lost (50 -> 47 %);
 * before it only: 37 %.
 */
export function joinExtras(keys: string[], words: HeardWord[]): HeardWord[] {
  const steps = alignWords(
    keys,
    words.map((w) => w.word),
  );
  const drop = new Set<number>();
  const out = words.map((w) => ({ ...w }));
  steps.forEach((step, k) => {
    if (step.kind !== "sub" || !words[step.h!]!.word.startsWith("/")) return;
    const before = steps[k - 1];
    const after = steps[k + 1];
    const h = step.h!;
    if (before?.kind === "ins" && !drop.has(before.h!)) {
      drop.add(before.h!);
      out[h]!.start = words[before.h!]!.start;
    } else if (after?.kind === "ins") {
      drop.add(after.h!);
      out[h]!.end = words[after.h!]!.end;
    }
  });
  return out.filter((_, h) => !drop.has(h));
}

/** Words outside every stretch that fit far below the loop in the whole reading, respelled as the loop heard them. */
function checkMatches(verified: HeardWord[], evidence: StretchEvidence, params: StretchParams): HeardWord[] {
  const whole = evidence.whole;
  if (!whole?.loop.length || params.matchLoop === Number.POSITIVE_INFINITY) return verified;
  const inStretch = new Set(evidence.stretches.flatMap((s) => Array.from({ length: s.h1 - s.h0 }, (_, i) => s.h0 + i)));
  const gops = wordGops(whole.fit, loopSegments(whole.loop));
  return verified.map((w, h) => {
    const span = whole.fit.words[h];
    if (!span || inStretch.has(h) || w.word.startsWith("/")) return w;
    const [a, b] = span;
    if (gops[h]! >= -params.matchLoop) return w;
    return { ...w, word: loopSpelling(whole.loop, a, b) };
  });
}
