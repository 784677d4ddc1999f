import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { FilePathSource, Input, OGG } from "mediabunny";
import { OggOpusDecoder } from "ogg-opus-decoder";
import WaveformData from "waveform-data";
import { type IngestResult, InvalidAudioError, ingestAudio, SEGMENT_CONFIG } from "./ingest";
import { oggPageCrc } from "./ogg-opus-source";
import { writeSegmentPeaks } from "./segment-peaks";
import {
  type BrokenAudio,
  decodedSampleCount,
  decodePcm,
  ffprobeAudio,
  makeBrokenAudio,
  makeRemuxedOgg,
  makeSpeechOgg,
  makeSpeechWav,
  maxAmplitude,
  missingAudioTools,
  sha256File,
  soxiInfo,
} from "./test-audio";

const run = promisify(execFile);

// The files are made once, then the tests run in order in one worker (a failure does not skip the rest).
test.describe.configure({ mode: "default" });

let dir: string;
let wav22k: string; // espeak-ng default: 22.05 kHz mono s16
let wav44kStereo: string;
let ogg: string; // opusenc
let broken: BrokenAudio;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const missing = await missingAudioTools();
  if (missing.length)
    throw new Error(`audio tools missing (apt-get install -y espeak-ng opus-tools sox ffmpeg): ${missing.join(", ")}`);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "audio-ingest-test-"));
  [wav22k, wav44kStereo, ogg, broken] = await Promise.all([
    makeSpeechWav(dir),
    makeSpeechWav(dir, undefined, { sampleRate: 44100, channels: 2 }),
    makeSpeechOgg(dir),
    makeBrokenAudio(dir),
  ]);
});

test.afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

let n = 0;
function outputs() {
  n++;
  return { peaksPath: path.join(dir, `out-${n}.dat`), normalisedPath: path.join(dir, `out-${n}.opus`) };
}

async function readPeaks(file: string): Promise<WaveformData> {
  const buf = await fs.readFile(file);
  return WaveformData.create(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length) as ArrayBuffer);
}

/**
 * Decoded length (48 kHz samples) the normalised segment must have: the source length when the
 * encoder took the source rate, else the length after resampling to 16 kHz (rounded at 16 kHz).
 */
function expectedNormalisedSamples(r: IngestResult): number {
  const { samples, sampleRate } = r.info;
  const rate = r.normalised.inputSampleRate;
  return rate === sampleRate ? (samples * 48000) / rate : Math.round((samples * rate) / sampleRate) * (48000 / rate);
}

