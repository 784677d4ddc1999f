import path from "node:path";
import {
  ALL_FORMATS,
  EncodedAudioPacketSource,
  EncodedPacket,
  EncodedPacketSink,
  FilePathSource,
  FilePathTarget,
  Input,
  OggOutputFormat,
  Output,
} from "mediabunny";
import { FILE_WRITE_CHUNK } from "../audio/opus-segment-writer.mjs";

// The combined audio of a result set: ONE logical Ogg Opus stream rebuilt from the normalised
// segments of its recordings by copying their Opus packets (no decoding, no re-encoding), and
// the concatenation of their waveform peaks. Never byte-appended (chained) Ogg: browsers,
// ffprobe and decoders misreport such files (see /work/shared/design/platform-notes.md).
//
// Every segment has the same configuration (lib/audio/README.md: mono, 20 ms packets, pre-skip
// 312 at 48 kHz), so their packets can follow each other in one stream. Timeline arithmetic is
// in 48 kHz samples ("raw" = what a decoder outputs before pre-skip and end trimming):
//
//   segment k: n_k packets of 960 raw samples = 312 priming + L_k samples of audio + pad_k
//              (0 <= pad_k < 960; the segment's own final granule trims pad_k off).
//
// The joins (documented choice):
//   - The combined stream keeps the FIRST segment's OpusHead (pre-skip 312).
//   - Only the final packet of the whole stream can be trimmed (end trimming). So inside the
//     stream each later segment's 312-sample priming and each earlier segment's padding play.
//     Keeping every packet would put 312..1271 extra samples (6.5–26.5 ms) at every join.
//   - To account for that, at every join the last packet of the earlier segment is left out
//     when that brings the next segment's audio closer to where it belongs (where the sum of
//     the preceding parts' lengths puts it). The packet left out holds encoder padding and at
//     most the final ~16.5 ms of that recording (its tail, after the speech). Every join is
//     then off by at most half a packet (480 samples, 10 ms) from the exact sum; a segment of
//     one packet is never shortened.
//   - The final packet's end trimming sets final granule = pre-skip + sum of the parts' lengths,
//     leaving out trailing packets of the last segment if the last join came late: the file
//     decodes to EXACTLY the sum of the parts' lengths (unless the last join came early by more
//     than the last segment's own padding: then it is short by less than 10 ms).
//   - Packets are copied as they are: each segment begins with a fresh encoder state, which
//     an Opus decoder handles like any packet boundary (SILK redoes its state; no click of note).
//
// Memory: segments are read one at a time from local files (callers download each from
// storage just before it is needed, see `SegmentSource`); packets are written out as read.

const FRAME = 960; // 20 ms at 48 kHz
const RATE = 48000;

/** One segment, made available as a local file only while it is read. */
export type SegmentSource = {
  /** Returns a local path to the segment and a function that releases it. */
  open: () => Promise<{ path: string; release: () => Promise<void> }>;
};

export type CombineResult = {
  /** Decoded length of the combined stream at 48 kHz (final granule minus pre-skip). */
  samples: number;
  /** Sum of the segments' decoded lengths at 48 kHz. */
  sumOfParts: number;
  packets: number;
  durationMs: number;
  /** Per join: where the next segment's audio starts minus where the sum of the parts puts it (48 kHz samples). */
  joinOffsets: number[];
};

type SegmentPackets = { packets: Uint8Array[]; samples: number; preSkip: number; description: Uint8Array | undefined };

