// The judging benchmark's corpora, generated once per shape and cached under bench/results/
// (judging-<part>-<hash of everything that shapes it>; a temp dir renamed when complete, as
// corpus.ts does), and the pronunciation corpus itself: each item of judging-sets.ts spoken
// correctly by BENCH_CORRECT_VOICES voices, and with each of its single-phoneme substitutions by
// BENCH_SUB_VOICES voices, each answer with its own speed (-s 130..180), sox pitch (±200 cents)
// and tempo (0.9..1.15), and white or pink noise (alternating) at BENCH_SNR dB (render-utterance.ts).
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { inParallel, RESULTS } from "./corpus";
import { substitutedText, wordPhonemes } from "./espeak-phonemes";
import { PRONUNCIATION_ITEMS, PRONUNCIATION_VOICES, type Substitution } from "./judging-sets";
import { type NoiseBank, noiseBank, random, renderUtterance, type Utterance } from "./render-utterance";

const run = promisify(execFile);
const VERSION = 1; // bump when the generation changes

export type JudgingParams = {
  snrDb: number;
  seed: number;
  correctVoices: number;
  subVoices: number;
  readingVoices: number;
  jobs: number;
};

/** The parameters from the environment (BENCH_SNR, BENCH_SEED, BENCH_CORRECT_VOICES, BENCH_SUB_VOICES, BENCH_READ_VOICES, BENCH_JOBS). */
export function judgingParams(): JudgingParams {
  return {
    snrDb: Number(process.env.BENCH_SNR ?? 15),
    seed: Number(process.env.BENCH_SEED ?? 1),
    correctVoices: Number(process.env.BENCH_CORRECT_VOICES ?? 3),
    subVoices: Number(process.env.BENCH_SUB_VOICES ?? 2),
    readingVoices: Number(process.env.BENCH_READ_VOICES ?? 5),
    jobs: Number(process.env.BENCH_JOBS ?? 2),
  };
}

/** The cached corpus `part` for `key`, else built by `build` in a temp dir (with a noise bank) and kept. */
export async function cachedCorpus<T extends object>(
  part: string,
  key: unknown,
  build: (dir: string, bank: NoiseBank) => Promise<T>,
  log = console.log,
): Promise<T & { dir: string }> {
  const tools = await Promise.all([run("espeak-ng", ["--version"]), run("sox", ["--version"])]);
  const hash = createHash("sha256")
    .update(JSON.stringify({ VERSION, key, tools: tools.map((t) => t.stdout.trim()) }))
    .digest("hex")
    .slice(0, 12);
  const dir = path.join(RESULTS, `judging-${part}-${hash}`);
  try {
    return { ...(JSON.parse(await fs.readFile(path.join(dir, "manifest.json"), "utf8")) as T), dir };
  } catch {
    // not generated yet
  }
  await fs.mkdir(RESULTS, { recursive: true });
  const tmp = await fs.mkdtemp(path.join(RESULTS, `.judging-${part}-${hash}-`));
  log(`Generating the ${part} corpus in ${tmp} ...`);
  const t0 = performance.now();
  const corpus = await build(tmp, await noiseBank(tmp));
  await fs.writeFile(path.join(tmp, "manifest.json"), JSON.stringify(corpus, null, 1));
  try {
    await fs.rename(tmp, dir);
  } catch {
    await fs.rm(tmp, { recursive: true, force: true }); // another run finished the same corpus first
  }
  log(`... done in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${dir}`);
  return { ...corpus, dir };
}

const between = (rand: () => number, lo: number, hi: number) => lo + rand() * (hi - lo);

/** An utterance of `text` by `voice` with its own speed, pitch and tempo (from `rand`), and `noise`. */
export function varied(text: string, voice: string, rand: () => number, noise: Utterance["noise"]): Utterance {
  return {
    text,
    voice,
    speed: Math.round(between(rand, 130, 180)),
    pitch: Math.round(between(rand, -200, 200)),
    tempo: Math.round(between(rand, 0.9, 1.15) * 100) / 100,
    noise,
  };
}

/** A file name part for a voice. */
export const voiceTag = (voice: string) => voice.replace(/\W+/g, "_");

