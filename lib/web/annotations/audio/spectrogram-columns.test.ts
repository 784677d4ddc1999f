import { expect, test } from "@playwright/test";
import { spectrogram, spectrogramPixels } from "./spectrogram-columns";

test("spectrogram: a 1 kHz tone is brightest at the 1 kHz bin in every column", () => {
  const rate = 16000;
  const tone = Float32Array.from({ length: rate }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 1000 * i) / rate));
  const { data, bins } = spectrogram(tone, rate, 20, { fftSize: 512, maxHz: 8000 });
  expect(bins).toBe(256);
  for (let c = 1; c < 19; c++) {
    const column = data.subarray(c * bins, (c + 1) * bins);
    // 1000 Hz is bin 32 (31.25 Hz a bin).
    expect(column[32]).toBe(Math.max(...column));
    expect(column[200]).toBeLessThan(column[32] / 2);
  }
  const pixels = spectrogramPixels(data, bins, 20, 64);
  expect(pixels.length).toBe(20 * 64 * 4);
  expect(pixels[3]).toBe(255);
});
