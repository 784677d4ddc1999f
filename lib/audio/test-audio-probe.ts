import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { execFileAsync, run } from "./test-audio-tools";

// What ffmpeg, ffprobe and sox say of a test audio file.

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
