import { expect, test } from "@playwright/test";
import { parsePeaks } from "../audio/waveform-peaks";
import type { Item } from "../model/types";
import { coverage } from "./density";
import { dragSpan, gapAround, msToX, newSpan, rulerTicks, stepZoom, visibleWindow, xToMs } from "./lanes";

const item = (id: string, layer: string, startMs: number, endMs: number): Item => ({
  id,
  layer,
  label: id,
  comment: "",
  startMs,
  endMs,
});
const view = { pxPerSec: 100, scrollLeft: 250, viewportWidth: 500 };

test("times and pixels at the view's zoom and scroll", () => {
  expect(msToX(2500, view)).toBe(0);
  expect(msToX(3000, view)).toBe(50);
  expect(xToMs(50, view)).toBe(3000);
  expect(visibleWindow(view)).toEqual({ fromMs: 0, toMs: 10_000 });
});

test("the free gap of an item in a layer without overlaps", () => {
  const items = [
    item("a", "Words", 0, 400),
    item("b", "Words", 500, 900),
    item("c", "Words", 1200, 1500),
    item("n", "Noise", 0, 2000),
  ];
  expect(gapAround(items, items[1], 3000, false)).toEqual({ minMs: 400, maxMs: 1200 });
  expect(gapAround(items, items[0], 3000, false)).toEqual({ minMs: 0, maxMs: 500 });
  expect(gapAround(items, items[2], 3000, false)).toEqual({ minMs: 900, maxMs: 3000 });
  expect(gapAround(items, items[1], 3000, true)).toEqual({ minMs: 0, maxMs: 3000 });
});

test("drags move or resize inside the gap and keep a minimum length", () => {
  const gap = { minMs: 400, maxMs: 1200 };
  const span = { startMs: 500, endMs: 900 };
  expect(dragSpan(span, "move", 100, gap)).toEqual({ startMs: 600, endMs: 1000 });
  expect(dragSpan(span, "move", 1000, gap)).toEqual({ startMs: 800, endMs: 1200 });
  expect(dragSpan(span, "move", -1000, gap)).toEqual({ startMs: 400, endMs: 800 });
  expect(dragSpan(span, "start", 1000, gap)).toEqual({ startMs: 890, endMs: 900 });
  expect(dragSpan(span, "end", 1000, gap)).toEqual({ startMs: 500, endMs: 1200 });
  expect(dragSpan(span, "end", -1000, gap)).toEqual({ startMs: 500, endMs: 510 });
});

test("new spans stay in the free gap around where the drag began", () => {
  const items = [item("a", "Words", 0, 400), item("b", "Words", 1000, 1400)];
  expect(newSpan(items, "Words", 500, 1500, 3000, false)).toEqual({ startMs: 500, endMs: 1000 });
  expect(newSpan(items, "Words", 900, 100, 3000, false)).toEqual({ startMs: 400, endMs: 900 });
  expect(newSpan(items, "Words", 200, 600, 3000, false)).toBeNull();
  expect(newSpan(items, "Words", 500, 505, 3000, false)).toBeNull();
  expect(newSpan(items, "Error", 200, 5000, 3000, true)).toEqual({ startMs: 200, endMs: 3000 });
});

test("ruler ticks: labelled steps far enough apart, minor ticks between", () => {
  const { step, ticks } = rulerTicks({ pxPerSec: 100, scrollLeft: 0, viewportWidth: 300 }, 60);
  expect(step).toBe(1);
  expect(ticks.filter((t) => t.major).map((t) => t.seconds)).toEqual([0, 1, 2, 3]);
  expect(ticks.slice(0, 3).map((t) => t.seconds)).toEqual([0, 0.2, 0.4]);
  expect(rulerTicks({ pxPerSec: 1000, scrollLeft: 0, viewportWidth: 200 }, 60).step).toBe(0.1);
  expect(rulerTicks({ pxPerSec: 0.5, scrollLeft: 0, viewportWidth: 1000 }, 3600).step).toBe(300);
});

test("zoom steps between fit and the levels above it", () => {
  expect(stepZoom(0, 1, 60)).toBe(100);
  expect(stepZoom(100, 1, 60)).toBe(200);
  expect(stepZoom(100, -1, 60)).toBe(0);
  expect(stepZoom(400, -1, 60)).toBe(200);
});

test("peaks: BBC audiowaveform v2 (16-bit, 8-bit, two channels) and v1", () => {
  const file = (version: 1 | 2, bits: 8 | 16, channels: number, values: number[]) => {
    const header = version === 2 ? 24 : 20;
    const size = bits / 8;
    const buf = new ArrayBuffer(header + values.length * size);
    const v = new DataView(buf);
    v.setInt32(0, version, true);
    v.setUint32(4, bits === 8 ? 1 : 0, true);
    v.setInt32(8, 16000, true);
    v.setInt32(12, 160, true);
    v.setUint32(16, values.length / (2 * channels), true);
    if (version === 2) v.setInt32(20, channels, true);
    values.forEach((x, i) => (bits === 8 ? v.setInt8(header + i, x) : v.setInt16(header + 2 * i, x, true)));
    return buf;
  };
  const p16 = parsePeaks(file(2, 16, 1, [-16384, 32767, 0, 8192]));
  expect(p16.pointsPerSecond).toBe(100);
  expect([...p16.min]).toEqual([-0.5, 0]);
  expect([...p16.max].map((x) => Math.round(x * 100) / 100)).toEqual([1, 0.25]);
  expect([...parsePeaks(file(2, 8, 1, [-64, 32])).max]).toEqual([0.25]);
  const stereo = parsePeaks(file(2, 16, 2, [-100, 100, -16384, 50]));
  expect([...stereo.min]).toEqual([-0.5]);
  expect([...parsePeaks(file(1, 16, 1, [-16384, 16384])).max]).toEqual([0.5]);
  // A file cut short gives the points it holds; garbage is refused.
  expect(parsePeaks(file(2, 16, 1, [-16384, 32767, 0, 8192]).slice(0, 28)).max).toHaveLength(1);
  expect(() => parsePeaks(new ArrayBuffer(24))).toThrow("Unknown waveform peaks version 0");
});

test("coverage: the share of each pixel column fragments cover", () => {
  const view = { pxPerSec: 10, scrollLeft: 10, viewportWidth: 6 };
  // Column c spans 1.0 + c*0.1 s .. 1.1 + c*0.1 s.
  const cover = coverage(
    [
      { startMs: 1050, endMs: 1200 },
      { startMs: 1200, endMs: 1300 },
      { startMs: 1500, endMs: 1550 },
      { startMs: 0, endMs: 900 },
    ],
    view,
  );
  expect([...cover].map((c) => Math.round(c * 100) / 100)).toEqual([0.5, 1, 1, 0, 0, 0.5]);
});
