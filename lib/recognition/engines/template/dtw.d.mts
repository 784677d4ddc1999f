import type { Features } from "./mfcc.mjs";

export declare const DEFAULT_BAND: number;
/** Path-length-normalised DTW distance between two feature sequences (Infinity when either is empty). */
export declare function dtwDistance(a: Features, b: Features, band?: number): number;
/** DTW with its alignment: the distance and the local distance of every step of the best path. */
export declare function dtwAlign(a: Features, b: Features, band?: number): { distance: number; steps: Float32Array };
/** The highest mean of `window` consecutive values (the whole mean when there are fewer). */
export declare function worstStretch(steps: ArrayLike<number>, window: number): number;
/** The distance, and the local distance of every step of the best path on demand. */
export declare function dtwPath(
  a: Features,
  b: Features,
  band?: number,
): { distance: number; steps: () => Float32Array };
/** Every `factor` (default 2) consecutive frames averaged into one. */
export declare function decimate(features: Features, factor?: number): Features;
/** The frame pairs of the best path, first pair first: pairs[2k] a frame of `a`, pairs[2k + 1] of `b`. */
export declare function dtwPairs(a: Features, b: Features, band?: number): { distance: number; pairs: Int32Array };
