// Raw figures of the English cascade's two stages for every answer of the choice corpus, for
// studying decision rules offline (choice-rules.ts) without decoding the answers again: the template
// engine's classification (best and second candidate, margin) with and without reference audio, and
// pocketsphinx's grammar path and free phone loop (the same searches recognise() runs), and each
// choice's own forced path.
//
//   BENCH_SEED=1 nice -n 19 npx tsx bench/recognition/choice-dump.ts   # → bench/results/choice-dump-<hash>.json
import fs from "node:fs/promises";
import path from "node:path";
import { decodePcm } from "../../lib/recognition/audio/decode-pcm";
import { pocketsphinxEngine } from "../../lib/recognition/engines/pocketsphinx/pocketsphinx-engine";
import { choiceAudio } from "../../lib/recognition/engines/pocketsphinx/trim-answer";
import { classify } from "../../lib/recognition/engines/template/classify.mjs";
import { decodeFeatures } from "../../lib/recognition/engines/template/codec.mjs";
import { utteranceFeatures } from "../../lib/recognition/engines/template/mfcc.mjs";
import { type TemplatePrepared, templateEngine } from "../../lib/recognition/engines/template/template-engine";
import type { Pcm } from "../../lib/recognition/engines/types";
import { buildCorpus, corpusParams, RESULTS } from "./corpus";

const corpus = await buildCorpus(corpusParams(), Number(process.env.BENCH_JOBS ?? 2));
const lang = corpus.languages.find((l) => l.language === "eng")!;
const load = async (file: string): Promise<Pcm> => decodePcm(await fs.readFile(path.join(corpus.dir, file)));
const template = templateEngine();
const sphinx = pocketsphinxEngine();
await sphinx.info();
// The engine's own server calls (private: the bench reaches past recognise() for the raw paths).
type Call = (op: string, body: Record<string, unknown>) => Promise<{ result: unknown; ms: number }>;
const call: Call = (op, body) => (sphinx as unknown as { call: Call }).call(op, body);

const rows: unknown[] = [];
for (const challenge of lang.challenges) {
  const refs = await Promise.all(challenge.choices.map((c) => load(c.reference)));
  const prepared: Record<string, TemplatePrepared> = {};
  for (const withAudio of [true, false])
    prepared[String(withAudio)] = (await template.prepare({
      language: "eng",
      choices: challenge.choices.map((c, i) => ({ text: c.text, audio: withAudio ? refs[i]! : null })),
    })) as TemplatePrepared;
  const sp = await sphinx.prepare({
    language: "eng",
    choices: challenge.choices.map((c) => ({ text: c.text, audio: null })),
  });
  for (const answer of challenge.answers) {
    const pcm = await load(answer.file);
    const features = utteranceFeatures(pcm.samples);
    const tpl: Record<string, unknown> = {};
    for (const [k, p] of Object.entries(prepared)) {
      const r = classify(
        features,
        p.choices.map((c) => ({ templates: c.templates.map(decodeFeatures) })),
      );
      tpl[k] = { choice: r.choice, best: r.best, second: r.second, margin: r.margin, nearest: r.nearest };
    }
    // The searches take the answer cut to its speech, as the engine sends it.
    const cut = choiceAudio(pcm);
    const g =
      "silent" in cut
        ? { result: { index: null, reason: cut.silent, loop: [] }, ms: 0 }
        : await call("choice", { choices: sp.choices, prons: sp.prons, audio: cut.audio });
    // Each choice alone through the answer (a one-choice grammar): its own best path and score, for
    // studying margins between choices (a runner-up search) offline.
    const forced =
      "silent" in cut
        ? []
        : await Promise.all(
            sp.choices.map(
              async (c) => (await call("choice", { choices: [c], prons: sp.prons, audio: cut.audio })).result,
            ),
          );
    rows.push({
      challenge: challenge.id,
      choices: challenge.choices.map((c) => c.text),
      file: answer.file,
      text: answer.text,
      voice: answer.voice,
      expected: answer.expected,
      kind: answer.kind,
      seconds: answer.seconds,
      template: tpl,
      path: g.result,
      loop: (g.result as { loop: unknown }).loop,
      forced,
      ms: g.ms,
    });
  }
  process.stderr.write(".");
}
const out = path.join(RESULTS, `choice-dump-${corpus.hash}.json`);
await fs.writeFile(out, JSON.stringify(rows));
console.log(`\n${rows.length} answers → ${out}`);
process.exit(0);
