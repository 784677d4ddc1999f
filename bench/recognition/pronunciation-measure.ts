// Part 1 of the judging benchmark: every pronunciation answer force-aligned by the engine
// (engine.align with the item's text), judged by analysisOf (score.ts), and each phone classed by
// what was said: a phone of a correct answer, the substituted phone (the word's phone at the index
// changed in espeak-ng's phonemes; when the engine's word has another number of phones than
// espeak-ng said, the answer is "unalignable"), another phone of the substituted word, or a phone
// of another word of a substituted sentence.

import fs from "node:fs";
import type { Pcm, PronunciationEngine } from "../../lib/recognition/engines/types";
import {
  analysisOf,
  GOOD_FROM,
  GOP_SCALE,
  MODERATE_FROM,
  type Verdict,
} from "../../lib/recognition/pronunciation/score";
import { normaliseWord } from "../../lib/recognition/reading/label-words";
import { distribution, fitThresholds, suggestConstants } from "./gop-fit";
import type { PronunciationAnswer, PronunciationCorpus } from "./judging-corpus";

export const TARGETS = { flagged: 0.7, correctBad: 0.1 };
/**
 * The voice split: score.ts's constants are fitted on the TUNING voices only (with MARGIN, stricter
 * than TARGETS), and the targets are reported on the HELD-OUT voices, speech they were not tuned on.
 * Each side has a US or default-English male, a variant voice and a regional accent; the held-out
 * side has both British voices (en-gb, en-gb-x-rp), so the fit is tested on an accent it never saw.
 * BENCH_TUNING_VOICES=a,b,c overrides the tuning voices (every other voice is then held out).
 */
export const TUNING_VOICES = (process.env.BENCH_TUNING_VOICES ?? "en-us,en-us+f3,en-gb-scotland").split(",");
/** The targets the tuning voices are fitted to: a margin for the held-out voices. */
export const MARGIN = { flagged: 0.75, correctBad: 0.075 };
const VOWEL = /^[aAeEiIoOuUV03@]/;

type Kind = "correct" | "substituted" | "same-word" | "other-word";
export type PhoneRecord = {
  answer: PronunciationAnswer;
  kind: Kind;
  gop: number;
  verdict: Verdict;
  ipa: string;
  /** The answer's first phone (its start is where the engine's trimmed audio starts). */
  first: boolean;
};
export type Timing = { wallMs: number; engineMs: number; seconds: number };
export type PronunciationRun = {
  records: PhoneRecord[];
  unalignable: string[];
  failed: string[];
  unscored: string[];
  timings: Timing[];
};

/** Aligns and judges every answer, one at a time. */
export async function measurePronunciation(
  engine: PronunciationEngine,
  language: string,
  corpus: PronunciationCorpus,
  load: (file: string) => Promise<Pcm>,
): Promise<PronunciationRun> {
  const run: PronunciationRun = { records: [], unalignable: [], failed: [], unscored: [], timings: [] };
  for (const answer of corpus.answers) {
    const audio = await load(answer.file);
    const name = `${answer.file} ("${answer.sub ? `${answer.expectedText}" as ${answer.sub.as}` : `${answer.expectedText}"`})`;
    const t0 = performance.now();
    let alignment: Awaited<ReturnType<PronunciationEngine["align"]>>;
    try {
      alignment = await engine.align({ language, text: answer.expectedText, audio });
    } catch (error) {
      run.timings.push({ wallMs: performance.now() - t0, engineMs: Number.NaN, seconds: answer.seconds });
      run.failed.push(`${name}: ${(error as Error).message}`);
      continue;
    }
    run.timings.push({ wallMs: performance.now() - t0, engineMs: alignment.ms, seconds: answer.seconds });
    const analysis = analysisOf(alignment);
    if (!analysis) {
      run.unscored.push(name);
      continue;
    }
    const texts = answer.expectedText.split(/\s+/);
    const word = alignment.words[answer.wordIndex];
    const target = word?.chunks.flatMap((c) => c.phones) ?? [];
    if (
      alignment.words.length !== texts.length ||
      normaliseWord(word?.word ?? "") !==
        normaliseWord(answer.wordIndex < texts.length ? texts[answer.wordIndex]! : "") ||
      (answer.sub && target.length !== answer.phonemes.length)
    ) {
      const phones = target.map((p) => p.phone).join(" ");
      run.unalignable.push(`${name}: engine ${phones || "–"} vs espeak-ng ${answer.phonemes.join(" ")}`);
      continue;
    }
    analysis.words.forEach((w, i) => {
      const gops = alignment.words[i]!.chunks.flatMap((c) => c.phones.map((p) => p.gop!));
      w.chunks
        .flatMap((c) => c.phonemes)
        .forEach((p, j) => {
          const kind: Kind = !answer.sub
            ? "correct"
            : i !== answer.wordIndex
              ? "other-word"
              : j === answer.sub.index
                ? "substituted"
                : "same-word";
          run.records.push({ answer, kind, gop: gops[j]!, verdict: p.verdict, ipa: p.ipa, first: i === 0 && j === 0 });
        });
    });
  }
  return run;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : "–");
