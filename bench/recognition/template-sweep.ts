import fs from "node:fs/promises";
import path from "node:path";
import { decodePcm } from "../../lib/recognition/audio/decode-pcm";
import { type ClassifyOptions, classify, DEFAULTS } from "../../lib/recognition/engines/template/classify.mjs";
import { decodeFeatures, encodeFeatures } from "../../lib/recognition/engines/template/codec.mjs";
import {
  DEFAULT_VARIANTS,
  type EspeakVariant,
  espeakVoicesFor,
  templateSources,
} from "../../lib/recognition/engines/template/espeak";
import { type Features, utteranceFeatures } from "../../lib/recognition/engines/template/mfcc.mjs";
import { buildCorpus, corpusParams, type LanguageCorpus } from "./corpus";
import { cachedSpeech } from "./synth-cache";

/** The tuning half of each language's answer voices (one of them also an engine template voice). */
export const TUNING: Record<string, string[]> = {
  eng: ["en-gb+f3", "en-us+f2", "en-gb-scotland", "en-us-nyc+f4"],
  nld: ["nl+f3", "nl+f2", "nl+m4", "nl+Annie"],
};
const MIN_OUT_OF_SET = 0.85;

const languages = (process.env.SWEEP_LANGUAGES ?? "eng,nld").split(",");
const audioModes = { yes: [true], no: [false], both: [true, false] }[process.env.SWEEP_AUDIO ?? "both"] ?? [
  true,
  false,
];
const variants: readonly EspeakVariant[] = process.env.SWEEP_VARIANTS
  ? (JSON.parse(process.env.SWEEP_VARIANTS) as EspeakVariant[])
  : DEFAULT_VARIANTS;
const structural: Partial<ClassifyOptions>[] = process.env.SWEEP_STRUCTURAL
  ? (JSON.parse(process.env.SWEEP_STRUCTURAL) as Partial<ClassifyOptions>[])
  : [{}];

const warps: number[] = process.env.SWEEP_WARPS ? (JSON.parse(process.env.SWEEP_WARPS) as number[]) : [1];

const corpus = await buildCorpus(corpusParams(), 1);

const wavs = async (file: string) => decodePcm(await fs.readFile(path.join(corpus.dir, file)));
/** Features as the engine stores and reads them (quantised). */
const features = (samples: Float32Array, warp = 1): Features =>
  decodeFeatures(encodeFeatures(utteranceFeatures(samples, warp)));

type Figure = {
  voice: string;
  text: string;
  nearest: number;
  expected: number | null;
  best: number;
  stretch: number;
  margin: number;
  ms: number;
};

async function measure(lang: LanguageCorpus, withAudio: boolean, options: Partial<ClassifyOptions>) {
  const found = await espeakVoicesFor(lang.language);
  if ("error" in found) throw new Error(found.error);
  const figures: Figure[] = [];
  for (const challenge of lang.challenges) {
    const choices = [];
    for (const choice of challenge.choices) {
      const templates: Features[] = [];
      if (withAudio) templates.push(features((await wavs(choice.reference)).samples));
      for (const { voice, how } of templateSources(found.voices, variants)) {
        const pcm = await cachedSpeech(voice, choice.text, how);
        for (const warp of warps) {
          const f = features(pcm.samples, warp);
          if (f.frames >= 10) templates.push(f);
        }
      }
      choices.push({ templates });
    }
    for (const answer of challenge.answers) {
      const pcm = await wavs(answer.file);
      const t0 = performance.now();
      const r = classify(utteranceFeatures(pcm.samples), choices, {
        ...options,
        maxStretch: Number.POSITIVE_INFINITY,
        minMargin: 0,
      });
      figures.push({
        voice: answer.voice,
        text: `${answer.text} → ${challenge.choices[r.best.index]?.text}`,
        nearest: (r as { nearest?: number }).nearest ?? -1,
        expected: answer.expected,
        best: r.best.index,
        stretch: r.best.stretch,
        margin: r.margin,
        ms: performance.now() - t0,
      });
    }
  }
  return figures;
}

