// One worker-thread pool for the server's CPU work on audio (uploads' audio and template matching),
// so that such work never blocks the event loop. One thread more than cores (pool-size.ts).
// Built on piscina (one pool serves any number of worker scripts: each task names its script).
// Added here: a per-task timeout, a first-in-first-out queue bounded so that it answers
// PoolBusyError instead of letting latency grow without limit, and counters for /metrics. Its
// threads run below the event loop's priority (pool-thread-priority.mjs, imported by every task).
//
// Piscina resolves its own worker bootstrap file next to its code, so Next must not bundle it:
// "piscina" belongs in next.config's serverExternalPackages.
import path from "node:path";
import pLimit from "p-limit";
import { Piscina } from "piscina";
import { findWorkerScript, sharedPoolScripts } from "./pool-scripts";
import { defaultPoolQueue, defaultPoolThreads } from "./pool-size";

// The pool is one per process (sharedPool, on globalThis), but Next's bundles hold several copies
// of this module (the instrumentation's, which starts the recognition server, and the routes'),
// each with its own classes: its errors are therefore recognised by name, whichever copy made
// the pool. (When a websocket answer, judged in the instrumentation's copy, made the pool first,
// a full pool answered REST uploads with 500 instead of 503.)
const named = (value: unknown, name: string) => value instanceof Error && value.name === name;

/** Every worker is busy and the queue is full: the caller should answer "busy, retry later". */
export class PoolBusyError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return named(value, "PoolBusyError");
  }
  constructor(readonly queued: number) {
    super(`all workers are busy and ${queued} tasks are waiting; retry later`);
    this.name = "PoolBusyError";
  }
}

/** The task ran out of time; its worker thread was stopped and replaced. */
export class PoolTimeoutError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return named(value, "PoolTimeoutError");
  }
  constructor(
    readonly script: string,
    readonly timeoutMs: number,
  ) {
    super(`worker task ${path.basename(script)} did not finish within ${timeoutMs} ms and was stopped`);
    this.name = "PoolTimeoutError";
  }
}

export type PoolOptions = {
  /** Worker threads; default one more than cores (WORKER_POOL_THREADS, pool-size.ts). */
  threads?: number;
  /** Tasks that may wait for a worker; default 64 per thread (WORKER_POOL_MAX_QUEUE). */
  maxQueue?: number;
  /** Default per-task timeout in ms, counted from submission; default 30000 (WORKER_POOL_TIMEOUT_MS); 0: none. */
  timeoutMs?: number;
  /** Task scripts (absolute paths) every thread imports as it starts (pool-preload.mjs). */
  preload?: string[];
};

export type RunOptions = {
  signal?: AbortSignal;
  /** 0: none (work whose length grows with its input, such as an upload's audio). */
  timeoutMs?: number;
  /** Buffers moved to the worker instead of copied (they become unusable here). */
  transferList?: ArrayBuffer[];
};

export type PoolStats = {
  threads: number;
  maxThreads: number;
  busy: number;
  queued: number;
  maxQueue: number;
  completed: number;
  failed: number;
  aborted: number;
  timedOut: number;
  rejectedBusy: number;
};

export interface WorkerPool {
  /** Runs `task` with the default export of `script` (an absolute path to a plain .mjs worker module). */
  run<R>(script: string, task: unknown, options?: RunOptions): Promise<R>;
  stats(): PoolStats;
  close(): Promise<void>;
}

// Each isolate's young generation is capped at 8 MB (V8's own limit is larger): with the cap the
// three threads peaked at 343–358 MB of RSS, where three uncapped ones reached 387–409 MB and two
// 340–359 MB (classroom bench, issue 28).
const YOUNG_GENERATION_MB = 8;
/** How long a running task whose caller gave up may still run before its thread is stopped. */
export const ABANDONED_GRACE_MS = 1000;

const envInt = (name: string): number | undefined => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : undefined;
};

