import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { makeSpeechOgg, makeSpeechWav, SAMPLE_SENTENCE } from "./test-audio";
import { run } from "./test-audio-tools";

// Broken and unsupported audio files for the tests that must refuse them.

export type BrokenAudio = {
  /** 0 bytes. */
  empty: string;
  /** Ogg Opus with the last page cut short. */
  truncatedOgg: string;
  /** Ogg Opus with one byte flipped in the middle (page CRC mismatch). */
  corruptOgg: string;
  /** Two Ogg Opus files appended byte for byte (a chained stream). */
  chainedOgg: string;
  /** Ogg Vorbis (ffmpeg). */
  vorbisOgg: string;
  /** RIFF AVI (ffmpeg test pattern). */
  riffAvi: string;
  /** WAV whose data chunk declares more bytes than the file holds. */
  lyingWav: string;
  /** WAV cut in the middle of its data chunk. */
  truncatedWav: string;
  /** An MP3 file named .wav. */
  mp3AsWav: string;
  /** RIFF/WAVE holding MP3 (format tag 0x55). */
  mp3InWav: string;
  /** µ-law WAV (a WAV codec that is refused). */
  mulawWav: string;
  /** Random bytes. */
  random: string;
};

/** Broken or unsupported files, each made from real speech where a real container is needed. */
export async function makeBrokenAudio(dir: string, text: string = SAMPLE_SENTENCE): Promise<BrokenAudio> {
  const p = (name: string) => path.join(dir, name);
  const wav = await makeSpeechWav(dir, text, { name: ".broken-src.wav" });
  const ogg = await makeSpeechOgg(dir, text, { name: ".broken-src.opus" });
  const oggBytes = await fs.readFile(ogg);
  const wavBytes = await fs.readFile(wav);

  const b: BrokenAudio = {
    empty: p("empty.wav"),
    truncatedOgg: p("truncated.opus"),
    corruptOgg: p("corrupt.opus"),
    chainedOgg: p("chained.opus"),
    vorbisOgg: p("vorbis.ogg"),
    riffAvi: p("video.avi"),
    lyingWav: p("lying-size.wav"),
    truncatedWav: p("truncated.wav"),
    mp3AsWav: p("mp3-renamed.wav"),
    mp3InWav: p("mp3-in-riff.wav"),
    mulawWav: p("mulaw.wav"),
    random: p("random.bin"),
  };
  await fs.writeFile(b.empty, "");
  await fs.writeFile(b.truncatedOgg, oggBytes.subarray(0, oggBytes.length - 100));
  const corrupt = Buffer.from(oggBytes);
  corrupt[Math.floor(corrupt.length / 2)]! ^= 0x55;
  await fs.writeFile(b.corruptOgg, corrupt);
  await fs.writeFile(b.chainedOgg, Buffer.concat([oggBytes, oggBytes]));
  try {
    await run("ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "libvorbis", b.vorbisOgg]);
  } catch {
    await run("ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "vorbis", "-strict", "-2", "-ac", "2", b.vorbisOgg]);
  }
  await run("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc=duration=1:size=64x64:rate=5",
    "-c:v",
    "mjpeg",
    "-f",
    "avi",
    b.riffAvi,
  ]);
  const lying = Buffer.from(wavBytes);
  const dataAt = lying.indexOf("data", 12, "latin1");
  lying.writeUInt32LE(lying.readUInt32LE(dataAt + 4) + 64000, dataAt + 4);
  lying.writeUInt32LE(lying.readUInt32LE(4) + 64000, 4);
  await fs.writeFile(b.lyingWav, lying);
  await fs.writeFile(b.truncatedWav, wavBytes.subarray(0, Math.floor(wavBytes.length * 0.6)));
  await run("ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "libmp3lame", "-f", "mp3", b.mp3AsWav]);
  await run("ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "libmp3lame", "-f", "wav", b.mp3InWav]);
  await run("ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "pcm_mulaw", "-f", "wav", b.mulawWav]);
  let random = randomBytes(8192);
  while (["OggS", "RIFF"].includes(random.toString("latin1", 0, 4))) random = randomBytes(8192);
  await fs.writeFile(b.random, random);
  await fs.rm(wav, { force: true });
  await fs.rm(ogg, { force: true });
  return b;
}
