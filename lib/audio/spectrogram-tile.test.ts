import { expect, test } from "@playwright/test";
import {
  encodeSpectrogramTile,
  parseSpectrogramTile,
  SPECTROGRAM,
  spectrogramTileColumns,
  spectrogramTileCount,
} from "./spectrogram-format";
import { SPECTROGRAM_RATE, spectrogramTileData } from "./spectrogram-tile";

const tone = (hz: number, seconds: number, fromSec = 0) =>
  Float32Array.from(
    { length: Math.round(seconds * SPECTROGRAM_RATE) },
    (_, i) => 0.5 * Math.sin(2 * Math.PI * hz * (i / SPECTROGRAM_RATE + fromSec)),
  );

test("tile count and columns: 10 s tiles, the last holds the rest", () => {
  expect(spectrogramTileCount(0)).toBe(1);
  expect(spectrogramTileCount(10_000)).toBe(1);
  expect(spectrogramTileCount(10_001)).toBe(2);
  expect(spectrogramTileCount(3_600_000)).toBe(360);
  expect(spectrogramTileColumns(0, 25_000)).toBe(1000);
  expect(spectrogramTileColumns(2, 25_000)).toBe(500);
  expect(spectrogramTileColumns(2, 25_005)).toBe(501);
});

test("a 1 kHz tone is brightest in the 1 kHz bin (62.5 Hz bins) of every column; silence is 0", () => {
  const { columns, data } = spectrogramTileData(0, 2000, tone(1000, 2), 0);
  expect(columns).toBe(200);
  const bin = Math.floor(1000 / (SPECTROGRAM.maxHz / SPECTROGRAM.bins));
  for (const c of [1, 50, 199]) {
    const column = data.subarray(c * SPECTROGRAM.bins, (c + 1) * SPECTROGRAM.bins);
    const loudest = column.indexOf(Math.max(...column));
    expect(Math.abs(loudest - bin), `column ${c}`).toBeLessThanOrEqual(1);
    expect(column[bin]!).toBeGreaterThan(200);
    expect(column[100]!).toBeLessThan(column[bin]! - 100);
  }
  expect(Math.max(...spectrogramTileData(0, 2000, new Float32Array(32000), 0).data)).toBe(0);
});

test("a later tile is placed by time: samples starting before the tile line up with its columns", () => {
  // 3 kHz in 20-21 s only; the samples given run from 19.8 s.
  const samples = new Float32Array(Math.round(2.4 * SPECTROGRAM_RATE));
  samples.set(tone(3000, 1, 20), Math.round(0.2 * SPECTROGRAM_RATE));
  const { data } = spectrogramTileData(2, 30_000, samples, 19.8);
  const bin = 3000 / 62.5;
  expect(data[50 * SPECTROGRAM.bins + bin]!).toBeGreaterThan(200); // 20.5 s
  expect(data[150 * SPECTROGRAM.bins + bin]!).toBe(0); // 21.5 s: no tone
});

test("encode and parse round-trip; bad bytes are refused", () => {
  const data = Uint8Array.from({ length: 3 * SPECTROGRAM.bins }, (_, i) => i % 256);
  const bytes = encodeSpectrogramTile(7, 3, data);
  expect(bytes.length).toBe(32 + data.length);
  const tile = parseSpectrogramTile(bytes);
  expect(tile).toMatchObject({
    tile: 7,
    tileMs: 10_000,
    columnsPerSecond: 100,
    bins: 128,
    columns: 3,
    maxHz: 8000,
    floorDb: SPECTROGRAM.floorDb,
    ceilingDb: SPECTROGRAM.ceilingDb,
  });
  expect([...tile.data]).toEqual([...data]);
  expect(() => parseSpectrogramTile(bytes.subarray(0, bytes.length - 1))).toThrow(/cut short/);
  expect(() => parseSpectrogramTile(new Uint8Array(40))).toThrow(/Not a spectrogram/);
  expect(() => encodeSpectrogramTile(0, 2, data)).toThrow();
});
