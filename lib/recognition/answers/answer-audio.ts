import fs from "node:fs/promises";
import path from "node:path";
import { ERRORS, WampError } from "../wamp/messages";
import { GrowingPcm } from "./growing-pcm";
import { type PcmFormat, parseWavChunk, wavHeader } from "./wav-chunks";

// The audio of one answer as it arrives in chunks (written with `*.write`, or pulled from the
// client's stream procedure), assembled into one file that the REST domain functions ingest
// exactly like an upload. WAV chunks (each a whole WAV file, or raw PCM after init_audio) join into
// one WAV; Ogg or WebM Opus chunks are consecutive pieces of one stream. A resumed stream starts a
// new segment (it re-sends a header); segments are joined through PCM.

export type Container = "wav" | "ogg" | "webm";

export type AssembledAudio = { path: string; contentType: string; filename: string };

/** Bytes per second above any speech Opus stream (512 kbit/s): the cap before decoding tells. */
const COMPRESSED_BYTES_PER_SECOND = 64_000;

export class AnswerAudio {
  private container: Container | null;
  private format: PcmFormat | null;
  private segments: Uint8Array[][] = [];
  private bytes = 0;
  private pcmBytes = 0;
  /** pcm16kSoFar()'s samples, and how many of the chunks they hold. */
  private pcm = new GrowingPcm();
  private pcmChunks = 0;

  constructor(
    private readonly maxSeconds: number,
    declared: { container: Container; format: PcmFormat | null } | null = null,
  ) {
    this.container = declared?.container ?? null;
    this.format = declared?.format ?? null;
  }

  get empty(): boolean {
    return this.bytes === 0;
  }

  /** Seconds received, exact for PCM and an upper bound for compressed audio. */
  get seconds(): number {
    if (this.container === "wav" && this.format) {
      return this.pcmBytes / (this.format.sampleRate * this.format.channels * 2);
    }
    return this.bytes / COMPRESSED_BYTES_PER_SECOND;
  }

  /** Adds one chunk; throws a WampError naming the problem or the limit. */
  add(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.container ??= sniff(chunk);
    if (!this.container)
      throw new WampError(
        ERRORS.invalidAudio,
        `The audio is neither WAV nor Ogg or WebM Opus (its first chunk, ${chunk.length} bytes, starts ${startOf(chunk)})`,
      );
    if (this.container === "wav") this.addWav(chunk);
    else this.addCompressed(chunk);
    this.bytes += chunk.length;
    if (this.seconds > this.maxSeconds) {
      throw new WampError(ERRORS.limitExceeded, `An answer may hold at most ${this.maxSeconds} seconds of audio`, {
        limit: "WS_MAX_ANSWER_SECONDS",
        max: this.maxSeconds,
      });
    }
  }

  /**
   * The samples so far when they need no decoding (16-bit mono WAV at 16 kHz), scaled as the WAV
   * decoder scales them; null for any other audio.
   */
  pcm16kSoFar(): Float32Array | null {
    const f = this.format;
    if (this.container !== "wav" || !f || f.channels !== 1 || f.sampleRate !== 16000 || f.bitsPerSample !== 16)
      return null;
    const chunks = this.segments.flat();
    for (; this.pcmChunks < chunks.length; this.pcmChunks++) this.pcm.append(chunks[this.pcmChunks]!);
    return this.pcm.samples();
  }

  /** Starts a new segment (feedback resumed): the next chunk brings its own header. */
  resume(): void {
    if (this.container !== "wav") this.segments.push([]);
  }

  private addWav(chunk: Uint8Array): void {
    const parsed = parseWavChunk(chunk);
    if (parsed) {
      if (this.format && !sameFormat(this.format, parsed.format)) {
        throw new WampError(ERRORS.invalidAudio, "The WAV chunks change their format mid-answer");
      }
      this.format = parsed.format;
      this.push(parsed.data, false);
      this.pcmBytes += parsed.data.length;
    } else if (this.format && !isHeader(chunk)) {
      this.push(chunk, false);
      this.pcmBytes += chunk.length;
    } else {
      throw new WampError(ERRORS.invalidAudio, "A WAV chunk has no 16-bit PCM format (and init_audio named none)");
    }
  }

