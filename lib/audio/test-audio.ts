// Real test audio made with Debian tools, for unit, API and e2e tests and the benchmark.
// Needs espeak-ng (speech to WAV), opus-tools (opusenc), sox and ffmpeg on PATH:
//   apt-get install -y espeak-ng opus-tools sox ffmpeg
// Everything is written into the directory the caller passes (a temp dir); nothing is cached.
import { execFile as execFileCb, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFileCb);

export const SAMPLE_SENTENCE =
  "The quick brown fox jumps over the lazy dog. Please repeat this sentence slowly and clearly.";

export const AUDIO_TOOLS = ["espeak-ng", "opusenc", "sox", "soxi", "ffmpeg", "ffprobe"] as const;

async function run(cmd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await execFileAsync(cmd, args, { maxBuffer: 64 << 20 });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(" ")} failed: ${e.stderr || e.message}`);
  }
}

/** Names of the required tools that are missing (empty when all are installed). */
export async function missingAudioTools(): Promise<string[]> {
  const missing: string[] = [];
  for (const tool of AUDIO_TOOLS) {
    try {
      await execFileAsync("sh", ["-c", `command -v ${tool}`]);
    } catch {
      missing.push(tool);
    }
  }
  return missing;
}

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
  opts: { name?: string; bitrate?: number; channels?: 1 | 2 } = {},
): Promise<string> {
  const out = path.join(dir, opts.name ?? `speech-${opts.channels ?? 1}ch.opus`);
  const wav = await makeSpeechWav(dir, text, {
    name: `.src-${randomBytes(4).toString("hex")}.wav`,
    channels: opts.channels ?? 1,
  });
  await run("opusenc", ["--quiet", "--bitrate", String(opts.bitrate ?? 32), wav, out]);
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

/** Samples per channel that ffmpeg decodes from `file` at `rate` (honours Opus pre-skip and end trimming). */
export async function decodedSampleCount(file: string, rate = 48000): Promise<number> {
  const child = spawn("ffmpeg", ["-v", "error", "-i", file, "-f", "s16le", "-ac", "1", "-ar", String(rate), "-"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let bytes = 0;
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (bytes += d.length));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`ffmpeg could not decode ${file}: ${stderr}`);
  return bytes / 2;
}

/** ffmpeg's decoded PCM (mono s16le at `rate`). For small files only. */
export async function decodePcm(file: string, rate = 16000): Promise<Int16Array> {
  const { stdout } = await execFileAsync(
    "ffmpeg",
    ["-v", "error", "-i", file, "-f", "s16le", "-ac", "1", "-ar", String(rate), "-"],
    {
      encoding: "buffer",
      maxBuffer: 256 << 20,
    },
  );
  return new Int16Array(stdout.buffer, stdout.byteOffset, stdout.length / 2);
}

/** soxi's view of a WAV: samples per channel, rate, channels, duration in seconds. */
export async function soxiInfo(
  file: string,
): Promise<{ samples: number; sampleRate: number; channels: number; seconds: number }> {
  const [samples, sampleRate, channels, seconds] = await Promise.all(
    ["-s", "-r", "-c", "-D"].map(async (flag) => Number((await run("soxi", [flag, file])).trim())),
  );
  return { samples: samples!, sampleRate: sampleRate!, channels: channels!, seconds: seconds! };
}

/** ffprobe's first audio stream: codec, rate, channels (and its duration, which for Ogg Opus includes the pre-skip in ffmpeg 5.1). */
export async function ffprobeAudio(
  file: string,
): Promise<{ codec: string; sampleRate: number; channels: number; duration: number }> {
  const out = await run("ffprobe", [
    "-v",
    "error",
    "-select_streams",
    "a:0",
    "-show_entries",
    "stream=codec_name,sample_rate,channels,duration",
    "-of",
    "json",
    file,
  ]);
  const s = (JSON.parse(out) as { streams: Array<Record<string, string | number>> }).streams[0];
  if (!s) throw new Error(`ffprobe found no audio stream in ${file}`);
  return {
    codec: String(s.codec_name),
    sampleRate: Number(s.sample_rate),
    channels: Number(s.channels),
    duration: Number(s.duration),
  };
}

/** Largest absolute sample value (0..1) of the file's mono mixdown at `rate`, as ffmpeg decodes it. For small files only. */
export async function maxAmplitude(file: string, rate = 16000): Promise<number> {
  const pcm = await decodePcm(file, rate);
  let max = 0;
  for (let i = 0; i < pcm.length; i++) max = Math.max(max, Math.abs(pcm[i]!));
  return max / 32768;
}

export async function sha256File(file: string): Promise<string> {
  return createHash("sha256")
    .update(await fs.readFile(file))
    .digest("hex");
}
