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
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { decodePcm } from "../../lib/recognition/audio/decode-pcm";
import { hearReading, sphinxWord, textWords } from "../../lib/recognition/engines/pocketsphinx/judging";
import { pocketsphinxEngine } from "../../lib/recognition/engines/pocketsphinx/pocketsphinx-engine";
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

type Heard = Awaited<ReturnType<typeof hearReading>>;

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
for (const params of combos) {
  const outcomes: ReadingOutcome[] = corpus.answers.map((answer) => {
    const h = heard[answer.file]!;
    const words: HeardWord[] = resolveStretches(h.keys, h.verified, h.evidence, params);
    const said = words.map((w) => ({
      word: w.word,
      startMs: w.start * 1000,
      endMs: w.end * 1000,
      confidence: w.confidence,
    }));
    return { answer, labelled: labelWords(answer.expected, said), heard: said.map((w) => w.word) };
  });
  const { counts, correct, falseAlarms } = countReading(outcomes);
  const cells = Object.entries(counts).map(([l, c]) => `${l} ${pct(c.found, c.truth)}/${pct(c.found, c.predicted)}`);
  const name = Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join(" ");
  console.log(`${name.padEnd(70)} ${cells.join("  ")}  FA ${pct(falseAlarms, correct)}`);
}
process.exit(0);
