// Choice recognition benchmark: every available choice engine (lib/recognition/engines/registry.ts),
// for each language of the synthetic corpus (corpus.ts) that it speaks, judged on
//  - accuracy in the set: answers that are one of the choices and got that choice
//    (target ≥ 95 % English, ≥ 90 % Dutch);
//  - out-of-set answers rejected: sentences that are none of the choices and got no choice
//    (target ≥ 80 %);
//  - engine time per second of answer audio: recognise() wall time (worker dispatch included),
//    and the engine's own `ms`; one answer at a time, after one untimed warm-up call.
// Twice: with a reference recording per choice (voice A), and with none (an engine that needs
// audio must then make its own, e.g. the template engine speaks the choices with espeak-ng).
// Answers are other voices, varied in speed, pitch and tempo, with noise at BENCH_SNR dB.
//
//   npx tsx bench/recognition/choice-bench.ts
//   BENCH_LANGUAGES=nld BENCH_ENGINES=template ...   # a subset (engine names contain the words)
//   BENCH_ANSWERS=4 BENCH_OUT_VOICES=2 BENCH_SNR=15 BENCH_SEED=1 ...   # corpus shape (cached per shape)
//   BENCH_JOBS=2 ...        # corpus generation processes;  BENCH_VERBOSE=1 ...  # list every miss
//   BENCH_VOICES=en-gb,en-us+m3 ...   # only the answers in these voices (exact names), e.g. held-out ones
// Prints figures; asserts nothing. The corpus is kept under bench/results/choice-corpus-<hash>.
import fs from "node:fs/promises";
import path from "node:path";
import { decodePcm } from "../../lib/recognition/audio/decode-pcm";
import { choiceEngines, choiceEnginesFor } from "../../lib/recognition/engines/registry";
import { DEFAULT_VARIANTS, espeakVoicesFor } from "../../lib/recognition/engines/template/espeak";
import type { ChoiceEngine, ChoiceResult, Pcm } from "../../lib/recognition/engines/types";
import { type Answer, buildCorpus, corpusParams, type LanguageCorpus } from "./corpus";

const TARGET_IN_SET: Record<string, number> = { eng: 0.95, nld: 0.9 };
const TARGET_OUT_OF_SET = 0.8;
const wantedLanguages = (process.env.BENCH_LANGUAGES ?? "eng,nld").split(",");
const wantedEngines = process.env.BENCH_ENGINES?.split(",");
const verbose = !!process.env.BENCH_VERBOSE;
const wantedVoices = process.env.BENCH_VOICES ? new Set(process.env.BENCH_VOICES.split(",")) : null;

const corpus = await buildCorpus(corpusParams(), Number(process.env.BENCH_JOBS ?? 2));
console.log(
  `Corpus ${corpus.dir}: ${corpus.params.answersPerChoice} answers per choice, ` +
    `${corpus.params.outOfSetVoices} voices per out-of-set sentence (2 per challenge), ` +
    `noise white/pink at ${corpus.params.snrDb} dB SNR, speed -s 130..180, pitch ±200 cents, tempo 0.9..1.15`,
);
for (const { info } of await choiceEngines())
  console.log(
    `engine ${info.name}: ${info.available ? `available for ${info.languages === "*" ? "any language" : info.languages.join(", ")}` : `not available (${info.reason})`}`,
  );

const pcms = new Map<string, Promise<Pcm>>();
// The server's decoder, on the corpus's WAV files.
const load = (file: string) => {
  let pcm = pcms.get(file);
  if (!pcm) {
    pcm = fs.readFile(path.join(corpus.dir, file)).then((bytes) => decodePcm(bytes));
    pcms.set(file, pcm);
  }
  return pcm;
};

type Outcome = { answer: Answer; result: ChoiceResult | null; error?: string; wallMs: number };
type Run = { outcomes: Outcome[]; prepareMs: number[]; prepareFailures: string[] };

