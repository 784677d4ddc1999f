// Dynamic time warping between two feature sequences ({ frames, dims, data: frames × dims }).
// Symmetric Sakoe-Chiba form: steps (1,0) and (0,1) cost the local (Euclidean) distance once,
// the diagonal step twice, so every path from the first frame pair to the last weighs n + m local
// distances; dividing by n + m makes utterances of any length comparable. The path must stay in
// a band around the length-scaled diagonal (|i/n − j/m| ≤ band), which forbids degenerate
// alignments (one frame of a word soaking up a whole sentence) and bounds the work to ~n·m·2·band.

export const DEFAULT_BAND = 0.25;

function local(a, i, b, j, dims) {
  let s = 0;
  const ai = i * dims;
  const bj = j * dims;
  for (let q = 0; q < dims; q++) {
    const d = a[ai + q] - b[bj + q];
    s += d * d;
  }
  return Math.sqrt(s);
}

// Columns row i may use: at least one either side of the diagonal so the band stays connected
// when one sequence is much shorter than the other.
function bandOf(n, m, band) {
  const half = Math.max(band * m, m / n + 1);
  const slope = (m - 1) / Math.max(1, n - 1);
  return (i) => [Math.max(0, Math.floor(i * slope - half)), Math.min(m - 1, Math.ceil(i * slope + half))];
}

function check(a, b) {
  if (a.dims !== b.dims) throw new Error(`feature dimensions differ (${a.dims} and ${b.dims})`);
  return a.frames > 0 && b.frames > 0;
}

/**
 * Runs the recursion; when `dirs` (n × m) is given it records every cell's chosen step
 * (0 diagonal, 1 from (i-1, j), 2 from (i, j-1)), from which trace() recovers the path without
 * running the recursion again. Returns the normalised distance.
 */
function run(a, b, band, dirs) {
  const n = a.frames;
  const m = b.frames;
  const dims = a.dims;
  const ad = a.data;
  const bd = b.data;
  const rows = bandOf(n, m, band);
  let prev = new Float64Array(m).fill(Number.POSITIVE_INFINITY); // row i-1
  let cur = new Float64Array(m).fill(Number.POSITIVE_INFINITY); // row i (still holds row i-2)
  let prevFrom = 0;
  let prevTo = -1;
  let staleFrom = 0;
  let staleTo = -1;
  for (let i = 0; i < n; i++) {
    cur.fill(Number.POSITIVE_INFINITY, staleFrom, staleTo + 1);
    const [from, to] = rows(i);
    const ai = i * dims;
    for (let j = from; j <= to; j++) {
      let s = 0;
      const bj = j * dims;
      for (let q = 0; q < dims; q++) {
        const d = ad[ai + q] - bd[bj + q];
        s += d * d;
      }
      const d = Math.sqrt(s);
      let best = i === 0 && j === 0 ? 2 * d : prev[j] + d;
      let dir = 1;
      if (j > 0) {
        const left = cur[j - 1] + d;
        if (left < best) {
          best = left;
          dir = 2;
        }
        const diagonal = prev[j - 1] + 2 * d;
        if (diagonal < best) {
          best = diagonal;
          dir = 0;
        }
      }
      cur[j] = best;
      if (dirs) dirs[i * m + j] = dir;
    }
    const swap = prev;
    prev = cur;
    cur = swap;
    staleFrom = prevFrom;
    staleTo = prevTo;
    prevFrom = from;
    prevTo = to;
  }
  return prev[m - 1] / (n + m);
}

/** The local distance of every step of the path `dirs` records, first frame pair first. */
function trace(a, b, dirs) {
  const m = b.frames;
  const steps = [];
  for (let i = a.frames - 1, j = m - 1; ; ) {
    steps.push(local(a.data, i, b.data, j, a.dims));
    if (i === 0 && j === 0) break;
    const dir = dirs[i * m + j];
    if (dir !== 2) i--;
    if (dir !== 1) j--;
  }
  return Float32Array.from(steps.reverse());
}

/** Path-length-normalised DTW distance between two feature sequences (Infinity when either is empty). */
export function dtwDistance(a, b, band = DEFAULT_BAND) {
  if (!check(a, b)) return Number.POSITIVE_INFINITY;
  return run(a, b, band, null);
}

/**
 * The distance with what it takes to recover the alignment later: `steps()` gives the local
 * distance of every step of the best path (computed on demand: most comparisons never need it).
 */
export function dtwPath(a, b, band = DEFAULT_BAND) {
  if (!check(a, b)) return { distance: Number.POSITIVE_INFINITY, steps: () => new Float32Array(0) };
  const dirs = new Uint8Array(a.frames * b.frames);
  const distance = run(a, b, band, dirs);
  return { distance, steps: () => trace(a, b, dirs) };
}

/**
 * The frame pairs of the best path, first pair first (pairs[2k] a frame of `a`, pairs[2k + 1] of
 * `b`): which part of one recording lines up with a part of the other.
 */
export function dtwPairs(a, b, band = DEFAULT_BAND) {
  if (!check(a, b)) return { distance: Number.POSITIVE_INFINITY, pairs: new Int32Array(0) };
  const m = b.frames;
  const dirs = new Uint8Array(a.frames * m);
  const distance = run(a, b, band, dirs);
  const pairs = [];
  for (let i = a.frames - 1, j = m - 1; ; ) {
    pairs.push(j, i);
    if (i === 0 && j === 0) break;
    const dir = dirs[i * m + j];
    if (dir !== 2) i--;
    if (dir !== 1) j--;
  }
  return { distance, pairs: Int32Array.from(pairs.reverse()) };
}

/**
 * DTW with its alignment: the same distance, and the local distance of every step of the best
 * path from the first frame pair to the last (to find the stretch of an answer that fits worst).
 */
export function dtwAlign(a, b, band = DEFAULT_BAND) {
  const { distance, steps } = dtwPath(a, b, band);
  return { distance, steps: steps() };
}

/**
 * Every `factor` consecutive frames averaged into one (a coarser time step, factor² fewer DTW
 * cells): for ranking templates cheaply before the full-resolution comparison.
 */
export function decimate(features, factor = 2) {
  const { frames, dims, data } = features;
  const out = Math.ceil(frames / factor);
  const result = new Float32Array(out * dims);
  for (let k = 0; k < out; k++) {
    const first = k * factor;
    const last = Math.min(frames, first + factor);
    for (let q = 0; q < dims; q++) {
      let s = 0;
      for (let t = first; t < last; t++) s += data[t * dims + q];
      result[k * dims + q] = s / (last - first);
    }
  }
  return { frames: out, dims, data: result };
}

/** The highest mean of `window` consecutive values (the whole mean when there are fewer). */
export function worstStretch(steps, window) {
  if (steps.length === 0) return Number.POSITIVE_INFINITY;
  let sum = 0;
  if (steps.length <= window) {
    for (const s of steps) sum += s;
    return sum / steps.length;
  }
  let worst = 0;
  for (let i = 0; i < steps.length; i++) {
    sum += steps[i];
    if (i >= window) sum -= steps[i - window];
    if (i >= window - 1 && sum / window > worst) worst = sum / window;
  }
  return worst;
}
