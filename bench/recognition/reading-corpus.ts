// The read-aloud corpus of the judging benchmark: each text of judging-sets.ts read by
// BENCH_READ_VOICES espeak-ng voices, each reading with its own errors at random places (seeded):
// expected words omitted (DW), substituted (SW), repeated (RW), and words inserted (IW), kept as
// ground truth; speed, pitch, tempo and noise at BENCH_SNR dB as in the pronunciation corpus.
// Errors are at least two words apart, never on the first or last word of the text, an omitted
// word differs from its neighbours, and an inserted word does not start like the word after it
// (label-words.ts would call that a self-correction).
import path from "node:path";
import type { ExpectedWord } from "../../lib/recognition/reading/label-words";
import { inParallel } from "./corpus";
import { cachedCorpus, type JudgingParams, varied, voiceTag } from "./judging-corpus";
import { EDITS_PER_READING, INSERTIONS, READING_TEXTS, READING_VOICES, SUBSTITUTES } from "./judging-sets";
import { random, renderUtterance, type Utterance } from "./render-utterance";

export type EditLabel = keyof typeof EDITS_PER_READING;
/** One reading error: `at` is the expected word's textIndex (DW, SW) or the one the extra word follows (RW, IW). */
export type TruthEdit = { label: EditLabel; at: number; said: string | null };

export type ReadingAnswer = Utterance & {
  file: string;
  /** The text as written (Utterance.text is what was read, with the errors). */
  original: string;
  sentences: string[];
  expected: ExpectedWord[];
  truth: TruthEdit[];
  seconds: number;
  snrDb: number | null;
};
export type ReadingCorpus = { params: JudgingParams; answers: ReadingAnswer[] };

const clean = (w: string) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
const lower = (w: string) => clean(w).toLowerCase();

/** The reading corpus for `params` (cached). */
export function readingCorpus(params: JudgingParams, log = console.log): Promise<ReadingCorpus & { dir: string }> {
  const key = {
    seed: params.seed,
    snrDb: params.snrDb,
    voices: params.readingVoices,
    READING_TEXTS,
    READING_VOICES,
    EDITS_PER_READING,
    SUBSTITUTES,
    INSERTIONS,
  };
  return cachedCorpus(
    "reading",
    key,
    async (dir, bank) => {
      const answers: ReadingAnswer[] = [];
      let turn = 0;
      for (const [t, sentences] of READING_TEXTS.entries())
        for (let k = 0; k < params.readingVoices; k++) {
          const voice = READING_VOICES[(t + k) % READING_VOICES.length]!;
          const rand = random(params.seed, `reading/${t}/${k}`);
          const { spoken, expected, truth } = misread(sentences, rand);
          const u = varied(spoken, voice, rand, turn++ % 2 ? "white" : "pink");
          const file = `r${t + 1}-${k + 1}-${voiceTag(voice)}.wav`;
          answers.push({
            ...u,
            file,
            original: sentences.join(" "),
            sentences,
            expected,
            truth,
            seconds: 0,
            snrDb: null,
          });
        }
      log(`  ${answers.length} readings, ${params.jobs} at a time`);
      await inParallel(
        answers.map((a) => async () => {
          const rand = random(params.seed, `${a.file}/noise`);
          const r = await renderUtterance(a, path.join(dir, a.file), { bank, snrDb: params.snrDb, rand });
          a.seconds = r.seconds;
          a.snrDb = r.snrDb === null ? null : Math.round(r.snrDb * 100) / 100;
        }),
        params.jobs,
      );
      return { params, answers };
    },
    log,
  );
}

/** The text read with errors at random places: what is spoken, the expected words, and the errors made. */
export function misread(sentences: string[], rand: () => number) {
  const tokens = sentences.map((s) => s.split(/\s+/).filter(Boolean));
  const expected: ExpectedWord[] = [];
  tokens.forEach((words, sentenceIndex) => {
    for (const w of words) expected.push({ sentenceIndex, textIndex: expected.length, text: clean(w) });
  });
  const n = expected.length;
  const labels = Object.entries(EDITS_PER_READING).flatMap(([label, count]) =>
    Array.from({ length: count }, () => label as EditLabel),
  );
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const taken = new Set<number>();
  const truth: TruthEdit[] = [];
  for (const label of labels) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const at = 1 + Math.floor(rand() * (n - 2));
      if ([at - 1, at, at + 1].some((i) => taken.has(i))) continue;
      const word = lower(expected[at]!.text);
      const next = lower(expected[at + 1]?.text ?? "");
      if (label === "DW" && (word === lower(expected[at - 1]!.text) || word === next)) continue;
      let said: string | null = null;
      if (label === "SW") said = pick(SUBSTITUTES.filter((s) => s !== word));
      if (label === "RW") said = clean(tokens.flat()[at]!);
      if (label === "IW") {
        const options = INSERTIONS.filter((s) => s[0] !== next[0] && s !== word);
        said = pick(options);
      }
      taken.add(at);
      truth.push({ label, at, said });
      break;
    }
  }
  truth.sort((a, b) => a.at - b.at);
  // What is spoken; a word's trailing punctuation stays, after what replaced it (or the word before).
  const out: string[] = [];
  for (const [at, token] of tokens.flat().entries()) {
    const edit = truth.find((e) => e.at === at);
    const tail = token.slice(token.search(/[^\p{L}\p{N}]*$/u));
    const word = token.slice(0, token.length - tail.length);
    if (!edit) out.push(token);
    else if (edit.label === "DW") out[out.length - 1] += tail;
    else if (edit.label === "SW") out.push(`${edit.said}${tail}`);
    else out.push(`${word} ${edit.said}${tail}`);
  }
  return { spoken: out.join(" "), expected, truth };
}
