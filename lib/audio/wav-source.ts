// Streams a RIFF/WAVE file: validates it and converts the PCM to mono Float32 at the source rate.
//
// mediabunny parses the RIFF structure and the `fmt ` chunk (including WAVE_FORMAT_EXTENSIBLE)
// and names the sample format; it never loads the file. It clamps a data chunk that runs past
// the end of the file (so would accept a truncated file), and it does not expose where the data
// chunk starts, so the chunk headers (id + size) are walked here once more to get the declared
// data size and offset. The PCM is then streamed from disk in 1 MiB reads.

import type { Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { FilePathSource, Input, WAVE } from "mediabunny";
import { InvalidAudioError } from "./errors";
import { readChunkBytes } from "./read-chunk";

export type WavCodec = "pcm-u8" | "pcm-s16" | "pcm-s24" | "pcm-s32" | "pcm-f32" | "pcm-f64";

export type WavInfo = {
  codec: WavCodec;
  sampleRate: number;
  channels: number;
  /** Frames declared by the data chunk (size / block align). */
  samples: number;
  dataOffset: number;
  dataSize: number;
};

const BYTES: Record<WavCodec, number> = {
  "pcm-u8": 1,
  "pcm-s16": 2,
  "pcm-s24": 3,
  "pcm-s32": 4,
  "pcm-f32": 4,
  "pcm-f64": 8,
};
const MAX_CHANNELS = 32;
const FORMAT_TAGS: Record<number, string> = {
  2: "MS ADPCM",
  17: "IMA ADPCM",
  49: "GSM 6.10",
  80: "MPEG audio",
  85: "MP3",
};

const seconds = (frames: number, rate: number) => `${(frames / rate).toFixed(2)} s`;

/** Header checks; reads a few bytes only. */
export async function probeWav(path: string, size: number): Promise<WavInfo> {
  let codec: string | null;
  let sampleRate: number;
  let channels: number;
  let parsedFrames: number;
  const input = new Input({ source: new FilePathSource(path), formats: [WAVE] });
  try {
    const track = await input.getPrimaryAudioTrack();
    if (!track) throw new InvalidAudioError("WAV file has no audio track");
    codec = track.codec;
    sampleRate = track.sampleRate;
    channels = track.numberOfChannels;
    parsedFrames = Math.round((await track.computeDuration()) * sampleRate);
  } catch (err) {
    if (err instanceof InvalidAudioError) throw err;
    const msg = err instanceof Error ? err.message : String(err);
    const tag = /format tag (\d+)/.exec(msg);
    if (tag) {
      const name = FORMAT_TAGS[Number(tag[1])];
      throw new InvalidAudioError(
        `WAV sample format ${name ?? `tag ${tag[1]}`} is not supported (send PCM integer or float)`,
        { cause: err },
      );
    }
    throw new InvalidAudioError(`invalid WAV: ${msg.replace(/^Invalid WAVE file - /i, "")}`, { cause: err });
  } finally {
    input.dispose();
  }

  if (codec === "ulaw" || codec === "alaw") {
    throw new InvalidAudioError(
      `WAV sample format ${codec === "ulaw" ? "µ-law" : "A-law"} is not supported (send PCM integer or float)`,
    );
  }
  if (!codec || !(codec in BYTES))
    throw new InvalidAudioError(`WAV sample format ${codec ?? "unknown"} is not supported`);
  if (!(channels >= 1 && channels <= MAX_CHANNELS))
    throw new InvalidAudioError(`WAV has ${channels} channels (1-${MAX_CHANNELS} supported)`);
  if (!(sampleRate >= 8000 && sampleRate <= 192000))
    throw new InvalidAudioError(`WAV sample rate ${sampleRate} Hz is not supported (8-192 kHz)`);

  const { dataOffset, dataSize } = await findDataChunk(path, size);
  const blockAlign = channels * BYTES[codec as WavCodec];
  const declared = Math.floor(dataSize / blockAlign);
  const available = Math.floor(Math.min(dataSize, size - dataOffset) / blockAlign);
  if (dataSize === 0xffffffff || dataSize === 0x7fffffff) {
    throw new InvalidAudioError("WAV data chunk size is a placeholder (file written as a stream and never finalised)");
  }
  if (declared > available) {
    throw new InvalidAudioError(
      `truncated WAV: decoded length ${seconds(available, sampleRate)} differs from declared ${seconds(declared, sampleRate)}`,
    );
  }
  if (parsedFrames !== declared) {
    // mediabunny uses the fmt chunk's block align; a mismatch means an inconsistent header.
    throw new InvalidAudioError(`inconsistent WAV header (block align does not match ${channels} × ${codec})`);
  }
  if (declared === 0) throw new InvalidAudioError("WAV data chunk holds no audio");
  return {
    codec: codec as WavCodec,
    sampleRate,
    channels,
    samples: declared,
    dataOffset,
    dataSize: declared * blockAlign,
  };
}

/** Walks the RIFF chunk headers up to the `data` chunk. */
async function findDataChunk(path: string, size: number): Promise<{ dataOffset: number; dataSize: number }> {
  const fh = await fs.open(path, "r");
  try {
    const hdr = Buffer.alloc(8);
    let pos = 12;
    while (pos + 8 <= size) {
      const { bytesRead } = await fh.read(hdr, 0, 8, pos);
      if (bytesRead < 8) break;
      const id = hdr.toString("latin1", 0, 4);
      const chunkSize = hdr.readUInt32LE(4);
      if (id === "data") return { dataOffset: pos + 8, dataSize: chunkSize };
      pos += 8 + chunkSize + (chunkSize & 1);
    }
  } finally {
    await fh.close();
  }
  throw new InvalidAudioError("WAV has no data chunk");
}

/**
 * Streams the whole file through `hash` and hands the data chunk to `sink` as mono Float32
 * (channel average) at the source rate, in blocks of at most ~1 MiB of source bytes (readChunkBytes).
 */
export async function readWavPcm(
  path: string,
  info: WavInfo,
  hash: Hash,
  sink: (mono: Float32Array) => Promise<void>,
): Promise<number> {
  const bps = BYTES[info.codec];
  const block = bps * info.channels;
  const start = info.dataOffset;
  const end = info.dataOffset + info.dataSize;
  const CHUNK = readChunkBytes(end);
  // Aligned scratch: stream chunks may start at any byte offset, typed views need alignment.
  let scratch = new Uint8Array(CHUNK + block * 2 + 8);
  let carry = 0; // bytes of an incomplete frame kept in scratch
  let pos = 0;
  let frames = 0;

  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    const chunkStart = pos;
    pos += chunk.length;
    const a = Math.max(start, chunkStart);
    const b = Math.min(end, pos);
    if (b <= a) continue;
    const bytes = chunk.subarray(a - chunkStart, b - chunkStart);
    if (carry + bytes.length > scratch.length) {
      const bigger = new Uint8Array(carry + bytes.length + block);
      bigger.set(scratch.subarray(0, carry));
      scratch = bigger;
    }
    scratch.set(bytes, carry);
    const total = carry + bytes.length;
    const n = Math.floor(total / block);
    if (n > 0) {
      const mono = toMono(scratch, n, info.codec, info.channels);
      frames += n;
      scratch.copyWithin(0, n * block, total);
      await sink(mono);
    }
    carry = total - n * block;
  }
  if (frames !== info.samples) {
    throw new InvalidAudioError(
      `truncated WAV: decoded length ${seconds(frames, info.sampleRate)} differs from declared ${seconds(info.samples, info.sampleRate)}`,
    );
  }
  return frames;
}

