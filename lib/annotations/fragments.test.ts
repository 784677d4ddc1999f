import { expect, test } from "@playwright/test";
import { ApiError } from "@/lib/api/errors";
import { type CheckContext, checkFragments, type Fragment, fromInput, sortFragments, toMs, toWire } from "./fragments";
import { DEFAULT_LAYERS } from "./label-schemes";
import type { Layer } from "./schemas";

const f = (startMs: number, endMs: number, ...labels: [string, string][]): Fragment => ({
  startMs,
  endMs,
  labels: labels.map(([layer, label]) => ({ layer, label, comment: "" })),
});
const ctx = (over: Partial<CheckContext> = {}): CheckContext => ({
  layers: DEFAULT_LAYERS,
  durationMs: 2000,
  editor: "full",
  previous: [],
  field: "fragments",
  resource: "Annotation",
  ...over,
});

/** The problems checkFragments reports (empty when it accepts). */
function problems(fragments: Fragment[], over: Partial<CheckContext> = {}): string[] {
  try {
    checkFragments(fragments, ctx(over));
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.code).toBe("validation");
    for (const fe of e.errors ?? [])
      expect(fe).toMatchObject({
        resource: over.resource ?? "Annotation",
        field: over.field ?? "fragments",
        code: "invalid",
      });
    return (e.errors ?? []).map((x) => x.message ?? "");
  }
}

test("times: seconds in, whole milliseconds kept, seconds out", () => {
  expect([0, 0.001, 0.0004, 0.0005, 1.2345, 1.2344, 0.1 + 0.2, 86_400].map(toMs)).toEqual([
    0, 1, 0, 1, 1235, 1234, 300, 86_400_000,
  ]);
  const input = [{ start: 0.1, end: 0.30000000000000004, labels: [{ layer: "Words", label: "a", comment: "" }] }];
  const stored = fromInput(input);
  expect(stored).toEqual([{ startMs: 100, endMs: 300, labels: [{ layer: "Words", label: "a", comment: "" }] }]);
  expect(toWire(stored)).toEqual([{ start: 0.1, end: 0.3, labels: [{ layer: "Words", label: "a", comment: "" }] }]);
  // Every whole millisecond survives the trip through seconds.
  for (let ms = 0; ms < 5000; ms += 7) expect(toMs(toWire([f(ms, ms + 1, ["Words", "x"])])[0].start)).toBe(ms);
});

test("sortFragments orders by start, then end, and keeps the input", () => {
  const input = [f(500, 900), f(0, 300), f(0, 200), f(500, 600)];
  expect(sortFragments(input).map((x) => [x.startMs, x.endMs])).toEqual([
    [0, 200],
    [0, 300],
    [500, 600],
    [500, 900],
  ]);
  expect(input[0].startMs).toBe(500);
});

test("the range: 0 <= start < end <= duration", () => {
  expect(problems([f(0, 2000, ["Words", "whole"])])).toEqual([]);
  expect(problems([f(0, 2001, ["Words", "late"])])).toEqual([
    expect.stringContaining("after the end of the recording"),
  ]);
  expect(problems([f(500, 500, ["Words", "empty"])])).toEqual([expect.stringContaining("must be before end")]);
  expect(problems([f(600, 500, ["Words", "reversed"])])).toEqual([expect.stringContaining("must be before end")]);
  // Unknown duration: only the order is checked.
  expect(problems([f(0, 99_000, ["Words", "long"])], { durationMs: null })).toEqual([]);
});

test("layers and labels: known layers, labels from the list, free text on Words", () => {
  expect(
    problems([
      f(
        0,
        100,
        ["Words", "anything at all"],
        ["Prompt", "Prompt"],
        ["Noise", "Laughter"],
        ["OutOfPrompt", "Filler"],
        ["Error", "Deletion"],
      ),
    ]),
  ).toEqual([]);
  expect(problems([f(0, 100, ["Feelings", "happy"])])).toEqual([expect.stringContaining('unknown layer "Feelings"')]);
  expect(problems([f(0, 100, ["Noise", "Thunder"])])).toEqual([
    expect.stringContaining('"Thunder" is not a label of layer Noise'),
  ]);
  expect(problems([f(0, 100, ["noise", "Breath"])])).toEqual([expect.stringContaining("unknown layer")]);
  // Every problem is named (up to 20), with its place.
  const many = problems([f(0, 100, ["X", "a"]), f(100, 50, ["Noise", "b"])]);
  expect(many).toEqual([
    expect.stringContaining("fragments.0.labels.0"),
    expect.stringContaining("fragments.1: start"),
    expect.stringContaining("fragments.1.labels.0"),
  ]);
  const lots = Array.from({ length: 30 }, (_, i) => f(i * 10, i * 10 + 5, ["Nope", "x"]));
  expect(() => checkFragments(lots, ctx())).toThrow(/and 10 more/);
});

