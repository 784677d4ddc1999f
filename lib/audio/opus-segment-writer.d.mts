export declare const SEGMENT_CONFIG: Readonly<{
  channels: 1;
  bandwidth: "wideband";
  frameMs: number;
  bitrate: number;
  application: "voip";
  signal: "voice";
  complexity: number;
  preSkip: number;
}>;

export declare const OPUS_INPUT_RATES: readonly number[];

export type SegmentResult = {
  inputSampleRate: number;
  /** Decoded length at 48 kHz (final granule position minus pre-skip). */
  samples: number;
  durationMs: number;
  packets: number;
  preSkip: number;
};

export declare class OpusSegmentWriter {
  static create(path: string, inputRate: number, options?: { complexity?: number; bitrate?: number }): Promise<OpusSegmentWriter>;
  readonly preSkip: number;
  readonly lookahead: number;
  write(pcm: Int16Array): Promise<void>;
  finish(): Promise<SegmentResult>;
  abort(): Promise<void>;
}
