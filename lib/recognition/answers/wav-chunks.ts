// The SDK's WAV recorder sends every chunk as a complete WAV file with its own header; the docs'
// clients send raw PCM after `init_audio` named its format. Both become one PCM stream here.

export type PcmFormat = { channels: number; sampleRate: number; bitsPerSample: number };

/** Splits a WAV file's bytes into its format and PCM data; null when they are not a PCM WAV. */
export function parseWavChunk(bytes: Uint8Array): { format: PcmFormat; data: Uint8Array } | null {
  if (bytes.length < 12 || ascii(bytes, 0) !== "RIFF" || ascii(bytes, 8) !== "WAVE") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: PcmFormat | null = null;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = ascii(bytes, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === "fmt " && size >= 16 && body + 16 <= bytes.length) {
      const tag = view.getUint16(body, true);
      const bits = view.getUint16(body + 14, true);
      // PCM (1) or WAVE_FORMAT_EXTENSIBLE (0xFFFE) holding PCM; 16-bit only, as recorders send.
      if ((tag !== 1 && tag !== 0xfffe) || bits !== 16) return null;
      format = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bitsPerSample: bits,
      };
    } else if (id === "data") {
      if (!format) return null;
      // Recorders stream with a placeholder size: take what is there.
      const end = size === 0 || size === 0xffffffff ? bytes.length : Math.min(bytes.length, body + size);
      return { format, data: bytes.subarray(body, end) };
    }
    at = body + size + (size % 2);
  }
  return null;
}

/** A canonical 44-byte header for 16-bit PCM. */
export function wavHeader(format: PcmFormat, dataBytes: number): Uint8Array {
  const header = new Uint8Array(44);
  const view = new DataView(header.buffer);
  const blockAlign = format.channels * (format.bitsPerSample / 8);
  header.set(new TextEncoder().encode("RIFF"), 0);
  view.setUint32(4, 36 + dataBytes, true);
  header.set(new TextEncoder().encode("WAVEfmt "), 8);
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, format.channels, true);
  view.setUint32(24, format.sampleRate, true);
  view.setUint32(28, format.sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, format.bitsPerSample, true);
  header.set(new TextEncoder().encode("data"), 36);
  view.setUint32(40, dataBytes, true);
  return header;
}

/** Reads init_audio's keyword arguments, in the SDK's camelCase or the docs' snake_case. */
export function formatFromParameters(kwargs: Record<string, unknown>): PcmFormat | null {
  const pick = (...names: string[]) =>
    names.map((n) => kwargs[n]).find((v) => typeof v === "number") as number | undefined;
  const channels = pick("channels");
  const sampleRate = pick("sampleRate", "sample_rate", "frameRate", "frame_rate");
  const width = pick("sampleWidth", "sample_width");
  if (!channels || !sampleRate) return null;
  const bitsPerSample = width ? (width <= 4 ? width * 8 : width) : 16;
  if (channels < 1 || channels > 8 || sampleRate < 8000 || sampleRate > 192000 || bitsPerSample !== 16) return null;
  return { channels, sampleRate, bitsPerSample };
}

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
