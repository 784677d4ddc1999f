import { wordsOf } from "@/lib/recognition/reading/challenge-text";
import { tidySentence } from "./schemas";

// A typed passage as a SubRip file, for speech challenges without an uploaded SRT: one cue per
// sentence, in order. The timings are ESTIMATED, not measured: each sentence lasts its word count
// at a steady reading pace (PASSAGE_MS_PER_WORD, 150 words a minute), at least PASSAGE_MIN_CUE_MS,
// and the next starts where it ends. No audio is timed; an uploaded SRT is the way to give real times.

export const PASSAGE_MS_PER_WORD = 400;
export const PASSAGE_MIN_CUE_MS = 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const srtTime = (ms: number) =>
  `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;

/** The passage's SubRip text (LF line ends, UTF-8 without BOM); sentences are tidied and blank ones skipped. */
export function passageSrt(sentences: readonly string[]): string {
  let at = 0;
  const cues: string[] = [];
  for (const sentence of sentences.map(tidySentence).filter(Boolean)) {
    const length = Math.max(PASSAGE_MIN_CUE_MS, wordsOf(sentence).length * PASSAGE_MS_PER_WORD);
    cues.push(`${cues.length + 1}\n${srtTime(at)} --> ${srtTime(at + length)}\n${sentence}\n`);
    at += length;
  }
  return cues.join("\n");
}