/** Checks shared by every accepted file: hash, peaks, normalised segment. */
async function checkOutputs(src: string, out: { peaksPath: string; normalisedPath: string }, r: IngestResult) {
  // Content hash and size of the original bytes.
  expect(r.info.sha256).toBe(await sha256File(src));
  expect(r.info.size).toBe((await fs.stat(src)).size);

  // Peaks: BBC audiowaveform v2 as waveform-data reads it, 10 ms per pixel of the mono mixdown,
  // header stated at 48 kHz (480 samples per pixel) for every file.
  // An upload kept as its own segment has none yet: they are made when asked for (segment-peaks.ts).
  expect(r.peaks === null).toBe(r.segmentIsOriginal);
  const peaks = r.peaks ?? (await writeSegmentPeaks(out.normalisedPath, out.peaksPath));
  const wf = await readPeaks(out.peaksPath);
  expect(wf.channels).toBe(1);
  expect(wf.sample_rate).toBe(48000);
  expect(wf.scale).toBe(480);
  expect(wf.bits).toBe(16);
  expect(peaks).toEqual({ pixels: wf.length, sampleRate: 48000, samplesPerPixel: 480, bits: 16 });
  expect(wf.length).toBe(Math.ceil(r.normalised.samples / 480));
  expect(Math.abs(wf.length - r.info.durationMs / 10)).toBeLessThanOrEqual(1);
  // Speech is there: most 10 ms pixels carry signal, and the loudest one matches the peak level of
  // the source's 16 kHz mono mixdown as ffmpeg decodes it.
  const ch = wf.channel(0);
  const max = ch.max_array();
  const min = ch.min_array();
  const voiced = max.filter((v, i) => v - min[i]! > 600).length;
  expect(voiced / wf.length).toBeGreaterThan(0.5);
  const peak = Math.max(...max, ...min.map((v) => -v)) / 32768;
  const srcPeak = await maxAmplitude(src);
  expect(peak).toBeGreaterThan(srcPeak * 0.9);
  expect(peak).toBeLessThan(srcPeak * 1.1);

  // Normalised segment: mono Ogg Opus whose decoded length equals the source's.
  const probe = await ffprobeAudio(out.normalisedPath);
  expect(probe.codec).toBe("opus");
  expect(probe.channels).toBe(1);
  expect(r.normalised).toMatchObject({ contentType: "audio/ogg", sampleRate: 48000, channels: 1, preSkip: 312 });
  expect(r.normalised.samples).toBe(expectedNormalisedSamples(r));
  expect(Math.abs(r.normalised.durationMs - r.info.durationMs)).toBeLessThanOrEqual(1);
  const decoded48 = await decodedSampleCount(out.normalisedPath, 48000);
  expect(decoded48).toBe(r.normalised.samples); // sample-exact (pre-skip and end trimming)
  const sourceSeconds = r.info.samples / r.info.sampleRate;
  expect(Math.abs(decoded48 / 48000 - sourceSeconds)).toBeLessThan(0.02); // well within one 20 ms frame
  // mediabunny (the muxer that will concatenate segments) reads it back as one Opus track.
  const input = new Input({ source: new FilePathSource(out.normalisedPath), formats: [OGG] });
  try {
    const track = (await input.getPrimaryAudioTrack())!;
    expect(track.codec).toBe("opus");
    expect(track.numberOfChannels).toBe(1);
    expect(Math.abs((await track.computeDuration()) - sourceSeconds)).toBeLessThan(0.021);
  } finally {
    input.dispose();
  }
  // ~32 kbit/s VBR plus Ogg overhead (speech with pauses comes out lower).
  const kbps = ((await fs.stat(out.normalisedPath)).size * 8) / sourceSeconds / 1000;
  expect(kbps).toBeGreaterThan(8);
  expect(kbps).toBeLessThan(40);
}

test("16-bit mono 22.05 kHz WAV from espeak-ng", async () => {
  const out = outputs();
  const before = await sha256File(wav22k);
  const r = await ingestAudio(wav22k, out);
  const sox = await soxiInfo(wav22k);
  expect(r.info).toMatchObject({
    format: "wav",
    contentType: "audio/wav",
    codec: "pcm-s16",
    sampleRate: 22050,
    channels: 1,
    samples: sox.samples,
  });
  expect(Math.abs(r.info.durationMs - sox.seconds * 1000)).toBeLessThanOrEqual(1);
  await checkOutputs(wav22k, out, r);
  expect(await sha256File(wav22k)).toBe(before); // the original is left unchanged
});

test("a recording whose normalised segment spans several of the writer's 64 KiB chunks is whole and sample-exact", async () => {
  const long = path.join(dir, "long.wav");
  await run("sox", [wav22k, long, "repeat", "15"]); // the sentence 16 times over, ~45 s
  const o = outputs();
  const r = await ingestAudio(long, o);
  expect((await fs.stat(o.normalisedPath)).size).toBeGreaterThan(3 * 64 * 1024);
  await checkOutputs(long, o, r);
});

