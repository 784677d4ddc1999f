import {
  parseSpectrogramTile,
  SPECTROGRAM,
  SPECTROGRAM_VERSION,
  type SpectrogramTile,
  spectrogramTileCount,
} from "@/lib/audio/spectrogram-format";
import { PALETTE } from "./spectrogram-columns";

// The server's spectrogram tiles (GET <audio URL>/spectrogram?tile=N, 10 s each; format in
// lib/audio/spectrogram-format.ts): the tiles a window needs, fetched once and kept in memory
// (the browser's HTTP cache keeps them too: they are immutable), and painted into a canvas.

const MAX_CACHED = 48; // ~6 MB: several screens of scrolling back and forth
const cache = new Map<string, Promise<SpectrogramTile>>();
const resolved = new Map<string, SpectrogramTile>();

export const tileUrl = (audioUrl: string, tile: number) =>
  `${audioUrl}/spectrogram?tile=${tile}&v=${SPECTROGRAM_VERSION}`;

/** The tile numbers that cover [fromMs, toMs) of a recording of `durationMs`. */
export function tilesFor(fromMs: number, toMs: number, durationMs: number): number[] {
  const last = spectrogramTileCount(durationMs) - 1;
  const first = Math.max(0, Math.min(last, Math.floor(fromMs / SPECTROGRAM.tileMs)));
  const end = Math.max(first, Math.min(last, Math.ceil(toMs / SPECTROGRAM.tileMs) - 1));
  return Array.from({ length: end - first + 1 }, (_, i) => first + i);
}

function load(url: string): Promise<SpectrogramTile> {
  let tile = cache.get(url);
  if (tile) {
    // Most recently used last.
    cache.delete(url);
    cache.set(url, tile);
    return tile;
  }
  tile = fetch(url, { credentials: "same-origin" }).then(async (response) => {
    if (!response.ok) throw new Error(`The spectrogram could not be fetched (HTTP ${response.status})`);
    return parseSpectrogramTile(await response.arrayBuffer());
  });
  tile.then((t) => cache.has(url) && resolved.set(url, t)).catch(() => cache.delete(url));
  cache.set(url, tile);
  while (cache.size > MAX_CACHED) {
    const oldest = cache.keys().next().value!;
    cache.delete(oldest);
    resolved.delete(oldest);
  }
  return tile;
}

/** The tiles covering [fromMs, toMs) if every one of them is already here, else null. */
export function cachedTiles(
  audioUrl: string,
  fromMs: number,
  toMs: number,
  durationMs: number,
): Map<number, SpectrogramTile> | null {
  const out = new Map<number, SpectrogramTile>();
  for (const n of tilesFor(fromMs, toMs, durationMs)) {
    const tile = resolved.get(tileUrl(audioUrl, n));
    if (!tile) return null;
    out.set(n, tile);
  }
  return out;
}

/** The tiles covering [fromMs, toMs), fetched in parallel (cached ones at once). */
export async function loadTiles(
  audioUrl: string,
  fromMs: number,
  toMs: number,
  durationMs: number,
): Promise<Map<number, SpectrogramTile>> {
  const numbers = tilesFor(fromMs, toMs, durationMs);
  const tiles = await Promise.all(numbers.map((n) => load(tileUrl(audioUrl, n))));
  return new Map(numbers.map((n, i) => [n, tiles[i]!]));
}

/**
 * RGBA pixels of a `width` × `height` image whose column x shows the time
 * (scrollLeft + x) / pxPerSec: the brightest tile column within the pixel (zoomed out, several
 * tile columns share a pixel), low frequencies at the bottom. Times without a tile stay transparent.
 */
export function tilePixels(
  tiles: Map<number, SpectrogramTile>,
  view: { scrollLeft: number; pxPerSec: number },
  width: number,
  height: number,
): Uint8ClampedArray<ArrayBuffer> {
  const pixels = new Uint8ClampedArray(width * height * 4);
  const { columnsPerSecond, tileMs } = SPECTROGRAM;
  const column = new Uint8Array(512);
  for (let x = 0; x < width; x++) {
    const fromCol = Math.floor(((view.scrollLeft + x) / view.pxPerSec) * columnsPerSecond);
    const toCol = Math.max(fromCol + 1, Math.floor(((view.scrollLeft + x + 1) / view.pxPerSec) * columnsPerSecond));
    let bins = 0;
    column.fill(0);
    for (let g = fromCol; g < toCol; g++) {
      const tile = tiles.get(Math.floor(g / ((tileMs / 1000) * columnsPerSecond)));
      const c = g - (tile?.tile ?? 0) * (tileMs / 1000) * columnsPerSecond;
      if (!tile || c >= tile.columns) continue;
      bins = tile.bins;
      const at = c * tile.bins;
      for (let b = 0; b < tile.bins; b++) if (tile.data[at + b]! > column[b]!) column[b] = tile.data[at + b]!;
    }
    if (bins === 0) continue;
    for (let y = 0; y < height; y++) {
      const v = column[Math.min(bins - 1, Math.floor(((height - 1 - y) / height) * bins))]!;
      const p = (y * width + x) * 4;
      pixels[p] = PALETTE[v * 3]!;
      pixels[p + 1] = PALETTE[v * 3 + 1]!;
      pixels[p + 2] = PALETTE[v * 3 + 2]!;
      pixels[p + 3] = 255;
    }
  }
  return pixels;
}
