// Audio ingest: validate an uploaded Ogg Opus or WAV file by its bytes and, in the same streamed
// pass, hash it, compute waveform peaks and write the normalised mono Ogg Opus segment.
// Framework-free; see README.md in this folder for the decisions behind it.
import { createHash, type Hash } from "node:crypto";
import fs from "node:fs/promises";
import { InvalidAudioError } from "./errors";
import { type OggOpusInfo, readOggOpus } from "./ogg-opus-source";
import { linkPassthroughSegment, PacketCollector } from "./opus-passthrough";
import { OPUS_INPUT_RATES } from "./opus-segment-writer.mjs";
import { normalisedInfo, PcmSink } from "./pcm-sink";
import { MonoResampler } from "./resampler";
import type { SegmentEncoderOptions } from "./segment-encoder";
import { sniffContainer } from "./sniff";
import { probeWav, readWavPcm } from "./wav-source";

export { InvalidAudioError } from "./errors";
export { SEGMENT_CONFIG } from "./opus-segment-writer.mjs";

export type AudioFormat = "ogg-opus" | "wav";

export type AudioInfo = {
  format: AudioFormat;
  contentType: "audio/ogg" | "audio/wav";
  /** "opus", or the WAV sample format: "pcm-u8" | "pcm-s16" | "pcm-s24" | "pcm-s32" | "pcm-f32" | "pcm-f64". */
  codec: string;
  /** 48000 for Opus (its only decoding rate; the OpusHead "input rate" is informational), else the WAV rate. */
  sampleRate: number;
  channels: number;
  /** Exact length in samples at `sampleRate` (Opus: last granule position minus pre-skip). */
  samples: number;
  /** Rounded to the millisecond. */
  durationMs: number;
  /** SHA-256 of the original bytes, lowercase hex. */
  sha256: string;
  /** Bytes. */
  size: number;
};

export type NormalisedInfo = {
  /** Single-stream Ogg Opus, mono, the fixed SEGMENT_CONFIG (wideband, 20 ms, 32 kbit/s VBR). */
  contentType: "audio/ogg";
  /** Opus always decodes at 48 kHz; lengths below are in 48 kHz samples, like Ogg granule positions. */
  sampleRate: 48000;
  channels: 1;
  /** Exact decoded length in 48 kHz samples (final granule position minus pre-skip). */
  samples: number;
  durationMs: number;
  /** OpusHead pre-skip in 48 kHz samples (312 for every segment). */
  preSkip: number;
  packets: number;
  /** Rate the encoder was fed: the source rate when Opus takes it (8/12/16/24/48 kHz), else 16 kHz after resampling; 48000 when the source's packets were copied (opus-passthrough.ts). */
  inputSampleRate: number;
};

export type PeaksInfo = { pixels: number; sampleRate: number; samplesPerPixel: number; bits: 8 | 16 };

export type IngestResult = {
  info: AudioInfo;
  normalised: NormalisedInfo;
  /**
   * Null when the upload's own bytes are the normalised segment: they were never decoded, and its
   * peaks are made when first asked for (lib/downloads/peaks.ts).
   */
  peaks: PeaksInfo | null;
  /** The upload's own bytes are the normalised segment (opus-passthrough.ts): stored once, not twice. */
  segmentIsOriginal: boolean;
};

/**
 * The files an upload is stored as: the original, and unless the original is its own normalised
 * segment (then it is the only file), that segment and the peaks.
 */
export function audioFilePaths(
  result: IngestResult,
  srcPath: string,
  out: { normalisedPath: string; peaksPath: string },
): string[] {
  return result.segmentIsOriginal ? [srcPath] : [srcPath, out.normalisedPath, out.peaksPath];
}

export type IngestOptions = {
  /** Run the Opus encoder in a worker thread: "auto" (default) does so above ~30 s of audio. */
  worker?: boolean | "auto";
  /** Overrides of the encoder settings, for benchmarks only: segments must share one configuration. */
  encoder?: SegmentEncoderOptions;
  /** 16 (default) or 8-bit peaks. */
  peaksBits?: 8 | 16;
  /** False: re-encode Ogg Opus even when its packets could be copied (opus-passthrough.ts). */
  passthrough?: boolean;
};

/**
 * Header of every peaks file: 10 ms per pixel, stated in Opus's 48 kHz (the rate the normalised
 * segment decodes at and its granule positions count in). The same header for every file lets
 * waveform-data concatenate them. The min/max are taken from the mono signal fed to the encoder.
 */
export const PEAKS_SAMPLE_RATE = 48000;
export const PEAKS_SAMPLES_PER_PIXEL = 480;
const PEAKS_HEADER = { sampleRate: PEAKS_SAMPLE_RATE, samplesPerPixel: PEAKS_SAMPLES_PER_PIXEL };

/** Rate sources are resampled to when Opus cannot take their rate (22.05 kHz, 44.1 kHz, ...). */
const RESAMPLE_TO = 16000;

const WORKER_MIN_SECONDS = 30;
const OGG_BYTES_PER_SECOND_GUESS = 4000; // 32 kbit/s: a cheap duration guess before decoding

/**
 * Validates and analyses `srcPath` in one streamed pass; writes the peaks (.dat, BBC
 * audiowaveform binary v2, 10 ms per pixel) and the normalised mono Ogg Opus segment to the
 * given paths. Throws InvalidAudioError for anything that is not valid Ogg Opus or WAV; the
 * output files are removed then (and on any other error). The source file is never modified.
 */
