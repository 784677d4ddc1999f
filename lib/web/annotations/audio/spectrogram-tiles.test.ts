import { expect, test } from "@playwright/test";
import { SPECTROGRAM, type SpectrogramTile } from "@/lib/audio/spectrogram-format";
import { PALETTE } from "./spectrogram-columns";
import { tilePixels, tilesFor } from "./spectrogram-tiles";

test("tilesFor: the 10 s tiles covering a window, within the recording", () => {
  expect(tilesFor(0, 10_000, 60_000)).toEqual([0]);
  expect(tilesFor(5_000, 15_000, 60_000)).toEqual([0, 1]);
  expect(tilesFor(9_999, 30_001, 60_000)).toEqual([0, 1, 2, 3]);
  expect(tilesFor(55_000, 70_000, 60_000)).toEqual([5]);
  expect(tilesFor(0, 3_600_000, 3_600_000)).toHaveLength(360);
});

const tile = (n: number, columns: number, value: (c: number, b: number) => number): SpectrogramTile => ({
  tile: n,
  tileMs: 10_000,
  columnsPerSecond: 100,
  bins: SPECTROGRAM.bins,
  columns,
  maxHz: 8000,
  floorDb: -100,
  ceilingDb: -20,
  data: Uint8Array.from({ length: columns * SPECTROGRAM.bins }, (_, i) =>
    value(Math.floor(i / SPECTROGRAM.bins), i % SPECTROGRAM.bins),
  ),
});

const colour = (v: number) => [PALETTE[v * 3], PALETTE[v * 3 + 1], PALETTE[v * 3 + 2], 255];
const pixel = (p: Uint8ClampedArray, width: number, x: number, y: number) => [
  ...p.subarray((y * width + x) * 4, (y * width + x) * 4 + 4),
];

test("tilePixels: each pixel column shows its time across tile edges, low bins at the bottom, nothing past the tiles", () => {
  // Tile 0 is 10, tile 1 is 200 in its lowest bin and 50 above; no tile 2.
  const tiles = new Map([
    [0, tile(0, 1000, () => 10)],
    [1, tile(1, 1000, (_c, b) => (b === 0 ? 200 : 50))],
  ]);
  // 100 px/s from 9.5 s: x 0-49 are tile 0, x 50-... tile 1, from x 1050 (20 s) nothing.
  const width = 1100;
  const height = 128;
  const p = tilePixels(tiles, { scrollLeft: 950, pxPerSec: 100 }, width, height);
  expect(pixel(p, width, 10, 60)).toEqual(colour(10));
  expect(pixel(p, width, 60, height - 1)).toEqual(colour(200));
  expect(pixel(p, width, 60, 0)).toEqual(colour(50));
  expect(pixel(p, width, 1060, 60)).toEqual([0, 0, 0, 0]);
});

test("tilePixels zoomed out: a pixel shows the loudest of the columns it spans", () => {
  const tiles = new Map([[0, tile(0, 1000, (c) => (c === 37 ? 250 : 5))]]);
  // 10 px/s: pixel 3 spans columns 30-39.
  const p = tilePixels(tiles, { scrollLeft: 0, pxPerSec: 10 }, 100, 16);
  expect(pixel(p, 100, 3, 8)).toEqual(colour(250));
  expect(pixel(p, 100, 4, 8)).toEqual(colour(5));
});
