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
 * Runs the recursion; `visit(i, j, d, dir)` sees every cell's local distance and chosen step
 * (0 diagonal, 1 from (i-1, j), 2 from (i, j-1)). Returns the normalised distance.
 */
function run(a, b, band, visit) {
  const n = a.frames;
  const m = b.frames;
  const rows = bandOf(n, m, band);
  let prev = new Float64Array(m).fill(Number.POSITIVE_INFINITY); // row i-1
  let cur = new Float64Array(m).fill(Number.POSITIVE_INFINITY); // row i (still holds row i-2)
  let prevBand = [0, -1];
  let staleBand = [0, -1];
  for (let i = 0; i < n; i++) {
    cur.fill(Number.POSITIVE_INFINITY, staleBand[0], staleBand[1] + 1);
    const [from, to] = rows(i);
    for (let j = from; j <= to; j++) {
      const d = local(a.data, i, b.data, j, a.dims);
      let best = i === 0 && j === 0 ? 2 * d : prev[j] + d;
      let dir = 1;
      if (j > 0) {
        if (cur[j - 1] + d < best) [best, dir] = [cur[j - 1] + d, 2];
        if (prev[j - 1] + 2 * d < best) [best, dir] = [prev[j - 1] + 2 * d, 0];
      }
      cur[j] = best;
      visit?.(i, j, d, dir);
    }
    [prev, cur] = [cur, prev];
    staleBand = prevBand;
    prevBand = [from, to];
  }
  return prev[m - 1] / (n + m);
}

/** Path-length-normalised DTW distance between two feature sequences (Infinity when either is empty). */
export function dtwDistance(a, b, band = DEFAULT_BAND) {
  if (!check(a, b)) return Number.POSITIVE_INFINITY;
  return run(a, b, band, null);
}

/**
 * DTW with its alignment: the same distance, and the local distance of every step of the best
 * path from the first frame pair to the last (to find the stretch of an answer that fits worst).
 */
export function dtwAlign(a, b, band = DEFAULT_BAND) {
  if (!check(a, b)) return { distance: Number.POSITIVE_INFINITY, steps: new Float32Array(0) };
  const m = b.frames;
  const dirs = new Uint8Array(a.frames * m);
  const locals = new Float32Array(a.frames * m);
  const distance = run(a, b, band, (i, j, d, dir) => {
    dirs[i * m + j] = dir;
    locals[i * m + j] = d;
  });
  const steps = [];
  for (let i = a.frames - 1, j = m - 1; ; ) {
    steps.push(locals[i * m + j]);
    if (i === 0 && j === 0) break;
    const dir = dirs[i * m + j];
    if (dir !== 2) i--;
    if (dir !== 1) j--;
  }
  return { distance, steps: Float32Array.from(steps.reverse()) };
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