type Score = {
  inSet: number;
  n: number;
  correct: number;
  wrong: number;
  rejected: number;
  outN: number;
  outRej: number;
};
function score(figures: Figure[], maxStretch: number, minMargin: number): Score {
  const s: Score = { inSet: 0, n: 0, correct: 0, wrong: 0, rejected: 0, outN: 0, outRej: 0 };
  for (const f of figures) {
    const accepted = f.stretch < maxStretch && f.margin >= minMargin;
    if (f.expected === null) {
      s.outN++;
      if (!accepted) s.outRej++;
    } else {
      s.n++;
      if (!accepted) s.rejected++;
      else if (f.best === f.expected) s.correct++;
      else s.wrong++;
    }
  }
  s.inSet = s.n ? s.correct / s.n : 0;
  return s;
}
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const line = (s: Score) =>
  `in set ${pct(s.inSet)} (${s.correct}/${s.n}; wrong ${s.wrong}, rejected ${s.rejected}); out of set rejected ${pct(s.outRej / Math.max(1, s.outN))} (${s.outRej}/${s.outN})`;

const maxStretches = Array.from({ length: 61 }, (_, i) => 0.6 + i * 0.01);
const minMargins = Array.from({ length: 31 }, (_, i) => i * 0.005);

console.log(`Corpus ${corpus.dir}; variants ${JSON.stringify(variants)}`);
for (const lang of corpus.languages.filter((l) => languages.includes(l.language))) {
  const tuning = new Set(TUNING[lang.language] ?? []);
  console.log(
    `\n${lang.language}: tuning voices ${[...tuning].join(", ")}; held out ${lang.answerVoices.filter((v) => !tuning.has(v)).join(", ")}`,
  );
  for (const withAudio of audioModes) {
    for (const extra of structural) {
      const options = { ...DEFAULTS, ...extra };
      const all = await measure(lang, withAudio, options);
      const tune = all.filter((f) => tuning.has(f.voice));
      const held = all.filter((f) => !tuning.has(f.voice));
      let best: { maxStretch: number; minMargin: number; s: Score } | null = null;
      for (const maxStretch of maxStretches)
        for (const minMargin of minMargins) {
          const s = score(tune, maxStretch, minMargin);
          if (s.outRej / Math.max(1, s.outN) < MIN_OUT_OF_SET) continue;
          // Highest accuracy; on a tie the stricter setting (more rejection, then the larger margin).
          if (
            !best ||
            s.correct > best.s.correct ||
            (s.correct === best.s.correct &&
              (s.outRej > best.s.outRej || (s.outRej === best.s.outRej && s.wrong < best.s.wrong)))
          )
            best = { maxStretch, minMargin, s };
        }
      const ms = all.map((f) => f.ms).sort((a, b) => a - b);
      const top1 = (fs: Figure[]) => {
        const ins = fs.filter((f) => f.expected !== null);
        return `${ins.filter((f) => f.best === f.expected).length}/${ins.length} (by distance alone ${ins.filter((f) => f.nearest === f.expected).length})`;
      };
      console.log(
        `\n  ${withAudio ? "with reference audio" : "no reference audio"}, ${JSON.stringify(extra)}: ${(ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(0)} ms per answer (p95 ${ms[Math.floor(ms.length * 0.95)]!.toFixed(0)}); closest choice right (no thresholds): tuning ${top1(tune)}, held out ${top1(held)}`,
      );
      if (process.env.SWEEP_VERBOSE)
        for (const f of all.filter((f) => f.expected !== null && f.best !== f.expected))
          console.log(
            `    miss ${f.voice}${tuning.has(f.voice) ? " (tuning)" : ""}: ${f.text} (stretch ${f.stretch.toFixed(2)}, margin ${f.margin.toFixed(3)})`,
          );
      console.log(
        `    defaults ${options.maxStretch}/${options.minMargin}: tuning ${line(score(tune, options.maxStretch, options.minMargin))}`,
      );
      console.log(
        `    ${" ".repeat(String(options.maxStretch).length + String(options.minMargin).length + 10)}held out ${line(score(held, options.maxStretch, options.minMargin))}`,
      );
      for (const at of (process.env.SWEEP_AT ?? "").split(",").filter(Boolean)) {
        const [m, g] = at.split("/").map(Number) as [number, number];
        console.log(`    at ${at}: tuning ${line(score(tune, m, g))}`);
        console.log(`    at ${at}: held out ${line(score(held, m, g))}`);
      }
      if (!best) {
        console.log("    no setting rejects enough of the tuning voices' out-of-set answers");
        continue;
      }
      const tag = `best maxStretch ${best.maxStretch.toFixed(2)} minMargin ${best.minMargin.toFixed(3)}`;
      console.log(`    ${tag}: tuning ${line(best.s)}`);
      console.log(`    ${" ".repeat(tag.length)}  held out ${line(score(held, best.maxStretch, best.minMargin))}`);
    }
  }
}