export type PronunciationAnswer = Utterance & {
  file: string;
  /** The text the engine aligns (Utterance.text is what espeak-ng spoke, with [[phonemes]]). */
  expectedText: string;
  /** The index of the changed (or target) word among the text's words. */
  wordIndex: number;
  /** The target word's phonemes as spoken (espeak-ng mnemonics). */
  phonemes: string[];
  /** The substitution, with the index of the substituted phoneme in `phonemes`; null when said correctly. */
  sub: (Substitution & { index: number }) | null;
  seconds: number;
  snrDb: number | null;
};
export type PronunciationCorpus = {
  params: JudgingParams;
  answers: PronunciationAnswer[];
  /** Substitutions no voice could say exactly (the voice lacks the phoneme, or espeak-ng read it back otherwise). */
  skipped: string[];
};

/** The pronunciation corpus for `params` (cached). */
export function pronunciationCorpus(
  params: JudgingParams,
  log = console.log,
): Promise<PronunciationCorpus & { dir: string }> {
  const key = { params: { ...params, jobs: 0, readingVoices: 0 }, PRONUNCIATION_ITEMS, PRONUNCIATION_VOICES };
  return cachedCorpus("pronunciation", key, (dir, bank) => buildPronunciation(params, dir, bank, log), log);
}

async function buildPronunciation(params: JudgingParams, dir: string, bank: NoiseBank, log: typeof console.log) {
  const voices = PRONUNCIATION_VOICES;
  const skipped: string[] = [];
  type Plan = () => Promise<PronunciationAnswer | null>;
  const plans: Plan[] = [];
  let turn = 0;
  for (const [i, item] of PRONUNCIATION_ITEMS.entries()) {
    const wordIndex = item.text.split(/\s+/).indexOf(item.target);
    if (wordIndex < 0) throw new Error(`"${item.target}" is not a word of "${item.text}"`);
    const answer = (name: string, u: Utterance, phonemes: string[], sub: PronunciationAnswer["sub"]) => {
      const file = `p${String(i + 1).padStart(2, "0")}-${item.target}-${name}-${voiceTag(u.voice)}.wav`;
      return { ...u, file, expectedText: item.text, wordIndex, phonemes, sub, seconds: 0, snrDb: null };
    };
    for (let k = 0; k < params.correctVoices; k++) {
      const voice = voices[turn++ % voices.length]!;
      const noise = turn % 2 ? "white" : "pink";
      plans.push(async () => {
        const u = varied(item.text, voice, random(params.seed, `${i}/correct/${voice}`), noise);
        return answer("correct", u, await wordPhonemes(voice, item.text, wordIndex), null);
      });
    }
    for (const sub of item.subs) {
      const start = turn;
      turn += params.subVoices;
      plans.push(
        ...Array.from(
          { length: params.subVoices },
          (_, k): Plan =>
            async () => {
              // A voice that cannot say this substitution exactly hands it on to the next one.
              for (let v = 0; v < voices.length; v++) {
                const voice = voices[(start + k + v * params.subVoices) % voices.length]!;
                const spoken = await substitutedText(voice, item.text, wordIndex, sub.from, sub.to);
                if (!spoken) continue;
                const noise = (start + k) % 2 ? "white" : "pink";
                const u = varied(spoken.text, voice, random(params.seed, `${i}/${sub.as}/${k}`), noise);
                return answer(`${sub.as}${k + 1}`, u, spoken.phonemes, { ...sub, index: spoken.index });
              }
              skipped.push(`${item.text}: ${sub.from}>${sub.to} (${sub.as})`);
              return null;
            },
        ),
      );
    }
  }
  const planned = await inParallel(plans, params.jobs);
  const answers = planned.filter((a): a is PronunciationAnswer => a !== null);
  log(
    `  ${answers.length} answers (${answers.filter((a) => a.sub).length} with a substitution), ${params.jobs} at a time`,
  );
  await inParallel(
    answers.map((a) => async () => {
      const r = await renderUtterance(a, path.join(dir, a.file), {
        bank,
        snrDb: params.snrDb,
        rand: random(params.seed, `${a.file}/noise`),
      });
      a.seconds = r.seconds;
      a.snrDb = r.snrDb === null ? null : Math.round(r.snrDb * 100) / 100;
    }),
    params.jobs,
  );
  return { params, answers, skipped: [...new Set(skipped)] };
}
