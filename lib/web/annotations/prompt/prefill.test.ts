import { expect, test } from "@playwright/test";
import { prefillSources, replaceLayer, speechSpan, spreadWords, wordsOf } from "./prefill";

test("the words of a text, punctuation at their edges dropped", () => {
  expect(wordsOf("“Hello,” she said—twice... 42")).toEqual(["Hello", "she", "said—twice", "42"]);
});

test("words spread over each cue in proportion to their length, touching", () => {
  const items = spreadWords([
    { startMs: 1000, endMs: 2000, text: "a bbbb" },
    { startMs: 3000, endMs: 3300, text: "ok" },
  ]);
  expect(items.map((i) => [i.label, i.startMs, i.endMs])).toEqual([
    ["a", 1000, 1200],
    ["bbbb", 1200, 2000],
    ["ok", 3000, 3300],
  ]);
  expect(items.every((i) => i.layer === "Words")).toBe(true);
});

test("the speech span from the peaks", () => {
  const max = Float32Array.from([0, 0.01, 0.5, 0.2, 0.9, 0.02, 0]);
  const min = Float32Array.from([0, -0.01, -0.5, -0.3, -0.9, -0.02, 0]);
  expect(speechSpan(max, min, 100)).toEqual({ startMs: 20, endMs: 50 });
  expect(speechSpan(new Float32Array(3), new Float32Array(3), 100)).toBeNull();
});

test("sources: the prompt at its cue times, the topic over the speech, the reference's Words; kept inside the recording", () => {
  const max = Float32Array.from([0, 0, 0.5, 0.5, 0.5, 0.5, 0, 0]);
  const min = Float32Array.from([0, 0, -0.5, -0.5, -0.5, -0.5, 0, 0]);
  const sources = prefillSources({
    layer: "Words",
    cues: [
      { startMs: 100, endMs: 500, text: "The cat" },
      { startMs: 700, endMs: 900, text: "late" },
    ],
    topic: "Big dogs",
    reference: [
      {
        start: 0.1,
        end: 0.2,
        labels: [
          { layer: "Noise", label: "Breath", comment: "" },
          { layer: "Words", label: "ref", comment: "c" },
        ],
      },
    ],
    peaks: { pointsPerSecond: 10, max, min },
    durationMs: 800,
  });
  const spans = (key: string) => sources.find((s) => s.key === key)!.items?.map((i) => [i.label, i.startMs, i.endMs]);
  expect(spans("prompt")).toEqual([
    ["The", 100, 300],
    ["cat", 300, 500],
    ["late", 700, 800],
  ]);
  expect(spans("topic")).toEqual([
    ["Big", 200, 371],
    ["dogs", 371, 600],
  ]);
  expect(spans("reference")).toEqual([["ref", 100, 200]]);
  expect(sources.map((s) => s.label)).toEqual([
    "The challenge's prompt (2 cues, at their times)",
    "The challenge's topic (2 words spread over the speech)",
    "The recording's reference annotation (1 Words fragment)",
  ]);
});

test("sources that have nothing say why", () => {
  const none = prefillSources({
    layer: "Words",
    cues: [],
    topic: null,
    reference: null,
    peaks: null,
    durationMs: 1000,
  });
  expect(none.map((s) => [s.items, s.reason])).toEqual([
    [null, "the challenge has no SRT prompt"],
    [null, "the challenge has no topic"],
    [null, "the recording has no reference annotation"],
  ]);
  const noWords = prefillSources({
    layer: "Words",
    cues: [{ startMs: 2000, endMs: 3000, text: "after the end" }],
    topic: "silent",
    reference: [],
    peaks: null,
    durationMs: 1000,
  });
  expect(noWords.map((s) => s.reason)).toEqual([
    "its cues lie past the end of the recording",
    null,
    "the reference annotation has no Words fragments",
  ]);
  // No speech in the peaks: the topic goes over the whole recording.
  expect(noWords[1].items).toEqual([{ layer: "Words", label: "silent", comment: "", startMs: 0, endMs: 1000 }]);
});

test("replacing a layer keeps the others", () => {
  let n = 0;
  const items = [
    { id: "a", layer: "Words", label: "old", comment: "", startMs: 0, endMs: 10 },
    { id: "b", layer: "Noise", label: "Breath", comment: "", startMs: 0, endMs: 10 },
  ];
  expect(
    replaceLayer(
      items,
      "Words",
      [{ layer: "Words", label: "new", comment: "", startMs: 5, endMs: 9 }],
      () => `n${++n}`,
    ),
  ).toEqual([items[1], { id: "n1", layer: "Words", label: "new", comment: "", startMs: 5, endMs: 9 }]);
});

test("a recording made from a reading attempt offers its words first, as heard, deletions left out; only then", () => {
  const base = { layer: "Words", cues: [], topic: null, reference: null, peaks: null, durationMs: 2000 };
  const w = (expected: string, recognized: string | null, label: string, startTiming: number) => ({
    expected,
    recognized,
    label,
    startTiming,
    endTiming: startTiming + 400,
  });
  const [attempt] = prefillSources({
    ...base,
    attempt: {
      words: [w("The", "the", "CW", 0), w("big", null, "DW", 400), w("ran", "run", "SW", 1800)],
      reason: null,
    },
  });
  expect(attempt!.key).toBe("attempt");
  expect(attempt!.label).toBe("The reviewed reading attempt (2 words, at their times, labels as corrected)");
  expect(attempt!.items!.map((i) => [i.layer, i.label, i.startMs, i.endMs])).toEqual([
    ["Words", "the", 0, 400],
    ["Words", "run", 1800, 2000],
  ]);
  expect(attempt!.marks).toEqual([]);
  // With a scheme that has the Error layer's Substitution (and the caller may use it), the marks come along.
  const [marked] = prefillSources({
    ...base,
    markable: (layer, label) => layer === "Error" && label === "Substitution",
    attempt: {
      words: [w("The", "the", "CW", 0), w("ran", "run", "SW", 1000), w("it", "it", "RW", 1500)],
      reason: null,
    },
  });
  expect(marked!.label).toBe(
    "The reviewed reading attempt (3 words, at their times, 1 mark on Error, labels as corrected)",
  );
  expect(marked!.marks.map((m) => [m.layer, m.label, m.startMs, m.endMs])).toEqual([
    ["Error", "Substitution", 1000, 1400],
  ]);
  const unreadable = prefillSources({ ...base, attempt: { words: null, reason: "the review could not be read" } });
  expect(unreadable[0]).toMatchObject({ key: "attempt", items: null, reason: "the review could not be read" });
  expect(prefillSources(base).map((s) => s.key)).toEqual(["prompt", "topic", "reference"]);
});
