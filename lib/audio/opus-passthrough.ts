// An upload that is already Ogg Opus in the segment configuration's framing (mono, 20 ms
// single-frame packets, pre-skip 312, no output gain) is not re-encoded: its packets are copied
// into the normalised segment (the libopus encode was most of an answer's audio work). The
// combined audio only needs every segment to share the pre-skip and the 20 ms framing
// (recordings/combine.ts); bit rate and audio bandwidth may differ, as they do packet by packet
// in any VBR stream. The packets are still decoded (validation and peaks) on the way.
import type { OpusHeader } from "codec-parser";
import { OggOpusMuxer, SEGMENT_CONFIG } from "./opus-segment-writer.mjs";

/** Copied only up to the segment's bit rate with some room (VBR); above it the segment is re-encoded. */
const MAX_BITS_PER_SECOND = SEGMENT_CONFIG.bitrate * 1.2;

/** Larger uploads are re-encoded as before (their packets would be held in memory here). */
export const PASSTHROUGH_MAX_BYTES = 1 << 20;

const FRAME_48 = 960; // 20 ms

/** Frame duration of an Opus packet's configuration (RFC 6716 §3.1), in 48 kHz samples. */
function frameSamples(toc: number): number {
  const config = toc >> 3;
  if (config < 12) return [480, 960, 1920, 2880][config % 4]!; // SILK: 10, 20, 40, 60 ms
  if (config < 16) return [480, 960][config % 2]!; // Hybrid: 10, 20 ms
  return [120, 240, 480, 960][config % 4]!; // CELT: 2.5, 5, 10, 20 ms
}

/** Collects the packets while they are validated and decoded; `ok` says whether they can be copied. */
export class PacketCollector {
  ok = true;
  readonly packets: Uint8Array[] = [];

  header(h: OpusHeader): void {
    if (h.channels !== 1 || h.channelMappingFamily !== 0 || h.preSkip !== SEGMENT_CONFIG.preSkip || h.outputGain)
      this.ok = false;
  }

  packet(data: Uint8Array): void {
    if (!this.ok) return;
    const toc = data[0];
    // One frame (code 0), mono, 20 ms.
    if (toc === undefined || (toc & 3) !== 0 || (toc & 4) !== 0 || frameSamples(toc) !== FRAME_48) {
      this.ok = false;
      this.packets.length = 0;
      return;
    }
    this.packets.push(data.slice()); // the parser may reuse its buffer
  }
}

/**
 * Writes the collected packets as the normalised segment: `samples` (48 kHz, the source's final
 * granule minus pre-skip) by end trimming, as the encoder's own segments do. Returns null when
 * the packets do not cover that length as 20 ms packets must, or their bit rate is above the
 * segment's (then the caller re-encodes).
 */
export async function writePassthroughSegment(
  path: string,
  packets: Uint8Array[],
  samples: number,
): Promise<{ samples: number; durationMs: number; packets: number; preSkip: number } | null> {
  const preSkip = SEGMENT_CONFIG.preSkip;
  const last = preSkip + samples - (packets.length - 1) * FRAME_48;
  if (packets.length === 0 || last <= 0 || last > FRAME_48) return null;
  const bytes = packets.reduce((sum, p) => sum + p.length, 0);
  if ((bytes * 8 * 48000) / (packets.length * FRAME_48) > MAX_BITS_PER_SECOND) return null;
  const muxer = await OggOpusMuxer.create(path, { inputRate: 48000, preSkip });
  try {
    await muxer.add(packets);
    await muxer.finish(last);
  } catch (error) {
    await muxer.abort();
    throw error;
  }
  return { samples, durationMs: (samples * 1000) / 48000, packets: packets.length, preSkip };
}
