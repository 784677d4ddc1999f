import FFT from "fft.js";

// A spectrogram of a short stretch of decoded audio, drawn column by column: per pixel column
// a Hann-windowed FFT (fft.js) around the column's time, its power in dB up to `maxHz`,
// mapped to 0..255 and coloured. The editor only ever gives it the visible window.

export type SpectrogramOptions = { fftSize?: number; maxHz?: number; floorDb?: number; ceilingDb?: number };

/** Per column (`columns` of them, left to right) and bin (low to high, up to maxHz): intensity 0..255. */
export function spectrogram(
  samples: Float32Array,
  sampleRate: number,
  columns: number,
  options: SpectrogramOptions = {},
): { data: Uint8Array; bins: number } {
  const size = options.fftSize ?? 1024;
  const maxHz = Math.min(options.maxHz ?? 8000, sampleRate / 2);
  const floor = options.floorDb ?? -110;
  const ceiling = options.ceilingDb ?? -20;
  const bins = Math.max(1, Math.floor((maxHz / (sampleRate / 2)) * (size / 2)));
  const fft = new FFT(size);
  const input = new Array<number>(size).fill(0);
  const output = fft.createComplexArray() as number[];
  const hann = Float32Array.from({ length: size }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (size - 1)));
  const data = new Uint8Array(columns * bins);
  const norm = 4 / (size * size);
  for (let c = 0; c < columns; c++) {
    const centre = Math.floor(((c + 0.5) / columns) * samples.length);
    const start = centre - size / 2;
    for (let i = 0; i < size; i++) {
      const at = start + i;
      input[i] = at >= 0 && at < samples.length ? samples[at] * hann[i] : 0;
    }
    fft.realTransform(output, input);
    for (let b = 0; b < bins; b++) {
      const re = output[2 * b];
      const im = output[2 * b + 1];
      const db = 10 * Math.log10((re * re + im * im) * norm + 1e-20);
      data[c * bins + b] = Math.max(0, Math.min(255, Math.round(((db - floor) / (ceiling - floor)) * 255)));
    }
  }
  return { data, bins };
}

/** 256 RGB colours from dark blue through magenta and orange to pale yellow. */
export const PALETTE: Uint8Array = (() => {
  const stops: [number, number, number, number][] = [
    [0, 255, 255, 255],
    [0.15, 40, 30, 100],
    [0.4, 130, 40, 130],
    [0.65, 230, 90, 60],
    [0.85, 250, 180, 40],
    [1, 252, 252, 190],
  ];
  const out = new Uint8Array(256 * 3);
  for (let v = 0; v < 256; v++) {
    const t = v / 255;
    const k = Math.max(0, stops.findIndex((s) => s[0] >= t) - 1);
    const [t0, r0, g0, b0] = stops[k];
    const [t1, r1, g1, b1] = stops[Math.min(stops.length - 1, k + 1)];
    const f = t1 > t0 ? (t - t0) / (t1 - t0) : 0;
    out.set([Math.round(r0 + (r1 - r0) * f), Math.round(g0 + (g1 - g0) * f), Math.round(b0 + (b1 - b0) * f)], v * 3);
  }
  return out;
})();

/** The spectrogram as RGBA pixels of a `columns` × `height` image (low frequencies at the bottom). */
export function spectrogramPixels(data: Uint8Array, bins: number, columns: number, height: number): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(columns * height * 4);
  for (let y = 0; y < height; y++) {
    const bin = Math.min(bins - 1, Math.floor(((height - 1 - y) / height) * bins));
    for (let x = 0; x < columns; x++) {
      const v = data[x * bins + bin];
      const p = (y * columns + x) * 4;
      pixels[p] = PALETTE[v * 3];
      pixels[p + 1] = PALETTE[v * 3 + 1];
      pixels[p + 2] = PALETTE[v * 3 + 2];
      pixels[p + 3] = 255;
    }
  }
  return pixels;
}
