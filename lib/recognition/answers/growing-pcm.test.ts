import { expect, test } from "@playwright/test";
import { GrowingPcm } from "./growing-pcm";

const int16le = (values: number[]) => {
  const bytes = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => bytes.writeInt16LE(v, 2 * i));
  return bytes;
};

test("chunks split anywhere, even inside a sample, read as the whole answer's samples", () => {
  const values = Array.from({ length: 40_001 }, (_, i) => Math.round(Math.sin(i / 7) * 32764) - (i % 3));
  values[5] = -32768;
  const bytes = int16le(values);
  const pcm = new GrowingPcm();
  const views: Float32Array[] = [];
  for (const [from, to] of [
    [0, 1],
    [1, 2],
    [2, 9],
    [9, 32_000],
    [32_000, 32_001],
    [32_001, bytes.length],
  ] as const) {
    pcm.append(bytes.subarray(from, to));
    views.push(pcm.samples());
  }
  expect(Array.from(pcm.samples())).toEqual(values.map((v) => v / 32768));
  // Views taken earlier keep their samples while the buffer grows.
  expect(views.map((v) => v.length)).toEqual([0, 1, 4, 16_000, 16_000, 40_001]);
  expect(Array.from(views[3]!)).toEqual(values.slice(0, 16_000).map((v) => v / 32768));
});