const tick = (ok: boolean) => (ok ? "✓" : "✗");
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** "s per s of audio (engine's own …)" for timings. */
export function timePerSecond(timings: Timing[]): { wall: number; engine: number; line: string } {
  const audio = sum(timings.map((t) => t.seconds));
  const wall = sum(timings.map((t) => t.wallMs)) / 1000 / audio;
  const engine = sum(timings.filter((t) => Number.isFinite(t.engineMs)).map((t) => t.engineMs)) / 1000 / audio;
  const line = `${wall.toFixed(3)} s per s of audio (engine's own ms: ${engine.toFixed(3)}) over ${audio.toFixed(0)} s in ${timings.length} calls`;
  return { wall, engine, line };
}

/** Prints part 1's figures; returns the summary for the final table. */
export function reportPronunciation(run: PronunciationRun, corpus: PronunciationCorpus, verbose: boolean) {
  const of = (kind: Kind) => run.records.filter((r) => r.kind === kind);
  const flagged = (rs: PhoneRecord[]) => rs.filter((r) => r.verdict !== "good").length;
  const bad = (rs: PhoneRecord[]) => rs.filter((r) => r.verdict === "bad").length;
  const subs = of("substituted");
  const correct = of("correct");
  const subAnswers = corpus.answers.filter((a) => a.sub).length;
  const flaggedRate = flagged(subs) / Math.max(1, subs.length);
  const badRate = bad(correct) / Math.max(1, correct.length);
  const snrs = corpus.answers.map((a) => a.snrDb).filter((x): x is number => x !== null);
  console.log(
    `  corpus: ${corpus.answers.length} answers (${corpus.answers.length - subAnswers} correct, ${subAnswers} with one substituted phoneme); ` +
      `noise white/pink at ${corpus.params.snrDb} dB SNR (achieved ${Math.min(...snrs).toFixed(2)}..${Math.max(...snrs).toFixed(2)} dB)` +
      (corpus.skipped.length ? `; not sayable exactly, left out: ${corpus.skipped.join("; ")}` : ""),
  );
  console.log(
    `  substituted phonemes flagged bad or moderate: ${flagged(subs)}/${subs.length} = ${pct(flagged(subs), subs.length)} (target ≥ ${TARGETS.flagged * 100} %) ${tick(flaggedRate >= TARGETS.flagged)}; ` +
      `bad ${pct(bad(subs), subs.length)}; unalignable ${run.unalignable.length}, alignment failed ${run.failed.length}, not scored ${run.unscored.length} of ${corpus.answers.length} answers`,
  );
  console.log(
    `  correct phonemes flagged bad: ${bad(correct)}/${correct.length} = ${pct(bad(correct), correct.length)} (target ≤ ${TARGETS.correctBad * 100} %) ${tick(badRate <= TARGETS.correctBad)}; ` +
      `moderate ${pct(flagged(correct) - bad(correct), correct.length)}`,
  );
  for (const kind of ["same-word", "other-word"] as const)
    console.log(
      `  ${kind === "same-word" ? "other phonemes of a substituted word" : "phonemes of the other words of a substituted sentence"} flagged bad: ${pct(bad(of(kind)), of(kind).length)} (n = ${of(kind).length})`,
    );
  const splitBy = (label: string, keyOf: (r: PhoneRecord) => string) => {
    const keys = [...new Set(run.records.map(keyOf))];
    const parts = keys.map((k) => {
      const s = subs.filter((r) => keyOf(r) === k);
      const c = correct.filter((r) => keyOf(r) === k);
      return `${k} ${pct(flagged(s), s.length)} / ${pct(bad(c), c.length)}`;
    });
    console.log(`  per ${label} (substituted flagged / correct bad): ${parts.join(", ")}`);
  };
  splitBy("voice", (r) => r.answer.voice);
  if (process.env.BENCH_GOPS) {
    const dump = run.records.map((r) => ({ voice: r.answer.voice, kind: r.kind, gop: r.gop, noise: r.answer.noise }));
    fs.writeFileSync(process.env.BENCH_GOPS, JSON.stringify(dump));
  }
  splitBy("noise", (r) => r.answer.noise ?? "none");
  const vowels = subs.filter((r) => VOWEL.test(r.answer.sub!.from));
  const consonants = subs.filter((r) => !VOWEL.test(r.answer.sub!.from));
  console.log(
    `  substituted vowels flagged ${pct(flagged(vowels), vowels.length)} (n = ${vowels.length}), consonants ${pct(flagged(consonants), consonants.length)} (n = ${consonants.length})`,
  );
  const at = (first: boolean) => {
    const s = subs.filter((r) => r.first === first);
    const c = correct.filter((r) => r.first === first);
    return `${pct(flagged(s), s.length)} / ${pct(bad(c), c.length)} (n = ${s.length} / ${c.length})`;
  };
  console.log(`  first phone of the answer (substituted flagged / correct bad): ${at(true)}; the others ${at(false)}`);
  console.log(`  GOP (nats per frame) of correct phonemes:     ${distribution(correct.map((r) => r.gop))}`);
  console.log(`  GOP (nats per frame) of substituted phonemes: ${distribution(subs.map((r) => r.gop))}`);
  const suggestion = suggestConstants(
    correct.map((r) => r.gop),
    subs.map((r) => r.gop),
    TARGETS,
  );
  for (const line of suggestion) console.log(`  ${line}`);
  const split = voiceSplit(subs, correct);
  const time = timePerSecond(run.timings);
  console.log(`  time (align): ${time.line}`);
  if (verbose) {
    for (const r of subs.filter((r) => r.verdict === "good"))
      console.log(
        `    missed: ${r.answer.file} ${r.answer.phonemes.join(" ")} (${r.answer.sub!.from}>${r.answer.sub!.to}) heard as ${r.ipa}, GOP ${r.gop.toFixed(2)}`,
      );
    for (const line of [...run.unalignable, ...run.failed, ...run.unscored]) console.log(`    ${line}`);
  }
  return {
    flagged: `${pct(flagged(subs), subs.length)} ${tick(flaggedRate >= TARGETS.flagged)}`,
    correctBad: `${pct(bad(correct), correct.length)} ${tick(badRate <= TARGETS.correctBad)}`,
    heldOut: split,
    time,
  };
}

