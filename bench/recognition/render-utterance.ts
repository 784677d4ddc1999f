// One utterance of the corpus, spoken and degraded: espeak-ng, sox pitch/tempo/resampling to
// 16 kHz, then noise at an exact SNR, written as 16-bit mono WAV.
//
// The SNR is exact on the written samples: speech RMS is the active level (RMS over the 20-ms
// frames within 40 dB of the loudest, so espeak's leading and trailing silence does not count);
// the noise is a slice of `sox -n synth 60 whitenoise|pinknoise` (32-bit float), scaled so that
// 20·log10(speech RMS / noise RMS) is the target, added in floats, and the sum rounded to 16 bits.
// The achieved SNR (noise = written mix − clean speech, so rounding counts) is kept per file.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { activeRms, quantise16, readWav, rms, wavBytes } from "./wav";

const run = promisify(execFile);
const RATE = 16000;

export type Noise = "white" | "pink";
export type Utterance = {
  text: string;
  voice: string;
  speed: number;
  pitch: number;
  tempo: number;
  noise: Noise | null;
};

/** A deterministic generator in 0..1 (mulberry32) for a string key, so every file's variation is reproducible. */
export function random(seed: number, key: string): () => number {
  let a = (createHash("sha256").update(`${seed}:${key}`).digest().readUInt32LE(0) ^ seed) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type NoiseBank = Record<Noise, Float32Array>;

/** 60 s of white and pink noise from `sox -n synth` (float, so nothing clips), generated once per dir. */
export async function noiseBank(dir: string): Promise<NoiseBank> {
  const bank = {} as NoiseBank;
  for (const kind of ["white", "pink"] as const) {
    const file = path.join(dir, `noise-${kind}.wav`);
    await fs
      .access(file)
      .catch(() =>
        run("sox", [
          "-R",
          "-n",
          "-r",
          String(RATE),
          "-c",
          "1",
          "-e",
          "floating-point",
          "-b",
          "32",
          file,
          "synth",
          "60",
          `${kind}noise`,
        ]),
      );
    bank[kind] = (await readWav(file)).samples;
  }
  return bank;
}

/**
 * Speaks `u` into `out` (16-bit WAV): espeak-ng, then sox pitch/tempo/resampling, then noise at
 * `snrDb` from a random slice of the bank; `padTo` adds trailing silence up to that many seconds
 * first. Returns the length and the SNR achieved on the written samples (null without noise).
 */
export async function renderUtterance(
  u: Utterance,
  out: string,
  opts: { bank: NoiseBank; snrDb: number; rand: () => number; padTo?: number },
): Promise<{ seconds: number; snrDb: number | null; pcm: Int16Array }> {
  const raw = `${out}.raw.wav`;
  const clean = `${out}.clean.wav`;
  try {
    await run("espeak-ng", ["-v", u.voice, "-s", String(u.speed), "-w", raw, u.text]);
    const effects = [
      ...(u.pitch ? ["pitch", String(u.pitch)] : []),
      ...(u.tempo !== 1 ? ["tempo", "-s", String(u.tempo)] : []),
    ];
    await run("sox", [raw, "-e", "floating-point", "-b", "32", clean, ...effects, "rate", "-v", String(RATE)]);
    let speech = (await readWav(clean)).samples;
    if (opts.padTo && speech.length < opts.padTo * RATE) {
      const padded = new Float32Array(Math.round(opts.padTo * RATE));
      padded.set(speech);
      speech = padded;
    }
    let mix = speech;
    let gain = 0;
    let noise: Float32Array | null = null;
    if (u.noise) {
      const source = opts.bank[u.noise];
      const start = Math.floor(opts.rand() * (source.length - speech.length));
      noise = source.subarray(start, start + speech.length);
      gain = activeRms(speech, RATE) / (rms(noise) * 10 ** (opts.snrDb / 20));
      mix = speech.map((s, i) => s + gain * noise![i]!);
    }
    // Scaling speech and noise together keeps the SNR and avoids clipping at 16 bits.
    let peak = 0;
    for (const s of mix) peak = Math.max(peak, Math.abs(s));
    const scale = peak > 0.99 ? 0.99 / peak : 1;
    if (scale !== 1) mix = mix.map((s) => s * scale);
    const { pcm, back } = quantise16(mix);
    await fs.writeFile(out, wavBytes(pcm, RATE));
    let snrDb: number | null = null;
    if (noise) {
      const residual = back.map((s, i) => s - speech[i]! * scale);
      snrDb = 20 * Math.log10((activeRms(speech, RATE) * scale) / rms(residual));
    }
    return { seconds: pcm.length / RATE, snrDb, pcm };
  } finally {
    await fs.rm(raw, { force: true });
    await fs.rm(clean, { force: true });
  }
}