test("stereo 44.1 kHz WAV", async () => {
  const out = outputs();
  const r = await ingestAudio(wav44kStereo, out);
  const sox = await soxiInfo(wav44kStereo);
  expect(r.info).toMatchObject({
    format: "wav",
    codec: "pcm-s16",
    sampleRate: 44100,
    channels: 2,
    samples: sox.samples,
  });
  expect(Math.abs(r.info.durationMs - sox.seconds * 1000)).toBeLessThanOrEqual(1);
  await checkOutputs(wav44kStereo, out, r);
});

test("Ogg Opus from opusenc", async () => {
  const out = outputs();
  const r = await ingestAudio(ogg, out);
  const decoded = await decodedSampleCount(ogg, 48000); // ffmpeg honours pre-skip and end trimming
  const probe = await ffprobeAudio(ogg);
  expect(r.info).toMatchObject({
    format: "ogg-opus",
    contentType: "audio/ogg",
    codec: "opus",
    sampleRate: 48000,
    channels: 1,
    samples: decoded,
  });
  expect(Math.abs(r.info.durationMs - (decoded / 48000) * 1000)).toBeLessThanOrEqual(1);
  // ffprobe 5.1 reports the Ogg Opus duration with the pre-skip (312 samples = 6.5 ms) included.
  expect(Math.abs(r.info.durationMs - probe.duration * 1000)).toBeLessThanOrEqual(8);
  await checkOutputs(ogg, out, r);
});

