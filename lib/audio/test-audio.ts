// Real test audio made with Debian tools, for unit, API and e2e tests and the benchmark.
// Needs espeak-ng (speech to WAV), opus-tools (opusenc), sox and ffmpeg on PATH:
//   apt-get install -y espeak-ng opus-tools sox ffmpeg
// Everything is written into the directory the caller passes (a temp dir); nothing is cached.
// Broken files are made in test-broken-audio.ts, files are inspected in test-audio-probe.ts;
// both are exported from here too.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { run } from "./test-audio-tools";

export * from "./test-audio-probe";
export { AUDIO_TOOLS, missingAudioTools } from "./test-audio-tools";
export * from "./test-broken-audio";

export const SAMPLE_SENTENCE =
  "The quick brown fox jumps over the lazy dog. Please repeat this sentence slowly and clearly.";

export type WavEncoding = "s16" | "s24" | "s32" | "f32" | "u8";

export type SpeechWavOptions = {
  /** File name inside `dir` (default derived from the options). */
  name?: string;
  /** Default 22050 (espeak-ng's own rate). */
  sampleRate?: number;
  /** Default 1; 2 duplicates the voice with a slight level difference between channels. */
  channels?: 1 | 2;
  /** Default "s16". */
  encoding?: WavEncoding;
};

const FFMPEG_CODEC: Record<WavEncoding, string> = {
  s16: "pcm_s16le",
  s24: "pcm_s24le",
  s32: "pcm_s32le",
  f32: "pcm_f32le",
  u8: "pcm_u8",
};

/** A spoken sentence as RIFF/WAVE (espeak-ng; converted with ffmpeg when options differ from 22.05 kHz mono s16). */
export async function makeSpeechWav(
  dir: string,
  text: string = SAMPLE_SENTENCE,
  opts: SpeechWavOptions = {},
): Promise<string> {
  const rate = opts.sampleRate ?? 22050;
  const channels = opts.channels ?? 1;
  const encoding = opts.encoding ?? "s16";
  const out = path.join(dir, opts.name ?? `speech-${rate}-${channels}ch-${encoding}.wav`);
  const raw = path.join(dir, `.espeak-${randomBytes(4).toString("hex")}.wav`);
  await run("espeak-ng", ["-w", raw, text]);
  if (rate === 22050 && channels === 1 && encoding === "s16") {
    await fs.rename(raw, out);
    return out;
  }
  const filter = channels === 2 ? ["-af", "pan=stereo|c0=c0|c1=0.8*c0"] : [];
  await run("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-i",
    raw,
    ...filter,
    "-ar",
    String(rate),
    "-ac",
    String(channels),
    "-c:a",
    FFMPEG_CODEC[encoding],
    "-f",
    "wav",
    out,
  ]);
  await fs.rm(raw, { force: true });
  return out;
}

/** A spoken sentence as Ogg Opus, encoded by opusenc (opus-tools) from espeak-ng's WAV. */
export async function makeSpeechOgg(
  dir: string,
  text: string = SAMPLE_SENTENCE,
  opts: {
    name?: string;
    bitrate?: number;
    channels?: 1 | 2 /** An OpusTags comment, "TAG=value". */;
    comment?: string;
  } = {},
): Promise<string> {
  const out = path.join(dir, opts.name ?? `speech-${opts.channels ?? 1}ch.opus`);
  const wav = await makeSpeechWav(dir, text, {
    name: `.src-${randomBytes(4).toString("hex")}.wav`,
    channels: opts.channels ?? 1,
  });
  const comment = opts.comment ? ["--comment", opts.comment] : [];
  await run("opusenc", ["--quiet", "--bitrate", String(opts.bitrate ?? 32), ...comment, wav, out]);
  await fs.rm(wav, { force: true });
  return out;
}

/**
 * The browser upload path: speech recorded as WebM/Opus (what Chrome's MediaRecorder produces,
 * here made by ffmpeg) and remuxed to Ogg Opus by mediabunny without re-encoding, as the web
 * client does before upload. Also returns the WebM itself.
 */
