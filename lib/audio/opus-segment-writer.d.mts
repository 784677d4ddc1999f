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

/** The write buffer of a file target (mediabunny FilePathTarget's chunkSize; its default is 16 MiB). */
export declare const FILE_WRITE_CHUNK: number;

/** Input rates libopus accepts. */
export declare const OPUS_INPUT_RATES: readonly number[];

export type SegmentResult = {
  inputSampleRate: number;
  /** Decoded length at 48 kHz (final granule position minus pre-skip). */
  samples: number;
  durationMs: number;
  packets: number;
  preSkip: number;
};

export type EncoderOptions = { complexity?: number; bitrate?: number };

export declare function packPackets(packets: Uint8Array[]): { data: Uint8Array; sizes: Uint32Array };
export declare function unpackPackets(packed: { data: Uint8Array; sizes: Uint32Array }): Uint8Array[];

export declare class OpusPacketEncoder {
  constructor(inputRate: number, options?: EncoderOptions);
  readonly inputRate: number;
  readonly preSkip: number;
  readonly lookahead: number;
  encode(pcm: Int16Array): Uint8Array[];
  finish(): { packets: Uint8Array[]; lastPacketSamples48: number; result: SegmentResult };
}

export declare class OggOpusMuxer {
  static create(path: string, opts: { inputRate: number; preSkip: number; frameMs?: number }): Promise<OggOpusMuxer>;
  add(packets: Uint8Array[]): Promise<void>;
  finish(lastPacketSamples48: number): Promise<void>;
  abort(): Promise<void>;
}

export declare class OpusSegmentWriter {
  static create(path: string, inputRate: number, options?: EncoderOptions): Promise<OpusSegmentWriter>;
  write(pcm: Int16Array): Promise<void>;
  finish(): Promise<SegmentResult>;
  abort(): Promise<void>;
}
