// Real spoken test audio for API tests, made once per Playwright worker with the Debian
// tools behind lib/audio/test-audio.ts (espeak-ng WAV, opusenc Ogg Opus, broken variants)
// and removed when the worker exits. Every spec file in the worker shares the same bytes.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  type BrokenAudio,
  makeBrokenAudio,
  makeSpeechOgg,
  makeSpeechWav,
  missingAudioTools,
} from "../../lib/audio/test-audio";
import type { NamedFilePart } from "./multipart";

export const WAV_TEXT = "The cat sits on the mat.";
export const OGG_TEXT = "A dog runs in the park.";
export const OGG2_TEXT = "Birds fly south in winter.";

export type TestAudio = {
  /** espeak-ng, RIFF/WAVE s16 mono 22.05 kHz, saying WAV_TEXT. */
  wav: Buffer;
  /** opusenc Ogg Opus saying OGG_TEXT. */
  ogg: Buffer;
  /** opusenc Ogg Opus saying OGG2_TEXT. */
  ogg2: Buffer;
  /** Broken or unsupported files (lib/audio/test-audio.ts makeBrokenAudio). */
  broken: Record<keyof BrokenAudio, Buffer>;
};

let pending: Promise<TestAudio> | undefined;

/** The worker's test audio (made on first use; allow it ~30 s in a beforeAll: see prepareTestAudio). */
export function testAudio(): Promise<TestAudio> {
  return (pending ??= make());
}

/** Makes the worker's test audio in a beforeAll of the calling spec file, outside every test's time limit. */
export function prepareTestAudio() {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await testAudio();
  });
}

async function make(): Promise<TestAudio> {
  const missing = await missingAudioTools();
  expect(missing, "audio tools for the tests (apt-get install -y espeak-ng opus-tools sox ffmpeg)").toEqual([]);
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "e2e-audio-"));
  process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  const [wav, ogg, ogg2, files] = await Promise.all([
    makeSpeechWav(dir, WAV_TEXT, { name: "cat.wav" }),
    makeSpeechOgg(dir, OGG_TEXT, { name: "dog.opus" }),
    makeSpeechOgg(dir, OGG2_TEXT, { name: "birds.opus" }),
    fsp.mkdir(path.join(dir, "broken")).then(() => makeBrokenAudio(path.join(dir, "broken"), "Thirteen and thirty.")),
  ]);
  const broken = Object.fromEntries(
    await Promise.all(Object.entries(files).map(async ([k, p]) => [k, await fsp.readFile(p)])),
  ) as TestAudio["broken"];
  return { wav: await fsp.readFile(wav), ogg: await fsp.readFile(ogg), ogg2: await fsp.readFile(ogg2), broken };
}

/** A valid WAV that no other request sends: eight bytes of samples in the middle of the speech are random. */
export function uniqueWav(wav: Buffer): Buffer {
  const bytes = Buffer.from(wav);
  const data = bytes.indexOf("data", 12, "latin1") + 8;
  const samples = (bytes.length - data) / 2;
  randomBytes(8).copy(bytes, data + 2 * Math.floor(samples / 4 + Math.random() * (samples / 2)));
  return bytes;
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export const wavPart = (buffer: Buffer, name = "speech.wav"): NamedFilePart => ({
  buffer,
  name,
  mimeType: "audio/wav",
});
export const oggPart = (buffer: Buffer, name = "speech.opus"): NamedFilePart => ({
  buffer,
  name,
  mimeType: "audio/ogg",
});
