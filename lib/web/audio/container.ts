// Which audio container a file is, by its first bytes: the API takes only Ogg Opus and
// RIFF/WAVE, so the browser checks a chosen file before uploading it. Pure.

export type AudioContainer = "wav" | "ogg-opus";

const ascii = (bytes: Uint8Array, offset: number, text: string) =>
  bytes.length >= offset + text.length && [...text].every((c, i) => bytes[offset + i] === c.charCodeAt(0));

/** "wav", "ogg-opus", or null for anything else (including Ogg of another codec). Needs the first 36 bytes. */
export function sniffAudio(bytes: Uint8Array): AudioContainer | null {
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WAVE")) return "wav";
  // The first Ogg page carries the codec's identification header: OpusHead right after the
  // 27-byte page header and its one-entry segment table.
  if (ascii(bytes, 0, "OggS") && ascii(bytes, 28, "OpusHead")) return "ogg-opus";
  return null;
}

/** What a file looks like, for the message when it is neither. */
export function describeBytes(bytes: Uint8Array): string {
  if (ascii(bytes, 0, "OggS")) return "Ogg, but not Opus";
  if (ascii(bytes, 0, "\x1aE\xdf\xa3")) return "WebM/Matroska";
  if (ascii(bytes, 0, "ID3") || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)) return "MP3";
  if (ascii(bytes, 4, "ftyp")) return "MP4/M4A";
  if (ascii(bytes, 0, "fLaC")) return "FLAC";
  return "not audio the API accepts";
}

/** The first bytes of a Blob or File (enough for sniffAudio). */
export async function headOf(blob: Blob, length = 64): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(0, length).arrayBuffer());
}