async function runVariant(engine: ChoiceEngine, lang: LanguageCorpus, withAudio: boolean): Promise<Run> {
  const run: Run = { outcomes: [], prepareMs: [], prepareFailures: [] };
  for (const challenge of lang.challenges) {
    const choices = await Promise.all(
      challenge.choices.map(async (c) => ({ text: c.text, audio: withAudio ? await load(c.reference) : null })),
    );
    let prepared: unknown;
    const t0 = performance.now();
    try {
      // Through JSON, as the server stores it with the challenge.
      prepared = JSON.parse(JSON.stringify(await engine.prepare({ language: lang.language, choices })));
      run.prepareMs.push(performance.now() - t0);
    } catch (error) {
      run.prepareFailures.push(`${challenge.id}: ${(error as Error).message}`);
      continue;
    }
    for (const answer of challenge.answers) {
      if (wantedVoices && !wantedVoices.has(answer.voice)) continue;
      const pcm = await load(answer.file);
      const t1 = performance.now();
      try {
        const result = await engine.recognise(prepared, pcm);
        run.outcomes.push({ answer, result, wallMs: performance.now() - t1 });
      } catch (error) {
        run.outcomes.push({ answer, result: null, error: (error as Error).message, wallMs: performance.now() - t1 });
      }
    }
  }
  return run;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : "–");
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const tick = (ok: boolean) => (ok ? "✓" : "✗");

/** The voices the template engine speaks its own templates in, for this language (voice+variant). */
async function templateVoices(language: string): Promise<Set<string>> {
  const found = await espeakVoicesFor(language);
  if ("error" in found) return new Set();
  return new Set(
    DEFAULT_VARIANTS.map((how, k) => `${found.voices[k % found.voices.length]}${how.variant ? `+${how.variant}` : ""}`),
  );
}

type Row = { engine: string; language: string; variant: string; inSet: string; outOfSet: string; rtf: string };
const rows: Row[] = [];

