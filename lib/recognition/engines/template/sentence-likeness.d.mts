export type SentenceLikeness = { similarity: number; answerMs: [number, number] };

/** Per span of the reference (ms): the similarity of the reading's part lined up with it, or null. */
export declare function sentenceLikeness(
  answerSamples: Float32Array,
  referenceSamples: Float32Array,
  spans: readonly { startMs: number; endMs: number }[],
  warps?: readonly number[],
  probeSeconds?: number,
): (SentenceLikeness | null)[];
