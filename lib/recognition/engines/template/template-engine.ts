// The language-independent choice engine: MFCC features and dynamic time warping against each
// choice's templates (classify.mjs explains the decisions). Templates are the choice's reference
// recording, when it has one, and espeak-ng speech in several voices when espeak-ng speaks the
// language. The DSP runs in the shared worker pool.
import { PoolBusyError, PoolTimeoutError, sharedPool, type WorkerPool } from "@/lib/workers/pool";
import { poolScript } from "@/lib/workers/pool-scripts";
import {
  type AnswerSpan,
  type ChoiceEngine,
  type ChoiceInput,
  type ChoiceResult,
  EngineError,
  type EngineInfo,
  type Pcm,
} from "../types";
import type { ClassifyOptions } from "./classify.mjs";
import type { EncodedFeatures } from "./codec.mjs";
import {
  DEFAULT_VARIANTS,
  type EspeakVariant,
  espeakLanguages,
  espeakVoicesFor,
  synthesise,
  templateSources,
} from "./espeak";
import { speechSpan } from "./mfcc.mjs";
import type { SentenceLikeness } from "./sentence-likeness.mjs";
import runTemplateTask, {
  type ReferenceSimilarity,
  type TemplateTask,
  type TemplateVerdict,
} from "./template-worker.mjs";

export const TEMPLATE_ENGINE = "template-mfcc-dtw/1";

/**
 * Thresholds for the template engine where it decides alone (a language no recogniser speaks).
 * classify.mjs's defaults are for the first stage of a cascade, which must be sure or defer; alone,
 * an answer it refuses is simply lost. Chosen with bench/recognition/template-sweep.ts on the tuning
 * voices (Dutch with reference audio: best there); on the held-out voices, in-set recall rose from
 * 77 % to 86 % in Dutch and from 59 % to 64 % in English, out-of-set rejection stayed ≥ 87.5 %, and
 * no answer got a wrong choice.
 */
export const DECIDING_ALONE: Partial<ClassifyOptions> = Object.freeze({ maxStretch: 1.02, minMargin: 0.03 });

/** A template's origin: "audio" (the choice's recording) or "espeak:<voice>[+variant][@speed]". */
export type PreparedTemplate = EncodedFeatures & { source: string };
/** What prepare() returns (JSON). */
export type TemplatePrepared = {
  engine: typeof TEMPLATE_ENGINE;
  language: string;
  choices: { text: string; templates: PreparedTemplate[] }[];
};

export type TemplateEngineOptions = {
  /** Default: the process's shared pool. */
  pool?: WorkerPool;
  /** espeak-ng templates beside a choice's recording, not only instead of it (default true). */
  synthesiseAlongsideAudio?: boolean;
  variants?: readonly EspeakVariant[];
  /** Decision thresholds (classify.mjs DEFAULTS). */
  classify?: Partial<ClassifyOptions>;
  /** Per answer, in the pool (default 10000 ms). */
  timeoutMs?: number;
  /** Longer answers are refused with an EngineError (default 30 s). */
  maxAnswerSeconds?: number;
};

/** A choice cannot be templated (no recording and no espeak-ng voice) or its audio holds no speech. */
export class TemplatePrepareError extends Error {
  override name = "TemplatePrepareError";
}

const MIN_TEMPLATE_FRAMES = 10; // 100 ms of speech

/** Features of synthesised templates by source and text (a few KB each), the least recently made dropped first. */
const synthesised = new Map<string, EncodedFeatures>();
const SYNTHESISED_KEPT = 2000;
function remember(key: string, features: EncodedFeatures): void {
  synthesised.delete(key);
  synthesised.set(key, features);
  if (synthesised.size > SYNTHESISED_KEPT) synthesised.delete(synthesised.keys().next().value!);
}

