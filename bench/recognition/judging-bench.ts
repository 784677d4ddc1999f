// Judging benchmark: the pronunciation and reading-aloud engines (lib/recognition/engines/registry.ts)
// per language, on corpora generated with espeak-ng voices and variants, sox pitch (±200 cents) and
// tempo (0.9..1.15), and white/pink noise at an exact SNR (BENCH_SNR, 15 dB):
//  1. pronunciation: words and short sentences said correctly and with exact single-phoneme
//     substitutions (espeak-ng [[phonemes]]), aligned (engine.align) and judged (analysisOf):
//     substituted phonemes flagged bad or moderate (target ≥ 70 %), correct phonemes flagged bad
//     (target ≤ 10 %), GOP distributions, and score.ts constants that would meet the targets; the
//     same split by voice: thresholds fitted on the tuning voices only (pronunciation-measure.ts
//     TUNING_VOICES, BENCH_TUNING_VOICES), both targets reported on the held-out voices;
//  2. reading aloud: texts read with words omitted, substituted, repeated and inserted, heard
//     (engine.listen) and labelled (labelWords): recall and precision of DW, SW, RW, IW (target
//     ≥ 80 %) and false alarms on words read correctly;
//  3. forced alignment: words synthesised one by one and joined with known gaps, aligned as a
//     sentence: word boundaries within 50 ms (target ≥ 90 %);
//  4. engine time per second of audio (align, listen), one call at a time after a warm-up.
// Languages without an engine are listed with their reason: their answers are NA.
//
//   npx tsx bench/recognition/judging-bench.ts
//   BENCH_PARTS=pronunciation,reading,alignment BENCH_LANGUAGES=eng,nld,deu,fra,spa ...
//   BENCH_SNR=15 BENCH_SEED=1 BENCH_CORRECT_VOICES=3 BENCH_SUB_VOICES=2 BENCH_READ_VOICES=5 BENCH_LOW_SNR=30 ...
//   BENCH_JOBS=2 ...   # corpus generation processes;   BENCH_VERBOSE=1 ...   # every miss
//   BENCH_GOPS=/tmp/gops.json ...   # every judged phone (voice, kind, GOP) as JSON, to fit offline
// Prints figures; asserts nothing. Corpora are kept under bench/results/judging-<part>-<hash>.
import fs from "node:fs/promises";
import path from "node:path";
import { decodePcm } from "../../lib/recognition/audio/decode-pcm";
import { pronunciationEngineFor, readingEngineFor } from "../../lib/recognition/engines/registry";
import type { Pcm } from "../../lib/recognition/engines/types";
import { alignmentCorpus } from "./alignment-corpus";
import { measureAlignment, reportAlignment } from "./alignment-measure";
import { judgingParams, pronunciationCorpus } from "./judging-corpus";
import { measurePronunciation, reportPronunciation } from "./pronunciation-measure";
import { readingCorpus } from "./reading-corpus";
import { measureReading, reportReading } from "./reading-measure";

const CORPUS_LANGUAGE = "eng";
const languages = (process.env.BENCH_LANGUAGES ?? "eng,nld,deu,fra,spa").split(",");
const parts = new Set((process.env.BENCH_PARTS ?? "pronunciation,reading,alignment").split(","));
const verbose = !!process.env.BENCH_VERBOSE;
const params = judgingParams();

/** The server's decoder, on a corpus's WAV files. */
const loader = (dir: string) => (file: string) =>
  fs.readFile(path.join(dir, file)).then((bytes): Promise<Pcm> => decodePcm(bytes));

const rows: string[][] = [];
/** A line of the final table: language, engine, part, figures. */
const row = (...cells: string[]) => rows.push(cells);

for (const language of languages) {
  const pronunciation = await pronunciationEngineFor(language);
  const reading = await readingEngineFor(language);
  if (!pronunciation.engine) console.log(`\n${language} · pronunciation: NA — ${pronunciation.reason}`);
  if (!reading.engine) console.log(`${language} · reading aloud: NA — ${reading.reason}`);
  if (!pronunciation.engine) row(language, "–", "pronunciation", "NA (no engine): every phoneme not assessed");
  if (!reading.engine) row(language, "–", "reading aloud", "NA (no engine): every word labelled NA");
  if (language !== CORPUS_LANGUAGE) {
    for (const found of [pronunciation, reading])
      if (found.engine)
        console.log(`${language}: ${found.name} is available, but this bench has an English corpus only`);
    continue;
  }

  if (pronunciation.engine && parts.has("pronunciation")) {
    const { engine } = pronunciation;
    const corpus = await pronunciationCorpus(params);
    const load = loader(corpus.dir);
    // Warm-up (process start, model load), untimed.
    const first = corpus.answers[0]!;
    await engine.align({ language, text: first.expectedText, audio: await load(first.file) }).catch(() => undefined);
    console.log(`\n${pronunciation.name} · ${language} · 1. pronunciation (${corpus.dir})`);
    console.log(`  voices ${[...new Set(corpus.answers.map((a) => a.voice))].join(", ")}; speed -s 130..180`);
    const s = reportPronunciation(await measurePronunciation(engine, language, corpus, load), corpus, verbose);
    const figures = `substituted flagged ${s.flagged} (≥ 70 %), correct bad ${s.correctBad} (≤ 10 %); ${s.heldOut}`;
    row(language, pronunciation.name, "pronunciation", `${figures}; align ${s.time.wall.toFixed(3)} s/s`);
  }
  if (reading.engine && parts.has("reading")) {
    const { engine } = reading;
    const corpus = await readingCorpus(params);
    const load = loader(corpus.dir);
    const first = corpus.answers[0]!;
    const warm = { language, expected: first.expected.map((w) => w.text), audio: await load(first.file) };
    await engine.listen(warm).catch(() => undefined);
    console.log(`\n${reading.name} · ${language} · 2. reading aloud (${corpus.dir})`);
    const s = reportReading(await measureReading(engine, language, corpus, load), corpus, verbose);
    const figures = Object.entries(s.summary).map(([label, v]) => `${label} ${v}`);
    row(
      language,
      reading.name,
      "reading aloud",
      `recall/precision ${figures.join(", ")} (≥ 80 %); false alarms ${s.falseAlarms}; listen ${s.time.wall.toFixed(3)} s/s`,
    );
  }
  if (pronunciation.engine && parts.has("alignment")) {
    const corpus = await alignmentCorpus(params);
    console.log(`\n${pronunciation.name} · ${language} · 3. forced alignment (${corpus.dir})`);
    const run = await measureAlignment(pronunciation.engine, language, corpus, loader(corpus.dir));
    const s = reportAlignment(run, corpus, verbose);
    const figures = `boundaries within 50 ms ${s.within} (≥ 90 %); align ${s.time.wall.toFixed(3)} s/s`;
    row(language, pronunciation.name, "forced alignment", figures);
  }
}

console.log(
  "\nlang  engine                          part              figures (s/s: engine wall time per second of audio)",
);
for (const [language, engine, part, figures] of rows)
  console.log(`${language!.padEnd(6)}${engine!.padEnd(32)}${part!.padEnd(18)}${figures}`);
// Engine processes would keep the process alive.
process.exit(0);
