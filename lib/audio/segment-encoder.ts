// Runs the normalised-segment encoder either in this thread or split over two: libopus encoding
// (the most expensive step of an ingest) in a worker thread, Ogg muxing (mediabunny) here. On long
// files this lets decoding and encoding use both cores. Back-pressure: at most MAX_IN_FLIGHT PCM
// chunks are queued for the worker, so memory does not grow with file length.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import {
  OggOpusMuxer,
  OpusPacketEncoder,
  OpusSegmentWriter,
  type SegmentResult,
  unpackPackets,
} from "./opus-segment-writer.mjs";

export type { SegmentResult };

export interface SegmentEncoder {
  /** Takes ownership of `pcm` (it may be transferred to another thread). */
  write(pcm: Int16Array): Promise<void>;
  finish(): Promise<SegmentResult>;
  abort(): Promise<void>;
}

export type SegmentEncoderOptions = { complexity?: number; bitrate?: number };

const MAX_IN_FLIGHT = 8;

type Packed = { data: Uint8Array; sizes: Uint32Array };
type WorkerMessage =
  | ({ type: "packets" } & Packed)
  | ({ type: "done"; lastPacketSamples48: number; result: SegmentResult } & Packed)
  | { type: "error"; message: string };

class WorkerEncoder implements SegmentEncoder {
  private inFlight = 0;
  private error: Error | null = null;
  private waiters: Array<() => void> = [];
  private muxing: Promise<void> = Promise.resolve();
  private done: { resolve: (r: SegmentResult) => void; reject: (e: Error) => void } | null = null;
  private finished = false;

  constructor(
    private readonly worker: Worker,
    private readonly muxer: OggOpusMuxer,
  ) {
    worker.on("message", (msg: WorkerMessage) => {
      if (msg.type === "packets") {
        this.muxing = this.muxing
          .then(() => this.muxer.add(unpackPackets(msg)))
          .then(() => {
            this.inFlight--;
            this.wake();
          })
          .catch((err: Error) => this.fail(err));
      } else if (msg.type === "done") {
        this.muxing = this.muxing
          .then(() => this.muxer.add(unpackPackets(msg)))
          .then(() => this.muxer.finish(msg.lastPacketSamples48))
          .then(() => {
            this.finished = true;
            this.done?.resolve(msg.result);
          })
          .catch((err: Error) => this.fail(err));
      } else if (msg.type === "error") {
        this.fail(new Error(`Opus encoder worker: ${msg.message}`));
      }
    });
    worker.on("error", (err) => this.fail(err));
    worker.on("exit", (code) => {
      if (!this.finished) this.fail(new Error(`Opus encoder worker exited (code ${code})`));
    });
  }

  private fail(err: Error) {
    this.error ??= err;
    this.wake();
    this.done?.reject(this.error);
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  async write(pcm: Int16Array) {
    while (!this.error && this.inFlight >= MAX_IN_FLIGHT) await new Promise<void>((r) => this.waiters.push(r));
    if (this.error) throw this.error;
    this.inFlight++;
    const whole = pcm.byteOffset === 0 && pcm.byteLength === pcm.buffer.byteLength;
    this.worker.postMessage({ type: "pcm", pcm }, whole ? [pcm.buffer as ArrayBuffer] : []);
  }

  async finish(): Promise<SegmentResult> {
    try {
      if (this.error) throw this.error;
      const result = new Promise<SegmentResult>((resolve, reject) => (this.done = { resolve, reject }));
      this.worker.postMessage({ type: "finish" });
      return await result;
    } finally {
      await this.worker.terminate();
    }
  }

  async abort() {
    this.finished = true; // no "exited" error from here on
    await this.worker.terminate();
    await this.muxing.catch(() => {});
    await this.muxer.abort();
  }
}

// The worker script sits next to this module. When a bundler (Next) has moved this module, the
// copy in the source tree under the working directory is used; failing both, the calling thread.
// (Deliberately not `new URL("./x.mjs", import.meta.url)`: bundlers rewrite that pattern into an
// emitted asset without its sibling module.)
const WORKER_FILES = ["opus-segment-worker.mjs", "opus-segment-writer.mjs"];

function workerPath(): string | null {
  if (process.env.AUDIO_ENCODE_WORKER === "0") return null;
  const dirs: string[] = [];
  try {
    if (import.meta.url.startsWith("file:")) dirs.push(path.dirname(fileURLToPath(import.meta.url)));
  } catch {
    // no usable import.meta.url here
  }
  dirs.push(path.join(process.cwd(), "lib", "audio"));
  const dir = dirs.find((d) => WORKER_FILES.every((f) => fs.existsSync(path.join(d, f))));
  return dir ? path.join(dir, WORKER_FILES[0]!) : null;
}

/**
 * Opens a normalised-segment encoder writing to `path`, fed mono Int16 at `inputRate`.
 * `useWorker` runs libopus in a worker thread (worth it above ~30 s of audio; a worker costs
 * ~30-50 ms to start). Falls back to the calling thread when the worker script cannot be found
 * or when AUDIO_ENCODE_WORKER=0.
 */
export async function openSegmentEncoder(
  path: string,
  inputRate: number,
  useWorker: boolean,
  options: SegmentEncoderOptions = {},
): Promise<SegmentEncoder> {
  const script = useWorker ? workerPath() : null;
  if (script) {
    // Validate the settings and learn the pre-skip here (cheap), before starting the thread.
    const { preSkip } = new OpusPacketEncoder(inputRate, options);
    const muxer = await OggOpusMuxer.create(path, { inputRate, preSkip });
    // execArgv: [] so the plain-JS worker does not inherit loaders such as tsx (slower start-up).
    const worker = new Worker(script, { workerData: { inputRate, options }, execArgv: [] });
    return new WorkerEncoder(worker, muxer);
  }
  return OpusSegmentWriter.create(path, inputRate, options);
}
