import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// Real synthesised speech for the recognition tests: espeak-ng voices, varied with sox (pitch,
// tempo), as WAV or Ogg Opus (opusenc). Each call works in its own temp directory.

const run = promisify(execFile);

export type Voice = {
  voice?: string;
  speed?: number;
  pitch?: number;
  tempo?: number;
  rate?: number;
  /** Seconds of silence after the speech, as a recorder keeps running after the student stops. */
  padSeconds?: number;
};

/**
 * `text` spoken by espeak-ng as 16-bit mono WAV at `rate` (default 16 kHz). sox runs with -R: its
 * dither is otherwise seeded afresh each run, and a test's speech would differ from run to run.
 */
export async function speakWav(text: string, opts: Voice = {}): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "speak-"));
  try {
    const raw = path.join(dir, "raw.wav");
    const out = path.join(dir, "out.wav");
    await run("espeak-ng", ["-v", opts.voice ?? "en-us", "-s", String(opts.speed ?? 160), "-w", raw, text]);
    const effects = [
      ...(opts.pitch ? ["pitch", String(opts.pitch)] : []),
      ...(opts.tempo ? ["tempo", String(opts.tempo)] : []),
      ...(opts.padSeconds ? ["pad", "0", String(opts.padSeconds)] : []),
    ];
    await run("sox", ["-R", raw, "-r", String(opts.rate ?? 16000), "-c", "1", "-b", "16", out, ...effects]);
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** `text` spoken by espeak-ng as Ogg Opus (opusenc). */
export async function speakOgg(text: string, opts: Voice = {}): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "speak-"));
  try {
    const wav = path.join(dir, "in.wav");
    const out = path.join(dir, "out.opus");
    await fs.writeFile(wav, await speakWav(text, { rate: 48000, ...opts }));
    await run("opusenc", ["--quiet", "--bitrate", "32", wav, out]);
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * 16-bit mono WAVs of one rate (speakWav's) joined into one, `gapSeconds` of silence before, between
 * and after them, with where each one is in the joined WAV (ms): a recording and its SRT cues.
 */
export function joinWavs(
  wavs: Buffer[],
  gapSeconds: number,
): { wav: Buffer; spansMs: { startMs: number; endMs: number }[] } {
  const first = wavs[0]!;
  const dataAt = first.indexOf("data") + 8;
  const rate = first.readUInt32LE(24);
  const gap = Buffer.alloc(Math.round(gapSeconds * rate) * 2);
  const parts: Buffer[] = [gap];
  const spansMs: { startMs: number; endMs: number }[] = [];
  let samples = gap.length / 2;
  for (const wav of wavs) {
    const data = wav.subarray(wav.indexOf("data") + 8);
    spansMs.push({ startMs: (samples / rate) * 1000, endMs: ((samples + data.length / 2) / rate) * 1000 });
    parts.push(data, gap);
    samples += data.length / 2 + gap.length / 2;
  }
  const data = Buffer.concat(parts);
  const header = Buffer.from(first.subarray(0, dataAt));
  header.writeUInt32LE(dataAt - 8 + data.length, 4);
  header.writeUInt32LE(data.length, dataAt - 4);
  return { wav: Buffer.concat([header, data]), spansMs };
}

/** A WAV cut into `n` chunks, each a complete WAV file with its own header (the SDK's WAV recorder). */
export function wavChunks(wav: Buffer, n: number): Buffer[] {
  const dataAt = wav.indexOf("data") + 8;
  const header = wav.subarray(0, dataAt);
  const data = wav.subarray(dataAt);
  const size = Math.ceil(data.length / n / 2) * 2;
  const chunks: Buffer[] = [];
  for (let at = 0; at < data.length; at += size) {
    const part = data.subarray(at, at + size);
    const h = Buffer.from(header);
    h.writeUInt32LE(36 + part.length, 4);
    h.writeUInt32LE(part.length, dataAt - 4);
    chunks.push(Buffer.concat([h, part]));
  }
  return chunks;
}

/** Consecutive pieces of one byte stream (a MediaRecorder's Ogg Opus chunks). */
export function byteChunks(bytes: Buffer, n: number): Buffer[] {
  const size = Math.ceil(bytes.length / n);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}
