// Audio files (Ogg Opus or WAV) to what recognition engines take: 16 kHz mono Float32 PCM.
// The decoders are ingest's (lib/audio): the same validation, the same InvalidAudioError reasons.
// Ogg Opus is decoded by libopus straight to 16 kHz mono; WAV is mixed to mono and resampled by
// libsamplerate when its rate is not 16 kHz. Answers are short, so the whole result is in memory;
// `maxSeconds` refuses longer audio before decoding all of it.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { InvalidAudioError } from "@/lib/audio/errors";
import { readOggOpus } from "@/lib/audio/ogg-opus-source";
import { MonoResampler } from "@/lib/audio/resampler";
import { sniffContainer } from "@/lib/audio/sniff";
import { probeWav, readWavPcm } from "@/lib/audio/wav-source";
import type { Pcm } from "../engines/types";

export const PCM_RATE = 16000;
const PLACEHOLDER_SIZE = 0x7f000000;

export type DecodeOptions = {
  /** Refuse audio longer than this (InvalidAudioError); default no limit. */
  maxSeconds?: number;
};

class Collector {
  private parts: Float32Array[] = [];
  private length = 0;

  constructor(
    private readonly limit: number,
    private readonly rate: number,
  ) {}

  add(part: Float32Array) {
    this.length += part.length;
    if (this.length > this.limit)
      throw new InvalidAudioError(`audio is longer than ${this.limit / this.rate} s, the most that is compared`);
    if (part.length > 0) this.parts.push(part);
  }

  join(): Float32Array {
    const out = new Float32Array(this.length);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

/** Decodes an Ogg Opus or WAV file to 16 kHz mono PCM; throws InvalidAudioError on anything else. */
export async function decodePcmFile(file: string, options: DecodeOptions = {}): Promise<Pcm> {
  const { size } = await fs.stat(file);
  const head = new Uint8Array(12);
  const fh = await fs.open(file, "r");
  try {
    await fh.read(head, 0, 12, 0);
  } finally {
    await fh.close();
  }
  const container = sniffContainer(size < 12 ? head.subarray(0, size) : head);
  const hash = createHash("md5"); // the readers hash as they go (ingest needs it); unused here
  const maxSamples = options.maxSeconds === undefined ? Number.POSITIVE_INFINITY : options.maxSeconds * PCM_RATE;

  if (container === "ogg") {
    const out = new Collector(maxSamples, PCM_RATE);
    await readOggOpus(file, size, hash, async (mono) => {
      const f = new Float32Array(mono.length);
      for (let i = 0; i < mono.length; i++) f[i] = mono[i]! / 32768;
      out.add(f);
    });
    return { samples: out.join(), sampleRate: PCM_RATE };
  }

  const info = await probeWav(file, size);
  if (info.samples > (maxSamples * info.sampleRate) / PCM_RATE)
    throw new InvalidAudioError(`audio is longer than ${options.maxSeconds} s, the most that is compared`);
  const out = new Collector(maxSamples, PCM_RATE);
  if (info.sampleRate === PCM_RATE) {
    await readWavPcm(file, info, hash, async (mono) => out.add(mono));
    return { samples: out.join(), sampleRate: PCM_RATE };
  }
  const resampler = await MonoResampler.create(info.sampleRate, PCM_RATE);
  try {
    await readWavPcm(file, info, hash, async (mono) => out.add(resampler.process(mono)));
  } catch (err) {
    resampler.destroy();
    throw err;
  }
  out.add(resampler.finish()); // also frees the converter
  return { samples: out.join(), sampleRate: PCM_RATE };
}

/** Decodes Ogg Opus or WAV bytes to 16 kHz mono PCM (through a temporary file: the readers stream files). */
export async function decodePcm(bytes: Uint8Array, options: DecodeOptions = {}): Promise<Pcm> {
  if (bytes.length === 0) throw new InvalidAudioError("empty file");
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "decode-pcm-"));
  try {
    const file = path.join(dir, "audio");
    await fs.writeFile(file, bytes);
    return await decodePcmFile(file, options);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Decodes WAV bytes to 16 kHz mono PCM. Also takes a WAV written to a pipe (e.g. `espeak-ng
 * --stdout`), whose header cannot hold the real sizes: a data chunk that declares a placeholder
 * size (2 GB or more) is cut to the bytes that follow it. A merely truncated WAV is still refused.
 */
export async function pcmFromWavBytes(bytes: Uint8Array, options: DecodeOptions = {}): Promise<Pcm> {
  const ascii = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || ascii(0) !== "RIFF" || ascii(8) !== "WAVE") throw new InvalidAudioError("not a WAV file");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fixed: Uint8Array | null = null;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = view.getUint32(at + 4, true);
    if (ascii(at) === "data") {
      const available = bytes.length - at - 8;
      if (size > available && size >= PLACEHOLDER_SIZE) {
        fixed = Uint8Array.from(bytes);
        const fv = new DataView(fixed.buffer);
        fv.setUint32(at + 4, available, true);
        fv.setUint32(4, bytes.length - 8, true);
      }
      break;
    }
    at += 8 + size + (size & 1);
  }
  return decodePcm(fixed ?? bytes, options);
}