export async function ingestAudio(
  srcPath: string,
  out: { peaksPath: string; normalisedPath: string },
  options: IngestOptions = {},
): Promise<IngestResult> {
  const stat = await fs.stat(srcPath);
  if (!stat.isFile()) throw new Error(`${srcPath} is not a file`);
  const size = stat.size;
  if (size === 0) throw new InvalidAudioError("empty file");

  const head = Buffer.alloc(Math.min(64, size));
  const fh = await fs.open(srcPath, "r");
  try {
    await fh.read(head, 0, head.length, 0);
  } finally {
    await fh.close();
  }
  const container = sniffContainer(head);

  const hash = createHash("sha256");
  if (container === "ogg" && options.passthrough !== false) {
    const kept = await keptAsItIs(srcPath, size, hash, out.normalisedPath);
    // Not in the segment's framing: decoded and re-encoded, in a second pass over the file.
    return kept ?? (await ingestAudio(srcPath, out, { ...options, passthrough: false }));
  }
  const sink = new PcmSink(out, options, PEAKS_HEADER);
  try {
    let info: Omit<AudioInfo, "sha256" | "size" | "durationMs">;
    let expected48: number;
    if (container === "ogg") {
      // Decoded straight to 16 kHz mono Int16 by libopus.
      sink.inputRate = 16000;
      sink.useWorker = pickWorker(options, size / OGG_BYTES_PER_SECOND_GUESS);
      const ogg = await readOggOpus(srcPath, size, hash, (pcm) => sink.pushInt16(pcm));
      info = oggAudioInfo(ogg);
      expected48 = Math.round(ogg.samples / 3) * 3;
    } else {
      const wav = await probeWav(srcPath, size);
      sink.useWorker = pickWorker(options, wav.samples / wav.sampleRate);
      if (OPUS_INPUT_RATES.includes(wav.sampleRate)) {
        sink.inputRate = wav.sampleRate;
        expected48 = (wav.samples * 48000) / wav.sampleRate;
      } else {
        sink.inputRate = RESAMPLE_TO;
        sink.resampler = await MonoResampler.create(wav.sampleRate, RESAMPLE_TO);
        expected48 = Math.round((wav.samples * RESAMPLE_TO) / wav.sampleRate) * (48000 / RESAMPLE_TO);
      }
      await readWavPcm(srcPath, wav, hash, (pcm) => sink.pushFloat(pcm));
      info = {
        format: "wav",
        contentType: "audio/wav",
        codec: wav.codec,
        sampleRate: wav.sampleRate,
        channels: wav.channels,
        samples: wav.samples,
      };
    }
    const { normalised, peaks } = await sink.finish();
    if (!normalised) throw new Error("internal error: the segment was not encoded");
    if (normalised.samples !== expected48) {
      throw new Error(
        `internal error: normalised length ${normalised.samples} != expected ${expected48} samples at 48 kHz`,
      );
    }
    return {
      info: {
        ...info,
        durationMs: Math.round((info.samples * 1000) / info.sampleRate),
        sha256: hash.digest("hex"),
        size,
      },
      normalised,
      peaks,
      segmentIsOriginal: false,
    };
  } catch (err) {
    await sink.abort();
    await Promise.all([fs.rm(out.peaksPath, { force: true }), fs.rm(out.normalisedPath, { force: true })]);
    throw err;
  }
}

/**
 * An Ogg Opus upload already in the segment's framing (opus-passthrough.ts) is its own normalised
 * segment: its pages are checked and its packets looked at, none decoded (a 20-ms single-frame
 * packet of at most 1275 bytes always decodes), and its peaks are made when first asked for. Null
 * when it is not in that framing (also when it is broken: the decoding pass then says how).
 */
async function keptAsItIs(
  srcPath: string,
  size: number,
  hash: Hash,
  segmentPath: string,
): Promise<IngestResult | null> {
  const collector = new PacketCollector();
  let ogg: OggOpusInfo;
  try {
    ogg = await readOggOpus(srcPath, size, hash, null, collector);
  } catch (err) {
    if (err instanceof InvalidAudioError) return null;
    throw err;
  }
  const seg = await linkPassthroughSegment(srcPath, segmentPath, collector, ogg.samples, size);
  if (!seg) return null;
  return {
    info: {
      ...oggAudioInfo(ogg),
      durationMs: Math.round((ogg.samples * 1000) / 48000),
      sha256: hash.digest("hex"),
      size,
    },
    normalised: normalisedInfo(seg, 48000),
    peaks: null,
    segmentIsOriginal: true,
  };
}

/** What an Ogg Opus upload is (durations are at 48 kHz, the rate Opus decodes at and granules count in). */
function oggAudioInfo(ogg: OggOpusInfo): Omit<AudioInfo, "sha256" | "size" | "durationMs"> {
  return {
    format: "ogg-opus",
    contentType: "audio/ogg",
    codec: "opus",
    sampleRate: 48000,
    channels: ogg.channels,
    samples: ogg.samples,
  };
}

function pickWorker(options: IngestOptions, seconds: number): boolean {
  const w = options.worker ?? "auto";
  return w === "auto" ? seconds >= WORKER_MIN_SECONDS : w;
}
