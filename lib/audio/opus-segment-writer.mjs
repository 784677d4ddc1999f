// Encodes mono Int16 PCM (8, 12, 16, 24 or 48 kHz) into a sample-exact single-stream Ogg Opus file.
//
// Plain JavaScript (not TypeScript) on purpose: the same code runs in the calling thread and
// inside a worker thread (opus-segment-worker.mjs), and a worker cannot rely on a TS loader
// (tsx, Playwright's, Next's bundler). Types: opus-segment-writer.d.mts.
//
// Encoder: @evan/opus (prebuilt native libopus inside the npm package, WASM fallback).
// Muxer: mediabunny (Output + OggOutputFormat + EncodedAudioPacketSource).
//
// Sample exactness (RFC 7845): the OpusHead pre-skip is the encoder's lookahead, the input is
// padded with zeros so that the lookahead is flushed, and the final packet carries a trimmed
// duration so that mediabunny writes final granule = pre-skip + source samples. A decoder that
// honours pre-skip and end trimming returns exactly `samples` samples.
import { Encoder as OpusEncoder } from "@evan/opus";
import { EncodedAudioPacketSource, EncodedPacket, FilePathTarget, OggOutputFormat, Output } from "mediabunny";

/**
 * The one fixed configuration of every normalised segment (see README.md in this folder).
 * The encoder input rate may be any of Opus's input rates (the bitstream does not depend on it):
 * libopus band-limits to wideband with its own cheap SILK resampler, and the lookahead, hence
 * the pre-skip, is 312 samples at 48 kHz for every input rate.
 */
export const SEGMENT_CONFIG = Object.freeze({
  channels: 1,
  bandwidth: "wideband", // 8 kHz audio band, SILK-only coding of speech
  frameMs: 20,
  bitrate: 24000, // VBR target, bits/s
  application: "voip",
  signal: "voice",
  complexity: 1,
  preSkip: 312,
});

/** Input rates libopus accepts. */
export const OPUS_INPUT_RATES = Object.freeze([8000, 12000, 16000, 24000, 48000]);

const OPUS_GET_LOOKAHEAD = 4027;

/** 19-byte OpusHead (RFC 7845 §5.1), channel mapping family 0. */
function opusHead(channels, preSkip, inputSampleRate) {
  const head = new Uint8Array(19);
  const view = new DataView(head.buffer);
  head.set([0x4f, 0x70, 0x75, 0x73, 0x48, 0x65, 0x61, 0x64], 0); // "OpusHead"
  head[8] = 1; // version
  head[9] = channels;
  view.setUint16(10, preSkip, true);
  view.setUint32(12, inputSampleRate, true);
  view.setInt16(16, 0, true); // output gain
  head[18] = 0; // mapping family
  return head;
}

export class OpusSegmentWriter {
  /**
   * @param {string} path
   * @param {number} inputRate one of OPUS_INPUT_RATES
   * @param {{ complexity?: number, bitrate?: number }} [options]
   */
  static async create(path, inputRate, options = {}) {
    const w = new OpusSegmentWriter(path, inputRate, options);
    await w._output.start();
    return w;
  }

  constructor(path, inputRate, options) {
    if (!OPUS_INPUT_RATES.includes(inputRate)) throw new Error(`Opus cannot take ${inputRate} Hz input`);
    const cfg = { ...SEGMENT_CONFIG, ...options };
    this.config = cfg;
    this.inputRate = inputRate;
    this.encoder = new OpusEncoder({ channels: 1, sample_rate: inputRate, application: cfg.application });
    this.encoder.complexity = cfg.complexity;
    this.encoder.bitrate = cfg.bitrate;
    this.encoder.signal = cfg.signal;
    this.encoder.max_bandwidth = cfg.bandwidth;
    this.encoder.vbr = true;
    this.encoder.dtx = false;
    this.lookahead = this.encoder.ctl(OPUS_GET_LOOKAHEAD); // in input samples
    this.scale = 48000 / inputRate;
    this.preSkip = this.lookahead * this.scale; // 48 kHz units (312)
    this.frameSize = (inputRate * cfg.frameMs) / 1000;
    this.frame = new Int16Array(this.frameSize);
    this.fill = 0;
    this.samples = 0; // source samples received
    this.packets = 0; // packets handed to the muxer
    this.pending = null; // last encoded packet, held back so the final one can be trimmed
    this.source = new EncodedAudioPacketSource("opus");
    this._output = new Output({ format: new OggOutputFormat(), target: new FilePathTarget(path) });
    this._output.addAudioTrack(this.source);
    this.meta = {
      decoderConfig: { codec: "opus", numberOfChannels: 1, sampleRate: 48000, description: opusHead(1, this.preSkip, inputRate) },
    };
  }

  /** Appends mono Int16 PCM at the input rate. Resolves when the muxer has taken the packets. */
  async write(pcm) {
    this.samples += pcm.length;
    let i = 0;
    while (i < pcm.length) {
      const n = Math.min(this.frameSize - this.fill, pcm.length - i);
      this.frame.set(pcm.subarray(i, i + n), this.fill);
      this.fill += n;
      i += n;
      if (this.fill === this.frameSize) await this._encodeFrame();
    }
  }

  async _encodeFrame() {
    const data = this.encoder.encode(this.frame); // a copy, safe to keep
    this.fill = 0;
    if (this.pending) await this._emit(this.pending, this.frameSize);
    this.pending = data;
  }

  async _emit(data, durationSamples) {
    const timestamp = (this.packets * this.frameSize) / this.inputRate;
    const packet = new EncodedPacket(data, "key", timestamp, durationSamples / this.inputRate);
    await this.source.add(packet, this.packets === 0 ? this.meta : undefined);
    this.packets++;
  }

  /** Flushes the encoder lookahead, trims the last packet and finalises the file. */
  async finish() {
    const total = this.samples;
    if (total === 0) throw new Error("no samples to encode");
    // Feed zeros until the encoder has consumed total + lookahead input samples.
    let fed = this.packets * this.frameSize + (this.pending ? this.frameSize : 0) + this.fill;
    while (fed < total + this.lookahead) {
      this.frame.fill(0, this.fill);
      fed += this.frameSize - this.fill;
      this.fill = this.frameSize;
      await this._encodeFrame();
    }
    // Final granule (48 kHz) = pre-skip + source samples; the last packet covers what remains.
    const endGranule = this.preSkip + total * this.scale;
    const lastDuration48 = endGranule - this.packets * this.frameSize * this.scale;
    await this._emit(this.pending, lastDuration48 / this.scale);
    this.pending = null;
    this.source.close();
    await this._output.finalize();
    return {
      inputSampleRate: this.inputRate,
      samples: total * this.scale, // decoded length at 48 kHz (final granule minus pre-skip)
      durationMs: (total * 1000) / this.inputRate,
      packets: this.packets,
      preSkip: this.preSkip,
    };
  }

  async abort() {
    try {
      await this._output.cancel();
    } catch {
      // already finished or failed
    }
  }
}
