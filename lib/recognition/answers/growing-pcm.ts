// 16-bit little-endian PCM that arrives in chunks, kept as -1..1 floats (scaled as the WAV decoder
// scales them) and converted once: early choice judging reads the samples so far after every
// chunk, and converting the whole answer again each time grew with the square of its length.

export class GrowingPcm {
  private data = new Float32Array(0);
  private length = 0;
  /** The low byte of a sample whose high byte is in the next chunk. */
  private low: number | null = null;

  /** Appends the chunk's bytes (a sample may be split between chunks). */
  append(bytes: Uint8Array): void {
    let i = 0;
    const whole = Math.floor((bytes.length + (this.low === null ? 0 : 1)) / 2);
    this.reserve(this.length + whole);
    if (this.low !== null && bytes.length > 0) {
      this.push(this.low | (bytes[0]! << 8));
      this.low = null;
      i = 1;
    }
    for (; i + 1 < bytes.length; i += 2) this.push(bytes[i]! | (bytes[i + 1]! << 8));
    if (i < bytes.length) this.low = bytes[i]!;
  }

  /**
   * The samples so far. A view: appending later never changes the samples it shows, so a caller
   * may keep it (early-choice.ts compares an early judgement's samples with the whole answer's).
   */
  samples(): Float32Array {
    return this.data.subarray(0, this.length);
  }

  private push(u16: number): void {
    this.data[this.length++] = (u16 >= 0x8000 ? u16 - 0x10000 : u16) / 32768;
  }

  private reserve(n: number): void {
    if (n <= this.data.length) return;
    const grown = new Float32Array(Math.max(n, this.data.length * 2, 16000));
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }
}