/** The template engine (the registry's entry for every language). */
export function templateEngine(options: TemplateEngineOptions = {}): ChoiceEngine {
  const script = poolScript("template", import.meta.url);
  const variants = options.variants ?? DEFAULT_VARIANTS;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxAnswerSeconds = options.maxAnswerSeconds ?? 30;

  // Without the worker script (a bundle without the source tree) the work runs in this thread.
  const run = async <R>(task: TemplateTask, signal?: AbortSignal): Promise<R> => {
    if (!script) return runTemplateTask(task as never) as R;
    const pool = options.pool ?? sharedPool();
    try {
      return await pool.run<R>(script, task, { signal, timeoutMs });
    } catch (err) {
      if (err instanceof PoolBusyError || signal?.aborted) throw err;
      const why = err instanceof PoolTimeoutError ? err.message : `worker failed: ${(err as Error).message}`;
      throw new EngineError(`${TEMPLATE_ENGINE}: ${why}`, { cause: err });
    }
  };

  return {
    async info(): Promise<EngineInfo> {
      // Available everywhere: with a recording per choice it needs nothing else; espeak-ng only
      // adds the languages whose choices have no recording (prepare() says when that fails).
      return { name: TEMPLATE_ENGINE, languages: "*", available: true };
    },

    async prepare(input: ChoiceInput, signal?: AbortSignal): Promise<TemplatePrepared> {
      if (input.choices.length === 0) throw new TemplatePrepareError("a choice challenge needs at least one choice");
      const needsSpeech = input.choices.some((c) => !c.audio);
      const espeak =
        needsSpeech || options.synthesiseAlongsideAudio !== false
          ? await espeakVoicesFor(input.language)
          : { error: "not needed" };
      // Features of synthesised templates are kept by voice and text: saving a challenge again, or
      // another with the same sentences ("Yes", "No"), costs no espeak-ng run.
      const utterances: { choice: number; source: string; pcm: Pcm | null; key?: string }[] = [];
      for (const [index, choice] of input.choices.entries()) {
        if (!choice.text.trim()) throw new TemplatePrepareError(`choice ${index + 1} has no text`);
        if (choice.audio) {
          if (choice.audio.sampleRate !== 16000)
            throw new TemplatePrepareError(`choice ${index + 1}: audio is not 16 kHz`);
          utterances.push({ choice: index, source: "audio", pcm: choice.audio });
          if (options.synthesiseAlongsideAudio === false) continue;
        }
        if ("error" in espeak) {
          if (choice.audio) continue;
          throw new TemplatePrepareError(
            `choice ${index + 1} ("${choice.text}") has no reference recording and cannot be synthesised: ${espeak.error}`,
          );
        }
        signal?.throwIfAborted();
        const spoken = await Promise.all(
          templateSources(espeak.voices, variants).map(async ({ voice, how }) => {
            const source = `espeak:${voice}${how.variant ? `+${how.variant}` : ""}${how.speed ? `@${how.speed}` : ""}`;
            const key = `${source}|${choice.text}`;
            const pcm = synthesised.has(key) ? null : await synthesise(voice, choice.text, how, signal);
            return { choice: index, source, pcm, key };
          }),
        );
        utterances.push(...spoken);
      }
      const fresh = utterances.filter((u) => u.pcm !== null);
      const computed = await run<EncodedFeatures[]>(
        { op: "features", utterances: fresh.map((u) => u.pcm!.samples) },
        signal,
      );
      fresh.forEach((u, i) => u.key && remember(u.key, computed[i]!));
      const features = utterances.map((u) => (u.pcm === null ? synthesised.get(u.key!)! : computed[fresh.indexOf(u)]!));
      const choices = input.choices.map((c) => ({ text: c.text, templates: [] as PreparedTemplate[] }));
      features.forEach((f, i) => {
        const { choice, source } = utterances[i]!;
        if (f.frames < MIN_TEMPLATE_FRAMES) {
          if (source === "audio")
            throw new TemplatePrepareError(
              `choice ${choice + 1} ("${choices[choice]!.text}"): its recording holds no speech`,
            );
          return;
        }
        choices[choice]!.templates.push({ source, ...f });
      });
      const empty = choices.findIndex((c) => c.templates.length === 0);
      if (empty >= 0)
        throw new TemplatePrepareError(`choice ${empty + 1} ("${choices[empty]!.text}") yields no speech`);
      return { engine: TEMPLATE_ENGINE, language: input.language, choices };
    },

    async recognise(prepared: unknown, answer: Pcm, signal?: AbortSignal): Promise<ChoiceResult> {
      const p = prepared as TemplatePrepared | null;
      if (p?.engine !== TEMPLATE_ENGINE || !Array.isArray(p.choices))
        throw new EngineError(`${TEMPLATE_ENGINE}: the challenge was prepared by another engine or version`);
      if (answer.sampleRate !== 16000) throw new EngineError(`${TEMPLATE_ENGINE}: the answer is not 16 kHz`);
      if (answer.samples.length > maxAnswerSeconds * 16000)
        throw new EngineError(`${TEMPLATE_ENGINE}: the answer is longer than ${maxAnswerSeconds} s`);
      const verdict = await run<TemplateVerdict>(
        { op: "recognise", prepared: p, answer: answer.samples, options: options.classify },
        signal,
      );
      return { ...verdict, engine: TEMPLATE_ENGINE, ms: Math.round(verdict.ms) };
    },

    span(_prepared: unknown, answer: Pcm): AnswerSpan {
      const { start, end, to } = speechSpan(answer.samples);
      return { key: `${start}-${end}`, to };
    },
  };
}

/**
 * How like the reference recording an answer sounds (0..1, see classify.mjs referenceSimilarity): the
 * whole answer at the vocal tract length warp that lines it up best with the recording
 * (sentence-likeness.mjs), computed in the shared worker pool; null when either holds no speech.
 */
export async function referenceSimilarity(
  reference: Pcm,
  answer: Pcm,
  signal?: AbortSignal,
  pool: WorkerPool = sharedPool(),
): Promise<number | null> {
  const script = poolScript("template", import.meta.url);
  const task = { op: "similarity" as const, reference: reference.samples, answer: answer.samples };
  const result = script
    ? await pool.run<ReferenceSimilarity | null>(script, task, { signal, timeoutMs: 10_000 })
    : runTemplateTask(task);
  return result ? result.similarity : null;
}

/**
 * Per sentence of a reading, how like the reference recording it sounds (sentence-likeness.mjs):
 * `spans` are the sentences' cues in the reference (ms), computed in the shared worker pool.
 */
export async function referenceSentenceLikeness(
  reference: Pcm,
  answer: Pcm,
  spans: { startMs: number; endMs: number }[],
  signal?: AbortSignal,
  pool: WorkerPool = sharedPool(),
): Promise<(SentenceLikeness | null)[]> {
  const script = poolScript("template", import.meta.url);
  const task = { op: "sentence-likeness" as const, reference: reference.samples, answer: answer.samples, spans };
  return script
    ? await pool.run<(SentenceLikeness | null)[]>(script, task, { signal, timeoutMs: 20_000 })
    : runTemplateTask(task);
}

/** Whether espeak-ng can make templates here, and for which language codes (for health pages). */
export async function templateSynthesis(): Promise<{ available: boolean; reason?: string; languages: string[] }> {
  const found = await espeakLanguages();
  if ("error" in found) return { available: false, reason: found.error, languages: [] };
  return { available: true, languages: [...found.languages].sort() };
}