const shareBelow = (rs: PhoneRecord[], below: number) =>
  rs.filter((r) => r.gop < below).length / Math.max(1, rs.length);

/**
 * Thresholds fitted on the tuning voices (MARGIN), and both targets at them on the held-out voices:
 * what score.ts's constants give on speech they were not tuned on. Prints; returns the table's figures.
 */
function voiceSplit(subs: PhoneRecord[], correct: PhoneRecord[]): string {
  const tuning = (r: PhoneRecord) => TUNING_VOICES.includes(r.answer.voice);
  const side = (rs: PhoneRecord[], held: boolean) => rs.filter((r) => tuning(r) !== held);
  const heldVoices = [...new Set([...subs, ...correct].filter((r) => !tuning(r)).map((r) => r.answer.voice))];
  const now = { flagAt: GOP_SCALE * Math.log(GOOD_FROM), badAt: GOP_SCALE * Math.log(MODERATE_FROM) };
  const at = (t: { flagAt: number; badAt: number }, held: boolean) => {
    const s = side(subs, held);
    const c = side(correct, held);
    const f = shareBelow(s, t.flagAt);
    const b = shareBelow(c, t.badAt);
    return {
      f,
      b,
      line: `substituted flagged ${pct100(f)} ${tick(f >= TARGETS.flagged)} (n = ${s.length}), correct bad ${pct100(b)} ${tick(b <= TARGETS.correctBad)} (n = ${c.length}), correct flagged ${pct100(shareBelow(c, t.flagAt))}`,
    };
  };
  console.log(`  voice split: tuning ${TUNING_VOICES.join(", ")}; held out ${heldVoices.join(", ")}`);
  console.log(`    score.ts now, tuning:   ${at(now, false).line}`);
  const heldNow = at(now, true);
  console.log(`    score.ts now, held out: ${heldNow.line}`);
  const fit = fitThresholds(
    side(correct, false).map((r) => r.gop),
    side(subs, false).map((r) => r.gop),
    MARGIN,
  );
  if (!fit) {
    console.log(`    no thresholds meet ${pct100(MARGIN.flagged)} / ${pct100(MARGIN.correctBad)} on the tuning voices`);
    return `held out ${pct100(heldNow.f)} / ${pct100(heldNow.b)} (score.ts now)`;
  }
  const scale = fit.flagAt / Math.log(GOOD_FROM);
  console.log(
    `    fitted on tuning (flagged ≥ ${pct100(MARGIN.flagged)}, correct bad ≤ ${pct100(MARGIN.correctBad)}): flag below GOP ${fit.flagAt.toFixed(2)}, bad below ${fit.badAt.toFixed(2)} ` +
      `= GOP_SCALE ${scale.toFixed(2)}, GOOD_FROM ${GOOD_FROM}, MODERATE_FROM ${Math.exp(fit.badAt / scale).toFixed(3)}`,
  );
  console.log(`    fitted, tuning:   ${at(fit, false).line}`);
  console.log(`    fitted, held out: ${at(fit, true).line}`);
  return `held out (${heldVoices.join(", ")}) flagged ${pct100(heldNow.f)} ${tick(heldNow.f >= TARGETS.flagged)}, correct bad ${pct100(heldNow.b)} ${tick(heldNow.b <= TARGETS.correctBad)}`;
}
const pct100 = (x: number) => `${(100 * x).toFixed(1)} %`;