function toMono(buf: Uint8Array, n: number, codec: WavCodec, channels: number): Float32Array {
  const out = new Float32Array(n);
  const total = n * channels;
  const ab = buf.buffer;
  const off = buf.byteOffset; // 0: scratch buffers are allocated here
  switch (codec) {
    case "pcm-s16": {
      const v = new Int16Array(ab, off, total);
      if (channels === 1) for (let i = 0; i < n; i++) out[i] = v[i]! / 32768;
      else accumulate(out, v, n, channels, 1 / (32768 * channels));
      break;
    }
    case "pcm-f32": {
      const v = new Float32Array(ab, off, total);
      if (channels === 1) out.set(v);
      else accumulate(out, v, n, channels, 1 / channels);
      break;
    }
    case "pcm-s32": {
      accumulate(out, new Int32Array(ab, off, total), n, channels, 1 / (2147483648 * channels));
      break;
    }
    case "pcm-f64": {
      accumulate(out, new Float64Array(ab, off, total), n, channels, 1 / channels);
      break;
    }
    case "pcm-u8": {
      for (let i = 0, j = 0; i < n; i++) {
        let s = 0;
        for (let c = 0; c < channels; c++) s += buf[j++]! - 128;
        out[i] = s / (128 * channels);
      }
      break;
    }
    case "pcm-s24": {
      for (let i = 0, j = 0; i < n; i++) {
        let s = 0;
        for (let c = 0; c < channels; c++, j += 3)
          s += ((buf[j]! | (buf[j + 1]! << 8) | (buf[j + 2]! << 16)) << 8) >> 8;
        out[i] = s / (8388608 * channels);
      }
      break;
    }
  }
  return out;
}

function accumulate(out: Float32Array, v: ArrayLike<number>, n: number, channels: number, scale: number) {
  for (let i = 0, j = 0; i < n; i++) {
    let s = 0;
    for (let c = 0; c < channels; c++) s += v[j++]!;
    out[i] = s * scale;
  }
}
