// The spectrogram tile format served by GET /api/download/:file/spectrogram?tile=N and drawn by
// the editor (pure: used on the server and in the browser). Little-endian:
//   0  "SPEC"                      4  uint16 version (1)    6  uint16 header bytes (32)
//   8  uint32 tile index           12 uint32 tile duration (ms)
//   16 uint16 columns per second   18 uint16 bins           20 uint32 columns in this tile
//   24 uint16 top frequency (Hz)   26 int16 floor (dB)      28 int16 ceiling (dB)   30 reserved
// then `columns` columns of `bins` bytes (lowest frequency first): the power of each bin in dB,
// mapped linearly from floor..ceiling to 0..255. Column c of tile t is centred at
// t × tileMs + (c + 0.5) / columnsPerSecond seconds. The last tile holds only the audio left.

export const SPECTROGRAM_VERSION = 1;
export const SPECTROGRAM_HEADER_BYTES = 32;
export const SPECTROGRAM_CONTENT_TYPE = "application/octet-stream";

/** The fixed layout of every tile (changing it means a new version). */
export const SPECTROGRAM = {
  tileMs: 10_000,
  columnsPerSecond: 100,
  bins: 128,
  maxHz: 8000,
  floorDb: -100,
  ceilingDb: -20,
} as const;

export type SpectrogramTile = {
  tile: number;
  tileMs: number;
  columnsPerSecond: number;
  bins: number;
  columns: number;
  maxHz: number;
  floorDb: number;
  ceilingDb: number;
  /** columns × bins intensities, column by column, low bins first. */
  data: Uint8Array;
};

/** How many tiles a recording of `durationMs` has. */
export const spectrogramTileCount = (durationMs: number): number =>
  Math.max(1, Math.ceil(durationMs / SPECTROGRAM.tileMs));

/** The columns of tile `tile` of a recording of `durationMs` (all but the last are full). */
export function spectrogramTileColumns(tile: number, durationMs: number): number {
  const fromMs = tile * SPECTROGRAM.tileMs;
  const ms = Math.max(0, Math.min(SPECTROGRAM.tileMs, durationMs - fromMs));
  return Math.max(1, Math.ceil((ms / 1000) * SPECTROGRAM.columnsPerSecond));
}

export function encodeSpectrogramTile(tile: number, columns: number, data: Uint8Array): Uint8Array {
  const { tileMs, columnsPerSecond, bins, maxHz, floorDb, ceilingDb } = SPECTROGRAM;
  if (data.length !== columns * bins)
    throw new Error(`spectrogram tile has ${data.length} bytes, expected ${columns * bins}`);
  const out = new Uint8Array(SPECTROGRAM_HEADER_BYTES + data.length);
  const view = new DataView(out.buffer);
  out.set([0x53, 0x50, 0x45, 0x43], 0);
  view.setUint16(4, SPECTROGRAM_VERSION, true);
  view.setUint16(6, SPECTROGRAM_HEADER_BYTES, true);
  view.setUint32(8, tile, true);
  view.setUint32(12, tileMs, true);
  view.setUint16(16, columnsPerSecond, true);
  view.setUint16(18, bins, true);
  view.setUint32(20, columns, true);
  view.setUint16(24, maxHz, true);
  view.setInt16(26, floorDb, true);
  view.setInt16(28, ceilingDb, true);
  out.set(data, SPECTROGRAM_HEADER_BYTES);
  return out;
}

export function parseSpectrogramTile(buffer: ArrayBuffer | Uint8Array): SpectrogramTile {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  if (bytes.length < SPECTROGRAM_HEADER_BYTES || String.fromCharCode(...bytes.subarray(0, 4)) !== "SPEC")
    throw new Error("Not a spectrogram tile");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(4, true);
  if (version !== SPECTROGRAM_VERSION) throw new Error(`Unknown spectrogram tile version ${version}`);
  const header = view.getUint16(6, true);
  const bins = view.getUint16(18, true);
  const columns = view.getUint32(20, true);
  if (bins < 1 || bytes.length < header + columns * bins) throw new Error("The spectrogram tile is cut short");
  return {
    tile: view.getUint32(8, true),
    tileMs: view.getUint32(12, true),
    columnsPerSecond: view.getUint16(16, true),
    bins,
    columns,
    maxHz: view.getUint16(24, true),
    floorDb: view.getInt16(26, true),
    ceilingDb: view.getInt16(28, true),
    data: bytes.subarray(header, header + columns * bins),
  };
}
