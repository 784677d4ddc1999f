// What every listening engine offers the recognition server. An engine is chosen per challenge
// language and by what is installed (lib/recognition/engines/registry.ts), and its name is stored
// with every result it produced.

/** Mono PCM, 16 kHz, samples in -1..1. */
export type Pcm = { samples: Float32Array; sampleRate: 16000 };

export type EngineInfo = {
  /** Stored with each result, e.g. "template-mfcc-dtw/1" or "pocketsphinx-en-us/5prealpha". */
  name: string;
  /** ISO 639-2 codes, or "*" for any language. */
  languages: readonly string[] | "*";
  available: boolean;
  /** Why not, when not available (e.g. "pocketsphinx-en-us is not installed"). */
  reason?: string;
};

export type ChoiceInput = {
  language: string;
  /** In the challenge's order; audio is the choice's reference recording, when it has one. */
  choices: { text: string; audio: Pcm | null }[];
};

export type ChoiceResult = {
  /** Index into the challenge's choices, or null when the answer matched none well enough. */
  choice: number | null;
  /** 0..1, the engine's own measure of how sure it is (its margin or posterior). */
  confidence: number;
  engine: string;
  /** Engine time in milliseconds. */
  ms: number;
  /** A short human-readable account (best and second-best candidates), kept for teachers. */
  detail: string;
  /** The choice the engine ranked first, whether or not it accepted it (null: it ranked none). */
  closest?: number | null;
};

/**
 * What recognise() reads of an answer: `key` names the part (e.g. the frames its trimming kept),
 * `to` is the sample after the last one read. Two answers with the same key whose samples agree
 * before `to` get the same result, so an answer can be judged before its last chunk arrives.
 */
export type AnswerSpan = { key: string; to: number };

export interface ChoiceEngine {
  info(): Promise<EngineInfo>;
  /** Builds what recognition needs (features of the reference audio, a grammar); JSON-serialisable. */
  prepare(input: ChoiceInput, signal?: AbortSignal): Promise<unknown>;
  /** Compares one answer against what prepare() built. Runs off the event loop, with a timeout. */
  recognise(prepared: unknown, answer: Pcm, signal?: AbortSignal): Promise<ChoiceResult>;
  /**
   * Optional: whether the answer, as a whole, could be the given choice (one the engine's own search
   * did not pick), for a cascade that weighs another stage's pick (cascade-engine.ts).
   */
  fits?(prepared: unknown, answer: Pcm, choice: number, signal?: AbortSignal): Promise<ChoiceFit>;
  /** The part of `answer` recognise() would read (cheap: no model); absent when it reads all of it. */
  span?(prepared: unknown, answer: Pcm): AnswerSpan;
}

/** What `engine` reads of `answer`: the span it names, or all of it. */
export function spanOf(engine: ChoiceEngine, prepared: unknown, answer: Pcm): AnswerSpan {
  return engine.span?.(prepared, answer) ?? { key: `all:${answer.samples.length}`, to: answer.samples.length };
}

/** An engine's check of one given choice against an answer. */
export type ChoiceFit = { fits: boolean; ms: number; detail: string };

/** The engine could not judge (e.g. the process died or timed out); the caller reports it in words. */
export class EngineError extends Error {}

// ---- pronunciation and reading aloud ----

/** One phone of an aligned utterance; times in seconds from the start of its audio. */
export type PhoneSegment = {
  /** The engine's own symbol (e.g. ARPAbet "AH"). */
  phone: string;
  ipa: string;
  start: number;
  end: number;
  /**
   * Goodness of pronunciation: the mean per-frame log-likelihood of the expected phone minus that
   * of the best competing phone over the same frames (≤ 0; 0 when the expected phone is the best).
   * null when the engine could not measure it.
   */
  gop: number | null;
};

export type WordSegment = {
  word: string;
  start: number;
  end: number;
  /** Grapheme chunks in spelling order, each with the phones its letters became. */
  chunks: { graphemes: string; phones: PhoneSegment[] }[];
};

export type AlignmentResult = {
  words: WordSegment[];
  /** 0..1: how well the acoustic model fits the alignment overall. */
  confidence: number;
  /** 0 when the first beam sufficed; higher when the aligner had to widen its search (less reliable). */
  pruningLevel: number;
  /** A short account for `console` (engine, beams tried, frames). */
  console: string;
  engine: string;
  ms: number;
};

export interface PronunciationEngine {
  info(): Promise<EngineInfo>;
  /** Forced alignment of `text` in `audio`, with goodness of pronunciation per phone. */
  align(input: { language: string; text: string; audio: Pcm }, signal?: AbortSignal): Promise<AlignmentResult>;
}

export type HeardWord = { word: string; start: number; end: number; confidence: number };

export interface ReadingEngine {
  info(): Promise<EngineInfo>;
  /**
   * The words heard in `audio`, recognised with a vocabulary and language model built from the
   * expected words (with room for insertions and repetitions); times in seconds.
   */
  listen(
    input: { language: string; expected: string[]; audio: Pcm },
    signal?: AbortSignal,
  ): Promise<{ words: HeardWord[]; engine: string; ms: number }>;
}
