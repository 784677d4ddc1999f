// An upload that is already Ogg Opus in the segment configuration's framing (mono, 20 ms
// single-frame packets, pre-skip 312, no output gain, granule positions as RFC 7845 counts them)
// is not re-encoded and not even remuxed: the upload's own bytes are the normalised segment. The
// combined audio reads segments packet by packet (recordings/combine.ts) and only needs them to
// share the pre-skip and the 20 ms framing; bit rate and audio bandwidth may differ, as they do
// packet by packet in any VBR stream. The packets are still decoded (validation and peaks) on
// the way, and the page layer was checked page by page (ogg-opus-source.ts).
import fs from "node:fs/promises";
import type { OpusHeader } from "codec-parser";
import { SEGMENT_CONFIG } from "./opus-segment-writer.mjs";

/** Copied only up to the segment's bit rate with some room (VBR); above it the segment is re-encoded. */
const MAX_BITS_PER_SECOND = SEGMENT_CONFIG.bitrate * 1.2;

/**
 * Bytes beyond the audio packets that a copied file may carry: Ogg page headers (about 1 %) and
 * short OpusTags. A file with large tags (cover art, say) is re-encoded so the segment carries none.
 */
const MAX_OVERHEAD = (audioBytes: number) => 4096 + audioBytes * 0.02;

const FRAME_48 = 960; // 20 ms
/** The longest Opus frame (RFC 6716 3.2.1). */
const MAX_FRAME_BYTES = 1275;

/** Frame duration of an Opus packet's configuration (RFC 6716 §3.1), in 48 kHz samples. */
function frameSamples(toc: number): number {
  const config = toc >> 3;
  if (config < 12) return [480, 960, 1920, 2880][config % 4]!; // SILK: 10, 20, 40, 60 ms
  if (config < 16) return [480, 960][config % 2]!; // Hybrid: 10, 20 ms
  return [120, 240, 480, 960][config % 4]!; // CELT: 2.5, 5, 10, 20 ms
}

/** Watches the packets and pages while they are validated and decoded; `ok` says whether the file can be the segment. */
export class PacketCollector {
  ok = true;
  packets = 0;
  bytes = 0;

  header(h: OpusHeader): void {
    if (h.channels !== 1 || h.channelMappingFamily !== 0 || h.preSkip !== SEGMENT_CONFIG.preSkip || h.outputGain)
      this.ok = false;
  }

  packet(data: Uint8Array): void {
    if (!this.ok) return;
    const toc = data[0];
    // One frame (code 0), mono, 20 ms. Such a packet is valid Opus whatever its bytes once its
    // frame is at most 1275 bytes (RFC 6716 3.4, R1-R2): libopus decodes any range-coded payload,
    // so a file kept as it is needs no decoding to be known valid (ingest.ts reads it undecoded).
    if (
      toc === undefined ||
      (toc & 3) !== 0 ||
      (toc & 4) !== 0 ||
      frameSamples(toc) !== FRAME_48 ||
      data.length - 1 > MAX_FRAME_BYTES
    ) {
      this.ok = false;
      return;
    }
    this.packets++;
    this.bytes += data.length;
  }

  /**
   * After each page's packets: a page that ends a packet must give the samples of every packet
   * so far as its granule position (the last page's end trimming is checked on the whole file).
   * Readers time packets by these, so a file whose pages say otherwise is re-encoded.
   */
  page(granule: number, last: boolean): void {
    if (this.ok && !last && granule !== -1 && granule !== this.packets * FRAME_48) this.ok = false;
  }
}

/**
 * Makes the upload at `src` the normalised segment at `path` (a hard link, or a copy where the
 * filesystem has none) when the collected packets allow it: `samples` (48 kHz, the final granule
 * minus pre-skip) must end in the last 20 ms packet, the bit rate must be within the segment's and
 * the file must carry little beyond its packets. Returns null otherwise (then the caller re-encodes).
 */
export async function linkPassthroughSegment(
  src: string,
  path: string,
  collected: PacketCollector,
  samples: number,
  size: number,
): Promise<{ samples: number; durationMs: number; packets: number; preSkip: number } | null> {
  const { packets, bytes } = collected;
  const preSkip = SEGMENT_CONFIG.preSkip;
  const last = preSkip + samples - (packets - 1) * FRAME_48;
  if (!collected.ok || packets === 0 || last <= 0 || last > FRAME_48) return null;
  if ((bytes * 8 * 48000) / (packets * FRAME_48) > MAX_BITS_PER_SECOND) return null;
  if (size - bytes > MAX_OVERHEAD(bytes)) return null;
  try {
    await fs.link(src, path);
  } catch {
    await fs.copyFile(src, path);
  }
  return { samples, durationMs: (samples * 1000) / 48000, packets, preSkip };
}
