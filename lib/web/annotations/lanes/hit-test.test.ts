import { expect, test } from "@playwright/test";
import type { Item } from "../model/types";
import { hitTest } from "./hit-test";

const item = (id: string, startMs: number, endMs: number): Item => ({
  id,
  layer: "Words",
  label: id,
  comment: "",
  startMs,
  endMs,
});
// 10 px/s: 1 px is 100 ms.
const low = { pxPerSec: 10, scrollLeft: 0, viewportWidth: 1000 };

test("at 10 px/s, words 5-12 px wide: the end handle of one is never the start of the next; the gap between them draws", () => {
  // a: 0.0–0.6 s (6 px), b starts 0.3 s later (3 px), c touches b.
  const items = [item("a", 0, 600), item("b", 900, 1500), item("c", 1500, 2000)];
  expect(hitTest(items, 6, low)).toEqual({ kind: "edge", id: "a", mode: "end" });
  // Just outside a or b: nothing (a drag draws a new fragment).
  expect(hitTest(items, 6.4, low)).toBeNull();
  expect(hitTest(items, 8.6, low)).toBeNull();
  expect(hitTest(items, 9, low)).toEqual({ kind: "edge", id: "b", mode: "start" });
  // The boundary b and c share is grabbed as one, from either side; Alt detaches the side's owner.
  expect(hitTest(items, 14.8, low)).toEqual({ kind: "boundary", leftId: "b", rightId: "c", ms: 1500 });
  expect(hitTest(items, 15.2, low)).toEqual({ kind: "boundary", leftId: "b", rightId: "c", ms: 1500 });
  expect(hitTest(items, 14.8, low, { detach: true })).toEqual({ kind: "edge", id: "b", mode: "end" });
  expect(hitTest(items, 15.2, low, { detach: true })).toEqual({ kind: "edge", id: "c", mode: "start" });
  // Far from any fragment: nothing.
  expect(hitTest(items, 40, low)).toBeNull();
});

test("at a high zoom the middle of a fragment moves it, its edges resize it", () => {
  const view = { pxPerSec: 400, scrollLeft: 100, viewportWidth: 1000 };
  const items = [item("a", 500, 1000), item("b", 1200, 1600)];
  // a spans x 100..300 in the lane.
  expect(hitTest(items, 200, view)).toEqual({ kind: "move", id: "a" });
  expect(hitTest(items, 103, view)).toEqual({ kind: "edge", id: "a", mode: "start" });
  expect(hitTest(items, 297, view)).toEqual({ kind: "edge", id: "a", mode: "end" });
  expect(hitTest(items, 340, view)).toBeNull();
});

test("a fragment a few px wide keeps its middle for moving", () => {
  const items = [item("a", 1000, 1800)];
  expect(hitTest(items, 14, low)).toEqual({ kind: "move", id: "a" });
  expect(hitTest(items, 10.2, low)).toEqual({ kind: "edge", id: "a", mode: "start" });
  expect(hitTest(items, 17.9, low)).toEqual({ kind: "edge", id: "a", mode: "end" });
  expect(hitTest(items, 5, low)).toBeNull();
});

test("a press just after a fragment's end draws a new one at any zoom; the cursor's handle is inside the fragment", () => {
  const items = [item("dek", 1000, 1400)];
  for (const pxPerSec of [10, 50, 100, 150, 400]) {
    const view = { pxPerSec, scrollLeft: 0, viewportWidth: 1000 };
    // 0.04 s after the end.
    expect(hitTest(items, 1.44 * pxPerSec, view), `${pxPerSec} px/s`).toBeNull();
    // On the end itself, and just inside: resize.
    expect(hitTest(items, 1.4 * pxPerSec, view), `${pxPerSec} px/s`).toEqual({ kind: "edge", id: "dek", mode: "end" });
  }
  const view = { pxPerSec: 100, scrollLeft: 0, viewportWidth: 1000 };
  // 100 px/s: the word is 40 px wide, its handles 6 px; between them it moves.
  expect(hitTest(items, 135, view)).toEqual({ kind: "edge", id: "dek", mode: "end" });
  expect(hitTest(items, 133, view)).toEqual({ kind: "move", id: "dek" });
});
