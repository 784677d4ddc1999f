// Whether an answer is the choice the grammar found, or none of them: the grammar's best path
// against a free phone loop's over the same frames (a log-likelihood ratio, nats per frame). The two
// paths come from two sphinx-server.py processes decoding the answer at the same time.

/** A grammar path segment: word (without its alternative mark), frames (10 ms), score in nats, filler. */
export type PathSegment = [word: string, start: number, end: number, score: number, filler: boolean];
/** A phone loop segment: phone, frames, score in nats. */
export type LoopSegment = [phone: string, start: number, end: number, score: number];

/**
 * Frames at a ratio of 0 added to every word's own ratio, so that a short function word cannot
 * reject an answer alone.
 */
export const WORD_PRIOR_FRAMES = 8;

export type WordRatio = { word: string; start: number; end: number; llr: number };

export type ChoiceWeighing = {
  /** Grammar path minus phone loop over the answer's speech frames. */
  llr: number;
  speechFrames: number;
  words: WordRatio[];
  /** The recognised choice's word that fits the answer worst against the phone loop. */
  worst: WordRatio | null;
  /** The grammar's pause (silence or noise filler) that fits worst against the phone loop. */
  pause: WordRatio | null;
  accepted: boolean;
};

/** The loop's score over frames start..end, shared out by frame where its segments overlap them. */
export function loopOver(loop: LoopSegment[], start: number, end: number): number {
  let sum = 0;
  for (const [, s, e, score] of loop) {
    const overlap = Math.min(e, end) - Math.max(s, start) + 1;
    if (overlap > 0) sum += (score * overlap) / (e - s + 1);
  }
  return sum;
}

/**
 * Accepts the grammar's choice when the whole answer's ratio and its worst word's are at or above
 * their thresholds: one wrong word in a sentence near a choice hardly moves the whole ratio, but
 * sinks its own. The grammar's pauses are held to the word threshold too: the grammar may put a
 * pause where the answer has a word the choice lacks ("she buys sea shells" as "she <sil> sells sea
 * shells"), and a pause over speech fits far worse than the phone loop there. (On the English choice
 * bench, in-set answers' pauses fit at -3 or better, most at -0.8 or better.)
 */
export function weighChoice(
  path: PathSegment[],
  loop: LoopSegment[],
  thresholds: { llr: number; wordLlr: number },
): ChoiceWeighing {
  const score = path.reduce((sum, [, , , s]) => sum + s, 0);
  const speech = path.filter(([, , , , filler]) => !filler);
  const speechFrames = Math.max(
    speech.reduce((sum, [, start, end]) => sum + end - start + 1, 0),
    1,
  );
  const llr = (score - loop.reduce((sum, [, , , s]) => sum + s, 0)) / speechFrames;
  const ratio = ([word, start, end, s]: PathSegment): WordRatio => ({
    word,
    start,
    end,
    llr: (s - loopOver(loop, start, end)) / (end - start + 1 + WORD_PRIOR_FRAMES),
  });
  const lowest = (xs: WordRatio[]) =>
    xs.reduce<WordRatio | null>((w, x) => (w === null || x.llr < w.llr ? x : w), null);
  const words = speech.map(ratio);
  const worst = lowest(words);
  const pause = lowest(path.filter(([, , , , filler]) => filler).map(ratio));
  const accepted =
    llr >= thresholds.llr &&
    (worst === null || worst.llr >= thresholds.wordLlr) &&
    (pause === null || pause.llr >= thresholds.wordLlr);
  return { llr, speechFrames, words, worst, pause, accepted };
}

/**
 * Grammar path minus phone loop, in nats per speech frame, below which an answer matches no choice.
 * Chosen on espeak-ng voices (en-us, en-us+f3, en+m3, en-gb; padded, half with noise) as the best
 * sum of in-set acceptance and out-of-set rejection; in-set answers sit around -2, unrelated ones below -5.
 */
export const DEFAULT_REJECT_LLR = -4.2;
/**
 * The same ratio per word of the recognised choice (its own frames, plus 8 frames at 0 so that a short
 * word cannot sink alone), below which the answer is rejected too: a sentence near a choice, one or two
 * words different, keeps a whole-answer ratio close to the choice's but not the wrong word's. Fitted on
 * four espeak-ng voices of the choice bench (en-gb+f3, en-us+f2, en-gb-scotland, en-us-nyc+f4) as the
 * most out-of-set rejections that cost no in-set answer; checked on the other four. The grammar's
 * pauses are held to it too (choice-llr.ts).
 */
export const DEFAULT_REJECT_WORD_LLR = -4.2;
