import { expect, test } from "@playwright/test";
import { concat, noise, RATE, tone } from "../test-signals";
import { classify, describe as describeResult } from "./classify.mjs";
import { decodeFeatures, encodeFeatures } from "./codec.mjs";
import { decimate, dtwAlign, dtwDistance, worstStretch } from "./dtw.mjs";
import { cmvn, DIMS, type Features, filterBank, HOP, speechRange, utteranceFeatures, withDeltas } from "./mfcc.mjs";

const argmax = (row: ArrayLike<number>) => {
  let best = 0;
  for (let i = 1; i < row.length; i++) if (row[i]! > row[best]!) best = i;
  return best;
};
test.describe("MFCC", () => {
  test("frames every 10 ms, 13 cepstra + 13 deltas, normalised per utterance", () => {
    const sweep = concat(tone(300, 0.3), tone(1200, 0.3), tone(2500, 0.4));
    const f = utteranceFeatures(sweep);
    expect(f.trimmed.total).toBe(1 + Math.floor((sweep.length - 400) / HOP)); // 98 frames in 1 s
    expect(f.dims).toBe(DIMS);
    expect(DIMS).toBe(26);
    expect(f.data.length).toBe(f.frames * DIMS);
    for (let q = 0; q < DIMS; q++) {
      let sum = 0;
      let sq = 0;
      for (let t = 0; t < f.frames; t++) sum += f.data[t * DIMS + q]!;
      const mean = sum / f.frames;
      for (let t = 0; t < f.frames; t++) sq += (f.data[t * DIMS + q]! - mean) ** 2;
      expect(Math.abs(mean)).toBeLessThan(1e-4);
      expect(Math.sqrt(sq / f.frames)).toBeCloseTo(1, 3);
    }
  });

  test("a tone's energy lands in the mel filter of its frequency, the same in every frame", () => {
    const low = filterBank(tone(500, 1));
    const high = filterBank(tone(3000, 1));
    expect(low.frames).toBe(98);
    const lowPeak = argmax(low.bank.subarray(26 * 10, 26 * 11));
    const highPeak = argmax(high.bank.subarray(26 * 10, 26 * 11));
    expect(lowPeak).toBeLessThan(highPeak);
    for (const t of [20, 50, 90]) expect(argmax(low.bank.subarray(26 * t, 26 * (t + 1)))).toBe(lowPeak);
  });

  test("leading and trailing silence is cut, with a little margin", () => {
    const r = noise(1);
    const hiss = (s: number) => Float32Array.from({ length: s * RATE }, () => 0.001 * r());
    const { energyDb } = filterBank(concat(hiss(0.5), tone(800, 1), hiss(0.5)));
    const [start, end] = speechRange(energyDb);
    expect(start).toBeGreaterThanOrEqual(42);
    expect(start).toBeLessThanOrEqual(50);
    expect(end).toBeGreaterThanOrEqual(148);
    expect(end).toBeLessThanOrEqual(157);
    // A lone click before the speech does not count as speech.
    const clicked = concat(hiss(0.3), tone(800, 0.005, 0.9), hiss(0.2), tone(800, 1), hiss(0.3));
    expect(speechRange(filterBank(clicked).energyDb)[0]).toBeGreaterThan(40);
  });
});

// Features from a few static dimensions per frame (as MFCC does: statics, deltas, CMVN).
const features = (rows: number[][]): Features => {
  const half = rows[0]!.length;
  return {
    frames: rows.length,
    dims: half * 2,
    data: cmvn(withDeltas(Float32Array.from(rows.flat()), half), half * 2),
  };
};
const seq = (values: number[]): Features => ({ frames: values.length, dims: 1, data: Float32Array.from(values) });

test.describe("DTW", () => {
  const a = seq([0, 1, 2, 3, 2, 1, 0]);

  test("identical sequences are at distance 0", () => {
    expect(dtwDistance(a, a)).toBe(0);
  });

  test("a time-warped copy stays close, a different sequence does not", () => {
    const slowed = seq([0, 0.5, 1, 1.5, 2, 2.5, 3, 2.5, 2, 1.5, 1, 0.5, 0]);
    const repeated = seq([0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 1, 1, 0, 0]);
    const other = seq([3, 2, 1, 0, 1, 2, 3]);
    expect(dtwDistance(a, repeated)).toBe(0);
    const warped = dtwDistance(a, slowed);
    expect(warped).toBeGreaterThan(0);
    expect(warped).toBeLessThan(0.3);
    expect(dtwDistance(a, other)).toBeGreaterThan(4 * warped);
    expect(dtwDistance(a, slowed)).toBeCloseTo(dtwDistance(slowed, a), 10);
  });

  test("the band keeps very different lengths finite; empty is infinite; dims must agree", () => {
    const long = seq(Array.from({ length: 200 }, (_, i) => Math.sin(i / 10)));
    expect(Number.isFinite(dtwDistance(a, long))).toBe(true);
    expect(dtwDistance(a, seq([]))).toBe(Number.POSITIVE_INFINITY);
    expect(() => dtwDistance(a, { frames: 1, dims: 2, data: new Float32Array(2) })).toThrow(/dimensions/);
  });

  test("the alignment gives the same distance and its steps show where it fits worst", () => {
    const b = seq([0, 1, 2, 9, 9, 2, 1, 0]);
    const { distance, steps } = dtwAlign(a, b);
    expect(distance).toBeCloseTo(dtwDistance(a, b), 10);
    expect(steps.length).toBeGreaterThanOrEqual(8);
    expect(steps.length).toBeLessThanOrEqual(7 + 8 - 1);
    expect(Math.max(...steps)).toBeGreaterThanOrEqual(6);
    expect(worstStretch(steps, 2)).toBeGreaterThan(worstStretch(steps, steps.length));
    expect(worstStretch([1, 2, 3], 10)).toBe(2);
  });

  test("decimation averages consecutive frames, an odd last frame alone", () => {
    const b = { frames: 5, dims: 2, data: Float32Array.from([0, 10, 2, 20, 4, 40, 6, 60, 8, 80]) };
    const half = decimate(b);
    expect(half.frames).toBe(3);
    expect(half.dims).toBe(2);
    expect(Array.from(half.data)).toEqual([1, 15, 5, 50, 8, 80]);
    expect(decimate(b, 5).data).toEqual(Float32Array.from([4, 42]));
  });
});

