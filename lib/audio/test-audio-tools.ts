import { execFile as execFileCb } from "node:child_process";
import { promisify } from "node:util";

// The Debian tools the test audio is made and inspected with (test-audio.ts).

export const execFileAsync = promisify(execFileCb);

export const AUDIO_TOOLS = ["espeak-ng", "opusenc", "sox", "soxi", "ffmpeg", "ffprobe"] as const;

export async function run(cmd: string, args: string[]): Promise<string> {
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
