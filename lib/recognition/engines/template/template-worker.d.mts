import type { ClassifyOptions } from "./classify.mjs";
import type { EncodedFeatures } from "./codec.mjs";
import type { SentenceLikeness } from "./sentence-likeness.mjs";

export type PreparedTemplates = { choices: { text: string; templates: EncodedFeatures[] }[] };

export type TemplateTask =
  | { op: "features"; utterances: Float32Array[] }
  | { op: "recognise"; prepared: PreparedTemplates; answer: Float32Array; options?: Partial<ClassifyOptions> }
  | { op: "similarity"; reference: Float32Array; answer: Float32Array }
  | {
      op: "sentence-likeness";
      reference: Float32Array;
      answer: Float32Array;
      spans: { startMs: number; endMs: number }[];
    };

export type TemplateVerdict = {
  choice: number | null;
  /** The choice ranked first, accepted or not (null: the answer held no speech to compare). */
  closest: number | null;
  confidence: number;
  detail: string;
  ms: number;
};

/** Runs one task: features of utterances, or the verdict on one answer. */
declare function runTemplateTask(task: { op: "features"; utterances: Float32Array[] }): EncodedFeatures[];
declare function runTemplateTask(task: Extract<TemplateTask, { op: "recognise" }>): TemplateVerdict;
declare function runTemplateTask(task: Extract<TemplateTask, { op: "similarity" }>): ReferenceSimilarity | null;
declare function runTemplateTask(task: Extract<TemplateTask, { op: "sentence-likeness" }>): (SentenceLikeness | null)[];
export default runTemplateTask;

export type ReferenceSimilarity = { similarity: number };
