// Worker-pool entry of the template engine (lib/workers/pool.ts runs it; template-engine.ts also
// calls it in-thread when the script cannot be found). Plain JS: workers have no TS loader.
//   { op: "features", utterances: Float32Array[] } → encoded features, one per utterance
//   { op: "recognise", prepared, answer: Float32Array, options? } → { choice, confidence, detail, ms }
//   { op: "similarity", reference: Float32Array, answer: Float32Array } → { similarity } | null
//   { op: "sentence-likeness", reference, answer, spans: {startMs, endMs}[] } → ({ similarity, answerMs } | null)[]
import "../../../workers/pool-thread-priority.mjs";
import { classify, describe } from "./classify.mjs";
import { decodeFeatures, encodeFeatures } from "./codec.mjs";
import { utteranceFeatures } from "./mfcc.mjs";
import { sentenceLikeness } from "./sentence-likeness.mjs";

/** Runs one task (see above). */
export default function runTemplateTask(task) {
  if (task.op === "features") return task.utterances.map((samples) => encodeFeatures(utteranceFeatures(samples)));
  if (task.op === "recognise") {
    const started = performance.now();
    const { prepared, answer, options } = task;
    const choices = prepared.choices.map((c) => ({ templates: c.templates.map(decodeFeatures) }));
    const result = classify(utteranceFeatures(answer), choices, options);
    const texts = prepared.choices.map((c) => c.text);
    return {
      choice: result.choice,
      closest: Number.isFinite(result.best.distance) ? result.best.index : null,
      confidence: Math.round(result.confidence * 1000) / 1000,
      detail: describe(result, texts, options),
      ms: performance.now() - started,
    };
  }
  // The whole answer against the whole recording, at the answer's best warp (sentence-likeness.mjs).
  if (task.op === "similarity") {
    const [whole] = sentenceLikeness(task.answer, task.reference, [{ startMs: 0, endMs: Number.POSITIVE_INFINITY }]);
    return whole ? { similarity: whole.similarity } : null;
  }
  if (task.op === "sentence-likeness") return sentenceLikeness(task.answer, task.reference, task.spans);
  throw new Error(`unknown template task ${JSON.stringify(task?.op)}`);
}