test("WebM/Opus remuxed to Ogg by mediabunny (the browser upload path) is accepted; WebM itself is not", async () => {
  const { ogg: remuxed, webm } = await makeRemuxedOgg(dir);
  const out = outputs();
  const r = await ingestAudio(remuxed, out);
  expect(r.info).toMatchObject({
    format: "ogg-opus",
    codec: "opus",
    channels: 1,
    samples: await decodedSampleCount(remuxed, 48000),
  });
  await checkOutputs(remuxed, out, r);
  await expect(ingestAudio(webm, outputs())).rejects.toMatchObject({
    reason: /^not Ogg Opus or WAV \(looks like WebM/,
  });
});

test("other WAV sample formats and rates", async () => {
  test.setTimeout(60_000);
  const cases = [
    { encoding: "s24", sampleRate: 22050 },
    { encoding: "s32", sampleRate: 22050 },
    { encoding: "f32", sampleRate: 22050 },
    { encoding: "u8", sampleRate: 22050 },
    { encoding: "s16", sampleRate: 8000 },
    { encoding: "s16", sampleRate: 16000 },
    { encoding: "s16", sampleRate: 48000, channels: 2 },
  ] as const;
  for (const c of cases) {
    const file = await makeSpeechWav(dir, undefined, c);
    const out = outputs();
    const r = await ingestAudio(file, out);
    const sox = await soxiInfo(file);
    expect(r.info, JSON.stringify(c)).toMatchObject({
      format: "wav",
      codec: `pcm-${c.encoding}`,
      sampleRate: c.sampleRate,
      channels: sox.channels,
      samples: sox.samples,
    });
    // Opus takes 8/16/48 kHz as they are; 22.05 kHz is resampled to 16 kHz first.
    expect(r.normalised.inputSampleRate).toBe(c.sampleRate === 22050 ? 16000 : c.sampleRate);
    expect(r.normalised.samples).toBe(expectedNormalisedSamples(r));
    expect(await decodedSampleCount(out.normalisedPath, 48000)).toBe(r.normalised.samples);
    expect(r.peaks?.pixels).toBe(Math.ceil(r.normalised.samples / 480));
  }
});

test("stereo Ogg Opus is mixed down to mono", async () => {
  const stereo = await makeSpeechOgg(dir, undefined, { channels: 2, name: "stereo.opus" });
  const out = outputs();
  const r = await ingestAudio(stereo, out);
  expect(r.info).toMatchObject({ format: "ogg-opus", channels: 2, samples: await decodedSampleCount(stereo, 48000) });
  expect((await ffprobeAudio(out.normalisedPath)).channels).toBe(1);
});

test("the encoder worker thread and the calling thread produce the same audio", async () => {
  const a = outputs();
  const b = outputs();
  const ra = await ingestAudio(wav22k, a, { worker: true });
  const rb = await ingestAudio(wav22k, b, { worker: false });
  expect(ra.normalised).toEqual(rb.normalised);
  // libopus is deterministic; the files differ only in the random Ogg serial number.
  expect(
    Buffer.from((await decodePcm(a.normalisedPath)).buffer).equals(
      Buffer.from((await decodePcm(b.normalisedPath)).buffer),
    ),
  ).toBe(true);
  expect((await fs.readFile(a.peaksPath)).equals(await fs.readFile(b.peaksPath))).toBe(true);
});

test("the normalised segment decodes in JavaScript too (ogg-opus-decoder), with the configured settings", async () => {
  const out = outputs();
  const r = await ingestAudio(ogg, out, { passthrough: false });
  const decoder = new OggOpusDecoder();
  await decoder.ready;
  try {
    const decoded = await decoder.decodeFile(new Uint8Array(await fs.readFile(out.normalisedPath)));
    expect(decoded.errors).toEqual([]);
    expect(decoded.channelData.length).toBe(1);
    expect(decoded.samplesDecoded).toBe(r.normalised.samples);
  } finally {
    decoder.free();
  }
  expect(SEGMENT_CONFIG).toMatchObject({
    channels: 1,
    bandwidth: "wideband",
    frameMs: 20,
    bitrate: 32000,
    application: "voip",
    preSkip: 312,
  });
  // 20 ms packets covering the audio plus the encoder lookahead (104 samples at 16 kHz).
  expect(r.normalised.inputSampleRate).toBe(16000);
  expect(r.normalised.packets).toBe(Math.ceil((r.normalised.samples / 3 + 104) / 320));
});

test("peaks of different sources concatenate (same header layout)", async () => {
  const a = outputs();
  const b = outputs();
  await ingestAudio(wav22k, a);
  await ingestAudio(ogg, b);
  await writeSegmentPeaks(ogg, b.peaksPath); // kept as uploaded: its peaks are made on request
  const [wa, wb] = await Promise.all([readPeaks(a.peaksPath), readPeaks(b.peaksPath)]);
  const joined = wa.concat(wb);
  expect(joined.length).toBe(wa.length + wb.length);
  expect(joined.duration).toBeCloseTo(wa.duration + wb.duration, 5);
});

test("8-bit peaks", async () => {
  const out = outputs();
  const r = await ingestAudio(wav22k, out, { peaksBits: 8 });
  const wf = await readPeaks(out.peaksPath);
  expect(wf.bits).toBe(8);
  expect(wf.length).toBe(r.peaks?.pixels);
  expect(Math.max(...wf.channel(0).max_array())).toBeGreaterThan(20);
});

const refusals: Array<[keyof BrokenAudio, RegExp]> = [
  ["empty", /^empty file$/],
  ["truncatedOgg", /^truncated Ogg stream/],
  ["corruptOgg", /CRC mismatch/],
  ["chainedOgg", /more than one logical stream/],
  ["vorbisOgg", /^Ogg stream is Vorbis, not Opus/],
  ["riffAvi", /^RIFF file is not WAVE/],
  ["lyingWav", /^truncated WAV: decoded length [\d.]+ s differs from declared [\d.]+ s$/],
  ["truncatedWav", /^truncated WAV: decoded length [\d.]+ s differs from declared [\d.]+ s$/],
  ["mp3AsWav", /^not Ogg Opus or WAV \(looks like MP3\)$/],
  ["mp3InWav", /^WAV sample format MP3 is not supported/],
  ["mulawWav", /^WAV sample format µ-law is not supported/],
  ["random", /^not Ogg Opus or WAV$/],
];

for (const [kind, reason] of refusals) {
  test(`refuses ${kind}`, async () => {
    const out = outputs();
    const src = broken[kind];
    const before = await sha256File(src);
    const err = await ingestAudio(src, out).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InvalidAudioError);
    expect((err as InvalidAudioError).reason).toMatch(reason);
    // No partial outputs are left behind, and the upload is untouched.
    await expect(fs.stat(out.peaksPath)).rejects.toThrow();
    await expect(fs.stat(out.normalisedPath)).rejects.toThrow();
    expect(await sha256File(src)).toBe(before);
  });
}

