// Part 3 of the judging benchmark: each sentence of words joined with known gaps
// (alignment-corpus.ts) force-aligned as a whole (engine.align with the sentence), and every word's
// aligned start and end compared with where its sound really starts and ends.
import type { Pcm, PronunciationEngine } from "../../lib/recognition/engines/types";
import { normaliseWord } from "../../lib/recognition/reading/label-words";
import type { AlignmentAnswer, AlignmentCorpus } from "./alignment-corpus";
import { quantile } from "./gop-fit";
import { type Timing, timePerSecond } from "./pronunciation-measure";

export const TARGET = 0.9;
const WITHIN_MS = 50;

type Boundary = { answer: AlignmentAnswer; index: number; side: "start" | "end"; errorMs: number };
export type AlignmentRun = {
  boundaries: Boundary[];
  failed: { answer: AlignmentAnswer; reason: string }[];
  timings: Timing[];
};

/** Aligns every sentence, one at a time. */
export async function measureAlignment(
  engine: PronunciationEngine,
  language: string,
  corpus: AlignmentCorpus,
  load: (file: string) => Promise<Pcm>,
): Promise<AlignmentRun> {
  const run: AlignmentRun = { boundaries: [], failed: [], timings: [] };
  for (const answer of corpus.answers) {
    const audio = await load(answer.file);
    const t0 = performance.now();
    try {
      const alignment = await engine.align({ language, text: answer.text, audio });
      run.timings.push({ wallMs: performance.now() - t0, engineMs: alignment.ms, seconds: answer.seconds });
      const words = alignment.words;
      if (
        words.length !== answer.words.length ||
        words.some((w, i) => normaliseWord(w.word) !== normaliseWord(answer.words[i]!.word))
      ) {
        run.failed.push({ answer, reason: `aligned ${words.map((w) => w.word).join(" ")}` });
        continue;
      }
      words.forEach((w, i) => {
        const truth = answer.words[i]!;
        run.boundaries.push({ answer, index: i, side: "start", errorMs: (w.start - truth.start) * 1000 });
        run.boundaries.push({ answer, index: i, side: "end", errorMs: (w.end - truth.end) * 1000 });
      });
    } catch (error) {
      run.timings.push({ wallMs: performance.now() - t0, engineMs: Number.NaN, seconds: answer.seconds });
      run.failed.push({ answer, reason: (error as Error).message });
    }
  }
  return run;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : "–");
const within = (bs: Boundary[]) => bs.filter((b) => Math.abs(b.errorMs) <= WITHIN_MS).length;

/** Prints part 3's figures; returns the summary for the final table. */
export function reportAlignment(run: AlignmentRun, corpus: AlignmentCorpus, verbose: boolean) {
  const all = run.boundaries;
  const words = corpus.answers.reduce((n, a) => n + a.words.length, 0);
  const gaps = corpus.answers.flatMap((a) => a.gapsMs);
  // Boundaries of sentences that failed to align count as missed.
  const rate = within(all) / Math.max(1, 2 * words);
  const tick = rate >= TARGET ? "✓" : "✗";
  console.log(
    `  corpus: ${corpus.answers.length} sentences, ${words} words (${2 * words} boundaries), gaps ${Math.min(...gaps)}..${Math.max(...gaps)} ms; ` +
      `each with gaps of digital silence, in faint noise (${corpus.faintSnrDb} dB SNR) and in low noise (${corpus.lowSnrDb} dB SNR), white/pink; voices ${[...new Set(corpus.answers.map((a) => a.voice))].join(", ")}`,
  );
  console.log(
    `  word boundaries within ${WITHIN_MS} ms: ${within(all)}/${2 * words} = ${pct(within(all), 2 * words)} (target ≥ ${TARGET * 100} %) ${tick}; ` +
      `sentences not aligned ${run.failed.length}`,
  );
  const abs = (bs: Boundary[]) => bs.map((b) => Math.abs(b.errorMs));
  const signed = (bs: Boundary[]) => bs.map((b) => b.errorMs);
  for (const side of ["start", "end"] as const) {
    const bs = all.filter((b) => b.side === side);
    console.log(
      `  ${side}s: ${pct(within(bs), bs.length)} within ${WITHIN_MS} ms; |error| median ${quantile(abs(bs), 0.5).toFixed(0)} ms, p90 ${quantile(abs(bs), 0.9).toFixed(0)} ms; ` +
        `signed median ${quantile(signed(bs), 0.5).toFixed(0)} ms (aligned − true)`,
    );
  }
  const firsts = all.filter((b) => b.index === 0 && b.side === "start");
  const lasts = all.filter((b) => b.index === b.answer.words.length - 1 && b.side === "end");
  console.log(
    `  a sentence's first start: ${pct(within(firsts), firsts.length)} within ${WITHIN_MS} ms (signed median ${quantile(signed(firsts), 0.5).toFixed(0)} ms); ` +
      `last end: ${pct(within(lasts), lasts.length)} (signed median ${quantile(signed(lasts), 0.5).toFixed(0)} ms)`,
  );
  const kinds = (["silent", "faint", "low"] as const).map((kind) => {
    const n = 2 * corpus.answers.filter((a) => a.gapKind === kind).reduce((k, a) => k + a.words.length, 0);
    const bs = all.filter((b) => b.answer.gapKind === kind);
    const failed = run.failed.filter((f) => f.answer.gapKind === kind).length;
    return `${kind} ${pct(within(bs), n)} (${failed} not aligned)`;
  });
  console.log(`  per gap kind (within ${WITHIN_MS} ms of all boundaries): ${kinds.join(", ")}`);
  const noises = (["white", "pink"] as const).map((n) => {
    const bs = all.filter((b) => b.answer.noise === n);
    return `${n} ${pct(within(bs), bs.length)}`;
  });
  console.log(`  per noise, of aligned boundaries: ${noises.join(", ")}`);
  const time = timePerSecond(run.timings);
  console.log(`  time (align): ${time.line}`);
  if (verbose) {
    for (const b of all.filter((b) => Math.abs(b.errorMs) > WITHIN_MS))
      console.log(
        `    ${b.answer.file} word ${b.index + 1} "${b.answer.words[b.index]!.word}" ${b.side} off by ${b.errorMs.toFixed(0)} ms`,
      );
    for (const f of run.failed) console.log(`    ${f.answer.file}: ${f.reason}`);
  }
  return { within: `${pct(within(all), 2 * words)} ${tick}`, time };
}
