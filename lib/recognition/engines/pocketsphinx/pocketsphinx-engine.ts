// The English choice engine on Debian's pocketsphinx: a JSGF grammar of the choices picks the best
// one, and a free phone loop over the same frames says whether the answer is any of them at all
// (sphinx-server.py explains the scores). The same processes align phones for pronunciation.
import os from "node:os";
import {
  type AnswerSpan,
  type ChoiceEngine,
  type ChoiceFit,
  type ChoiceInput,
  type ChoiceResult,
  EngineError,
  type EngineInfo,
  type Pcm,
} from "../types";
import {
  DEFAULT_REJECT_LLR,
  DEFAULT_REJECT_WORD_LLR,
  type LoopSegment,
  type PathSegment,
  weighChoice,
} from "./choice-llr";
import { choiceVerdict } from "./choice-verdict";
import { choiceWords, type LexiconAnswer, spelledProns } from "./choice-words";
import {
  type ComparedReadings,
  type GapReadings,
  type HeardAnswer,
  type PhoneAlignment,
  POCKETSPHINX_ENGINE,
  type PocketsphinxOptions,
  type PocketsphinxPrepared,
} from "./pocketsphinx-types";
import { serverScript, sphinxUnavailable } from "./sphinx-install";
import { SphinxPool } from "./sphinx-pool";
import { choiceAudio, choiceSpan, encodePcm } from "./trim-answer";

export {
  type ComparedReadings,
  type HeardAnswer,
  type PhoneAlignment,
  POCKETSPHINX_ENGINE,
  type PocketsphinxOptions,
  type PocketsphinxPrepared,
} from "./pocketsphinx-types";

type Path = { index: number; segments: PathSegment[] } | { index: null; reason: string };
/** sphinx-server.py op_choice: the grammar's path (or why there is none), the phone loop's, and
 * with `alone`, each choice's own path. */
type PathAnswer = Path & { loop: LoopSegment[]; alone?: Path[] };
/** Challenges with at most this many choices get each choice's own path with recognise() (fits()). */
const ALONE_MAX_CHOICES = 8;

/** The pocketsphinx engine over a pool of sphinx-server.py processes; close() ends them. */
export class PocketsphinxEngine implements ChoiceEngine {
  private readonly python: string;
  private readonly modelDir: string;
  private readonly script = serverScript();
  private readonly pool: SphinxPool;
  private availability: Promise<EngineInfo> | null = null;
  // Per answer, what recognise() found and for which preparation: fits() then needs no search.
  private readonly found = new WeakMap<Pcm, { prepared: unknown; path: PathAnswer }>();

  constructor(private readonly options: PocketsphinxOptions = {}) {
    this.python = options.python ?? "/usr/bin/python3";
    this.modelDir = options.modelDir ?? "/usr/share/pocketsphinx/model/en-us";
    const size = options.poolSize ?? Math.min(2, os.availableParallelism());
    this.pool = new SphinxPool({
      python: this.python,
      script: this.script,
      size,
      env: { SPHINX_MODEL: this.modelDir },
    });
  }

  /** Available when Debian's python3 imports pocketsphinx and the en-us model is installed (checked once). */
  info(): Promise<EngineInfo> {
    this.availability ??= sphinxUnavailable(this.python, this.modelDir, this.script)
      .then((reason) => {
        // Available: load the models now rather than in the first students' answers.
        if (reason === null) void this.pool.warm();
        return reason;
      })
      .then((reason) => ({
        name: POCKETSPHINX_ENGINE,
        languages: ["eng"],
        available: reason === null,
        ...(reason ? { reason } : {}),
      }));
    return this.availability;
  }

  /** The choices' grammar; reference recordings are not used. Throws GrammarError for unusable choices. */
  async prepare(input: ChoiceInput, signal?: AbortSignal): Promise<PocketsphinxPrepared> {
    const choices = choiceWords(input);
    const { result } = await this.call("lexicon", { words: [...new Set(choices.flat())], choices }, signal);
    const found = result as LexiconAnswer;
    return { engine: POCKETSPHINX_ENGINE, choices, prons: spelledProns(found), jsgf: found.jsgf };
  }

  /** The answer's choice, or null when it is none of them (or holds no speech). */
  async recognise(prepared: unknown, answer: Pcm, signal?: AbortSignal): Promise<ChoiceResult> {
    const p = prepared as PocketsphinxPrepared | null;
    if (p?.engine !== POCKETSPHINX_ENGINE || !Array.isArray(p.choices))
      throw new EngineError(`${POCKETSPHINX_ENGINE}: the challenge was prepared by another engine or version`);
    const thresholds = {
      llr: this.options.rejectLlr ?? DEFAULT_REJECT_LLR,
      wordLlr: this.options.rejectWordLlr ?? DEFAULT_REJECT_WORD_LLR,
    };
    this.check(answer);
    const cut = choiceAudio(answer);
    if ("silent" in cut) return { choice: null, confidence: 1, engine: POCKETSPHINX_ENGINE, ms: 0, detail: cut.silent };
    // The grammar's path and the phone loop's, in one process: the second search reads the first's
    // senone scores (sphinx_scores.py), so the two cost little more than one.
    const alone = p.choices.length <= ALONE_MAX_CHOICES;
    const grammar = await this.call(
      "choice",
      { choices: p.choices, prons: p.prons, audio: cut.audio, alone },
      signal,
      answer,
    );
    const path = grammar.result as PathAnswer;
    this.found.set(answer, { prepared, path });
    const ms = Math.round(grammar.ms);
    if (path.index === null)
      return { choice: null, confidence: 1, engine: POCKETSPHINX_ENGINE, ms, detail: path.reason };
    return choiceVerdict(p.choices, path.index, weighChoice(path.segments, path.loop, thresholds), thresholds, ms);
  }

