// Waveform peaks in the BBC audiowaveform binary format, version 2 (what the npm `waveform-data`
// package reads with WaveformData.create(arrayBuffer) and can concatenate):
//   int32 version = 2, uint32 flags (bit 0: 1 = 8-bit, 0 = 16-bit), int32 sample_rate,
//   int32 samples_per_pixel, uint32 length (pixels), int32 channels, then per pixel and channel
//   min, max (int16 or int8), little-endian.
// Peaks are streamed to the file; the pixel count is patched into the header at the end, so memory
// does not depend on the length of the recording.
// The header's rate and samples per pixel can differ from the rate the min/max are computed at:
// every file gets the same header values (10 ms pixels), which waveform-data needs to concatenate.
import fs from "node:fs/promises";

export const PEAKS_HEADER_BYTES = 24;

export type PeaksResult = { pixels: number; sampleRate: number; samplesPerPixel: number; bits: 8 | 16 };

export class PeaksWriter {
  private min = 32767;
  private max = -32768;
  private count = 0;
  private pixels = 0;
  private buf: Int16Array | Int8Array;
  private used = 0;
  private writePos = PEAKS_HEADER_BYTES;

  private constructor(
    private readonly file: fs.FileHandle,
    /** Header values. */
    readonly sampleRate: number,
    readonly samplesPerPixel: number,
    /** Input samples per pixel (the same duration as the header's pixel, at the input rate). */
    private readonly inputSamplesPerPixel: number,
    readonly bits: 8 | 16,
  ) {
    this.buf = bits === 16 ? new Int16Array(16384) : new Int8Array(16384);
  }

  static async create(
    path: string,
    header: { sampleRate: number; samplesPerPixel: number },
    inputSamplesPerPixel: number,
    bits: 8 | 16 = 16,
  ): Promise<PeaksWriter> {
    if (!Number.isInteger(inputSamplesPerPixel) || inputSamplesPerPixel < 1)
      throw new Error(`bad samples per pixel ${inputSamplesPerPixel}`);
    const file = await fs.open(path, "w");
    return new PeaksWriter(file, header.sampleRate, header.samplesPerPixel, inputSamplesPerPixel, bits);
  }

  /** Adds mono Int16 samples; call flush() between chunks to write the finished pixels out. */
  add(pcm: Int16Array): void {
    let { min, max, count } = this;
    const spp = this.inputSamplesPerPixel;
    for (let i = 0; i < pcm.length; i++) {
      const v = pcm[i]!;
      if (v < min) min = v;
      if (v > max) max = v;
      if (++count === spp) {
        this.push(min, max);
        min = 32767;
        max = -32768;
        count = 0;
      }
    }
    this.min = min;
    this.max = max;
    this.count = count;
  }

  private push(min: number, max: number) {
    if (this.used === this.buf.length) this.grow();
    if (this.bits === 16) {
      this.buf[this.used++] = min;
      this.buf[this.used++] = max;
    } else {
      this.buf[this.used++] = min >> 8;
      this.buf[this.used++] = max >> 8;
    }
    this.pixels++;
  }

  // The buffer is drained by flush(); if a single add() overfills it, grow temporarily.
  private grow() {
    const bigger = this.bits === 16 ? new Int16Array(this.buf.length * 2) : new Int8Array(this.buf.length * 2);
    bigger.set(this.buf);
    this.buf = bigger;
  }

  /** Writes the buffered pixels out (call between chunks to keep memory bounded). */
  async flush(): Promise<void> {
    if (this.used === 0) return;
    const bytes = new Uint8Array(this.buf.buffer, 0, this.used * this.buf.BYTES_PER_ELEMENT);
    await this.file.write(bytes, 0, bytes.length, this.writePos);
    this.writePos += bytes.length;
    this.used = 0;
  }

  /** Emits the final partial pixel, writes the header and closes the file. */
  async finish(): Promise<PeaksResult> {
    if (this.count > 0) this.push(this.min, this.max);
    this.count = 0;
    await this.flush();
    const header = Buffer.alloc(PEAKS_HEADER_BYTES);
    header.writeInt32LE(2, 0);
    header.writeUInt32LE(this.bits === 8 ? 1 : 0, 4);
    header.writeInt32LE(this.sampleRate, 8);
    header.writeInt32LE(this.samplesPerPixel, 12);
    header.writeUInt32LE(this.pixels, 16);
    header.writeInt32LE(1, 20);
    await this.file.write(header, 0, header.length, 0);
    await this.file.close();
    return { pixels: this.pixels, sampleRate: this.sampleRate, samplesPerPixel: this.samplesPerPixel, bits: this.bits };
  }

  async abort(): Promise<void> {
    await this.file.close().catch(() => {});
  }
}
