import { expect, test } from "@playwright/test";
import { resolveMerge, threeWayMerge } from "./merge";

const w = (label: string, startMs: number, endMs: number, layer = "Words") => ({
  layer,
  label,
  comment: "",
  startMs,
  endMs,
});
const show = (items: { layer: string; label: string; startMs: number; endMs: number }[]) =>
  items.map((i) => `${i.layer}:${i.label}@${i.startMs}-${i.endMs}`).sort();

const base = [w("the", 0, 300), w("cat", 300, 600), w("sat", 600, 900)];

test("edits that do not overlap merge by themselves", () => {
  const mine = [w("the", 0, 300), w("hat", 300, 600), w("sat", 600, 900)];
  const theirs = [w("the", 0, 300), w("cat", 300, 600), w("sat", 600, 950), w("Grammar", 0, 900, "Error")];
  const merge = threeWayMerge(base, mine, theirs);
  expect(merge.conflicts).toEqual([]);
  expect(show(resolveMerge(merge, {}))).toEqual(
    show([w("the", 0, 300), w("hat", 300, 600), w("sat", 600, 950), w("Grammar", 0, 900, "Error")]),
  );
});

test("the same change on both sides is taken once", () => {
  const both = [w("the", 0, 300), w("cat", 300, 600)];
  const merge = threeWayMerge(base, both, both);
  expect(merge.conflicts).toEqual([]);
  expect(show(resolveMerge(merge, {}))).toEqual(show(both));
});

test("overlapping edits of the same place conflict; each group resolves to the chosen side", () => {
  const mine = [w("the", 0, 300), w("hat", 300, 600), w("sat", 600, 900), w("on", 900, 1000)];
  const theirs = [w("the", 0, 250), w("bat", 300, 600), w("sat", 600, 900)];
  const merge = threeWayMerge(base, mine, theirs);
  expect(merge.conflicts).toHaveLength(1);
  const [g] = merge.conflicts;
  expect(g.layer).toBe("Words");
  expect(show(g.mine)).toEqual(["Words:hat@300-600"]);
  expect(show(g.theirs)).toEqual(["Words:bat@300-600"]);
  // Their change of "the" and my "on" do not meet anything of the other side: merged either way.
  expect(show(resolveMerge(merge, { [g.id]: "theirs" }))).toEqual(
    show([w("the", 0, 250), w("bat", 300, 600), w("sat", 600, 900), w("on", 900, 1000)]),
  );
  expect(show(resolveMerge(merge, { [g.id]: "mine" }))).toEqual(
    show([w("the", 0, 250), w("hat", 300, 600), w("sat", 600, 900), w("on", 900, 1000)]),
  );
});

test("a delete against an edit of the same fragment conflicts; overlaps on another layer do not", () => {
  const mine = [w("the", 0, 300), w("sat", 600, 900)];
  const theirs = [w("the", 0, 300), w("cats", 300, 600), w("sat", 600, 900), w("Noise", 300, 600, "Noise")];
  const merge = threeWayMerge(base, mine, theirs);
  expect(merge.conflicts).toHaveLength(1);
  expect(merge.conflicts[0].mine).toEqual([]);
  expect(show(merge.conflicts[0].theirs)).toEqual(["Words:cats@300-600"]);
  expect(show(resolveMerge(merge, { 0: "mine" }))).toEqual(
    show([w("the", 0, 300), w("sat", 600, 900), w("Noise", 300, 600, "Noise")]),
  );
});

test("two separate conflicts are chosen independently", () => {
  const mine = [w("a", 0, 300), w("cat", 300, 600), w("b", 600, 900)];
  const theirs = [w("x", 0, 300), w("cat", 300, 600), w("y", 600, 900)];
  const merge = threeWayMerge(base, mine, theirs);
  expect(merge.conflicts.map((g) => [g.startMs, g.endMs])).toEqual([
    [0, 300],
    [600, 900],
  ]);
  expect(show(resolveMerge(merge, { 0: "mine", 1: "theirs" }))).toEqual(
    show([w("a", 0, 300), w("cat", 300, 600), w("y", 600, 900)]),
  );
});

test("duplicates are counted, not collapsed", () => {
  const b = [w("Grammar", 0, 500, "Error"), w("Grammar", 0, 500, "Error")];
  const merge = threeWayMerge(b, [b[0]], b);
  expect(show(resolveMerge(merge, {}))).toEqual(["Error:Grammar@0-500"]);
});
