import { InvalidAudioError } from "./errors";
import type { NormalisedInfo, PeaksInfo } from "./ingest";
import { PeaksWriter } from "./peaks";
import type { MonoResampler } from "./resampler";
import { openSegmentEncoder, type SegmentEncoder, type SegmentEncoderOptions } from "./segment-encoder";

export type PcmSinkOptions = {
  /** Overrides of the encoder settings (benchmarks only). */
  encoder?: SegmentEncoderOptions;
  peaksBits?: 8 | 16;
  /** False: peaks only (the segment is written from the source's packets, opus-passthrough.ts). */
  encode?: boolean;
};

/**
 * Receives mono PCM, brings it to Int16 at `inputRate` (resampling when `resampler` is set) and
 * feeds the peaks writer and the Opus encoder. Outputs are opened on the
 * first samples, so a file rejected by its headers leaves nothing behind.
 */
export class PcmSink {
  useWorker = false;
  inputRate = 16000;
  resampler: MonoResampler | null = null;
  private peaks: PeaksWriter | null = null;
  private encoder: SegmentEncoder | null = null;
  private opening: Promise<void> | null = null;
  private samples = 0;

  constructor(
    private readonly out: { peaksPath: string; normalisedPath: string },
    private readonly options: PcmSinkOptions,
    private readonly peaksHeader: { sampleRate: number; samplesPerPixel: number },
  ) {}

  private open(): Promise<void> {
    return (this.opening ??= (async () => {
      this.peaks = await PeaksWriter.create(
        this.out.peaksPath,
        this.peaksHeader,
        this.inputRate / 100,
        this.options.peaksBits ?? 16,
      );
      if (this.options.encode === false) return;
      this.encoder = await openSegmentEncoder(
        this.out.normalisedPath,
        this.inputRate,
        this.useWorker,
        this.options.encoder,
      );
    })());
  }

  /** Mono Float32 at the source rate (resampled when `resampler` is set). */
  async pushFloat(pcm: Float32Array): Promise<void> {
    await this.pushInt16(toInt16(this.resampler ? this.resampler.process(pcm) : pcm));
  }

  /** Mono Int16 at `inputRate`. Takes ownership of `pcm` (it may be transferred to the encoder thread). */
  async pushInt16(pcm: Int16Array): Promise<void> {
    if (pcm.length === 0) return;
    await this.open();
    this.samples += pcm.length;
    this.peaks!.add(pcm);
    await Promise.all([this.peaks!.flush(), this.encoder?.write(pcm)]);
  }

  /** `normalised` is null when the sink did not encode (`encode: false`). */
  async finish(): Promise<{ normalised: NormalisedInfo | null; peaks: PeaksInfo }> {
    if (this.resampler) {
      await this.pushInt16(toInt16(this.resampler.finish()));
      this.resampler = null;
    }
    if (this.samples === 0) throw new InvalidAudioError("no audio samples");
    const [seg, peaks] = await Promise.all([this.encoder?.finish(), this.peaks!.finish()]);
    this.encoder = null;
    this.peaks = null;
    if (!seg) return { normalised: null, peaks };
    return { normalised: normalisedInfo(seg, seg.inputSampleRate), peaks };
  }

  async abort(): Promise<void> {
    this.resampler?.destroy();
    if (this.opening) await this.opening.catch(() => {});
    await Promise.all([this.encoder?.abort(), this.peaks?.abort()]);
  }
}

/** Float [-1, 1) to Int16, rounded, clipped. */
function toInt16(pcm: Float32Array): Int16Array {
  const out = new Int16Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) {
    const v = pcm[i]! * 32768;
    // Int16Array stores truncate towards zero: adding ±0.5 rounds half away from zero.
    out[i] = v >= 32767 ? 32767 : v <= -32768 ? -32768 : v >= 0 ? v + 0.5 : v - 0.5;
  }
  return out;
}

/** The normalised segment's description, from what wrote it (the encoder, or the upload's own packets: input rate 48000). */
export function normalisedInfo(
  seg: { samples: number; durationMs: number; preSkip: number; packets: number },
  inputSampleRate: number,
): NormalisedInfo {
  return {
    contentType: "audio/ogg",
    sampleRate: 48000,
    channels: 1,
    samples: seg.samples,
    durationMs: Math.round(seg.durationMs),
    preSkip: seg.preSkip,
    packets: seg.packets,
    inputSampleRate,
  };
}
