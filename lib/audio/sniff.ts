// Identifies the container from its first bytes. Only the magic numbers are checked here; the
// containers themselves are parsed by libraries (codec-parser for Ogg, mediabunny for RIFF/WAVE).
import { InvalidAudioError } from "./errors";

export type Container = "ogg" | "wav";

const ascii = (b: Uint8Array, start: number, end: number) => String.fromCharCode(...b.subarray(start, end));

/** Names a few formats people upload by mistake, so the 422 says what was received. */
function describe(head: Uint8Array): string | null {
  if (ascii(head, 0, 3) === "ID3" || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0)) return "MP3";
  if (ascii(head, 0, 4) === "fLaC") return "FLAC";
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return "WebM/Matroska (remux to Ogg Opus before upload)";
  if (ascii(head, 4, 8) === "ftyp") return "MP4/M4A";
  if (ascii(head, 0, 4) === "RF64" || ascii(head, 0, 4) === "RIFX")
    return `${ascii(head, 0, 4)} WAV (not supported, use RIFF WAVE)`;
  return null;
}

export function sniffContainer(head: Uint8Array): Container {
  if (head.length === 0) throw new InvalidAudioError("empty file");
  if (head.length >= 4 && ascii(head, 0, 4) === "OggS") return "ogg";
  if (head.length >= 4 && ascii(head, 0, 4) === "RIFF") {
    if (head.length < 12) throw new InvalidAudioError("truncated RIFF header");
    const form = ascii(head, 8, 12);
    if (form !== "WAVE") throw new InvalidAudioError(`RIFF file is not WAVE (form type ${JSON.stringify(form)})`);
    return "wav";
  }
  const what = describe(head);
  throw new InvalidAudioError(what ? `not Ogg Opus or WAV (looks like ${what})` : "not Ogg Opus or WAV");
}
