// MFCC features of one utterance for template matching (plain JS: it also runs in worker threads).
// 25 ms Hamming windows every 10 ms of pre-emphasised 16 kHz audio, a 512-point FFT (fft.js),
// 26 triangular mel filters, log, DCT-II to 13 cepstra (c0..c12, liftered), plus their deltas.
// Leading and trailing silence is cut by frame energy, then every dimension is normalised to zero
// mean and unit variance over the utterance (CMVN), which removes the microphone's and the
// speaker's fixed spectral tilt and the recording level.
import FFT from "fft.js";

export const SAMPLE_RATE = 16000;
export const FRAME = 400; // 25 ms
export const HOP = 160; // 10 ms
export const CEPSTRA = 13;
export const DIMS = CEPSTRA * 2;
const FFT_SIZE = 512;
const MEL_FILTERS = 26;
const LOW_HZ = 64;
const HIGH_HZ = 7600; // Opus wideband carries audio up to 8 kHz; its top edge is not speech
const PRE_EMPHASIS = 0.97;
const LIFTER = 22;
const DYNAMIC_RANGE = 1e-6; // log floor 60 dB below the loudest filter output: silence of any kind looks alike
const PAD_FRAMES = 3; // kept around the detected speech for weak onsets and releases (/s/, /f/, /p/)

const fft = new FFT(FFT_SIZE);
const hamming = Float64Array.from({ length: FRAME }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FRAME - 1)));
const mel = (hz) => 2595 * Math.log10(1 + hz / 700);
const hzOfMel = (m) => 700 * (10 ** (m / 2595) - 1);

// Triangular filters as [first bin, weights...] over the power spectrum's FFT_SIZE/2+1 bins.
// `warp` scales the filters' frequencies (vocal tract length normalisation: > 1 reads a voice with
// higher formants, e.g. a child's, as if it were a lower one).
const filterCache = new Map();
const filtersFor = (warp) => {
  let cached = filterCache.get(warp);
  if (!cached) filterCache.set(warp, (cached = makeFilters(warp)));
  return cached;
};
function makeFilters(warp) {
  const lo = mel(LOW_HZ);
  const step = (mel(HIGH_HZ) - lo) / (MEL_FILTERS + 1);
  const nyquist = FFT_SIZE / 2;
  const edges = Array.from({ length: MEL_FILTERS + 2 }, (_, i) =>
    Math.min(nyquist, (hzOfMel(lo + i * step) * warp * FFT_SIZE) / SAMPLE_RATE),
  );
  return Array.from({ length: MEL_FILTERS }, (_, f) => {
    const [a, b, c] = [edges[f], edges[f + 1], edges[f + 2]];
    const first = Math.ceil(a);
    const weights = [];
    for (let k = first; k <= Math.floor(c); k++)
      weights.push(k <= b ? (k - a) / Math.max(b - a, 1e-9) : (c - k) / Math.max(c - b, 1e-9));
    return { first, weights: Float64Array.from(weights) };
  });
}

// Orthonormal DCT-II rows with the sinusoidal lifter folded in.
const dct = Array.from({ length: CEPSTRA }, (_, q) => {
  const scale = Math.sqrt((q === 0 ? 1 : 2) / MEL_FILTERS) * (1 + (LIFTER / 2) * Math.sin((Math.PI * q) / LIFTER));
  return Float64Array.from(
    { length: MEL_FILTERS },
    (_, f) => scale * Math.cos((Math.PI * q * (f + 0.5)) / MEL_FILTERS),
  );
});

const frameCount = (samples) => (samples.length < FRAME ? 0 : 1 + Math.floor((samples.length - FRAME) / HOP));
// Frame t covers samples [t·HOP, t·HOP + FRAME), pre-emphasised with the sample before it.
const emphasised = (samples, at) => samples[at] - PRE_EMPHASIS * (at > 0 ? samples[at - 1] : 0);

/** Each frame's log energy in dB (of the pre-emphasised audio). */
export function frameEnergyDb(samples) {
  const frames = frameCount(samples);
  const energyDb = new Float64Array(frames);
  for (let t = 0; t < frames; t++) {
    let energy = 0;
    for (let i = t * HOP; i < t * HOP + FRAME; i++) {
      const x = emphasised(samples, i);
      energy += x * x;
    }
    energyDb[t] = 10 * Math.log10(energy / FRAME + 1e-12);
  }
  return energyDb;
}

/**
 * Log mel filter-bank energies of frames [start, end) ((end - start) × 26; default every frame) and
 * each frame's log energy in dB. The log floor is relative to the loudest filter output in those
 * frames only, so the features of a stretch of audio do not depend on any audio outside it.
 */
export function filterBank(samples, warp = 1, start = 0, end = frameCount(samples)) {
  const filters = filtersFor(warp);
  const frames = frameCount(samples);
  const rows = Math.max(0, end - start);
  const bank = new Float64Array(rows * MEL_FILTERS);
  const input = new Array(FFT_SIZE).fill(0);
  const out = fft.createComplexArray();
  const power = new Float64Array(FFT_SIZE / 2 + 1);
  for (let r = 0; r < rows; r++) {
    const first = (start + r) * HOP;
    for (let i = 0; i < FRAME; i++) input[i] = emphasised(samples, first + i) * hamming[i];
    fft.realTransform(out, input);
    for (let k = 0; k <= FFT_SIZE / 2; k++) power[k] = out[2 * k] * out[2 * k] + out[2 * k + 1] * out[2 * k + 1];
    for (let f = 0; f < MEL_FILTERS; f++) {
      const { first: bin, weights } = filters[f];
      let e = 0;
      for (let w = 0; w < weights.length; w++) e += weights[w] * power[bin + w];
      bank[r * MEL_FILTERS + f] = e;
    }
  }
  let peak = 0;
  for (let i = 0; i < bank.length; i++) if (bank[i] > peak) peak = bank[i];
  const floor = Math.max(peak * DYNAMIC_RANGE, 1e-20);
  for (let i = 0; i < bank.length; i++) bank[i] = Math.log(Math.max(bank[i], floor));
  return { frames, bank, energyDb: frameEnergyDb(samples) };
}

