// Reading-aloud diagnostics: the judging bench's reading corpus heard once (the reading search, the
// one-word check and each stretch's readings forced through its audio: judging.ts hearReading),
// cached as JSON, then the stretch decisions (reading-stretches.ts resolveStretches) replayed under
// a grid of thresholds, each counted as the bench counts (reading-measure.ts countReading). Tuning
// without re-running the engine; the bench itself stays the measure of record.
//
//   npx tsx bench/recognition/reading-replay.ts            # BENCH_SEED=2 for the held-out corpus
//   REPLAY_GRID='margin=0.8;loopMargin=1,2,Infinity;wordLoop=3,Infinity' ...
//   REPLAY_FRESH=1 ...   # hear the corpus again (after an engine change)
//   REPLAY_TAG=x ...     # keep that evidence apart (e.g. heard with SPHINX_READ_* settings of the Python side)
//   REPLAY_GAP_COSTS='-3,-3,-0.5,-99;-2,-2,-1,0' ...  # the gap search (reading-gaps.ts) under each cost too
//   REPLAY_VERBOSE=1 ... # each reading's errors, decoded words, heard words and labels (first combination only)
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { decodePcm } from "../../lib/recognition/audio/decode-pcm";
import { hearReading, sphinxWord, textWords } from "../../lib/recognition/engines/pocketsphinx/judging";
import { pocketsphinxEngine } from "../../lib/recognition/engines/pocketsphinx/pocketsphinx-engine";
import type { GapExtra } from "../../lib/recognition/engines/pocketsphinx/pocketsphinx-types";
import { addExtras, gapItems, gatherGaps } from "../../lib/recognition/engines/pocketsphinx/reading-gaps";
import {
  resolveStretches,
  STRETCH_PARAMS,
  type StretchParams,
} from "../../lib/recognition/engines/pocketsphinx/reading-stretches";
import type { HeardWord } from "../../lib/recognition/engines/types";
import { labelWords } from "../../lib/recognition/reading/label-words";
import { judgingParams } from "./judging-corpus";
import { readingCorpus } from "./reading-corpus";
import { countReading, type ReadingOutcome } from "./reading-measure";

type Gaps = { items: string[]; costs: number[][]; extras: GapExtra[][] };
type Heard = Awaited<ReturnType<typeof hearReading>> & { gaps?: Gaps | null };

const corpus = await readingCorpus(judgingParams());
const cache = path.join(
  corpus.dir,
  `replay-evidence${process.env.REPLAY_TAG ? `-${process.env.REPLAY_TAG}` : ""}.json`,
);
let heard: Record<string, Heard & { keys: string[] }>;
if (existsSync(cache) && !process.env.REPLAY_FRESH) heard = JSON.parse(await fs.readFile(cache, "utf8"));
else {
  heard = {};
  const engine = pocketsphinxEngine();
  for (const answer of corpus.answers) {
    const audio = await decodePcm(await fs.readFile(path.join(corpus.dir, answer.file)));
    const keys = answer.expected.flatMap((w) => textWords(w.text)).map(sphinxWord);
    heard[answer.file] = { keys, ...(await hearReading(engine, keys, audio)) };
  }
  await fs.writeFile(cache, JSON.stringify(heard));
  engine.close();
}
// The gap search (reading-gaps.ts) over the words resolved with the default thresholds, once per
// cost of REPLAY_GAP_COSTS ("r,i,p;r,i,p"; kept with the evidence until asked for other costs).
const gapCosts = (process.env.REPLAY_GAP_COSTS ?? "")
  .split(";")
  .filter(Boolean)
  .map((c) => c.split(",").map(Number));
const costIndex = (g: Gaps | null | undefined, cost: number[]) =>
  g ? g.costs.findIndex((c) => c.join() === cost.join()) : -1;
if (gapCosts.some((c) => Object.values(heard).some((h) => costIndex(h.gaps, c) < 0))) {
  const engine = pocketsphinxEngine();
  for (const answer of corpus.answers) {
    const h = heard[answer.file]!;
    const audio = await decodePcm(await fs.readFile(path.join(corpus.dir, answer.file)));
    const words = resolveStretches(h.keys, h.verified, h.evidence);
    const extras = await gatherGaps(engine, h.keys, words, audio, gapCosts);
    h.gaps = extras && { items: gapItems(h.keys, words).items, costs: gapCosts, extras };
  }
  await fs.writeFile(cache, JSON.stringify(heard));
  engine.close();
}

const grid: Record<string, number[]> = Object.fromEntries(
  Object.entries(STRETCH_PARAMS).map(([k, v]) => [k, [v as number]]),
);
for (const part of (process.env.REPLAY_GRID ?? "").split(";").filter(Boolean)) {
  const [k, vs] = part.split("=");
  grid[k!] = vs!.split(",").map(Number);
}
let combos: StretchParams[] = [{} as StretchParams];
for (const [k, vs] of Object.entries(grid))
  combos = combos.flatMap((c) => vs.map((v) => ({ ...c, [k]: v }) as StretchParams));

const pct = (n: number, d: number) => (d ? ((100 * n) / d).toFixed(1) : "–").padStart(5);
// Each combination without the gap search, then with each of its costs (-1: none).
const gapChoices = [-1, ...gapCosts.map((_, i) => i)];
for (const [params, gap] of combos.flatMap((p) => gapChoices.map((g) => [p, g] as const))) {
  const outcomes: ReadingOutcome[] = corpus.answers.map((answer) => {
    const h = heard[answer.file]!;
    let words: HeardWord[] = resolveStretches(h.keys, h.verified, h.evidence, params);
    // The gap search heard the words resolved with the default thresholds: its extras fit those only.
    if (gap >= 0 && h.gaps && JSON.stringify(gapItems(h.keys, words).items) === JSON.stringify(h.gaps.items))
      words = addExtras(h.keys, words, h.gaps.extras[costIndex(h.gaps, gapCosts[gap]!)]!);
    const said = words.map((w) => ({
      word: w.word,
      startMs: w.start * 1000,
      endMs: w.end * 1000,
      confidence: w.confidence,
    }));
    return { answer, labelled: labelWords(answer.expected, said), heard: said.map((w) => w.word) };
  });
  if (process.env.REPLAY_VERBOSE && params === combos[0] && gap === gapChoices.at(-1))
    for (const o of outcomes) printOutcome(o, heard[o.answer.file]!);
  const { counts, correct, falseAlarms } = countReading(outcomes);
  const cells = Object.entries(counts).map(([l, c]) => `${l} ${pct(c.found, c.truth)}/${pct(c.found, c.predicted)}`);
  const name = Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .concat(gap >= 0 ? [`gap=${gapCosts[gap]!.join(",")}`] : [])
    .join(" ");
  console.log(`${name.padEnd(70)} ${cells.join("  ")}  FA ${pct(falseAlarms, correct)}`);
}
process.exit(0);

/** One reading: what was said, its errors, what the search decoded, what was heard after the checks, the labels. */
function printOutcome(o: ReadingOutcome, h: Heard) {
  console.log(`${o.answer.file}: said "${o.answer.text}"`);
  console.log(`  errors  ${o.answer.truth.map((e) => `${e.label}@${e.at}${e.said ? `(${e.said})` : ""}`).join(" ")}`);
  console.log(`  decoded ${h.decoded.join(" ")}`);
  console.log(`  heard   ${o.heard.join(" ")}`);
  const marks = o.labelled.filter((w) => w.label !== "CW");
  console.log(`  labels  ${marks.map((w) => `${w.label}@${w.textIndex}(${w.recognized ?? "–"})`).join(" ")}`);
}
