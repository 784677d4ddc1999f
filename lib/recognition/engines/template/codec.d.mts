import type { Features } from "./mfcc.mjs";

/** Features as stored in prepared data: quantised to one byte per value, base64. */
export type EncodedFeatures = { frames: number; dims: number; q: string };

/** Features → { frames, dims, q } with q the base64 of the quantised values. */
export declare function encodeFeatures(features: Features): EncodedFeatures;
/** The inverse of encodeFeatures; throws when the sizes do not add up. */
export declare function decodeFeatures(encoded: EncodedFeatures): Features;
