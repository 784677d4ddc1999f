/** A feature sequence: `frames` rows of `dims` values, row-major. */
export type Features = { frames: number; dims: number; data: Float32Array };

export declare const SAMPLE_RATE: 16000;
export declare const FRAME: number;
export declare const HOP: number;
export declare const CEPSTRA: number;
export declare const DIMS: number;

/** Each frame's log energy in dB (of the pre-emphasised audio). */
export declare function frameEnergyDb(samples: Float32Array): Float64Array;
/** Log mel filter-bank energies of frames [start, end) ((end - start) × 26; default all) and each frame's log energy in dB. */
export declare function filterBank(
  samples: Float32Array,
  warp?: number,
  start?: number,
  end?: number,
): { frames: number; bank: Float64Array; energyDb: Float64Array };
/** [start, end) of the frames that hold speech: cuts leading and trailing silence by frame energy. */
export declare function speechRange(energyDb: Float64Array): [number, number];
/** Static cepstra (frames × 13) of the filter-bank rows [start, end). */
export declare function cepstra(bank: Float64Array, start: number, end: number): Float32Array;
/** Appends regression deltas (±2 frames) to static features: frames × 2·dims. */
export declare function withDeltas(statics: Float32Array, dims: number): Float32Array;
/** Normalises every dimension to zero mean and unit variance over the utterance (in place). */
export declare function cmvn(data: Float32Array, dims: number): Float32Array;
/** The matching features of one utterance (16 kHz mono): silence trimmed, MFCC + deltas, CMVN. */
export declare function utteranceFeatures(
  samples: Float32Array,
  warp?: number,
): Features & { trimmed: { start: number; end: number; total: number } };
/** The frames [start, end) utteranceFeatures keeps and the samples [from, to) they read. */
export declare function speechSpan(samples: Float32Array): { start: number; end: number; from: number; to: number };
/** The same utterance played backwards (statics reversed, deltas recomputed). */
export declare function reversedFeatures(features: Features): Features;
