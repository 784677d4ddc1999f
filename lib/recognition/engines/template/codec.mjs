// Template features in prepared data (JSON): one signed byte per value, base64. After CMVN the
// values have unit variance, so steps of 1/20 up to ±6.35 lose nothing DTW can notice (the
// rounding noise is 1.4 % of a standard deviation) and keep a template at a quarter of Float32.
const SCALE = 20;

/** Features → { frames, dims, q } with q the base64 of the quantised values. */
export function encodeFeatures(features) {
  const { frames, dims, data } = features;
  const q = new Int8Array(data.length);
  for (let i = 0; i < data.length; i++) q[i] = Math.max(-127, Math.min(127, Math.round(data[i] * SCALE)));
  return { frames, dims, q: Buffer.from(q.buffer, q.byteOffset, q.byteLength).toString("base64") };
}

/** The inverse of encodeFeatures; throws when the sizes do not add up. */
export function decodeFeatures(encoded) {
  const { frames, dims, q } = encoded;
  const bytes = Buffer.from(q, "base64");
  if (!(Number.isInteger(frames) && Number.isInteger(dims)) || bytes.length !== frames * dims)
    throw new Error(`template features hold ${bytes.length} values, expected ${frames} × ${dims}`);
  const data = new Float32Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) data[i] = ((bytes[i] << 24) >> 24) / SCALE;
  return { frames, dims, data };
}
