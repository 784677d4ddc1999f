import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import WaveformData from "waveform-data";
import { ingestAudio } from "@/lib/audio/ingest";
import { writeSegmentPeaks } from "@/lib/audio/segment-peaks";
import { decodedSampleCount, makeSpeechOgg, makeSpeechWav, missingAudioTools } from "@/lib/audio/test-audio";
import { combineSegments, type SegmentSource } from "./combine";
import { concatPeaks } from "./concat-peaks";

// combine.ts on real normalised segments (made by lib/audio/ingest.ts from espeak-ng WAV and
// opusenc Ogg Opus): one logical Ogg Opus stream decoding to the sum of the parts, joins within
// half a packet, peaks identical to waveform-data's concat().

const execFileAsync = promisify(execFile);
let dir: string;
const segments: { ogg: string; peaks: string; samples: number }[] = [];
const local = (file: string): SegmentSource => ({ open: async () => ({ path: file, release: async () => {} }) });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  segments.length = 0; // a worker may run this file's hooks more than once
  const missing = await missingAudioTools();
  if (missing.length) throw new Error(`audio tools missing: ${missing.join(", ")}`);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "combine-test-"));
  const sources = await Promise.all([
    makeSpeechWav(dir, "The cat sits on the mat.", { name: "a.wav" }),
    makeSpeechOgg(dir, "A dog runs in the park.", { name: "b.opus" }),
    makeSpeechWav(dir, "Birds fly south in winter.", { name: "c.wav", sampleRate: 48000 }),
    makeSpeechOgg(dir, "Thirteen and thirty.", { name: "d.opus" }),
  ]);
  for (const [i, src] of sources.entries()) {
    const out = { normalisedPath: path.join(dir, `n${i}.ogg`), peaksPath: path.join(dir, `p${i}.dat`) };
    const r = await ingestAudio(src, out);
    // An Ogg Opus upload kept as uploaded has its peaks made on request (lib/downloads/peaks.ts).
    if (!r.peaks) await writeSegmentPeaks(out.normalisedPath, out.peaksPath);
    segments.push({ ogg: out.normalisedPath, peaks: out.peaksPath, samples: r.normalised.samples });
  }
});

test.afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

test("combined segments: one Ogg Opus stream of exactly the sum of the parts, joins within half a packet", async () => {
  const order = [0, 1, 2, 3, 1, 0, 2];
  const out = path.join(dir, "combined.ogg");
  const result = await combineSegments(
    order.map((i) => local(segments[i]!.ogg)),
    out,
  );
  const sum = order.reduce((a, i) => a + segments[i]!.samples, 0);
  expect(result.sumOfParts).toBe(sum);
  expect(result.samples).toBe(sum);
  expect(result.joinOffsets).toHaveLength(order.length - 1);
  for (const offset of result.joinOffsets) expect(Math.abs(offset)).toBeLessThanOrEqual(480);
  // ffmpeg decodes exactly that length; ffprobe sees one stream.
  expect(Math.abs((await decodedSampleCount(out)) - sum)).toBeLessThanOrEqual(1);
  const { stdout } = await execFileAsync("ffprobe", [
    "-v",
    "error",
    "-show_entries",
    "stream=codec_name,channels",
    "-of",
    "json",
    out,
  ]);
  expect(JSON.parse(stdout).streams).toEqual([{ codec_name: "opus", channels: 1 }]);
  // Exactly one Ogg beginning-of-stream page (not a chain).
  const bytes = await fs.readFile(out);
  let bos = 0;
  for (let i = bytes.indexOf("OggS"); i >= 0; i = bytes.indexOf("OggS", i + 4)) if (bytes[i + 5]! & 2) bos++;
  expect(bos).toBe(1);
});

test("one segment: the same length as the segment", async () => {
  const out = path.join(dir, "single.ogg");
  const result = await combineSegments([local(segments[1]!.ogg)], out);
  expect(result.samples).toBe(segments[1]!.samples);
  expect(Math.abs((await decodedSampleCount(out)) - segments[1]!.samples)).toBeLessThanOrEqual(1);
});

test("peaks: the same as waveform-data's concat()", async () => {
  const out = path.join(dir, "combined.dat");
  const order = [0, 1, 2, 3];
  const { pixels } = await concatPeaks(
    order.map((i) => local(segments[i]!.peaks)),
    out,
  );
  const load = async (file: string) => {
    const b = await fs.readFile(file);
    return WaveformData.create(b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer);
  };
  const parts = await Promise.all(order.map((i) => load(segments[i]!.peaks)));
  const expected = parts[0]!.concat(...parts.slice(1));
  const actual = await load(out);
  expect(pixels).toBe(expected.length);
  expect(actual.length).toBe(expected.length);
  expect(actual.sample_rate).toBe(expected.sample_rate);
  expect(actual.scale).toBe(expected.scale);
  expect(Array.from(actual.channel(0).min_array())).toEqual(Array.from(expected.channel(0).min_array()));
  expect(Array.from(actual.channel(0).max_array())).toEqual(Array.from(expected.channel(0).max_array()));
});