test("Ogg Opus already in the segment's framing is not re-encoded: the upload itself is the segment", async () => {
  const copied = outputs();
  const r = await ingestAudio(ogg, copied);
  expect(r.normalised.inputSampleRate).toBe(48000); // no encoder was fed
  expect(r.segmentIsOriginal).toBe(true); // stored once (lib/media/audio-upload.ts)
  expect(r.normalised.samples).toBe(r.info.samples); // exact: no resampling
  expect(r.normalised.preSkip).toBe(312);
  expect(await fs.readFile(copied.normalisedPath)).toEqual(await fs.readFile(ogg));
  // Never decoded: no peaks file yet.
  expect(r.peaks).toBeNull();
  await expect(fs.stat(copied.peaksPath)).rejects.toThrow();
  const encoded = outputs();
  const e = await ingestAudio(ogg, encoded, { passthrough: false });
  expect(e.segmentIsOriginal).toBe(false);
  // The peaks made on request from the kept segment are those ingest writes when it re-encodes
  // (both are taken from the decoded source).
  expect(await writeSegmentPeaks(copied.normalisedPath, copied.peaksPath)).toEqual(e.peaks);
  expect(await fs.readFile(copied.peaksPath)).toEqual(await fs.readFile(encoded.peaksPath));
  const decoder = new OggOpusDecoder();
  await decoder.ready;
  try {
    const decoded = await decoder.decodeFile(new Uint8Array(await fs.readFile(copied.normalisedPath)));
    expect(decoded.errors).toEqual([]);
    expect(decoded.channelData.length).toBe(1);
    expect(decoded.samplesDecoded).toBe(r.normalised.samples);
  } finally {
    decoder.free();
  }
  expect(Math.abs(r.normalised.samples - e.normalised.samples)).toBeLessThan(3);
});

/** The Ogg pages of a file, as views into its bytes. */
function oggPages(bytes: Buffer): Buffer[] {
  const pages: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const segments = bytes[at + 26]!;
    let length = 27 + segments;
    for (let i = 0; i < segments; i++) length += bytes[at + 27 + i]!;
    pages.push(bytes.subarray(at, at + length));
    at += length;
  }
  return pages;
}

test("Ogg Opus whose pages misstate their timing, or that carries large tags, is re-encoded, not kept", async () => {
  const bytes = await fs.readFile(ogg);
  const pages = oggPages(bytes);
  expect(pages.length).toBeGreaterThan(3); // head, tags, and more than one audio page
  const page = pages[2]!; // the first audio page, not the last
  page.writeBigInt64LE(page.readBigInt64LE(6) + 960n, 6); // one packet too many
  page.writeUInt32LE(oggPageCrc(page), 22);
  const skewed = path.join(dir, "skewed-granule.opus");
  await fs.writeFile(skewed, bytes);
  const tagged = await makeSpeechOgg(dir, undefined, { name: "tagged.opus", comment: `NOTE=${"x".repeat(20_000)}` });
  for (const file of [skewed, tagged]) {
    const out = outputs();
    const r = await ingestAudio(file, out);
    expect(r.normalised.inputSampleRate).toBe(16000); // fed to the encoder
    expect(r.segmentIsOriginal).toBe(false);
    expect(await fs.readFile(out.normalisedPath)).not.toEqual(await fs.readFile(file));
    expect((await fs.stat(out.normalisedPath)).size).toBeLessThan(20_000);
  }
});
