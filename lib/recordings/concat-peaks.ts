import fs from "node:fs/promises";
import { PEAKS_HEADER_BYTES } from "@/lib/audio/peaks";
import type { SegmentSource } from "./combine";

// The combined waveform peaks of a result set: its recordings' peak files, concatenated.

/**
 * Concatenates BBC audiowaveform v2 peak files (what `waveform-data`'s concat() does, streamed):
 * every header must agree (version, bits, rate, samples per pixel, channels); the result has
 * that header with the summed pixel count, then each file's pixels in order.
 */
export async function concatPeaks(files: SegmentSource[], outPath: string): Promise<{ pixels: number }> {
  if (files.length === 0) throw new Error("nothing to concatenate");
  const out = await fs.open(outPath, "w");
  let first: Buffer | undefined;
  let pixels = 0;
  let pos = PEAKS_HEADER_BYTES;
  try {
    for (const f of files) {
      const { path: file, release } = await f.open();
      try {
        const handle = await fs.open(file, "r");
        try {
          const header = Buffer.alloc(PEAKS_HEADER_BYTES);
          const { bytesRead } = await handle.read(header, 0, PEAKS_HEADER_BYTES, 0);
          if (bytesRead !== PEAKS_HEADER_BYTES || header.readInt32LE(0) !== 2)
            throw new Error("not an audiowaveform v2 peaks file");
          if (!first) first = header;
          else if (!sameFormat(first, header))
            throw new Error("peaks files differ in format and cannot be concatenated");
          const n = header.readUInt32LE(16);
          const bytesPerPixel = (header.readUInt32LE(4) & 1 ? 1 : 2) * 2 * header.readInt32LE(20);
          const want = n * bytesPerPixel;
          const buf = Buffer.alloc(Math.min(want, 1 << 20));
          let offset = PEAKS_HEADER_BYTES;
          let left = want;
          while (left > 0) {
            const { bytesRead: r } = await handle.read(buf, 0, Math.min(buf.length, left), offset);
            if (r === 0) throw new Error("peaks file is shorter than its header says");
            await out.write(buf, 0, r, pos);
            pos += r;
            offset += r;
            left -= r;
          }
          pixels += n;
        } finally {
          await handle.close();
        }
      } finally {
        await release();
      }
    }
    const header = Buffer.from(first!);
    header.writeUInt32LE(pixels, 16);
    await out.write(header, 0, header.length, 0);
  } finally {
    await out.close();
  }
  return { pixels };
}

function sameFormat(a: Buffer, b: Buffer): boolean {
  // version, flags, sample rate, samples per pixel (bytes 0..15) and channels (20..23); not the length.
  return a.subarray(0, 16).equals(b.subarray(0, 16)) && a.readInt32LE(20) === b.readInt32LE(20);
}
