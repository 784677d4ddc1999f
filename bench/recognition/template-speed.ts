import fs from "node:fs/promises";
import path from "node:path";
import { decodePcm } from "../../lib/recognition/audio/decode-pcm";
import { type ClassifyOptions, classify } from "../../lib/recognition/engines/template/classify.mjs";
import { decodeFeatures, encodeFeatures } from "../../lib/recognition/engines/template/codec.mjs";
import { DEFAULT_VARIANTS, espeakVoicesFor, templateSources } from "../../lib/recognition/engines/template/espeak";
import { type Features, utteranceFeatures } from "../../lib/recognition/engines/template/mfcc.mjs";
import { DECIDING_ALONE } from "../../lib/recognition/engines/template/template-engine";
import { buildCorpus, corpusParams } from "./corpus";
import { cachedSpeech } from "./synth-cache";

// template-sweep.ts's tuning voices (importing it would run the sweep).
const TUNING: Record<string, string[]> = {
  eng: ["en-gb+f3", "en-us+f2", "en-gb-scotland", "en-us-nyc+f4"],
  nld: ["nl+f3", "nl+f2", "nl+m4", "nl+Annie"],
};
type Classify = typeof classify;
const baseline: Classify | null = process.env.SPEED_BASELINE
  ? ((await import(path.resolve(process.env.SPEED_BASELINE))) as { classify: Classify }).classify
  : null;
const languages = (process.env.SPEED_LANGUAGES ?? "eng,nld").split(",");
const variants: Partial<ClassifyOptions>[] = JSON.parse(
  process.env.SPEED_VARIANTS ?? '[{"coarse":0},{"coarse":3},{"coarse":4}]',
);
const corpus = await buildCorpus(corpusParams(), 1);
const wav = async (file: string) => decodePcm(await fs.readFile(path.join(corpus.dir, file)));
const stored = (samples: Float32Array): Features => decodeFeatures(encodeFeatures(utteranceFeatures(samples)));

type Case = { voice: string; expected: number | null; answer: Features; choices: { templates: Features[] }[] };
type Tally = {
  ms: number;
  n: number;
  changed: number;
  heldChanged: number;
  inSet: number;
  right: number;
  out: number;
  rejected: number;
};

for (const lang of corpus.languages.filter((l) => languages.includes(l.language))) {
  const found = await espeakVoicesFor(lang.language);
  if ("error" in found) throw new Error(found.error);
  const thresholds: Partial<ClassifyOptions> = lang.language === "eng" ? {} : DECIDING_ALONE;
  const tuning = new Set(TUNING[lang.language] ?? []);
  for (const withAudio of [true, false]) {
    const cases: Case[] = [];
    for (const challenge of lang.challenges) {
      const choices = [];
      for (const choice of challenge.choices) {
        const templates: Features[] = [];
        if (withAudio) templates.push(stored((await wav(choice.reference)).samples));
        for (const { voice, how } of templateSources(found.voices, DEFAULT_VARIANTS)) {
          const f = stored((await cachedSpeech(voice, choice.text, how)).samples);
          if (f.frames >= 10) templates.push(f);
        }
        choices.push({ templates });
      }
      for (const a of challenge.answers)
        cases.push({
          voice: a.voice,
          expected: a.expected,
          answer: utteranceFeatures((await wav(a.file)).samples),
          choices,
        });
    }
    console.log(`\n${lang.language} ${withAudio ? "with" : "without"} reference audio: ${cases.length} answers`);
    const rows: [Partial<ClassifyOptions>, Classify, string][] = variants.map((v) => [v, classify, JSON.stringify(v)]);
    if (baseline) rows.unshift([{}, baseline, `baseline ${process.env.SPEED_BASELINE}`]);
    const tallies: Tally[] = rows.map(() => ({
      ms: 0,
      n: 0,
      changed: 0,
      heldChanged: 0,
      inSet: 0,
      right: 0,
      out: 0,
      rejected: 0,
    }));
    for (const [variant, run] of rows) run(cases[0]!.answer, cases[0]!.choices, { ...thresholds, ...variant }); // warm-up
    // Settings take turns on every answer, so that other load on the machine weighs on all alike.
    for (const c of cases) {
      let first: { choice: number | null; closest: number } | null = null;
      for (const [v, [variant, run]] of rows.entries()) {
        const t = tallies[v]!;
        const started = process.cpuUsage();
        const r = run(c.answer, c.choices, { ...thresholds, ...variant });
        const used = process.cpuUsage(started);
        t.ms += (used.user + used.system) / 1000;
        t.n++;
        const seen = { choice: r.choice, closest: r.best.index };
        if (!first) first = seen;
        else if (first.choice !== seen.choice || first.closest !== seen.closest) {
          t.changed++;
          if (!tuning.has(c.voice)) t.heldChanged++;
          if (process.env.SPEED_VERBOSE)
            console.log(
              `    ${rows[v]![2]} differs on ${c.voice} (expected ${c.expected}): ${JSON.stringify(first)} → ${JSON.stringify(seen)}`,
            );
        }
        if (c.expected === null) {
          t.out++;
          if (r.choice === null) t.rejected++;
        } else {
          t.inSet++;
          if (r.choice === c.expected) t.right++;
        }
      }
    }
    for (const [v, [, , name]] of rows.entries()) {
      const t = tallies[v]!;
      console.log(
        `  ${name}: ${(t.ms / t.n).toFixed(1)} ms of CPU per answer; template alone in set ${t.right}/${t.inSet}, ` +
          `out of set rejected ${t.rejected}/${t.out}; ${v === 0 ? "reference" : `${t.changed} answers differ (${t.heldChanged} on held-out voices)`}`,
      );
    }
  }
}
