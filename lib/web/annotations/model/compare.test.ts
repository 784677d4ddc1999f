import { expect, test } from "@playwright/test";
import { baseHandOver, compare, earlyFullEdits, type Revision } from "./compare";
import type { WireFragment } from "./types";

const f = (start: number, end: number, ...labels: [string, string][]): WireFragment => ({
  start,
  end,
  labels: labels.map(([layer, label]) => ({ layer, label, comment: "" })),
});

test("unchanged, relabelled, moved, added and removed labels are told apart", () => {
  const base = [
    f(0, 0.5, ["Words", "the"]),
    f(0.5, 1, ["Words", "north"], ["Prompt", "Prompt"]),
    f(1, 1.5, ["Words", "wind"]),
    f(2, 2.5, ["Words", "sun"]),
  ];
  const current = [
    f(0, 0.5, ["Words", "the"]), // unchanged
    f(0.5, 1, ["Words", "nord"], ["Prompt", "Prompt"]), // relabelled; Prompt unchanged
    f(1.1, 1.6, ["Words", "wind"]), // moved
    f(3, 3.5, ["Error", "Mispronunciation"]), // added
  ];
  const result = compare(base, current);
  expect(result.unchanged).toBe(2);
  expect(result.counts).toEqual({ added: 1, removed: 1, changed: 2 });
  expect(result.changes).toEqual([
    {
      kind: "changed",
      layer: "Words",
      label: "nord",
      startMs: 500,
      endMs: 1000,
      before: { layer: "Words", label: "north", startMs: 500, endMs: 1000 },
    },
    {
      kind: "changed",
      layer: "Words",
      label: "wind",
      startMs: 1100,
      endMs: 1600,
      before: { layer: "Words", label: "wind", startMs: 1000, endMs: 1500 },
    },
    { kind: "removed", layer: "Words", label: "sun", startMs: 2000, endMs: 2500 },
    { kind: "added", layer: "Error", label: "Mispronunciation", startMs: 3000, endMs: 3500 },
  ]);
});

test("identical states have no changes; a label never pairs across layers or with a distant place", () => {
  const same = [f(0, 1, ["Words", "a"])];
  expect(compare(same, same)).toEqual({ changes: [], unchanged: 1, counts: { added: 0, removed: 0, changed: 0 } });
  const result = compare([f(0, 1, ["Words", "a"])], [f(0, 1, ["Phones", "a"]), f(5, 6, ["Words", "a"])]);
  expect(result.changes.map((c) => c.kind)).toEqual(["added", "removed", "added"]);
  expect(compare([], [f(0, 1, ["Words", "a"])]).counts).toEqual({ added: 1, removed: 0, changed: 0 });
});

const rev = (version: number, savedBy: string, doneBase: string | null, fragments: WireFragment[]): Revision => ({
  version,
  savedBy,
  saved: `2026-01-0${version}T00:00:00Z`,
  doneBase,
  doneFull: null,
  fragments,
});

test("the hand-over is the version in which doneBase was last set", () => {
  const at = "2026-01-01T00:00:00.000Z";
  const revisions = [
    rev(3, "f", at, [f(0, 1, ["Words", "x"])]),
    rev(1, "b", null, [f(0, 1, ["Words", "a"])]),
    rev(2, "b", at, [f(0, 1, ["Words", "b"])]),
    rev(4, "f", null, []),
    rev(5, "b", at, [f(0, 1, ["Words", "c"])]),
  ];
  expect(baseHandOver(revisions)?.version).toBe(5);
  expect(baseHandOver(revisions.slice(0, 3))?.version).toBe(2);
  expect(baseHandOver([rev(1, "b", null, [])])).toBeNull();
});

test("early full edits: the full annotator's fragment changes before base done", () => {
  const at = "2026-01-01T00:00:00.000Z";
  const a = [f(0, 1, ["Words", "a"])];
  const revisions = [
    rev(1, "b", null, a),
    rev(2, "f", null, a),
    rev(3, "f", null, [f(0, 1, ["Words", "b"])]),
    rev(4, "b", at, []),
    rev(5, "f", at, a),
  ];
  expect(earlyFullEdits(revisions, "f").map((r) => r.version)).toEqual([3]);
  expect(earlyFullEdits([{ ...rev(1, "f", null, a), savedBy: { id: "f" } }], "f").map((r) => r.version)).toEqual([1]);
  expect(earlyFullEdits(revisions, "x")).toEqual([]);
  // The full annotator opening an empty annotation (saving nothing) is no early edit.
  expect(earlyFullEdits([rev(1, "f", null, [])], "f")).toEqual([]);
});