/** Reads the packets of one segment (only one segment is held at a time). */
async function readSegment(file: string): Promise<SegmentPackets> {
  const input = new Input({ source: new FilePathSource(file), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryAudioTrack();
    if (track?.codec !== "opus") throw new Error(`${path.basename(file)} is not an Opus segment`);
    const config = await track.getDecoderConfig();
    const description = config?.description ? new Uint8Array(config.description as ArrayBuffer) : undefined;
    const preSkip = description && description.length >= 12 ? description[10]! | (description[11]! << 8) : 312;
    if (track.numberOfChannels !== 1) throw new Error("segments must be mono");
    const sink = new EncodedPacketSink(track);
    const packets: Uint8Array[] = [];
    let end = 0;
    for await (const packet of sink.packets()) {
      packets.push(packet.data);
      end = packet.timestamp + packet.duration;
    }
    if (packets.length === 0) throw new Error(`${path.basename(file)} holds no packets`);
    // mediabunny presents timestamps after pre-skip and end trimming: the last end is L_k.
    return { packets, samples: Math.round(end * RATE), preSkip, description };
  } finally {
    input.dispose();
  }
}

/**
 * Writes the segments' packets, in order, into one single-stream Ogg Opus file at `outPath`.
 * Segments are opened one after the other and released as soon as they are copied.
 */
export async function combineSegments(segments: SegmentSource[], outPath: string): Promise<CombineResult> {
  if (segments.length === 0) throw new Error("nothing to combine");
  const source = new EncodedAudioPacketSource("opus");
  const output = new Output({
    format: new OggOutputFormat(),
    target: new FilePathTarget(outPath, { chunkSize: FILE_WRITE_CHUNK }),
  });
  output.addAudioTrack(source);
  await output.start();

  let written = 0; // packets written (raw position = written * FRAME)
  let sumOfParts = 0;
  let preSkip = 312;
  let meta: { decoderConfig: AudioDecoderConfig } | undefined;
  const joinOffsets: number[] = [];
  let finished = false;

  const emit = async (data: Uint8Array, samples: number) => {
    const packet = new EncodedPacket(data, "key", (written * FRAME) / RATE, samples / RATE);
    await source.add(packet, written === 0 ? meta : undefined);
    written++;
  };

  const load = async (k: number): Promise<SegmentPackets> => {
    const { path: file, release } = await segments[k]!.open();
    try {
      return await readSegment(file);
    } finally {
      await release();
    }
  };

  try {
    // One segment of look-ahead: the choice at a join depends on the next segment's length.
    let prev = await load(0);
    preSkip = prev.preSkip;
    meta = {
      decoderConfig: {
        codec: "opus",
        numberOfChannels: 1,
        sampleRate: RATE,
        description: prev.description ?? opusHead(preSkip),
      },
    };
    sumOfParts = prev.samples;
    for (let k = 1; k < segments.length; k++) {
      const cur = await load(k);
      if (cur.preSkip !== preSkip)
        throw new Error(`segment ${k} has pre-skip ${cur.preSkip}, the first ${preSkip}: not one configuration`);
      const keep = packetsToKeep(prev.packets.length, written, sumOfParts);
      for (let i = 0; i < keep; i++) await emit(prev.packets[i]!, FRAME);
      // Where the next segment's audio starts (raw) minus where the sum of the parts puts it.
      joinOffsets.push(written * FRAME + preSkip - (preSkip + sumOfParts));
      sumOfParts += cur.samples;
      prev = cur;
    }
    // The last segment, its final packet trimmed so that the total is exact: final granule =
    // pre-skip + sum of the parts. When the last join came late, that cuts up to half a packet
    // off the last recording's tail (trailing packets beyond the target are left out).
    const target = preSkip + sumOfParts;
    const room = Math.ceil((target - written * FRAME) / FRAME);
    const count = Math.max(1, Math.min(prev.packets.length, room));
    for (let i = 0; i < count - 1; i++) await emit(prev.packets[i]!, FRAME);
    await emit(prev.packets[count - 1]!, finalPacketSamples(written, preSkip, sumOfParts));
    source.close();
    await output.finalize();
    finished = true;
  } finally {
    if (!finished) await output.cancel().catch(() => {});
  }
  const samples = (written - 1) * FRAME + finalPacketSamples(written - 1, preSkip, sumOfParts) - preSkip;
  return { samples, sumOfParts, packets: written, durationMs: Math.round((samples * 1000) / RATE), joinOffsets };
}

/**
 * How many of a non-final segment's `n` packets to copy: n, or n - 1 (its last left out) when
 * that puts the next segment's audio closer to where it belongs. `written` packets precede
 * it; `sumBefore` is the sum of the parts' lengths up to and with it.
 */
function packetsToKeep(n: number, written: number, sumBefore: number): number {
  if (n < 2) return n;
  const offset = (keep: number) => Math.abs((written + keep) * FRAME - sumBefore);
  return offset(n - 1) < offset(n) ? n - 1 : n;
}

/** The final packet's decoded length: final granule = pre-skip + sum of parts (within the packet). */
function finalPacketSamples(before: number, preSkip: number, sumOfParts: number): number {
  return Math.min(FRAME, Math.max(1, preSkip + sumOfParts - before * FRAME));
}

function opusHead(preSkip: number): Uint8Array {
  const head = new Uint8Array(19);
  const view = new DataView(head.buffer);
  head.set([0x4f, 0x70, 0x75, 0x73, 0x48, 0x65, 0x61, 0x64], 0);
  head[8] = 1;
  head[9] = 1;
  view.setUint16(10, preSkip, true);
  view.setUint32(12, 16000, true);
  return head;
}
