// Part 2 of the judging benchmark: each reading heard by the engine (engine.listen with the
// expected words) and labelled by labelWords (label-words.ts; heard times in seconds become ms),
// then compared with the errors the reading was made with (reading-corpus.ts). Omitted (DW) and
// substituted (SW) words are compared per expected word; repeated (RW) and inserted (IW) words,
// which have no expected word, match a labelled extra word of the same label placed at most one
// expected word away, one to one.
import type { Pcm, ReadingEngine } from "../../lib/recognition/engines/types";
import { type LabelledWord, labelWords } from "../../lib/recognition/reading/label-words";
import type { Timing } from "./pronunciation-measure";
import { timePerSecond } from "./pronunciation-measure";
import type { EditLabel, ReadingAnswer, ReadingCorpus } from "./reading-corpus";

export const TARGET = 0.8;
const LABELS: EditLabel[] = ["DW", "SW", "RW", "IW"];

export type ReadingOutcome = { answer: ReadingAnswer; labelled: LabelledWord[]; heard: string[] };
export type ReadingRun = { outcomes: ReadingOutcome[]; failed: string[]; timings: Timing[] };

/** Hears and labels every reading, one at a time. */
export async function measureReading(
  engine: ReadingEngine,
  language: string,
  corpus: ReadingCorpus,
  load: (file: string) => Promise<Pcm>,
): Promise<ReadingRun> {
  const run: ReadingRun = { outcomes: [], failed: [], timings: [] };
  for (const answer of corpus.answers) {
    const audio = await load(answer.file);
    const t0 = performance.now();
    try {
      const expected = answer.expected.map((w) => w.text);
      const result = await engine.listen({ language, expected, audio });
      run.timings.push({ wallMs: performance.now() - t0, engineMs: result.ms, seconds: answer.seconds });
      const heard = result.words.map((w) => ({
        word: w.word,
        startMs: w.start * 1000,
        endMs: w.end * 1000,
        confidence: w.confidence,
      }));
      run.outcomes.push({ answer, labelled: labelWords(answer.expected, heard), heard: heard.map((h) => h.word) });
    } catch (error) {
      run.timings.push({ wallMs: performance.now() - t0, engineMs: Number.NaN, seconds: answer.seconds });
      run.failed.push(`${answer.file}: ${(error as Error).message}`);
    }
  }
  return run;
}

type Count = { truth: number; found: number; predicted: number; seenAs: Record<string, number> };

/** True positives, truths and predictions per label, false alarms on words read correctly. */
export function countReading(outcomes: ReadingOutcome[]) {
  const counts = Object.fromEntries(
    LABELS.map((l) => [l, { truth: 0, found: 0, predicted: 0, seenAs: {} } as Count]),
  ) as Record<EditLabel, Count>;
  let correct = 0;
  let falseAlarms = 0;
  let spuriousExtras = 0;
  for (const { answer, labelled } of outcomes) {
    const byIndex = new Map(labelled.filter((w) => w.expected !== "").map((w) => [w.textIndex, w]));
    const extras = labelled.filter((w) => w.expected === "");
    const used = new Set<LabelledWord>();
    for (const edit of answer.truth) {
      const c = counts[edit.label];
      c.truth++;
      let got: string;
      if (edit.label === "DW" || edit.label === "SW") got = byIndex.get(edit.at)?.label ?? "missing";
      else {
        const near = extras.filter((w) => !used.has(w) && Math.abs(w.textIndex - edit.at) <= 1);
        const match = near.find((w) => w.label === edit.label) ?? near[0];
        if (match) used.add(match);
        got = match?.label ?? "nothing";
      }
      if (got === edit.label) c.found++;
      c.seenAs[got] = (c.seenAs[got] ?? 0) + 1;
    }
    for (const w of labelled) if (w.label in counts) counts[w.label as EditLabel].predicted++;
    spuriousExtras += extras.filter((w) => !used.has(w)).length;
    const edited = new Set(answer.truth.filter((e) => e.label === "DW" || e.label === "SW").map((e) => e.at));
    for (const w of answer.expected) {
      if (edited.has(w.textIndex)) continue;
      correct++;
      if (byIndex.get(w.textIndex)?.label !== "CW") falseAlarms++;
    }
  }
  return { counts, correct, falseAlarms, spuriousExtras };
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : "–");
const tick = (ok: boolean) => (ok ? "✓" : "✗");

