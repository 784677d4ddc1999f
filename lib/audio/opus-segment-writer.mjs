// Encodes mono Int16 PCM (8, 12, 16, 24 or 48 kHz) into a sample-exact single-stream Ogg Opus file.
//
// Plain JavaScript (not TypeScript) on purpose: OpusPacketEncoder also runs inside a worker
// thread (opus-segment-worker.mjs), and a worker cannot rely on a TS loader (tsx, Playwright's,
// Next's bundler). Types: opus-segment-writer.d.mts.
//
// Encoder: @evan/opus (prebuilt native libopus inside the npm package, WASM fallback).
// Muxer: mediabunny (Output + OggOutputFormat + EncodedAudioPacketSource).
//
// Sample exactness (RFC 7845): the OpusHead pre-skip is the encoder's lookahead, the input is
// padded with zeros so that the lookahead is flushed, and the final packet carries a trimmed
// duration so that mediabunny writes final granule = pre-skip + source samples. A decoder that
// honours pre-skip and end trimming returns exactly the source's length.
import { Encoder as OpusEncoder } from "@evan/opus";
import { EncodedAudioPacketSource, EncodedPacket, FilePathTarget, OggOutputFormat, Output } from "mediabunny";

// The write buffer of a file target (FilePathTarget's chunkSize). mediabunny's default is 16 MiB,
// allocated whole for every file outside the JavaScript heap: in a pool thread, 100 ingests of a 3-s
// WAV set off 53 full garbage collections. 64 KiB chunks write a file of any length, with a few
// hundred more writes per hour of audio.
export const FILE_WRITE_CHUNK = 64 * 1024;

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
  bitrate: 32000, // VBR target, bits/s
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

/** Packs packets into one buffer + sizes, so a batch crosses threads as two transferables. */
export function packPackets(packets) {
  let total = 0;
  for (const p of packets) total += p.length;
  const data = new Uint8Array(total);
  const sizes = new Uint32Array(packets.length);
  let o = 0;
  packets.forEach((p, i) => {
    data.set(p, o);
    o += p.length;
    sizes[i] = p.length;
  });
  return { data, sizes };
}

export function unpackPackets({ data, sizes }) {
  const packets = new Array(sizes.length);
  let o = 0;
  for (let i = 0; i < sizes.length; i++) {
    packets[i] = data.subarray(o, o + sizes[i]);
    o += sizes[i];
  }
  return packets;
}

/** libopus encoder with 20 ms framing, lookahead flushing and end trimming. */
export class OpusPacketEncoder {
  /**
   * @param {number} inputRate one of OPUS_INPUT_RATES
   * @param {{ complexity?: number, bitrate?: number }} [options]
   */
  constructor(inputRate, options = {}) {
    if (!OPUS_INPUT_RATES.includes(inputRate)) throw new Error(`Opus cannot take ${inputRate} Hz input`);
    const cfg = { ...SEGMENT_CONFIG, ...options };
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
    this.packets = 0; // packets produced
  }

  /** Encodes whole frames of `pcm`; returns the packets produced (the libopus output is copied). */
  encode(pcm) {
    const out = [];
    this.samples += pcm.length;
    let i = 0;
    while (i < pcm.length) {
      const n = Math.min(this.frameSize - this.fill, pcm.length - i);
      this.frame.set(pcm.subarray(i, i + n), this.fill);
      this.fill += n;
      i += n;
      if (this.fill === this.frameSize) {
        out.push(this.encoder.encode(this.frame));
        this.packets++;
        this.fill = 0;
      }
    }
    return out;
  }

  /**
   * Pads with zeros until the lookahead is flushed. Returns the last packets and the trimmed
   * length of the very last one (48 kHz samples): final granule = pre-skip + source samples.
   */
  finish() {
    const total = this.samples;
    if (total === 0) throw new Error("no samples to encode");
    const out = [];
    while (this.packets * this.frameSize < total + this.lookahead) {
      this.frame.fill(0, this.fill);
      out.push(this.encoder.encode(this.frame));
      this.packets++;
      this.fill = 0;
    }
    const endGranule = this.preSkip + total * this.scale;
    const lastPacketSamples48 = endGranule - (this.packets - 1) * this.frameSize * this.scale;
    return {
      packets: out,
      lastPacketSamples48,
      result: {
        inputSampleRate: this.inputRate,
        samples: total * this.scale, // decoded length at 48 kHz (final granule minus pre-skip)
        durationMs: (total * 1000) / this.inputRate,
        packets: this.packets,
        preSkip: this.preSkip,
      },
    };
  }
}

/** Writes 20 ms Opus packets into a single-stream Ogg file with mediabunny. */
export class OggOpusMuxer {
  /**
   * @param {string} path
   * @param {{ inputRate: number, preSkip: number, frameMs?: number }} opts
   */
  static async create(path, opts) {
    const m = new OggOpusMuxer(path, opts);
    await m.output.start();
    return m;
  }

  constructor(path, { inputRate, preSkip, frameMs = SEGMENT_CONFIG.frameMs }) {
    this.frameSeconds = frameMs / 1000;
    this.count = 0;
    this.pending = null; // held back so that the final packet can carry its trimmed duration
    this.source = new EncodedAudioPacketSource("opus");
    this.output = new Output({
      format: new OggOutputFormat(),
      target: new FilePathTarget(path, { chunkSize: FILE_WRITE_CHUNK }),
    });
    this.output.addAudioTrack(this.source);
    this.meta = {
      decoderConfig: {
        codec: "opus",
        numberOfChannels: 1,
        sampleRate: 48000,
        description: opusHead(1, preSkip, inputRate),
      },
    };
  }

  async add(packets) {
    for (const p of packets) {
      if (this.pending) await this.emit(this.pending, this.frameSeconds);
      this.pending = p;
    }
  }

  async emit(data, durationSeconds) {
    const packet = new EncodedPacket(data, "key", this.count * this.frameSeconds, durationSeconds);
    await this.source.add(packet, this.count === 0 ? this.meta : undefined);
    this.count++;
  }

  /** @param {number} lastPacketSamples48 decoded length of the final packet after end trimming */
  async finish(lastPacketSamples48) {
    if (!this.pending) throw new Error("no packets to write");
    await this.emit(this.pending, lastPacketSamples48 / 48000);
    this.pending = null;
    this.source.close();
    await this.output.finalize();
  }

  async abort() {
    try {
      await this.output.cancel();
    } catch {
      // already finished or failed
    }
  }
}

/** Encoder and muxer in the calling thread. */
export class OpusSegmentWriter {
  static async create(path, inputRate, options = {}) {
    const encoder = new OpusPacketEncoder(inputRate, options);
    const muxer = await OggOpusMuxer.create(path, { inputRate, preSkip: encoder.preSkip });
    return new OpusSegmentWriter(encoder, muxer);
  }

  constructor(encoder, muxer) {
    this.encoder = encoder;
    this.muxer = muxer;
  }

  async write(pcm) {
    await this.muxer.add(this.encoder.encode(pcm));
  }

  async finish() {
    const { packets, lastPacketSamples48, result } = this.encoder.finish();
    await this.muxer.add(packets);
    await this.muxer.finish(lastPacketSamples48);
    return result;
  }

  abort() {
    return this.muxer.abort();
  }
}