  /** The frames of the answer the choice searches read (trim-answer.ts). */
  span(_prepared: unknown, answer: Pcm): AnswerSpan {
    return choiceSpan(answer);
  }

  /**
   * Whether the answer as a whole could be choice `index` (one the grammar did not pick): that choice
   * alone forced through the answer, its whole-answer ratio against the phone loop at or above the
   * threshold. Not its worst word's: the cascade asks about near pairs, which differ in the very word
   * where the grammar preferred its own choice. After recognise() on the same answer this needs no
   * search: that search found every choice's own path too (up to 8 choices, over recorded scores).
   */
  async fits(prepared: unknown, answer: Pcm, index: number, signal?: AbortSignal): Promise<ChoiceFit> {
    const p = prepared as PocketsphinxPrepared | null;
    const words = p?.engine === POCKETSPHINX_ENGINE && Array.isArray(p.choices) ? p.choices[index] : undefined;
    if (!p || !words) throw new EngineError(`${POCKETSPHINX_ENGINE}: no choice ${index + 1} in this preparation`);
    const threshold = this.options.rejectLlr ?? DEFAULT_REJECT_LLR;
    this.check(answer);
    const cut = choiceAudio(answer);
    if ("silent" in cut) return { fits: false, ms: 0, detail: `"${words.join(" ")}": ${cut.silent}` };
    const found = this.found.get(answer);
    const known = found && found.prepared === prepared ? found.path : undefined;
    const searched = known?.alone?.[index]
      ? { path: known.alone[index]!, loop: known.loop, ms: 0 }
      : await this.call("choice", { choices: [words], prons: p.prons, audio: cut.audio }, signal, answer).then(
          ({ result, ms }) => ({ path: result as PathAnswer, loop: (result as PathAnswer).loop, ms }),
        );
    const { path, loop } = searched;
    const ms = Math.round(searched.ms);
    const name = `"${words.join(" ")}"`;
    if (path.index === null) return { fits: false, ms, detail: `${name}: ${path.reason}` };
    const w = weighChoice(path.segments, loop, {
      llr: threshold,
      wordLlr: Number.NEGATIVE_INFINITY,
    });
    return { fits: w.llr >= threshold, ms, detail: `${name} at ${w.llr.toFixed(2)} nats/frame` };
  }

  /** Phones of the expected words aligned to the answer, with goodness-of-pronunciation scores. */
  async phones(
    words: string[],
    answer: Pcm,
    options: { prons?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<PhoneAlignment> {
    const body = { words, prons: options.prons ?? {}, audio: this.audio(answer) };
    return (await this.call("phones", body, options.signal, answer)).result as PhoneAlignment;
  }

  /** Words heard when `expected` is read aloud (frames; garbage runs spelled "/k ae t/"; sphinx_reading.py). */
  async words(
    expected: string[],
    answer: Pcm,
    options: { prons?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<HeardAnswer> {
    const body = { expected, prons: options.prons ?? {}, audio: this.audio(answer) };
    return (await this.call("words", body, options.signal, answer)).result as HeardAnswer;
  }

  /**
   * Readings of the same audio compared (sphinx-server.py op_compare): each alternative's words (or
   * garbage runs spelled "/k ae t/") forced through it, with acoustic scores over the same frames.
   */
  async compare(
    alternatives: string[][],
    answer: Pcm,
    options: { prons?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<ComparedReadings> {
    const body = { alternatives, prons: options.prons ?? {}, audio: this.audio(answer) };
    return (await this.call("compare", body, options.signal, answer)).result as ComparedReadings;
  }

  /**
   * Repetitions and insertions between a reading's heard items (sphinx-server.py op_gaps), one
   * search per [repeat, insert, phone] cost (log10 probabilities).
   */
  async gaps(items: string[], answer: Pcm, costs: number[][], signal?: AbortSignal): Promise<GapReadings> {
    const body = { items, costs, audio: this.audio(answer) };
    return (await this.call("gaps", body, signal, answer)).result as GapReadings;
  }

  /** Ends the processes (they start again on the next request). */
  close() {
    this.pool.close();
  }

  private audio(answer: Pcm): string {
    this.check(answer);
    return encodePcm(answer);
  }

  private check(answer: Pcm) {
    if (answer.sampleRate !== 16000) throw new EngineError(`${POCKETSPHINX_ENGINE}: the answer is not 16 kHz`);
    const max = this.options.maxAnswerSeconds ?? 60;
    if (answer.samples.length > max * 16000)
      throw new EngineError(`${POCKETSPHINX_ENGINE}: the answer is longer than ${max} s`);
  }

  private async call(op: string, body: Record<string, unknown>, signal?: AbortSignal, answer?: Pcm) {
    const info = await this.info();
    if (!info.available) throw new EngineError(`${POCKETSPHINX_ENGINE} is not available: ${info.reason}`);
    const seconds = answer ? answer.samples.length / 16000 : 0;
    const timeoutMs = (this.options.timeoutMs ?? 15_000) + seconds * (this.options.timeoutPerSecondMs ?? 500);
    return this.pool.call(op, body, { timeoutMs, signal });
  }
}

const SHARED = Symbol.for("speech-platform.pocketsphinx");

/** The registry's English engine; without options, one shared instance per process. */
export function pocketsphinxEngine(options?: PocketsphinxOptions): PocketsphinxEngine {
  if (options) return new PocketsphinxEngine(options);
  const g = globalThis as unknown as Record<symbol, PocketsphinxEngine | undefined>;
  return (g[SHARED] ??= new PocketsphinxEngine());
}