function report(engineName: string, lang: LanguageCorpus, variant: string, run: Run, seen: Set<string>) {
  const inSet = run.outcomes.filter((o) => o.answer.expected !== null);
  const outSet = run.outcomes.filter((o) => o.answer.expected === null);
  const correct = inSet.filter((o) => o.result?.choice === o.answer.expected).length;
  const wrong = inSet.filter(
    (o) => o.result && o.result.choice !== null && o.result.choice !== o.answer.expected,
  ).length;
  const none = inSet.filter((o) => o.result && o.result.choice === null).length;
  const errors = run.outcomes.filter((o) => o.error).length;
  const rejected = outSet.filter((o) => o.result && o.result.choice === null).length;
  const audio = sum(run.outcomes.map((o) => o.answer.seconds));
  const wall = sum(run.outcomes.map((o) => o.wallMs)) / 1000;
  const own = sum(run.outcomes.map((o) => o.result?.ms ?? 0)) / 1000;
  const target = TARGET_IN_SET[lang.language] ?? 0.9;
  const inRate = inSet.length ? correct / inSet.length : 0;
  const outRate = outSet.length ? rejected / outSet.length : 0;

  console.log(`\n${engineName} · ${lang.language} · ${variant}`);
  for (const f of run.prepareFailures) console.log(`  prepare failed: ${f}`);
  console.log(
    `  in set:      ${correct}/${inSet.length} correct = ${pct(correct, inSet.length)} (target ≥ ${target * 100} %) ${tick(inRate >= target)}; wrong choice ${wrong}, nothing recognised ${none}, engine errors ${errors}`,
  );
  const kind = (k: string) => {
    const os = outSet.filter((o) => o.answer.kind === k);
    return `${os.filter((o) => o.result?.choice === null).length}/${os.length}`;
  };
  console.log(
    `  out of set:  ${rejected}/${outSet.length} rejected = ${pct(rejected, outSet.length)} (target ≥ ${TARGET_OUT_OF_SET * 100} %) ${tick(outRate >= TARGET_OUT_OF_SET)}; ` +
      `near a choice ${kind("near")}, unrelated ${kind("unrelated")}`,
  );
  console.log(
    `  time:        ${(wall / audio).toFixed(3)} s per s of audio (engine's own ms: ${(own / audio).toFixed(3)}) over ${audio.toFixed(0)} s in ${run.outcomes.length} answers; ` +
      `per answer p50 ${quantile(
        run.outcomes.map((o) => o.wallMs),
        0.5,
      ).toFixed(0)} ms, p95 ${quantile(
        run.outcomes.map((o) => o.wallMs),
        0.95,
      ).toFixed(
        0,
      )} ms; prepare ${(sum(run.prepareMs) / Math.max(1, run.prepareMs.length)).toFixed(0)} ms per challenge`,
  );
  const voices = lang.answerVoices
    .filter((v) => !wantedVoices || wantedVoices.has(v))
    .map((v) => {
      const mine = run.outcomes.filter((o) => o.answer.voice === v);
      const ins = mine.filter((o) => o.answer.expected !== null);
      const outs = mine.filter((o) => o.answer.expected === null);
      return `${v}${seen.has(v) ? "*" : ""} ${ins.filter((o) => o.result?.choice === o.answer.expected).length}/${ins.length} ${outs.filter((o) => o.result?.choice === null && !o.error).length}/${outs.length}`;
    });
  console.log(`  per voice (in set correct, out of set rejected): ${voices.join(", ")}`);
  const noises = (["white", "pink"] as const).map((n) => {
    const ins = inSet.filter((o) => o.answer.noise === n);
    return `${n} ${ins.filter((o) => o.result?.choice === o.answer.expected).length}/${ins.length}`;
  });
  console.log(`  per noise (in set correct): ${noises.join(", ")}`);
  if (seen.size) {
    const held = inSet.filter((o) => !seen.has(o.answer.voice));
    const heard = inSet.filter((o) => seen.has(o.answer.voice));
    const ok = (os: Outcome[]) => os.filter((o) => o.result?.choice === o.answer.expected).length;
    console.log(
      `  * also a voice of the engine's own espeak-ng templates: in set ${pct(ok(heard), heard.length)} (${ok(heard)}/${heard.length}) there, ${pct(ok(held), held.length)} (${ok(held)}/${held.length}) in the other voices`,
    );
  }
  const misses = run.outcomes.filter((o) => (o.result?.choice ?? null) !== o.answer.expected || o.error);
  if (verbose)
    for (const o of misses) {
      const got = o.error
        ? `error: ${o.error}`
        : o.result?.choice === null
          ? "nothing"
          : `choice ${o.result!.choice! + 1}`;
      console.log(
        `    ${o.answer.file}: "${o.answer.text}" → ${got} (confidence ${o.result?.confidence ?? "–"}) ${o.result?.detail ?? ""}`,
      );
    }
  rows.push({
    engine: engineName,
    language: lang.language,
    variant,
    inSet: `${pct(correct, inSet.length)} ${tick(inRate >= target)}`,
    outOfSet: `${pct(rejected, outSet.length)} ${tick(outRate >= TARGET_OUT_OF_SET)}`,
    rtf: (wall / audio).toFixed(3),
  });
}

for (const lang of corpus.languages.filter((l) => wantedLanguages.includes(l.language))) {
  const engines = (await choiceEnginesFor(lang.language)).filter(
    ({ info }) => !wantedEngines || wantedEngines.some((w) => info.name.includes(w)),
  );
  if (!engines.length) console.log(`\nNo available engine speaks ${lang.language}.`);
  for (const { engine, info } of engines) {
    // Warm-up (process start, model load, worker threads), untimed.
    const first = lang.challenges[0]!;
    const warm = { language: lang.language, choices: first.choices.map((c) => ({ text: c.text, audio: null })) };
    await engine.recognise(await engine.prepare(warm), await load(first.answers[0]!.file)).catch(() => undefined);
    const seen = info.name.startsWith("template") ? await templateVoices(lang.language) : new Set<string>();
    const voiceA = lang.referenceVoice;
    report(info.name, lang, `with reference audio (voice A: ${voiceA})`, await runVariant(engine, lang, true), seen);
    report(info.name, lang, "no reference audio", await runVariant(engine, lang, false), seen);
  }
}

console.log("\nengine                        lang  variant                         in set     out of set  s/s audio");
for (const r of rows)
  console.log(
    `${r.engine.padEnd(30)}${r.language.padEnd(6)}${(r.variant.startsWith("with") ? "reference audio" : "no reference audio").padEnd(32)}${r.inSet.padEnd(11)}${r.outOfSet.padEnd(12)}${r.rtf}`,
  );
// Worker threads and engine processes would keep the process alive.
process.exit(0);
