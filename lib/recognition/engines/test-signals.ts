// Synthetic signals for the engines' unit tests (16 kHz): tones, deterministic noise, and joins.

export const RATE = 16000;

/** A sine of `hz` for `seconds`, at amplitude `amp`. */
export const tone = (hz: number, seconds: number, amp = 0.5) =>
  Float32Array.from({ length: Math.round(seconds * RATE) }, (_, i) => amp * Math.sin((2 * Math.PI * hz * i) / RATE));

/** Deterministic white noise in -1..1 (no flaky tests). */
export function noise(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
}

/** `seconds` of deterministic noise at amplitude `amp`. */
export const hiss = (seconds: number, amp: number, seed = 1) => {
  const r = noise(seed);
  return Float32Array.from({ length: Math.round(seconds * RATE) }, () => amp * r());
};

/** The parts one after another. */
export const concat = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
