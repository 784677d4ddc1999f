import { attemptFragments } from "@/lib/reading/attempt-fragments";
import type { ReadingWord } from "@/lib/reading/count-reading";
import type { Peaks } from "../audio/waveform-peaks";
import type { Item, WireFragment } from "../model/types";
import type { Cue } from "./srt";

// A starting point for the Words layer from the prompt: each cue's words spread over the
// cue's time (a challenge's SRT), or the topic's words over the stretch with speech (from the
// peaks), each word given time in proportion to its length, the recording's reference
// annotation as it is, or, for a recording prepared from a reading attempt, the attempt's words as
// reviewed, at the engine's times. The annotator then adjusts them.

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
export function speechSpan(
  max: Float32Array,
  min: Float32Array,
  pointsPerSecond: number,
  threshold = 0.1,
): { startMs: number; endMs: number } | null {
  let loudest = 0;
  for (let i = 0; i < max.length; i++) loudest = Math.max(loudest, max[i], -min[i]);
  if (loudest <= 0) return null;
  const loud = (i: number) => Math.max(max[i], -min[i]) >= loudest * threshold;
  let first = 0;
  while (first < max.length && !loud(first)) first++;
  let last = max.length - 1;
  while (last > first && !loud(last)) last--;
  return {
    startMs: Math.round((first / pointsPerSecond) * 1000),
    endMs: Math.round(((last + 1) / pointsPerSecond) * 1000),
  };
}

type Prefill = Omit<Item, "id">[];
export type PrefillSource = {
  key: "attempt" | "prompt" | "topic" | "reference";
  /** What it is, in words ("the challenge's prompt"), and with its size ("The challenge's prompt (2 cues, at their times)"). */
  name: string;
  label: string;
  /** The Words fragments it makes, or null with `reason` when it has none. */
  items: Prefill | null;
  reason: string | null;
  /** Fragments on other layers that come with it (a reviewed attempt's labels on Error and OutOfPrompt). */
  marks: Prefill;
};

/** Items kept inside the recording: cut at its end, dropped when they start past it. */
const within = (items: Prefill, durationMs: number): Prefill =>
  durationMs > 0
    ? items.filter((i) => i.startMs < durationMs).map((i) => (i.endMs > durationMs ? { ...i, endMs: durationMs } : i))
    : items;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** The reference annotation's fragments on `layer`, as Words items. */
export function referenceWords(fragments: readonly WireFragment[], layer: string): Prefill {
  return fragments.flatMap((f) =>
    f.labels
      .filter((l) => l.layer === layer)
      .map((l) => ({
        layer,
        label: l.label,
        comment: "",
        startMs: Math.round(f.start * 1000),
        endMs: Math.round(f.end * 1000),
      })),
  );
}

/** A recording prepared from a reading attempt: its words as they stand after corrections, or why they cannot be read. */
export type AttemptWords = { words: ReadingWord[] | null; reason: string | null };

type Inputs = {
  layer: string;
  /** Whether the caller may put `label` on `layer` (a reviewed attempt's marks are kept only where allowed). */
  markable?: (layer: string, label: string) => boolean;
  attempt?: AttemptWords | null;
  cues: readonly Cue[];
  topic: string | null;
  reference: readonly WireFragment[] | null;
  peaks: Peaks | null;
  durationMs: number;
};

/** Every source the Words layer can be pre-filled from, each with its items or why it has none. */
export function prefillSources({
  layer,
  markable = () => false,
  attempt,
  cues,
  topic,
  reference,
  peaks,
  durationMs,
}: Inputs): PrefillSource[] {
  const source = (
    key: PrefillSource["key"],
    name: string,
    detail: string,
    items: Prefill,
    none: string,
    marks: Prefill = [],
  ): PrefillSource => {
    const kept = within(items, durationMs);
    return {
      key,
      name,
      label: `${name[0].toUpperCase()}${name.slice(1)} (${detail})`,
      items: kept.length ? kept : null,
      reason: kept.length ? null : none,
      marks: kept.length ? within(marks, durationMs) : [],
    };
  };
  const topicWords = topic ? wordsOf(topic) : [];
  // The topic has no times: its words go over the stretch with speech (the whole recording when the peaks show none).
  const span = (peaks && speechSpan(peaks.max, peaks.min, peaks.pointsPerSecond)) ?? { startMs: 0, endMs: durationMs };
  const fromReference = reference ? referenceWords(reference, layer) : [];
  const fromAttempt = attempt?.words ? attemptWords(attempt.words, layer, durationMs) : [];
  const attemptMarks = attempt?.words
    ? attemptLabels(attempt.words, durationMs).filter((m) => markable(m.layer, m.label))
    : [];
  const marksLayers = [...new Set(attemptMarks.map((m) => m.layer))];
  const attemptSource = attempt
    ? [
        source(
          "attempt",
          "the reviewed reading attempt",
          `${plural(fromAttempt.length, "word")}, at their times` +
            (attemptMarks.length ? `, ${plural(attemptMarks.length, "mark")} on ${marksLayers.join(" and ")}` : "") +
            ", labels as corrected",
          fromAttempt,
          attempt.reason ?? "the attempt has no timed words",
          attemptMarks,
        ),
      ]
    : [];
  return [
    ...attemptSource,
    source(
      "prompt",
      "the challenge's prompt",
      `${plural(cues.length, "cue")}, at their times`,
      spreadWords(cues, layer),
      cues.length ? "its cues lie past the end of the recording" : "the challenge has no SRT prompt",
    ),
    source(
      "topic",
      "the challenge's topic",
      `${plural(topicWords.length, "word")} spread over the speech`,
      topic && span.endMs > span.startMs ? spreadWords([{ ...span, text: topic }], layer) : [],
      "the challenge has no topic",
    ),
    source(
      "reference",
      "the recording's reference annotation",
      plural(fromReference.length, `${layer} fragment`),
      fromReference,
      reference ? `the reference annotation has no ${layer} fragments` : "the recording has no reference annotation",
    ),
  ];
}

/** The attempt's Words fragments (attempt-fragments.ts) as items of `layer`. */
export function attemptWords(words: ReadingWord[], layer: string, durationMs: number): Prefill {
  return attemptFragments(words, durationMs > 0 ? durationMs : Number.MAX_SAFE_INTEGER).fragments.flatMap((f) =>
    f.labels
      .filter((l) => l.layer === "Words")
      .map((l) => ({ layer, label: l.label, comment: "", startMs: f.startMs, endMs: f.endMs })),
  );
}

/** The attempt's marks (attempt-fragments.ts): its errors, repetitions and self-corrections on their own layers. */
export function attemptLabels(words: ReadingWord[], durationMs: number): Prefill {
  return attemptFragments(words, durationMs > 0 ? durationMs : Number.MAX_SAFE_INTEGER).fragments.flatMap((f) =>
    f.labels
      .filter((l) => l.layer !== "Words")
      .map((l) => ({ layer: l.layer, label: l.label, comment: l.comment, startMs: f.startMs, endMs: f.endMs })),
  );
}

/** The draft with `layer`'s fragments replaced by `items` (the other layers untouched). */
export const replaceLayer = (items: readonly Item[], layer: string, next: Prefill, newId: () => string): Item[] => [
  ...items.filter((i) => i.layer !== layer),
  ...next.map((i) => ({ ...i, id: newId() })),
];