export async function makeRemuxedOgg(
  dir: string,
  text: string = SAMPLE_SENTENCE,
  opts: { name?: string } = {},
): Promise<{ ogg: string; webm: string }> {
  const { ALL_FORMATS, Conversion, FilePathSource, FilePathTarget, Input, OggOutputFormat, Output } = await import(
    "mediabunny"
  );
  const tag = randomBytes(4).toString("hex");
  const wav = await makeSpeechWav(dir, text, { name: `.webm-src-${tag}.wav` });
  const webm = path.join(
    dir,
    `${path.basename(opts.name ?? "remuxed.opus", path.extname(opts.name ?? "remuxed.opus"))}.webm`,
  );
  await run("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-i",
    wav,
    "-c:a",
    "libopus",
    "-b:a",
    "48k",
    "-ar",
    "48000",
    "-f",
    "webm",
    webm,
  ]);
  await fs.rm(wav, { force: true });
  const ogg = path.join(dir, opts.name ?? "remuxed.opus");
  const input = new Input({ source: new FilePathSource(webm), formats: ALL_FORMATS });
  try {
    const output = new Output({ format: new OggOutputFormat(), target: new FilePathTarget(ogg) });
    const conversion = await Conversion.init({ input, output });
    if (!conversion.isValid)
      throw new Error(`mediabunny cannot remux ${webm} to Ogg: ${JSON.stringify(conversion.discardedTracks)}`);
    await conversion.execute();
  } finally {
    input.dispose();
  }
  return { ogg, webm };
}

export type LongSpeechOptions = {
  format: "wav" | "ogg";
  /** WAV only (Ogg Opus is always 48 kHz); default 16000. */
  sampleRate?: number;
  channels?: 1 | 2;
  name?: string;
  text?: string;
};

const LONG_TEXT =
  "Reading aloud every day helps learners improve their pronunciation, rhythm and fluency. " +
  "Please listen to the speaker, then repeat the sentence and pause for a moment before the next one. " +
  "Numbers such as thirteen and thirty, or words like ship and sheep, are easy to confuse.";

/** `seconds` of continuous speech (espeak-ng output looped with sox), as s16 WAV or Ogg Opus (opusenc). */
export async function makeLongSpeech(dir: string, seconds: number, opts: LongSpeechOptions): Promise<string> {
  const channels = opts.channels ?? 1;
  const rate = opts.sampleRate ?? 16000;
  const out = path.join(
    dir,
    opts.name ??
      `long-${seconds}s-${opts.format === "ogg" ? "opus" : `${rate}-${channels}ch`}.${opts.format === "ogg" ? "opus" : "wav"}`,
  );
  const tag = randomBytes(4).toString("hex");
  const one = await makeSpeechWav(dir, opts.text ?? LONG_TEXT, { name: `.one-${tag}.wav` });
  const looped = path.join(dir, `.looped-${tag}.wav`);
  const oneSeconds = Number((await run("soxi", ["-D", one])).trim()) + 0.5;
  const repeats = Math.ceil(seconds / oneSeconds);
  const remix = channels === 2 ? ["remix", "1", "1v0.8"] : [];
  const wavRate = opts.format === "ogg" ? 48000 : rate;
  await run("sox", [
    "-R",
    one,
    "-b",
    "16",
    "-c",
    String(channels),
    looped,
    "pad",
    "0",
    "0.5",
    "repeat",
    String(repeats - 1),
    "trim",
    "0",
    String(seconds),
    ...remix,
    "rate",
    String(wavRate),
  ]);
  await fs.rm(one, { force: true });
  if (opts.format === "wav") {
    await fs.rename(looped, out);
  } else {
    await run("opusenc", ["--quiet", "--bitrate", "32", looped, out]);
    await fs.rm(looped, { force: true });
  }
  return out;
}