/** Prints part 2's figures; returns the summary for the final table. */
export function reportReading(run: ReadingRun, corpus: ReadingCorpus, verbose: boolean) {
  const { counts, correct, falseAlarms, spuriousExtras } = countReading(run.outcomes);
  const seconds = corpus.answers.reduce((a, r) => a + r.seconds, 0);
  const snrs = corpus.answers.map((a) => a.snrDb).filter((x): x is number => x !== null);
  console.log(
    `  corpus: ${corpus.answers.length} readings of ${new Set(corpus.answers.map((a) => a.original)).size} texts (${seconds.toFixed(0)} s), ` +
      `voices ${[...new Set(corpus.answers.map((a) => a.voice))].join(", ")}; noise white/pink at ${corpus.params.snrDb} dB SNR ` +
      `(achieved ${Math.min(...snrs).toFixed(2)}..${Math.max(...snrs).toFixed(2)} dB); engine failed on ${run.failed.length}`,
  );
  const summary: Record<string, string> = {};
  for (const label of LABELS) {
    const c = counts[label];
    const precision = c.predicted ? c.found / c.predicted : 0;
    const recall = c.truth ? c.found / c.truth : 0;
    const seen = Object.entries(c.seenAs)
      .filter(([k]) => k !== label)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ");
    console.log(
      `  ${label}: recall ${c.found}/${c.truth} = ${pct(c.found, c.truth)} ${tick(recall >= TARGET)}, precision ${c.found}/${c.predicted} = ${pct(c.found, c.predicted)} ${tick(precision >= TARGET)} (targets ≥ ${TARGET * 100} %)` +
        (seen ? `; missed ones labelled: ${seen}` : ""),
    );
    summary[label] = `${pct(c.found, c.truth)}/${pct(c.found, c.predicted)}`;
  }
  console.log(
    `  false alarms on words read correctly: ${falseAlarms}/${correct} = ${pct(falseAlarms, correct)} labelled other than CW; ` +
      `extra words labelled where none was said: ${spuriousExtras}`,
  );
  const voices = [...new Set(corpus.answers.map((a) => a.voice))].map((v) => {
    const mine = countReading(run.outcomes.filter((o) => o.answer.voice === v));
    const truth = LABELS.reduce((n, l) => n + mine.counts[l].truth, 0);
    const found = LABELS.reduce((n, l) => n + mine.counts[l].found, 0);
    return `${v} ${pct(found, truth)} / ${pct(mine.falseAlarms, mine.correct)}`;
  });
  console.log(`  per voice (errors found / false alarms): ${voices.join(", ")}`);
  const time = timePerSecond(run.timings);
  console.log(`  time (listen): ${time.line}`);
  if (verbose) {
    for (const o of run.outcomes) {
      console.log(`    ${o.answer.file}: said "${o.answer.text}"`);
      console.log(
        `      errors ${o.answer.truth.map((e) => `${e.label}@${e.at}${e.said ? `(${e.said})` : ""}`).join(" ")}`,
      );
      console.log(`      heard  ${o.heard.join(" ")}`);
      const marks = o.labelled.filter((w) => w.label !== "CW");
      console.log(`      labels ${marks.map((w) => `${w.label}@${w.textIndex}(${w.recognized ?? "–"})`).join(" ")}`);
    }
    for (const f of run.failed) console.log(`    ${f}`);
  }
  return { summary, falseAlarms: pct(falseAlarms, correct), time };
}
