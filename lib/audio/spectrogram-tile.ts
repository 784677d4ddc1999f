import FFT from "fft.js";
import { SPECTROGRAM, spectrogramTileColumns } from "./spectrogram-format";

// The intensities of one spectrogram tile (lib/audio/spectrogram-format.ts) from decoded 16 kHz
// mono audio: per column a Hann-windowed 512-point FFT (fft.js; 32 ms) centred on the column's
// time, the power of each pair of FFT bins (31.25 Hz each) averaged into one of 128 bins of
// 62.5 Hz up to 8 kHz, in dB, quantised to a byte.

export const SPECTROGRAM_RATE = 16000;
const FFT_SIZE = 512;
const PAIR = FFT_SIZE / 2 / SPECTROGRAM.bins;

const fft = new FFT(FFT_SIZE);
const hann = Float32Array.from(
  { length: FFT_SIZE },
  (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FFT_SIZE - 1)),
);
// A full-scale sine comes out near 0 dB (before the window's loss).
const NORM = 4 / (FFT_SIZE * FFT_SIZE);

/**
 * `samples` hold the audio from `samplesFromSec` on (at 16 kHz, -1..1); it should begin at least
 * 16 ms before the tile and end 16 ms after it (missing samples count as silence).
 */
export function spectrogramTileData(
  tile: number,
  durationMs: number,
  samples: Float32Array,
  samplesFromSec: number,
): { columns: number; data: Uint8Array } {
  const { bins, columnsPerSecond, tileMs, floorDb, ceilingDb } = SPECTROGRAM;
  const columns = spectrogramTileColumns(tile, durationMs);
  const data = new Uint8Array(columns * bins);
  const input = new Array<number>(FFT_SIZE).fill(0);
  const output = fft.createComplexArray() as number[];
  const scale = 255 / (ceilingDb - floorDb);
  for (let c = 0; c < columns; c++) {
    const centreSec = (tile * tileMs) / 1000 + (c + 0.5) / columnsPerSecond;
    const start = Math.round((centreSec - samplesFromSec) * SPECTROGRAM_RATE) - FFT_SIZE / 2;
    for (let i = 0; i < FFT_SIZE; i++) {
      const at = start + i;
      input[i] = at >= 0 && at < samples.length ? samples[at]! * hann[i]! : 0;
    }
    fft.realTransform(output, input);
    for (let b = 0; b < bins; b++) {
      let power = 0;
      for (let k = b * PAIR; k < (b + 1) * PAIR; k++)
        power += output[2 * k]! * output[2 * k]! + output[2 * k + 1]! * output[2 * k + 1]!;
      const db = 10 * Math.log10((power / PAIR) * NORM + 1e-20);
      data[c * bins + b] = Math.max(0, Math.min(255, Math.round((db - floorDb) * scale)));
    }
  }
  return { columns, data };
}
