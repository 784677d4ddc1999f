// The synthetic choice corpus (choice-sets.ts): per choice a clean reference recording in voice A,
// and answers in other espeak-ng voices, each with its own speed (-s 130..180), sox pitch
// (±200 cents) and tempo (0.9..1.15), and white or pink noise at a set SNR (default 15 dB).
// Plus, per challenge, answers that are none of the choices. 16 kHz mono 16-bit WAV.
//
// How the noise is made and the SNR kept exact: render-utterance.ts.
//
// Generated in a temp dir under bench/results/ and renamed to choice-corpus-<hash of everything
// that shapes it> when complete, so a later run with the same parameters reuses it.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { LANGUAGES } from "./choice-sets";
import { noiseBank, random, renderUtterance, type Utterance } from "./render-utterance";

const run = promisify(execFile);
const VERSION = 2; // bump when the generation changes (here or in render-utterance.ts)
export const RESULTS = path.resolve(import.meta.dirname, "../results");

export type CorpusParams = {
  answersPerChoice: number;
  /** Voices per out-of-set sentence (two sentences per challenge). */
  outOfSetVoices: number;
  snrDb: number;
  seed: number;
};
/** `near`: an out-of-set sentence sharing most words with a choice; `unrelated`: another altogether. */
export type AnswerKind = "choice" | "near" | "unrelated";
export type Answer = Utterance & {
  file: string;
  expected: number | null;
  kind: AnswerKind;
  snrDb: number | null;
  seconds: number;
};
export type Challenge = { id: string; choices: { text: string; reference: string }[]; answers: Answer[] };
export type LanguageCorpus = {
  language: string;
  referenceVoice: string;
  answerVoices: string[];
  challenges: Challenge[];
};
export type Corpus = { dir: string; hash: string; params: CorpusParams; languages: LanguageCorpus[] };

/** The parameters from the environment (BENCH_ANSWERS, BENCH_OUT_VOICES, BENCH_SNR, BENCH_SEED). */
export function corpusParams(): CorpusParams {
  return {
    answersPerChoice: Number(process.env.BENCH_ANSWERS ?? 4),
    outOfSetVoices: Number(process.env.BENCH_OUT_VOICES ?? 2),
    snrDb: Number(process.env.BENCH_SNR ?? 15),
    seed: Number(process.env.BENCH_SEED ?? 1),
  };
}

/** Runs `tasks` with at most `jobs` at a time (the machine has two cores). */
export async function inParallel<T>(tasks: (() => Promise<T>)[], jobs: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, worker));
  return results;
}

const between = (rand: () => number, lo: number, hi: number) => lo + rand() * (hi - lo);

/** The corpus for `params`: the cached one when it exists, else generated (with `jobs` processes at a time). */
export async function buildCorpus(params: CorpusParams, jobs = 2, log = console.log): Promise<Corpus> {
  const tools = await Promise.all([run("espeak-ng", ["--version"]), run("sox", ["--version"])]);
  const hash = createHash("sha256")
    .update(JSON.stringify({ VERSION, params, LANGUAGES, tools: tools.map((t) => t.stdout.trim()) }))
    .digest("hex")
    .slice(0, 12);
  const dir = path.join(RESULTS, `choice-corpus-${hash}`);
  const manifest = path.join(dir, "manifest.json");
  try {
    return { ...(JSON.parse(await fs.readFile(manifest, "utf8")) as Corpus), dir };
  } catch {
    // not generated yet
  }
  await fs.mkdir(RESULTS, { recursive: true });
  const tmp = await fs.mkdtemp(path.join(RESULTS, `.choice-corpus-${hash}-`));
  const bank = await noiseBank(tmp);
  const tasks: (() => Promise<void>)[] = [];
  const languages: LanguageCorpus[] = LANGUAGES.map((spec) => ({
    language: spec.language,
    referenceVoice: `${spec.reference.voice} -s ${spec.reference.speed}, clean`,
    answerVoices: spec.answerVoices,
    challenges: spec.sets.map((set, c) => {
      const id = `${spec.language}-${c + 1}`;
      const challenge: Challenge = { id, choices: [], answers: [] };
      set.choices.forEach((text, j) => {
        const reference = `${id}-choice${j + 1}-ref.wav`;
        challenge.choices.push({ text, reference });
        const u = { text, ...spec.reference, pitch: 0, tempo: 1, noise: null };
        tasks.push(
          async () => void (await renderUtterance(u, path.join(tmp, reference), { bank, snrDb: 0, rand: Math.random })),
        );
      });
      // Voices rotate per challenge, so that every choice is answered by several different voices.
      let turn = c * 3;
      const answer = (text: string, expected: number | null, kind: AnswerKind, name: string) => {
        const rand = random(params.seed, `${id}/${name}`);
        const voice = spec.answerVoices[turn++ % spec.answerVoices.length]!;
        const u: Utterance = {
          text,
          voice,
          speed: Math.round(between(rand, 130, 180)),
          pitch: Math.round(between(rand, -200, 200)),
          tempo: Math.round(between(rand, 0.9, 1.15) * 100) / 100,
          noise: (turn + c) % 2 ? "white" : "pink",
        };
        const a: Answer = {
          ...u,
          file: `${id}-${name}-${voice.replace(/\W+/g, "_")}.wav`,
          expected,
          kind,
          snrDb: null,
          seconds: 0,
        };
        challenge.answers.push(a);
        tasks.push(async () => {
          const r = await renderUtterance(u, path.join(tmp, a.file), { bank, snrDb: params.snrDb, rand });
          a.seconds = r.seconds;
          a.snrDb = r.snrDb === null ? null : Math.round(r.snrDb * 100) / 100;
        });
      };
      set.choices.forEach((text, j) => {
        for (let k = 0; k < params.answersPerChoice; k++) answer(text, j, "choice", `choice${j + 1}-answer${k + 1}`);
      });
      for (const kind of ["near", "unrelated"] as const)
        for (let k = 0; k < params.outOfSetVoices; k++) answer(set[kind], null, kind, `${kind}-answer${k + 1}`);
      return challenge;
    }),
  }));
  log(`Generating the corpus (${tasks.length} recordings, ${jobs} at a time) in ${tmp} ...`);
  const t0 = performance.now();
  await inParallel(tasks, jobs);
  const corpus: Corpus = { dir, hash, params, languages };
  await fs.writeFile(path.join(tmp, "manifest.json"), JSON.stringify(corpus, null, 1));
  try {
    await fs.rename(tmp, dir);
  } catch {
    await fs.rm(tmp, { recursive: true, force: true }); // another run finished the same corpus first
  }
  log(`... done in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${dir}`);
  return corpus;
}