/** [start, end) of the frames that hold speech: cuts leading and trailing silence by frame energy. */
export function speechRange(energyDb) {
  const n = energyDb.length;
  if (n === 0) return [0, 0];
  const sorted = Float64Array.from(energyDb).sort();
  const floor = sorted[Math.floor(n * 0.1)];
  const peak = sorted[Math.min(n - 1, Math.floor(n * 0.99))];
  // Clean audio: 40 dB below the peak; noisy audio: a third of the way up from the noise floor.
  const threshold = Math.max(peak - 40, floor + 0.3 * (peak - floor));
  // A start or end needs 6 loud frames out of 10 (~85 ms of sound), so a click is not speech.
  const loud = (t) => {
    let k = 0;
    for (let i = Math.max(0, t); i < Math.min(n, t + 10); i++) if (energyDb[i] > threshold) k++;
    return k >= 6;
  };
  let start = 0;
  while (start < n && !loud(start)) start++;
  while (start < n && !(energyDb[start] > threshold)) start++;
  let end = n;
  while (end > start && !loud(end - 10)) end--;
  while (end > start && !(energyDb[end - 1] > threshold)) end--;
  if (end - start < 10) return [0, n]; // nothing clearly louder than the rest: keep everything
  return [Math.max(0, start - PAD_FRAMES), Math.min(n, end + PAD_FRAMES)];
}

/** Static cepstra (frames × 13) of the filter-bank rows [start, end). */
export function cepstra(bank, start, end) {
  const frames = end - start;
  const out = new Float32Array(frames * CEPSTRA);
  for (let t = 0; t < frames; t++) {
    const row = (start + t) * MEL_FILTERS;
    for (let q = 0; q < CEPSTRA; q++) {
      const d = dct[q];
      let s = 0;
      for (let f = 0; f < MEL_FILTERS; f++) s += d[f] * bank[row + f];
      out[t * CEPSTRA + q] = s;
    }
  }
  return out;
}

/** Appends regression deltas (±2 frames) to static features: frames × 2·dims. */
export function withDeltas(statics, dims) {
  const frames = statics.length / dims;
  const out = new Float32Array(frames * dims * 2);
  const at = (t, q) => statics[Math.min(frames - 1, Math.max(0, t)) * dims + q];
  for (let t = 0; t < frames; t++) {
    for (let q = 0; q < dims; q++) {
      out[t * dims * 2 + q] = statics[t * dims + q];
      out[t * dims * 2 + dims + q] = (at(t + 1, q) - at(t - 1, q) + 2 * (at(t + 2, q) - at(t - 2, q))) / 10;
    }
  }
  return out;
}

/** Normalises every dimension to zero mean and unit variance over the utterance (in place). */
export function cmvn(data, dims) {
  const frames = data.length / dims;
  if (frames === 0) return data;
  for (let q = 0; q < dims; q++) {
    let sum = 0;
    let sq = 0;
    for (let t = 0; t < frames; t++) {
      const v = data[t * dims + q];
      sum += v;
      sq += v * v;
    }
    const mean = sum / frames;
    const sd = Math.sqrt(Math.max(sq / frames - mean * mean, 0)) || 1;
    for (let t = 0; t < frames; t++) data[t * dims + q] = (data[t * dims + q] - mean) / sd;
  }
  return data;
}

/** The matching features of one utterance (16 kHz mono): silence trimmed, MFCC + deltas, CMVN. */
export function utteranceFeatures(samples, warp = 1) {
  const energyDb = frameEnergyDb(samples);
  const [start, end] = speechRange(energyDb);
  const { bank } = filterBank(samples, warp, start, end);
  const data = cmvn(withDeltas(cepstra(bank, 0, end - start), CEPSTRA), DIMS);
  return { frames: end - start, dims: DIMS, data, trimmed: { start, end, total: energyDb.length } };
}

/**
 * The frames [start, end) that utteranceFeatures keeps, and the samples they read, [from, to): its
 * features depend on those samples only (and on which frames the whole audio's energy selects).
 */
export function speechSpan(samples) {
  // The cascade asks for both stages' spans of the same samples after every chunk (early-choice.ts).
  if (lastSpan?.samples === samples && lastSpan.length === samples.length) return lastSpan.span;
  const [start, end] = speechRange(frameEnergyDb(samples));
  const span = {
    start,
    end,
    from: Math.max(0, start * HOP - 1),
    to: end > start ? (end - 1) * HOP + FRAME : start * HOP,
  };
  lastSpan = { samples, length: samples.length, span };
  return span;
}
let lastSpan = null;

/** The same utterance played backwards (statics reversed, deltas recomputed): a "same sounds, other order" impostor. */
export function reversedFeatures(features) {
  const { frames, dims, data } = features;
  const half = dims / 2;
  const statics = new Float32Array(frames * half);
  for (let t = 0; t < frames; t++)
    for (let q = 0; q < half; q++) statics[t * half + q] = data[(frames - 1 - t) * dims + q];
  return { frames, dims, data: cmvn(withDeltas(statics, half), dims) };
}