test.describe("classification", () => {
  // Three "utterances" of 2 s (200 frames) × 3 dimensions with different shapes; a fourth is no choice.
  const shape = (k: number, n = 200, jitter = 0, seed = 7) => {
    const r = noise(seed);
    return Array.from({ length: n }, (_, t) => {
      const x = t / n;
      const base = [
        [Math.sin(6 * x), Math.cos(9 * x), x],
        [x * x * 3, Math.sin(14 * x), -x],
        [Math.cos(4 * x), x > 0.5 ? 1 : -1, Math.sin(20 * x)],
        [Math.sin(17 * x), Math.cos(3 * x), Math.cos(23 * x)],
      ][k]!;
      return base.map((v) => v + jitter * r());
    });
  };
  const choices = [0, 1, 2].map((k) => ({ templates: [features(shape(k)), features(shape(k, 170, 0.05, 3))] }));

  test("a slower, noisy copy of a choice is that choice, with a clear margin", () => {
    const result = classify(features(shape(1, 260, 0.1)), choices);
    expect(result.choice).toBe(1);
    expect(result.margin).toBeGreaterThan(0.3);
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(describeResult(result, ["a", "b", "c"])).toMatch(/^best 2 "b".*accepted$/);
  });

  test("two choices that sound the same: no answer (margin)", () => {
    const twins = [choices[0]!, { templates: [features(shape(0, 200, 0.02, 9))] }];
    // At the engine's default margin (1.5 %) these synthetic twins differ enough; at 10 % they do not.
    const result = classify(features(shape(0, 230, 0.1)), twins, { minMargin: 0.1 });
    expect(result.choice).toBeNull();
    expect(result.margin).toBeLessThan(0.1);
    expect(result.confidence).toBeLessThan(0.5);
    expect(describeResult(result, ["a", "a"], { minMargin: 0.1 })).toMatch(/too close between two choices/);
  });

  test("the coarse first pass keeps each choice's closest template: the same figures as comparing all", () => {
    // Five templates per choice, the closest not first, so that a pass keeping the wrong ones shows.
    const many = [0, 1, 2].map((k) => ({
      templates: [0.3, 0.25, 0.2, 0.02, 0.15].map((jitter, i) => features(shape(k, 150 + 20 * i, jitter, 11 + i))),
    }));
    const answer = features(shape(1, 230, 0.05, 5));
    const full = classify(answer, many, { coarse: 0 });
    const coarse = classify(answer, many, { coarse: 2 });
    expect(full.best.index).toBe(1);
    expect(full.best.template).toBe(3);
    for (const key of ["index", "template", "distance", "stretch"] as const) {
      expect(coarse.best[key]).toBe(full.best[key]);
      expect(coarse.second?.[key]).toBe(full.second?.[key]);
    }
    expect(coarse.reference).toBe(full.reference);
  });

  test("an answer that matches a choice only half-way is none of them (worst stretch)", () => {
    const half = [...shape(2).slice(0, 120), ...shape(3).slice(120)];
    for (const set of [choices, [choices[2]!]]) {
      const result = classify(features(half), set);
      expect(result.choice).toBeNull();
      expect(result.best.stretch).toBeGreaterThan(0.9);
    }
    // A single choice still accepts its own copy.
    expect(classify(features(shape(2, 240, 0.1)), [choices[2]!]).choice).toBe(0);
  });
});

test("template features survive their JSON encoding", () => {
  const f = utteranceFeatures(concat(tone(300, 0.3), tone(1200, 0.3)));
  const encoded = encodeFeatures(f);
  const back = decodeFeatures(JSON.parse(JSON.stringify(encoded)));
  expect(back.frames).toBe(f.frames);
  for (let i = 0; i < f.data.length; i++)
    expect(Math.abs(back.data[i]! - Math.max(-6.35, Math.min(6.35, f.data[i]!)))).toBeLessThanOrEqual(0.026);
  expect(() => decodeFeatures({ ...encoded, frames: encoded.frames + 1 })).toThrow(/expected/);
});
