// Which constants of lib/recognition/pronunciation/score.ts would meet the pronunciation targets
// on the benchmark's phones. With score = exp(min(0, gop) / GOP_SCALE), a phone is flagged (bad or
// moderate) when gop < GOP_SCALE·ln(GOOD_FROM) and bad when gop < GOP_SCALE·ln(MODERATE_FROM):
// two GOP thresholds, fitted here (the lowest flagging threshold that flags the target share of
// substituted phones, the highest "bad" threshold that keeps correct phones judged bad within
// the target), then written as constants both keeping GOP_SCALE and keeping GOOD_FROM.
import { GOOD_FROM, GOP_SCALE, MODERATE_FROM } from "../../lib/recognition/pronunciation/score";

/** The q-quantile (nearest rank) of `xs`. */
export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? Number.NaN;
};

const share = (xs: number[], below: number) => xs.filter((x) => x < below).length / Math.max(1, xs.length);
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const f = (x: number, digits = 2) => x.toFixed(digits);

/** "median m, p10 a, p90 b" of GOP values. */
export const distribution = (xs: number[]) =>
  xs.length
    ? `median ${f(quantile(xs, 0.5))}, p10 ${f(quantile(xs, 0.1))}, p90 ${f(quantile(xs, 0.9))} (n = ${xs.length})`
    : "no phones";

/**
 * The GOP thresholds meeting `targets` on these phones: flag below the lowest GOP that flags the
 * target share of substituted phones, judge bad below the highest that keeps correct phones judged
 * bad within the target (never above the flagging one); null when no flagging threshold below 0 can.
 */
export function fitThresholds(
  correct: number[],
  substituted: number[],
  targets: { flagged: number; correctBad: number },
): { flagAt: number; badAt: number } | null {
  if (!correct.length || !substituted.length) return null;
  const s = substituted.map((x) => Math.min(0, x)).sort((a, b) => a - b);
  const c = correct.map((x) => Math.min(0, x)).sort((a, b) => a - b);
  const k = Math.ceil(targets.flagged * s.length);
  if (s[k - 1]! >= 0) return null;
  const flagAt = k >= s.length ? s.at(-1)! + 0.01 : (s[k - 1]! + s[k]!) / 2 + (s[k - 1] === s[k] ? 0.01 : 0);
  const m = Math.floor(targets.correctBad * c.length);
  return { flagAt, badAt: Math.min(c[m]!, flagAt) };
}

/** Lines suggesting GOP thresholds and score.ts constants for the targets, and what they would give here. */
export function suggestConstants(
  correct: number[],
  substituted: number[],
  targets: { flagged: number; correctBad: number },
): string[] {
  if (!correct.length || !substituted.length) return ["no suggestion: no measured phones"];
  // score.ts scores every GOP above 0 as 0 (a perfect 1).
  const s = substituted.map((x) => Math.min(0, x)).sort((a, b) => a - b);
  const c = correct.map((x) => Math.min(0, x)).sort((a, b) => a - b);
  const k = Math.ceil(targets.flagged * s.length);
  // Flag below the midpoint after the k-th lowest substituted GOP: at least k of them are below.
  const flagAt = k >= s.length ? s.at(-1)! + 0.01 : (s[k - 1]! + s[k]!) / 2 + (s[k - 1] === s[k] ? 0.01 : 0);
  const m = Math.floor(targets.correctBad * c.length);
  // Judge bad below the (m+1)-th lowest correct GOP: at most m of them are below.
  const badAt = Math.min(c[m]!, flagAt);
  const now = { flagAt: GOP_SCALE * Math.log(GOOD_FROM), badAt: GOP_SCALE * Math.log(MODERATE_FROM) };
  const lines = [
    `now (GOP_SCALE ${GOP_SCALE}, GOOD_FROM ${GOOD_FROM}, MODERATE_FROM ${MODERATE_FROM}): flagged below GOP ${f(now.flagAt)}, bad below ${f(now.badAt)} ` +
      `→ substituted flagged ${pct(share(substituted, now.flagAt))}, correct bad ${pct(share(correct, now.badAt))}, correct flagged ${pct(share(correct, now.flagAt))}`,
  ];
  if (s[k - 1]! >= 0) {
    lines.push(
      `no constants can flag ${pct(targets.flagged)} of substituted phones: ${pct(1 - share(s, 0))} of them have GOP ≥ 0 (the expected phone was the best)`,
    );
    return lines;
  }
  lines.push(
    `to meet the targets: flag below GOP ${f(flagAt)}, bad below ${f(badAt)} → substituted flagged ${pct(share(substituted, flagAt))} ` +
      `(bad ${pct(share(substituted, badAt))}), correct bad ${pct(share(correct, badAt))}, correct flagged ${pct(share(correct, flagAt))}`,
  );
  lines.push(
    `  keeping GOP_SCALE = ${GOP_SCALE}: GOOD_FROM = ${f(Math.exp(flagAt / GOP_SCALE), 3)}, MODERATE_FROM = ${f(Math.exp(badAt / GOP_SCALE), 3)}`,
  );
  const scale = flagAt / Math.log(GOOD_FROM);
  lines.push(
    `  keeping GOOD_FROM = ${GOOD_FROM}: GOP_SCALE = ${f(scale)}, MODERATE_FROM = ${f(Math.exp(badAt / scale), 3)}`,
  );
  return lines;
}
