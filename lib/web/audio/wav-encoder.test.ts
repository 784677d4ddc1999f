import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ingestAudio } from "@/lib/audio/ingest";
import { probeWav } from "@/lib/audio/wav-source";
import { describeBytes, sniffAudio } from "./container";
import { concatFloat32, downmix, encodeWav, toInt } from "./wav-encoder";

const sine = (frames: number, rate: number, hz = 440, amplitude = 0.5) =>
  Float32Array.from({ length: frames }, (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate));

const text = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

test("the canonical header describes the PCM that follows", () => {
  const wav = encodeWav(sine(480, 48000), { sampleRate: 48000 });
  const view = new DataView(wav.buffer);
  expect(wav.length).toBe(44 + 480 * 2);
  expect(text(wav, 0, 4)).toBe("RIFF");
  expect(view.getUint32(4, true)).toBe(wav.length - 8);
  expect(text(wav, 8, 8)).toBe("WAVEfmt ");
  expect(view.getUint32(16, true)).toBe(16);
  expect(view.getUint16(20, true)).toBe(1); // PCM
  expect(view.getUint16(22, true)).toBe(1); // mono
  expect(view.getUint32(24, true)).toBe(48000);
  expect(view.getUint32(28, true)).toBe(96000);
  expect(view.getUint16(32, true)).toBe(2);
  expect(view.getUint16(34, true)).toBe(16);
  expect(text(wav, 36, 4)).toBe("data");
  expect(view.getUint32(40, true)).toBe(960);
});

test("samples are clamped, rounded and little-endian; channels are interleaved", () => {
  expect([toInt(1, 16), toInt(-1, 16), toInt(0, 16), toInt(2, 16), toInt(-3, 16), toInt(Number.NaN, 16)]).toEqual([
    32767, -32768, 0, 32767, -32768, 0,
  ]);
  expect([toInt(1, 24), toInt(-1, 24), toInt(0.5, 24)]).toEqual([8388607, -8388608, 4194304]);
  const left = Float32Array.of(0.5, -1);
  const right = Float32Array.of(-0.5, 1);
  const wav = encodeWav([left, right], { sampleRate: 8000 });
  const view = new DataView(wav.buffer);
  expect(view.getUint16(22, true)).toBe(2);
  expect(view.getUint16(32, true)).toBe(4);
  expect([0, 1, 2, 3].map((i) => view.getInt16(44 + 2 * i, true))).toEqual([16384, -16384, -32768, 32767]);
});

test("24-bit samples, and odd data sizes padded to a word", () => {
  const wav = encodeWav(Float32Array.of(-1, 0.25, 1), { sampleRate: 16000, bitDepth: 24 });
  const view = new DataView(wav.buffer);
  expect(view.getUint16(34, true)).toBe(24);
  expect(view.getUint32(40, true)).toBe(9);
  expect(wav.length).toBe(44 + 9 + 1);
  expect(view.getUint32(4, true)).toBe(wav.length - 8);
  const sample = (i: number) => ((wav[44 + 3 * i] | (wav[45 + 3 * i] << 8) | (wav[46 + 3 * i] << 16)) << 8) >> 8;
  expect([sample(0), sample(1), sample(2)]).toEqual([-8388608, 2097152, 8388607]);
});

test("bad input is refused", () => {
  expect(() => encodeWav([], { sampleRate: 48000 })).toThrow(/channels/);
  expect(() => encodeWav(Float32Array.of(0), { sampleRate: 0 })).toThrow(/sample rate/);
  expect(() => encodeWav(Float32Array.of(0), { sampleRate: 44100.5 })).toThrow(/sample rate/);
  expect(() => encodeWav([Float32Array.of(0), Float32Array.of(0, 0)], { sampleRate: 48000 })).toThrow(/same number/);
  // Empty audio is still a well-formed file (the API then refuses it as empty audio).
  expect(encodeWav(new Float32Array(0), { sampleRate: 48000 }).length).toBe(44);
});

test("blocks are joined and channels mixed down", () => {
  expect([...concatFloat32([Float32Array.of(1, 2), new Float32Array(0), Float32Array.of(3)])]).toEqual([1, 2, 3]);
  expect([...downmix([Float32Array.of(1, 0.5), Float32Array.of(0, -0.5)])]).toEqual([0.5, 0]);
  const mono = Float32Array.of(0.1);
  expect(downmix([mono])).toBe(mono);
  expect(() => downmix([Float32Array.of(1), Float32Array.of(1, 2)])).toThrow(/same number/);
});

test("the container sniffer knows WAV and Ogg Opus from everything else", () => {
  expect(sniffAudio(encodeWav(sine(10, 8000), { sampleRate: 8000 }))).toBe("wav");
  const ogg = new Uint8Array(64);
  ogg.set(
    [..."OggS"].map((c) => c.charCodeAt(0)),
    0,
  );
  ogg.set(
    [..."OpusHead"].map((c) => c.charCodeAt(0)),
    28,
  );
  expect(sniffAudio(ogg)).toBe("ogg-opus");
  const vorbis = Uint8Array.from(ogg);
  vorbis.set(
    [..."\x01vorbis\0"].map((c) => c.charCodeAt(0)),
    28,
  );
  expect(sniffAudio(vorbis)).toBeNull();
  expect(describeBytes(vorbis)).toBe("Ogg, but not Opus");
  expect(sniffAudio(Uint8Array.of(0x1a, 0x45, 0xdf, 0xa3, 0, 0))).toBeNull();
  expect(describeBytes(Uint8Array.of(0x1a, 0x45, 0xdf, 0xa3, 0, 0))).toBe("WebM/Matroska");
  expect(describeBytes(Uint8Array.of(0x49, 0x44, 0x33, 4))).toBe("MP3");
  expect(sniffAudio(new Uint8Array(0))).toBeNull();
});

test("what the browser encodes is WAV the API's own ingest accepts, sample for sample", async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "wav-encoder-"));
  try {
    const cases = [
      { sampleRate: 48000, channels: 1, bitDepth: 16 as const, codec: "pcm-s16" },
      { sampleRate: 44100, channels: 2, bitDepth: 16 as const, codec: "pcm-s16" },
      { sampleRate: 16000, channels: 1, bitDepth: 24 as const, codec: "pcm-s24" },
    ];
    for (const c of cases) {
      const frames = Math.round(c.sampleRate * 1.5);
      const channels = Array.from({ length: c.channels }, (_, i) => sine(frames, c.sampleRate, 220 * (i + 1)));
      const file = path.join(dir, `${c.sampleRate}-${c.channels}-${c.bitDepth}.wav`);
      await fs.writeFile(file, encodeWav(channels, c));
      const size = (await fs.stat(file)).size;
      expect(await probeWav(file, size)).toMatchObject({
        codec: c.codec,
        sampleRate: c.sampleRate,
        channels: c.channels,
        samples: frames,
        dataOffset: 44,
      });
      const r = await ingestAudio(file, { normalisedPath: `${file}.ogg`, peaksPath: `${file}.dat` }, { worker: false });
      expect(r.info).toMatchObject({
        format: "wav",
        contentType: "audio/wav",
        codec: c.codec,
        sampleRate: c.sampleRate,
        channels: c.channels,
        samples: frames,
        durationMs: 1500,
      });
      expect(r.normalised.durationMs).toBeGreaterThanOrEqual(1490);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
