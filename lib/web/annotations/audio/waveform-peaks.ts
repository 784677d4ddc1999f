// The API's waveform peaks (`peaksUrl`): the BBC audiowaveform binary format, read by hand.
//   version 1: int32 version, uint32 flags (bit 0: 8-bit), int32 sample_rate,
//              int32 samples_per_pixel, uint32 length; then min, max per pixel.
//   version 2: the same plus int32 channels; then per pixel and channel min, max.
// Little-endian. The editor draws from these (10 ms per point) and never decodes the audio:
// a long recording would take many seconds to decode in the browser.

export type Peaks = {
  /** Points per second (sample_rate / samples_per_pixel). */
  pointsPerSecond: number;
  /** Per point, the highest and lowest sample of every channel, scaled to -1..1. */
  max: Float32Array;
  min: Float32Array;
};

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function parsePeaks(buffer: ArrayBuffer): Peaks {
  const view = new DataView(buffer);
  if (buffer.byteLength < 20) throw new Error("The waveform peaks file is too short");
  const version = view.getInt32(0, true);
  if (version !== 1 && version !== 2) throw new Error(`Unknown waveform peaks version ${version}`);
  const eightBit = (view.getUint32(4, true) & 1) === 1;
  const sampleRate = view.getInt32(8, true);
  const samplesPerPixel = view.getInt32(12, true);
  const declared = view.getUint32(16, true);
  const channels = version === 2 ? view.getInt32(20, true) : 1;
  const header = version === 2 ? 24 : 20;
  if (sampleRate <= 0 || samplesPerPixel <= 0 || channels < 1) throw new Error("The waveform peaks header is invalid");
  const bytes = eightBit ? 1 : 2;
  const pointBytes = 2 * channels * bytes;
  // A file cut short (still being written) yields the points it holds.
  const length = Math.min(declared, Math.floor((buffer.byteLength - header) / pointBytes));
  const scale = eightBit ? 128 : 32768;
  const max = new Float32Array(length);
  const min = new Float32Array(length);
  // The usual file (one channel, 16 bits, read on a little-endian machine): a typed array over
  // the points, about 20 times faster than DataView reads for an hour's 360,000 points.
  if (channels === 1 && !eightBit && LITTLE_ENDIAN) {
    const points = new Int16Array(buffer.slice(header, header + length * 4));
    for (let i = 0; i < length; i++) {
      min[i] = Math.min(0, points[2 * i]!) / scale;
      max[i] = Math.max(0, points[2 * i + 1]!) / scale;
    }
    return { pointsPerSecond: sampleRate / samplesPerPixel, max, min };
  }
  const read = eightBit ? (o: number) => view.getInt8(o) : (o: number) => view.getInt16(o, true);
  for (let i = 0; i < length; i++) {
    let lo = 0;
    let hi = 0;
    for (let c = 0; c < channels; c++) {
      const at = header + i * pointBytes + c * 2 * bytes;
      lo = Math.min(lo, read(at));
      hi = Math.max(hi, read(at + bytes));
    }
    min[i] = lo / scale;
    max[i] = hi / scale;
  }
  return { pointsPerSecond: sampleRate / samplesPerPixel, max, min };
}

/** Silence for `durationSec` (no peaks file): the lanes still work over a flat line. */
export const flatPeaks = (durationSec: number): Peaks => {
  const n = Math.max(1, Math.ceil(durationSec * 100));
  return { pointsPerSecond: 100, max: new Float32Array(n), min: new Float32Array(n) };
};
