// Streaming mono sample-rate conversion with libsamplerate (WASM, @alexanderolsen/libsamplerate-js).
// The library's `full` API keeps filter state between calls but never signals end of input, so
// finish() pushes zeros through the filter and cuts the output to exactly round(n * out / in)
// samples. Its output is time-aligned with the input (no added delay; checked with an impulse).
import libsamplerate from "@alexanderolsen/libsamplerate-js";

// The package is a UMD bundle: named ESM imports fail in Node, use the default export.
const { create, ConverterType } = libsamplerate;

type Src = Awaited<ReturnType<typeof create>>;

export class MonoResampler {
  private inSamples = 0;
  private outSamples = 0;

  private constructor(
    private readonly src: Src,
    readonly inputRate: number,
    readonly outputRate: number,
  ) {}

  /** SRC_SINC_FASTEST: band-limited sinc (~97 dB SNR per libsamplerate's docs), the quickest sinc converter. */
  static async create(inputRate: number, outputRate: number): Promise<MonoResampler> {
    const src = await create(1, inputRate, outputRate, { converterType: ConverterType.SRC_SINC_FASTEST });
    return new MonoResampler(src, inputRate, outputRate);
  }

  process(input: Float32Array): Float32Array {
    this.inSamples += input.length;
    const out = this.src.full(input);
    this.outSamples += out.length;
    return out;
  }

  /** Returns the remaining samples so that the total output is round(input * ratio). */
  finish(): Float32Array {
    const expected = Math.round((this.inSamples * this.outputRate) / this.inputRate);
    const parts: Float32Array[] = [];
    let have = this.outSamples;
    const zeros = new Float32Array(Math.max(256, Math.ceil(this.inputRate / 100)));
    for (let i = 0; i < 64 && have < expected; i++) {
      const out = this.src.full(zeros);
      parts.push(out);
      have += out.length;
    }
    this.src.destroy();
    const need = Math.max(0, expected - this.outSamples);
    const tail = new Float32Array(need);
    let pos = 0;
    for (const p of parts) {
      const n = Math.min(p.length, need - pos);
      tail.set(p.subarray(0, n), pos);
      pos += n;
      if (pos === need) break;
    }
    this.outSamples += need;
    return tail;
  }

  destroy() {
    try {
      this.src.destroy();
    } catch {
      // already destroyed
    }
  }
}
