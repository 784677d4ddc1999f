// RIFF/WAVE encoding of recorded PCM, pure (no DOM, no Node): the browser recorder hands
// it the Float32 blocks an AudioWorklet captured; the API takes the result as WAV audio.

export type WavOptions = {
  sampleRate: number;
  /** 16 (default) or 24-bit signed integer PCM. */
  bitDepth?: 16 | 24;
};

const HEADER_BYTES = 44;
/** RIFF sizes are 32-bit: the data chunk must fit in 4 GiB less the header. */
const MAX_DATA_BYTES = 0xffffffff - (HEADER_BYTES - 8);

/** The blocks of one channel as one array. */
export function concatFloat32(blocks: readonly Float32Array[]): Float32Array {
  let length = 0;
  for (const block of blocks) length += block.length;
  const out = new Float32Array(length);
  let offset = 0;
  for (const block of blocks) {
    out.set(block, offset);
    offset += block.length;
  }
  return out;
}

/** The average of the channels (all of the same length): one mono channel. */
export function downmix(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 0) return new Float32Array(0);
  if (channels.length === 1) return channels[0];
  const length = channels[0].length;
  if (channels.some((c) => c.length !== length))
    throw new RangeError("every channel must have the same number of frames");
  const out = new Float32Array(length);
  for (const channel of channels) for (let i = 0; i < length; i++) out[i] += channel[i];
  for (let i = 0; i < length; i++) out[i] /= channels.length;
  return out;
}

/** A float sample in [-1, 1] (clamped; NaN is silence) as a signed integer of `bits` bits. */
export function toInt(sample: number, bits: 16 | 24): number {
  const s = Number.isNaN(sample) ? 0 : Math.max(-1, Math.min(1, sample));
  const max = bits === 16 ? 0x7fff : 0x7fffff;
  // Asymmetric range: -1 reaches the most negative value, +1 the most positive.
  return s < 0 ? Math.round(s * (max + 1)) : Math.round(s * max);
}

/**
 * A complete WAV file (canonical 44-byte header, PCM integer samples, little-endian) of the
 * given channels, interleaved. Every channel must have the same number of frames.
 */
export function encodeWav(channels: Float32Array | readonly Float32Array[], options: WavOptions): Uint8Array {
  const list = channels instanceof Float32Array ? [channels] : [...channels];
  const { sampleRate } = options;
  const bitDepth = options.bitDepth ?? 16;
  if (list.length < 1 || list.length > 8) throw new RangeError("between 1 and 8 channels");
  if (!Number.isInteger(sampleRate) || sampleRate < 1 || sampleRate > 768_000)
    throw new RangeError(`invalid sample rate ${sampleRate}`);
  const frames = list[0].length;
  if (list.some((c) => c.length !== frames)) throw new RangeError("every channel must have the same number of frames");

  const bytesPerSample = bitDepth / 8;
  const blockAlign = list.length * bytesPerSample;
  const dataBytes = frames * blockAlign;
  if (dataBytes > MAX_DATA_BYTES) throw new RangeError("too long for a WAV file");
  // The data chunk is padded to an even size (RIFF chunks are word-aligned).
  const pad = dataBytes % 2;
  const out = new Uint8Array(HEADER_BYTES + dataBytes + pad);
  const view = new DataView(out.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) out[offset + i] = text.charCodeAt(i);
  };

  ascii(0, "RIFF");
  view.setUint32(4, out.length - 8, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, list.length, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true); // byte rate
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bitDepth, true);
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);

  let offset = HEADER_BYTES;
  for (let frame = 0; frame < frames; frame++) {
    for (const channel of list) {
      const value = toInt(channel[frame], bitDepth);
      if (bitDepth === 16) {
        view.setInt16(offset, value, true);
      } else {
        out[offset] = value & 0xff;
        out[offset + 1] = (value >> 8) & 0xff;
        out[offset + 2] = (value >> 16) & 0xff;
      }
      offset += bytesPerSample;
    }
  }
  return out;
}

/** The duration in seconds of `frames` frames at `sampleRate`. */
export const durationOf = (frames: number, sampleRate: number) => frames / sampleRate;
