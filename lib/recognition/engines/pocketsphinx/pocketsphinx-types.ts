// What the pocketsphinx engine takes and answers (pocketsphinx-engine.ts, sphinx-server.py).

export const POCKETSPHINX_ENGINE = "pocketsphinx-en-us/5prealpha";

export type PocketsphinxOptions = {
  /** Debian's interpreter, which has python3-pocketsphinx (default /usr/bin/python3). */
  python?: string;
  /** Default /usr/share/pocketsphinx/model/en-us. */
  modelDir?: string;
  /** Processes, each with its own model (default min(2, cores)). */
  poolSize?: number;
  /** Per request (default 15000 ms), plus timeoutPerSecondMs per second of answer (default 500). */
  timeoutMs?: number;
  timeoutPerSecondMs?: number;
  /** Longer answers are refused with an EngineError (default 60 s). */
  maxAnswerSeconds?: number;
  /** Default DEFAULT_REJECT_LLR. */
  rejectLlr?: number;
  /** Default DEFAULT_REJECT_WORD_LLR. */
  rejectWordLlr?: number;
};

/** What prepare() returns (JSON). */
export type PocketsphinxPrepared = {
  engine: typeof POCKETSPHINX_ENGINE;
  /** Each choice's words, as the grammar has them. */
  choices: string[][];
  /** CMU phones of the words CMUdict lacks (from espeak-ng), so every process spells them alike. */
  prons: Record<string, string>;
  jsgf: string;
};

/** Per phone of a known word sequence: frames (10 ms, from the answer's start) and scores in nats. */
export type PhoneAlignment = {
  frameMs: 10;
  words: {
    word: string;
    phones: { phone: string; start: number; end: number; score: number; loop: number; gop: number }[];
  }[];
  silences: [number, number][];
  /** The free phone loop's best path over the same audio. */
  loop: { phone: string; start: number; end: number; score: number }[];
};

/** Words heard in a reading, frames (10 ms) from the answer's start; confidence is the posterior 0..1. */
export type HeardAnswer = { frameMs: 10; words: { word: string; start: number; end: number; confidence: number }[] };

/**
 * Alternatives forced through the same audio: total acoustic score (nats) over its `frames` speech
 * frames, and each word's first and last frame from the answer's start; null where none fit.
 */
export type ComparedReadings = {
  frames: number;
  alternatives: ({ score: number; words: [number, number][]; segments?: FrameScore[] } | null)[];
  /** The free phone loop's best path over the same frames (phone, first and last frame, score). */
  loop?: [string, number, number, number][];
};

/** A segment of a forced path: first and last frame, acoustic score (nats). */
export type FrameScore = [number, number, number];

/**
 * A word the gap search (sphinx-server.py op_gaps) heard: between two items, after item `after`
 * (-1: before the first), or an optional item (`item`: a word heard as omitted) said after all.
 */
export type GapExtra = { after?: number; item?: number; word: string; start: number; end: number };
/** Per cost asked for, what the gap search added. */
export type GapReadings = { extras: GapExtra[][] };
