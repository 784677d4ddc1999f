// Just enough WAV for the corpus: mono 16-bit PCM or 32-bit float in (what sox writes), 16-bit PCM
// out. The corpus mixes speech and noise itself, in floats, so that the SNR is computed on the
// exact samples that are written rather than on what a tool reports.
import fs from "node:fs/promises";

export type Wave = { samples: Float32Array; sampleRate: number };

/** Reads a mono WAV (16-bit PCM or 32-bit float) to samples in -1..1. */
export async function readWav(file: string): Promise<Wave> {
  const bytes = await fs.readFile(file);
  if (bytes.toString("ascii", 0, 4) !== "RIFF" || bytes.toString("ascii", 8, 12) !== "WAVE")
    throw new Error(`${file}: not a WAV file`);
  let format = 0;
  let channels = 0;
  let sampleRate = 0;
  let bits = 0;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = bytes.toString("ascii", at, at + 4);
    // A piped WAV declares a placeholder size: the data then runs to the end of the file.
    const size = Math.min(bytes.readUInt32LE(at + 4), bytes.length - at - 8);
    if (id === "fmt ") {
      format = bytes.readUInt16LE(at + 8);
      channels = bytes.readUInt16LE(at + 10);
      sampleRate = bytes.readUInt32LE(at + 12);
      bits = bytes.readUInt16LE(at + 22);
      // WAVE_FORMAT_EXTENSIBLE keeps the real format in the first two bytes of its sub-format GUID.
      if (format === 0xfffe) format = bytes.readUInt16LE(at + 32);
    } else if (id === "data") {
      if (channels !== 1) throw new Error(`${file}: ${channels} channels, expected mono`);
      const data = bytes.subarray(at + 8, at + 8 + size);
      if (format === 1 && bits === 16) {
        const out = new Float32Array(data.length >> 1);
        for (let i = 0; i < out.length; i++) out[i] = data.readInt16LE(i * 2) / 32768;
        return { samples: out, sampleRate };
      }
      if (format === 3 && bits === 32) {
        const out = new Float32Array(data.length >> 2);
        for (let i = 0; i < out.length; i++) out[i] = data.readFloatLE(i * 4);
        return { samples: out, sampleRate };
      }
      throw new Error(`${file}: format ${format}/${bits} bits is not read here`);
    }
    at += 8 + size + (size & 1);
  }
  throw new Error(`${file}: no data chunk`);
}

/** Rounds samples (-1..1) to 16-bit PCM; returns the quantised values as floats too, for measuring. */
export function quantise16(samples: Float32Array): { pcm: Int16Array; back: Float32Array } {
  const pcm = new Int16Array(samples.length);
  const back = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    pcm[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32768)));
    back[i] = pcm[i]! / 32768;
  }
  return { pcm, back };
}

/** A mono 16-bit WAV file's bytes. */
export function wavBytes(pcm: Int16Array, sampleRate: number): Buffer {
  const out = Buffer.alloc(44 + pcm.length * 2);
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(36 + pcm.length * 2, 4);
  out.write("WAVEfmt ", 8, "ascii");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36, "ascii");
  out.writeUInt32LE(pcm.length * 2, 40);
  for (let i = 0; i < pcm.length; i++) out.writeInt16LE(pcm[i]!, 44 + i * 2);
  return out;
}

/** A 16-bit WAV cut into pieces of `ms` milliseconds, each a complete WAV file (the SDK's WAV recorder). */
export function wavChunks(pcm: Int16Array, sampleRate: number, ms: number): Buffer[] {
  const size = Math.round((sampleRate * ms) / 1000);
  const chunks: Buffer[] = [];
  for (let at = 0; at < pcm.length; at += size) chunks.push(wavBytes(pcm.subarray(at, at + size), sampleRate));
  return chunks;
}

/** RMS of the active speech: over 20-ms frames whose own RMS is within 40 dB of the loudest frame. */
export function activeRms(samples: Float32Array, sampleRate: number): number {
  const frame = Math.round(sampleRate / 50);
  const energies: number[] = [];
  for (let at = 0; at + frame <= samples.length; at += frame) {
    let sum = 0;
    for (let i = at; i < at + frame; i++) sum += samples[i]! * samples[i]!;
    energies.push(sum / frame);
  }
  const floor = Math.max(...energies) * 1e-4; // -40 dB in energy
  const active = energies.filter((e) => e >= floor);
  return Math.sqrt(active.reduce((a, b) => a + b, 0) / active.length);
}

/** RMS over all samples. */
export function rms(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / samples.length);
}