/** Creates a pool (most code wants sharedPool(); tests make their own). */
export function createWorkerPool(options: PoolOptions = {}): WorkerPool {
  const threads = options.threads ?? envInt("WORKER_POOL_THREADS") ?? defaultPoolThreads();
  const maxQueue = options.maxQueue ?? envInt("WORKER_POOL_MAX_QUEUE") ?? defaultPoolQueue(threads);
  const defaultTimeout = options.timeoutMs ?? envInt("WORKER_POOL_TIMEOUT_MS") ?? 30_000;
  const preloader = findWorkerScript(import.meta.url, "lib/workers", ["pool-preload.mjs"]);
  // Every thread starts with the pool and stays: a thread started when a class's answers arrive
  // (after a minute without work, piscina's default let all but one go) made its first upload wait
  // ~0.5 s more for the thread and its modules. On the recognition latency bench the server's first
  // answers came back in a median of 1776 ms before, 853 ms after (p50 of 9 and 7 runs).
  const piscina = new Piscina({
    minThreads: threads,
    maxThreads: threads,
    ...(preloader && options.preload?.length ? { filename: preloader, workerData: { preload: options.preload } } : {}),
    // Our own bound below: piscina's maxQueue does not count tasks that carry an AbortSignal.
    maxQueue: Number.POSITIVE_INFINITY,
    // Plain-JS workers: do not inherit loaders such as tsx (slower start, nothing to load).
    execArgv: [],
    // Lets a worker's event loop run between tasks (needed by async tasks such as file I/O).
    atomics: "async",
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  // Tasks wait in this queue, in the order they came, and piscina only ever gets a task for a free
  // thread. Piscina's own queue is not first in, first out: a task that carries an AbortSignal
  // (ours all do, for their timeouts) and finds every thread busy is put back at the end of a
  // second queue. In the classroom run (issue 28) an upload's wait for a thread was 0.6 s at the
  // median but 3.0 s at p99 and up to 6 s, for 18 ms of work; with stricterFIFO some waited 60 s.
  const fifo = pLimit(threads);
  let inFlight = 0;
  const counts = { completed: 0, failed: 0, aborted: 0, timedOut: 0, rejectedBusy: 0 };

  const run = async <R>(script: string, task: unknown, o: RunOptions = {}): Promise<R> => {
    o.signal?.throwIfAborted();
    if (inFlight >= threads + maxQueue) {
      counts.rejectedBusy++;
      throw new PoolBusyError(Math.max(0, inFlight - threads));
    }
    const timeoutMs = o.timeoutMs ?? defaultTimeout;
    // Piscina stops a running task by ending its thread, and the thread that replaces it starts
    // cold (its modules loaded again, its code compiled again while it works). So a task its caller
    // gives up runs on for up to ABANDONED_GRACE_MS, its result dropped: most take milliseconds (a
    // superseded early judgement of a choice answer used to cost a thread each time). Past its
    // timeout, or past the grace, it is stopped.
    const stop = new AbortController();
    const timer =
      timeoutMs > 0 ? setTimeout(() => stop.abort(new PoolTimeoutError(script, timeoutMs)), timeoutMs) : undefined;
    let grace: NodeJS.Timeout | undefined;
    let started = false;
    inFlight++;
    const work = fifo(() => {
      // Its turn came after it was given up (timed out or aborted while waiting): skip it.
      if (stop.signal.aborted || o.signal?.aborted) return Promise.reject(new Error("aborted while waiting"));
      started = true;
      return piscina.run(task, { filename: script, signal: stop.signal, transferList: o.transferList });
    }).finally(() => {
      // The thread is free (or the task never got one): only now does the task stop counting.
      inFlight--;
      clearTimeout(timer);
      clearTimeout(grace);
    });
    work.catch(() => {});
    let onAbort: (() => void) | undefined;
    const givenUp = new Promise<never>((_, reject) => {
      const timedOut = () => reject(stop.signal.reason);
      if (stop.signal.aborted) timedOut();
      else stop.signal.addEventListener("abort", timedOut, { once: true });
      onAbort = () => {
        reject(o.signal?.reason ?? new Error("aborted"));
        if (started) grace = setTimeout(() => stop.abort(o.signal?.reason), ABANDONED_GRACE_MS);
        else stop.abort(o.signal?.reason);
      };
      o.signal?.addEventListener("abort", onAbort, { once: true });
    });
    givenUp.catch(() => {});
    try {
      const result = (await Promise.race([givenUp, work])) as R;
      counts.completed++;
      return result;
    } catch (err) {
      if (o.signal?.aborted) {
        counts.aborted++;
        throw o.signal.reason ?? err;
      }
      const reason: unknown = stop.signal.aborted ? stop.signal.reason : null;
      if (reason instanceof PoolTimeoutError) {
        counts.timedOut++;
        throw reason;
      }
      counts.failed++;
      throw err;
    } finally {
      if (onAbort) o.signal?.removeEventListener("abort", onAbort);
    }
  };

  return {
    run,
    stats: () => {
      const queued = Math.min(fifo.pendingCount + piscina.queueSize, inFlight);
      return {
        threads: piscina.threads.length,
        maxThreads: threads,
        busy: Math.min(threads, inFlight - queued),
        queued,
        maxQueue,
        ...counts,
      };
    },
    close: () => piscina.destroy(),
  };
}

// One pool per process; kept on globalThis so Next's dev-mode module reloading does not start more.
const GLOBAL_KEY = Symbol.for("speech-training-platform.worker-pool");
type PoolGlobal = { [GLOBAL_KEY]?: WorkerPool };

/** The process's shared pool, created on first use; its threads load every task script as they start. */
export function sharedPool(): WorkerPool {
  const g = globalThis as PoolGlobal;
  return (g[GLOBAL_KEY] ??= createWorkerPool({ preload: sharedPoolScripts() }));
}
