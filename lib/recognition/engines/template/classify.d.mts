import type { Features } from "./mfcc.mjs";

export type ClassifyOptions = {
  band: number;
  window: number;
  maxStretch: number;
  minMargin: number;
  candidates: number;
  impostors: number;
  topK: number;
  stretchTemplates: number;
  stretchWeight: number;
  coarse: number;
};
export declare const DEFAULTS: Readonly<ClassifyOptions>;

export type Candidate = { index: number; distance: number; template: number; stretch: number };
export type Classification = {
  choice: number | null;
  confidence: number;
  best: Candidate;
  second: Candidate | null;
  margin: number;
  reference: number;
  /** The choice with the lowest overall distance (before the stretch re-ranking). */
  nearest: number;
};

/** Classifies answer features against each choice's template features. */
export declare function classify(
  answer: Features,
  choices: { templates: Features[] }[],
  options?: Partial<ClassifyOptions>,
): Classification;
/** One line for teachers: what was heard closest, by how much, and why it was (not) accepted. */
export declare function describe(
  result: Classification,
  texts: readonly string[],
  options?: Partial<ClassifyOptions>,
): string;

export function referenceSimilarity(
  answer: Features,
  reference: Features,
  band?: number,
): { distance: number; impostor: number; similarity: number } | null;
