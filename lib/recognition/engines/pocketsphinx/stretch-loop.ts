import type { FrameScore } from "./pocketsphinx-types";
import type { Fit } from "./verify-reading";

// A stretch's written reading measured against the free phone loop over the same frames: an
// acoustic ceiling that does not depend on which words the reading search happened to pick there.

/** A path's score over frames lo..hi (nats), segments shared out by frame where they overlap. */
export function spanScore(segments: FrameScore[], lo: number, hi: number): number {
  let sum = 0;
  for (const [a, b, score] of segments) {
    const overlap = Math.min(b, hi) - Math.max(a, lo) + 1;
    if (overlap > 0) sum += (score * overlap) / (b - a + 1);
  }
  return sum;
}

/** The loop's path as scored segments. */
export const loopSegments = (loop: [string, number, number, number][]): FrameScore[] =>
  loop.map(([, a, b, s]) => [a, b, s]);

/** (path − loop) per frame over lo..hi: 0 where the path fits as well as any phones would. */
export function gopOver(path: FrameScore[], loop: FrameScore[], lo: number, hi: number): number {
  if (hi < lo) return 0;
  return (spanScore(path, lo, hi) - spanScore(loop, lo, hi)) / (hi - lo + 1);
}

/** Each word's fit against the loop over its own frames in the written reading (nats per frame). */
export function wordGops(written: NonNullable<Fit>, loop: FrameScore[]): number[] {
  return written.words.map(([a, b]) => gopOver(written.segments ?? [], loop, a, b));
}

/** What the loop heard over frames lo..hi, spelled as a garbage run ("/k ae t/"); pauses left out. */
export function loopSpelling(loop: [string, number, number, number][], lo: number, hi: number): string {
  const phones = loop
    .filter(([p, a, b]) => Math.min(b, hi) - Math.max(a, lo) + 1 > (b - a + 1) / 2 && /^[A-Z]+$/.test(p) && p !== "SIL")
    .map(([p]) => p.toLowerCase());
  return `/${phones.join(" ") || "sil"}/`;
}
