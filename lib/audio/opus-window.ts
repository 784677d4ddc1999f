import { Decoder as OpusDecoder } from "@evan/opus";
import { ALL_FORMATS, CustomSource, EncodedPacketSink, Input } from "mediabunny";

// A time window of an Ogg Opus file decoded to 16 kHz mono without reading the rest:
// mediabunny finds the window's pages by their granule positions (a few range reads of the
// stored object) and hands over its packets; libopus (`@evan/opus`, as in ingest) decodes them.
// Decoding starts PRE_ROLL_S early, so the decoder has settled by the window's start.

const PRE_ROLL_S = 0.2;
const RATE = 16000;

/** Byte access to the file: its size and [start, end) ranges. */
export type ByteSource = { size: number; read: (start: number, end: number) => Promise<Uint8Array> };

/** Mono samples (-1..1) from about `fromSec` (the returned `fromSec` is exact) to at least `toSec`. */
export async function decodeOpusWindow(
  source: ByteSource,
  fromSec: number,
  toSec: number,
): Promise<{ samples: Float32Array; fromSec: number }> {
  const input = new Input({
    source: new CustomSource({ getSize: () => source.size, read: (start, end) => source.read(start, end) }),
    formats: ALL_FORMATS,
  });
  try {
    const track = await input.getPrimaryAudioTrack();
    if (track?.codec !== "opus") throw new Error("not an Ogg Opus file");
    const sink = new EncodedPacketSink(track);
    const first = (await sink.getPacket(Math.max(0, fromSec - PRE_ROLL_S))) ?? (await sink.getFirstPacket());
    if (!first) return { samples: new Float32Array(0), fromSec };
    const decoder = new OpusDecoder({ channels: 1, sample_rate: RATE });
    const parts: Uint8Array[] = [];
    let bytes = 0;
    for (
      let packet: typeof first | null = first;
      packet && packet.timestamp < toSec;
      packet = await sink.getNextPacket(packet)
    ) {
      const pcm = decoder.decode(packet.data);
      parts.push(pcm.slice());
      bytes += pcm.byteLength;
    }
    const pcm = new Int16Array(bytes / 2);
    const view = new Uint8Array(pcm.buffer);
    let at = 0;
    for (const p of parts) {
      view.set(p, at);
      at += p.byteLength;
    }
    const samples = new Float32Array(pcm.length);
    for (let i = 0; i < pcm.length; i++) samples[i] = pcm[i]! / 32768;
    return { samples, fromSec: first.timestamp };
  } finally {
    input.dispose();
  }
}
