import type { AlignmentResult, WordSegment } from "../engines/types";

// From goodness of pronunciation to the contract's analysis: each phone's GOP (the expected
// phone's mean log-likelihood per frame minus the best competitor's, ≤ 0) becomes a score
// 0..1 = exp(GOP / GOP_SCALE), and a verdict by two thresholds. Chunks and words score the mean
// of their phones; the answer the mean of all phones. The constants are fitted by
// bench/recognition/judging-bench.ts (synthetic single-phoneme substitutions, pocketsphinx, 15 dB
// noise) on its TUNING voices only (en-us, en-us+f3, en-gb-scotland), to the targets with a margin:
// flagged (bad or moderate) below GOP 4·ln 0.76 = −1.10, bad below 4·ln 0.19 = −6.64, giving there
// substituted phonemes flagged 76.8 % (target ≥ 70 %) and correct phonemes judged bad 6.8 % (target
// ≤ 10 %). On the HELD-OUT voices (en-gb, en+m3, en-gb-x-rp), never used for the fit: substituted
// flagged 81.7 %, correct bad 3.9 %. The price: about 58 % of correct phonemes are "moderate", and
// only ~22 % of substituted ones "bad" — "moderate" means "worth a look", "bad" means clearly wrong.
// (Before: GOP_SCALE 4, GOOD_FROM 0.6, MODERATE_FROM 0.35; held out 70.7 % / 12.8 %.)

export const GOP_SCALE = 4;
export const GOOD_FROM = 0.76;
export const MODERATE_FROM = 0.19;

export type Verdict = "good" | "moderate" | "bad";

/** A phone's score from its GOP. */
export const scoreOf = (gop: number) => Math.max(0, Math.min(1, Math.exp(Math.min(0, gop) / GOP_SCALE)));

/** The verdict for a score. */
export const verdictOf = (score: number): Verdict =>
  score >= GOOD_FROM ? "good" : score >= MODERATE_FROM ? "moderate" : "bad";

const round = (x: number) => Math.round(x * 1000) / 1000;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export type AnalysisPhoneme = { ipa: string; score: number; verdict: Verdict; start: number; end: number };
export type AnalysisChunk = { graphemes: string; score: number; verdict: Verdict; phonemes: AnalysisPhoneme[] };
export type AnalysisWord = { chunks: AnalysisChunk[] };
export type Analysis = { score: number; words: AnalysisWord[] };

/** The contract's analysis of an alignment; null when any phone has no measured GOP (never a made-up score). */
export function analysisOf(alignment: Pick<AlignmentResult, "words">): Analysis | null {
  const phones = alignment.words.flatMap((w) => w.chunks.flatMap((c) => c.phones));
  if (phones.length === 0 || phones.some((p) => p.gop === null)) return null;
  const words = alignment.words.map(wordOf);
  const all = words.flatMap((w) => w.chunks.flatMap((c) => c.phonemes.map((p) => p.score)));
  return { score: round(mean(all)), words };
}

function wordOf(word: WordSegment): AnalysisWord {
  return {
    chunks: word.chunks.map((chunk) => {
      const phonemes = chunk.phones.map((p) => {
        const score = round(scoreOf(p.gop!));
        return { ipa: p.ipa, score, verdict: verdictOf(score), start: round(p.start), end: round(p.end) };
      });
      const score = round(mean(phonemes.map((p) => p.score)));
      return { graphemes: chunk.graphemes, score, verdict: verdictOf(score), phonemes };
    }),
  };
}

/** Whether a word read correctly had its sounds changed (PC): one of its phones judged bad. */
export function soundsChanged(word: Pick<WordSegment, "chunks">): boolean {
  return word.chunks.some((c) => c.phones.some((p) => p.gop !== null && verdictOf(scoreOf(p.gop)) === "bad"));
}