  private addCompressed(chunk: Uint8Array): void {
    const startsStream = sniff(chunk) === this.container && isStreamStart(chunk);
    if (sniff(chunk) && sniff(chunk) !== this.container) {
      throw new WampError(ERRORS.invalidAudio, `The answer switched from ${this.container} to ${sniff(chunk)}`);
    }
    const current = this.segments.at(-1);
    this.push(chunk, startsStream && current !== undefined && current.length > 0);
  }

  private push(bytes: Uint8Array, newSegment: boolean): void {
    if (newSegment || this.segments.length === 0) this.segments.push([]);
    this.segments.at(-1)!.push(Uint8Array.from(bytes));
  }

  /**
   * Writes the answer to `dir` as one file. Several Opus segments are decoded and joined as
   * 16 kHz WAV by `joinSegments` (they cannot be concatenated as bytes).
   */
  async write(
    dir: string,
    joinSegments: (files: string[], out: string) => Promise<void>,
    remux: (webm: Uint8Array) => Promise<Uint8Array>,
  ): Promise<AssembledAudio> {
    const segments = this.segments.filter((s) => s.length > 0).map((s) => Buffer.concat(s));
    if (segments.length === 0) throw new WampError(ERRORS.invalidAudio, "No audio was received");
    if (this.container === "wav") {
      const data = Buffer.concat(segments);
      const file = path.join(dir, "answer.wav");
      await fs.writeFile(file, Buffer.concat([wavHeader(this.format!, data.length), data]));
      return { path: file, contentType: "audio/wav", filename: "answer.wav" };
    }
    const oggs: Uint8Array[] = [];
    for (const segment of segments) oggs.push(this.container === "webm" ? await remux(segment) : segment);
    if (oggs.length === 1) {
      const file = path.join(dir, "answer.ogg");
      await fs.writeFile(file, oggs[0]!);
      return { path: file, contentType: "audio/ogg", filename: "answer.ogg" };
    }
    const parts = await Promise.all(
      oggs.map(async (bytes, i) => {
        const file = path.join(dir, `segment-${i}.ogg`);
        await fs.writeFile(file, bytes);
        return file;
      }),
    );
    const file = path.join(dir, "answer.wav");
    await joinSegments(parts, file);
    return { path: file, contentType: "audio/wav", filename: "answer.wav" };
  }
}

/** The container of a stream by its first bytes. */
export function sniff(bytes: Uint8Array): Container | null {
  if (bytes.length >= 4 && bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x46)
    return "wav";
  if (bytes.length >= 4 && bytes[0] === 0x4f && bytes[1] === 0x67 && bytes[2] === 0x67 && bytes[3] === 0x53)
    return "ogg";
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return "webm";
  return null;
}

/** The first bytes in hex, to tell what a client sent instead of audio. */
const startOf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 8)).toString("hex");

/** The container named by init_audio's MIME type. */
export function containerOf(mimeType: string): Container | null {
  const type = mimeType.split(";")[0]!.trim().toLowerCase();
  if (["audio/wav", "audio/wave", "audio/x-wav", "audio/vnd.wave", "audio/l16", "audio/pcm"].includes(type))
    return "wav";
  if (type === "audio/ogg" || type === "audio/opus") return "ogg";
  if (type === "audio/webm") return "webm";
  return null;
}

// An Ogg page with the beginning-of-stream flag, or an EBML header: a new stream starts here.
const isStreamStart = (bytes: Uint8Array) =>
  sniff(bytes) === "ogg" ? (bytes[5]! & 0x02) !== 0 : sniff(bytes) === "webm";
const isHeader = (bytes: Uint8Array) => sniff(bytes) === "wav";
const sameFormat = (a: PcmFormat, b: PcmFormat) => a.channels === b.channels && a.sampleRate === b.sampleRate;
