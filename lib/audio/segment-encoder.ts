// Runs the Opus encoder + Ogg muxer (opus-segment-writer.mjs) either in this thread or in a
// worker thread. Encoding is the most expensive step of an ingest (libopus SILK encode), so on
// long files a worker lets decoding and encoding use both cores. Back-pressure: at most
// MAX_IN_FLIGHT chunks are queued for the worker, so memory does not grow with file length.
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { OpusSegmentWriter, type SegmentResult } from "./opus-segment-writer.mjs";

export type { SegmentResult };

export interface SegmentEncoder {
  /** Takes ownership of `pcm` (it may be transferred to another thread). */
  write(pcm: Int16Array): Promise<void>;
  finish(): Promise<SegmentResult>;
  abort(): Promise<void>;
}

export type SegmentEncoderOptions = { complexity?: number; bitrate?: number };

const MAX_IN_FLIGHT = 8;

class InThreadEncoder implements SegmentEncoder {
  constructor(private readonly writer: OpusSegmentWriter) {}
  write(pcm: Int16Array) {
    return this.writer.write(pcm);
  }
  finish() {
    return this.writer.finish();
  }
  abort() {
    return this.writer.abort();
  }
}

type WorkerMessage = { type: "ready" } | { type: "ack" } | { type: "done"; result: SegmentResult | null } | { type: "error"; message: string };

class WorkerEncoder implements SegmentEncoder {
  private inFlight = 0;
  private error: Error | null = null;
  private waiters: Array<() => void> = [];
  private done: { resolve: (r: SegmentResult | null) => void; reject: (e: Error) => void } | null = null;
  private exited = false;

  constructor(private readonly worker: Worker) {
    worker.on("message", (msg: WorkerMessage) => {
      if (msg.type === "ack") {
        this.inFlight--;
        this.wake();
      } else if (msg.type === "done") {
        this.done?.resolve(msg.result);
      } else if (msg.type === "error") {
        this.fail(new Error(`Opus encoder worker: ${msg.message}`));
      }
    });
    worker.on("error", (err) => this.fail(err));
    worker.on("exit", (code) => {
      this.exited = true;
      if (!this.done || code !== 0) this.fail(new Error(`Opus encoder worker exited (code ${code})`));
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
    const transfer = pcm.byteOffset === 0 && pcm.byteLength === pcm.buffer.byteLength ? [pcm.buffer as ArrayBuffer] : [];
    this.worker.postMessage({ type: "pcm", pcm }, transfer);
  }

  private request(type: "finish" | "abort"): Promise<SegmentResult | null> {
    if (this.error) return Promise.reject(this.error);
    const p = new Promise<SegmentResult | null>((resolve, reject) => (this.done = { resolve, reject }));
    this.worker.postMessage({ type });
    return p;
  }

  async finish(): Promise<SegmentResult> {
    try {
      const result = await this.request("finish");
      if (!result) throw new Error("Opus encoder worker returned no result");
      return result;
    } finally {
      await this.worker.terminate();
    }
  }

  async abort() {
    try {
      if (!this.exited && !this.error) await this.request("abort");
    } catch {
      // the worker failed already; terminating is all that is left
    } finally {
      await this.worker.terminate();
    }
  }
}

const workerUrl = new URL("./opus-segment-worker.mjs", import.meta.url);

function workerAvailable(): boolean {
  if (process.env.AUDIO_ENCODE_WORKER === "0") return false;
  try {
    return workerUrl.protocol === "file:" && fs.existsSync(fileURLToPath(workerUrl));
  } catch {
    return false;
  }
}

/**
 * Opens a normalised-segment encoder writing to `path`. `useWorker` runs it in a worker thread
 * (worth it above ~30 s of audio; starting a worker costs ~50-100 ms). Falls back to the calling
 * thread when the worker script is not on disk (e.g. a bundler moved this module) or when
 * AUDIO_ENCODE_WORKER=0.
 */
export async function openSegmentEncoder(
  path: string,
  inputRate: number,
  useWorker: boolean,
  options: SegmentEncoderOptions = {},
): Promise<SegmentEncoder> {
  if (useWorker && workerAvailable()) {
    // execArgv: [] so the plain-JS worker does not inherit loaders such as tsx (slower start-up).
    const worker = new Worker(workerUrl, { workerData: { path, inputRate, options }, execArgv: [] });
    const enc = new WorkerEncoder(worker);
    return enc;
  }
  return new InThreadEncoder(await OpusSegmentWriter.create(path, inputRate, options));
}