test("overlaps: refused within a layer that forbids them, anywhere in the list; fine across layers and where allowed", () => {
  expect(problems([f(0, 300, ["Words", "a"]), f(300, 600, ["Words", "b"])])).toEqual([]);
  expect(problems([f(0, 300, ["Words", "a"]), f(299, 600, ["Words", "b"])])).toEqual([
    expect.stringContaining("on layer Words"),
  ]);
  // The overlap hides behind a shorter fragment in between.
  expect(
    problems([f(0, 1000, ["Words", "long"]), f(100, 200, ["Words", "inner"]), f(500, 600, ["Words", "late"])]),
  ).toHaveLength(2);
  expect(problems([f(0, 1000, ["Words", "long"]), f(500, 600, ["Prompt", "Prompt"])])).toEqual([]);
  expect(
    problems([
      f(0, 1000, ["Error", "Grammar"]),
      f(500, 600, ["Error", "Deletion"]),
      f(0, 1000, ["Noise", "Noise"]),
      f(0, 1000, ["Noise", "Breath"]),
    ]),
  ).toEqual([]);
  // Two labels of one layer in one fragment overlap each other.
  expect(problems([f(0, 100, ["Words", "a"], ["Words", "b"])])).toEqual([expect.stringContaining("on layer Words")]);
  expect(problems([f(0, 100, ["Prompt", "Prompt"]), f(50, 150, ["Prompt", "Prompt"])])).toEqual([
    expect.stringContaining("on layer Prompt"),
  ]);
});

test("base annotators use only their subset; full annotators and admins everything", () => {
  const errorLabel = [f(0, 100, ["Error", "Pronunciation"])];
  expect(problems(errorLabel, { editor: "base" })).toEqual([expect.stringContaining("for full annotators only")]);
  expect(problems(errorLabel, { editor: "full" })).toEqual([]);
  expect(problems(errorLabel, { editor: "admin" })).toEqual([]);
  const layers: Layer[] = [
    { name: "Words", freeText: true, allowOverlap: false, baseAllowed: true, labels: [] },
    {
      name: "Tags",
      freeText: false,
      allowOverlap: false,
      baseAllowed: true,
      labels: [
        { label: "open", baseAllowed: true },
        { label: "closed", baseAllowed: false },
      ],
    },
    { name: "Notes", freeText: true, allowOverlap: true, baseAllowed: false, labels: [] },
  ];
  expect(problems([f(0, 100, ["Tags", "open"], ["Words", "w"])], { layers, editor: "base" })).toEqual([]);
  expect(problems([f(0, 100, ["Tags", "closed"])], { layers, editor: "base" })).toEqual([
    expect.stringContaining('"closed" on layer Tags is for full annotators only'),
  ]);
  expect(problems([f(0, 100, ["Notes", "free"])], { layers, editor: "base" })).toEqual([
    expect.stringContaining("for full annotators only"),
  ]);
  expect(problems([f(0, 100, ["Notes", "free"]), f(50, 80, ["Notes", "x"])], { layers, editor: "full" })).toEqual([]);
});

test("labels already saved at the same place are exempt from the scheme and subset checks, not from range and overlap", () => {
  const saved = [f(0, 100, ["Error", "Grammar"]), f(100, 200, ["Retired", "old"])];
  expect(problems(saved, { editor: "base", previous: saved })).toEqual([]);
  // Moved, relabelled or new: checked again.
  expect(problems([f(0, 150, ["Error", "Grammar"])], { editor: "base", previous: saved })).toEqual([
    expect.stringContaining("for full annotators only"),
  ]);
  expect(problems([f(0, 100, ["Error", "Deletion"])], { editor: "base", previous: saved })).toEqual([
    expect.stringContaining("for full annotators only"),
  ]);
  expect(problems([f(100, 200, ["Retired", "older"])], { previous: saved })).toEqual([
    expect.stringContaining("unknown layer"),
  ]);
  // Still within the recording.
  expect(problems(saved, { previous: saved, durationMs: 150 })).toEqual([
    expect.stringContaining("after the end of the recording"),
  ]);
});

test("the field and resource in errors follow the context (references use `annotations`)", () => {
  const msgs = problems([f(0, 100, ["X", "y"])], { field: "annotations", resource: "ReferenceAnnotation" });
  expect(msgs[0]).toMatch(/^annotations\.0\.labels\.0/);
});
