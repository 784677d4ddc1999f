import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { InvalidAudioError } from "@/lib/audio/errors";
import {
  decodedSampleCount,
  decodePcm as ffmpegPcm,
  makeSpeechOgg,
  makeSpeechWav,
  missingAudioTools,
  soxiInfo,
} from "@/lib/audio/test-audio";
import { decodePcm, decodePcmFile, pcmFromWavBytes } from "./decode-pcm";

const execFileAsync = promisify(execFile);
const TEXT = "Where is the train station?";

test.describe.configure({ mode: "default" });
let dir: string;

test.beforeAll(async () => {
  const missing = await missingAudioTools();
  if (missing.length) throw new Error(`audio tools missing: ${missing.join(", ")}`);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "decode-pcm-test-"));
});
test.afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const rms = (x: ArrayLike<number>, scale = 1) => {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += (x[i]! / scale) ** 2;
  return Math.sqrt(s / x.length);
};

test("WAV at 16 kHz mono s16 decodes sample for sample", async () => {
  const file = await makeSpeechWav(dir, TEXT, { sampleRate: 16000, name: "16k.wav" });
  const pcm = await decodePcmFile(file);
  const reference = await ffmpegPcm(file, 16000);
  expect(pcm.sampleRate).toBe(16000);
  expect(pcm.samples.length).toBe(reference.length);
  for (const i of [1000, 5000, 9000]) expect(pcm.samples[i]).toBe(reference[i]! / 32768);
});

for (const [rate, channels, encoding] of [
  [22050, 1, "s16"],
  [44100, 2, "f32"],
  [8000, 1, "u8"],
] as const) {
  test(`WAV at ${rate} Hz, ${channels} channel(s), ${encoding} is mixed down and resampled to 16 kHz`, async () => {
    const file = await makeSpeechWav(dir, TEXT, { sampleRate: rate, channels, encoding, name: `${rate}.wav` });
    const { samples } = await soxiInfo(file);
    const pcm = await decodePcm(await fs.readFile(file));
    expect(pcm.samples.length).toBe(Math.round((samples * 16000) / rate));
    // Same loudness as ffmpeg's resampled mixdown (within 5 %).
    const reference = await ffmpegPcm(file, 16000);
    expect(rms(pcm.samples) / rms(reference, 32768)).toBeGreaterThan(0.95);
    expect(rms(pcm.samples) / rms(reference, 32768)).toBeLessThan(1.05);
  });
}

test("Ogg Opus decodes to 16 kHz mono with the declared length", async () => {
  const file = await makeSpeechOgg(dir, TEXT, { name: "speech.opus", channels: 2 });
  const pcm = await decodePcm(await fs.readFile(file));
  expect(pcm.samples.length).toBe(Math.round((await decodedSampleCount(file, 48000)) / 3));
  expect(rms(pcm.samples)).toBeGreaterThan(0.01);
});

test("espeak-ng's WAV on stdout (placeholder sizes) is read; a truncated WAV is still refused", async () => {
  const { stdout } = await execFileAsync("espeak-ng", ["--stdout", TEXT], { encoding: "buffer", maxBuffer: 1 << 24 });
  const written = await makeSpeechWav(dir, TEXT, { name: "espeak.wav" });
  const pcm = await pcmFromWavBytes(stdout);
  expect(pcm.samples.length).toBe(Math.round(((await soxiInfo(written)).samples * 16000) / 22050));
  const whole = await fs.readFile(written);
  await expect(pcmFromWavBytes(whole.subarray(0, whole.length - 1000))).rejects.toThrow(/truncated WAV/);
});

test("other bytes, and audio past maxSeconds, are refused with InvalidAudioError", async () => {
  await expect(decodePcm(new TextEncoder().encode("ID3 not really an mp3"))).rejects.toThrow(/MP3/);
  await expect(decodePcm(new Uint8Array())).rejects.toBeInstanceOf(InvalidAudioError);
  await expect(pcmFromWavBytes(new Uint8Array(20))).rejects.toThrow(/not a WAV/);
  const wav = await fs.readFile(await makeSpeechWav(dir, TEXT, { sampleRate: 16000, name: "long.wav" }));
  const ogg = await fs.readFile(await makeSpeechOgg(dir, TEXT, { name: "long.opus" }));
  await expect(decodePcm(wav, { maxSeconds: 0.5 })).rejects.toThrow(/longer than 0.5 s/);
  await expect(decodePcm(ogg, { maxSeconds: 0.5 })).rejects.toThrow(/longer than 0.5 s/);
});
