import type { Item } from "./types";

// A starting point for the Words layer from the prompt: each cue's words spread over the
// cue's time (a challenge's SRT), or the prompt's words over the stretch with speech (from the
// peaks), each word given time in proportion to its length. The annotator then adjusts them.

export type Cue = { startMs: number; endMs: number; text: string };

/** The cues of an SRT file ("1\n00:00:01,000 --> 00:00:02,500\ntext\n\n..."). */
export function parseSrt(srt: string): Cue[] {
  const time = (t: string) => {
    const m = /(\d+):(\d{2}):(\d{2})[,.](\d{1,3})/.exec(t);
    return m ? ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4].padEnd(3, "0")) : NaN;
  };
  const cues: Cue[] = [];
  for (const block of srt.replace(/\r/g, "").split(/\n\s*\n/)) {
    const lines = block.split("\n").filter((l) => l.trim());
    const at = lines.findIndex((l) => l.includes("-->"));
    if (at < 0) continue;
    const [from, to] = lines[at].split("-->");
    const startMs = time(from);
    const endMs = time(to);
    const text = lines.slice(at + 1).join(" ").replace(/<[^>]*>/g, "").trim();
    if (Number.isFinite(startMs) && Number.isFinite(endMs) && endMs > startMs && text) cues.push({ startMs, endMs, text });
  }
  return cues;
}

/** The words of a text (punctuation at their edges dropped). */
export const wordsOf = (text: string): string[] =>
  text
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean);

/** Word items spread over each cue, in proportion to their lengths (whole ms, touching). */
export function spreadWords(cues: readonly Cue[], layer = "Words"): Omit<Item, "id">[] {
  const out: Omit<Item, "id">[] = [];
  for (const cue of cues) {
    const words = wordsOf(cue.text);
    const total = words.reduce((n, w) => n + w.length, 0);
    let used = 0;
    for (const word of words) {
      const startMs = Math.round(cue.startMs + ((cue.endMs - cue.startMs) * used) / total);
      used += word.length;
      const endMs = Math.round(cue.startMs + ((cue.endMs - cue.startMs) * used) / total);
      if (endMs > startMs) out.push({ layer, label: word, comment: "", startMs, endMs });
    }
  }
  return out;
}

/** Where speech is, from the peaks: the first to the last point above `threshold` of the loudest. */
export function speechSpan(max: Float32Array, min: Float32Array, pointsPerSecond: number, threshold = 0.1): { startMs: number; endMs: number } | null {
  let loudest = 0;
  for (let i = 0; i < max.length; i++) loudest = Math.max(loudest, max[i], -min[i]);
  if (loudest <= 0) return null;
  const loud = (i: number) => Math.max(max[i], -min[i]) >= loudest * threshold;
  let first = 0;
  while (first < max.length && !loud(first)) first++;
  let last = max.length - 1;
  while (last > first && !loud(last)) last--;
  return { startMs: Math.round((first / pointsPerSecond) * 1000), endMs: Math.round(((last + 1) / pointsPerSecond) * 1000) };
}
