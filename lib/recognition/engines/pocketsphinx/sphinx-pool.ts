import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import os from "node:os";
import { EngineError } from "../types";

// A few long-lived sphinx-server.py processes, each answering one JSON-lines request at a time.
// They start on first use and are killed and restarted when one times out or dies; the request
// in flight then fails with an EngineError and the ones queued behind it go to the new process.
// Idle processes are unreferenced, so they never keep Node running.

/**
 * The processes' nice value (0..19; higher yields to others): below the worker pool's threads
 * (WORKER_POOL_NICE, 10), not level with them. Level, ten students' answers ending at once had their
 * storing (pool threads) share the cores with the searches, and an answer the template stage had
 * judged early waited 440 ms for its files (latency bench, BENCH_IN_STEP=1; at 15: p50 of all
 * answers 630/580/676 -> 518/415/357 ms, p95 1206/1021/1345 -> 953/885/836 ms).
 */
export const SPHINX_NICE = 15;

export type SphinxPoolOptions = {
  python: string;
  script: string;
  size: number;
  env?: Record<string, string>;
};

type Job = {
  request: Record<string, unknown>;
  timeoutMs: number;
  resolve: (answer: { result: unknown; ms: number }) => void;
  reject: (error: Error) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  settled: boolean;
};

type Refable = { ref?: () => void; unref?: () => void };
type Answer = { id: number; ok: boolean; result?: unknown; error?: string };

const live = new Set<ChildProcessWithoutNullStreams>();
let exitHookInstalled = false;

function killAllOnExit() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of live) child.kill("SIGKILL");
  });
}

function settle(job: Job, outcome: { answer?: { result: unknown; ms: number }; error?: Error }) {
  if (job.settled) return;
  job.settled = true;
  if (job.onAbort) job.signal?.removeEventListener("abort", job.onAbort);
  if (outcome.error) job.reject(outcome.error);
  else job.resolve(outcome.answer!);
}

class SphinxProcess {
  readonly queue: Job[] = [];
  private child: ChildProcessWithoutNullStreams | null = null;
  private current: { job: Job; id: number; started: number; timer: NodeJS.Timeout } | null = null;
  private nextId = 1;
  private buffered = "";
  private stderrTail = "";

  constructor(private readonly options: SphinxPoolOptions) {}

  get load(): number {
    return this.queue.length + (this.current ? 1 : 0);
  }

  submit(job: Job) {
    this.queue.push(job);
    job.onAbort = () => this.abandon(job);
    job.signal?.addEventListener("abort", job.onAbort, { once: true });
    this.pump();
  }

  stop() {
    this.child?.kill("SIGKILL");
  }

  private abandon(job: Job) {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    // A request already in the process runs to its end; its answer is dropped.
    settle(job, { error: job.signal?.reason ?? new Error("aborted") });
  }

  private pump(): void {
    if (this.current) return;
    let job = this.queue.shift();
    while (job?.settled) job = this.queue.shift();
    if (!job) {
      this.setReferenced(false);
      return;
    }
    const child = this.child ?? this.start();
    this.setReferenced(true);
    const id = this.nextId++;
    const timer = setTimeout(() => this.fail(`did not answer within ${job.timeoutMs} ms`), job.timeoutMs);
    this.current = { job, id, started: performance.now(), timer };
    child.stdin.write(`${JSON.stringify({ id, ...job.request })}\n`);
  }

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn(this.options.python, [this.options.script], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, ...this.options.env },
    });
    this.child = child;
    // Below the server's own threads and its pool's: an answer being stored, or judged by the
    // template stage, goes first, and the recogniser takes the cores' remaining time.
    if (child.pid) {
      try {
        os.setPriority(child.pid, SPHINX_NICE);
      } catch {
        // not permitted here: the processes run at the server's priority
      }
    }
    this.buffered = "";
    this.stderrTail = "";
    live.add(child);
    killAllOnExit();
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => this.receive(child, chunk));
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-2000);
    });
    // A write to a process that has just died: its exit handler reports it.
    child.stdin.on("error", () => {});
    child.on("error", (error) => this.gone(child, `could not run ${this.options.python}: ${error.message}`));
    // "close", not "exit": an answer written just before the end is still read first.
    child.on("close", (code, signal) => this.gone(child, `exited (${signal ?? `code ${code}`})`));
    return child;
  }

  private receive(child: ChildProcessWithoutNullStreams, chunk: string) {
    if (child !== this.child) return;
    this.buffered += chunk;
    let newline: number;
    while ((newline = this.buffered.indexOf("\n")) >= 0) {
      const line = this.buffered.slice(0, newline);
      this.buffered = this.buffered.slice(newline + 1);
      let answer: Answer;
      try {
        answer = JSON.parse(line) as Answer;
      } catch {
        this.fail(`wrote something that is not JSON: ${line.slice(0, 200)}`);
        return;
      }
      const current = this.current;
      if (!current || answer.id !== current.id) continue;
      clearTimeout(current.timer);
      this.current = null;
      const ms = performance.now() - current.started;
      if (answer.ok) settle(current.job, { answer: { result: answer.result, ms } });
      else settle(current.job, { error: new EngineError(`pocketsphinx: ${answer.error}`) });
      this.pump();
    }
  }

  /** Kills the process; the request in flight fails, the queue goes on in a new process. */
  private fail(why: string) {
    const child = this.child;
    if (child) this.gone(child, why);
    child?.kill("SIGKILL");
  }

  private gone(child: ChildProcessWithoutNullStreams, why: string) {
    live.delete(child);
    if (child !== this.child) return;
    this.child = null;
    const current = this.current;
    this.current = null;
    if (current) {
      clearTimeout(current.timer);
      const tail = this.stderrTail.trim().split("\n").slice(-3).join(" | ");
      const detail = tail && !why.startsWith("did not") ? ` (${tail})` : "";
      settle(current.job, {
        error: new EngineError(`pocketsphinx ${why}${detail}; a new process takes the next request`),
      });
    }
    this.pump();
  }

  private setReferenced(on: boolean) {
    const child = this.child;
    if (!child) return;
    for (const handle of [child, child.stdin, child.stdout, child.stderr] as Refable[]) {
      if (on) handle.ref?.();
      else handle.unref?.();
    }
  }
}

/** Long-lived sphinx-server.py processes: started lazily, at most `size`, one request each at a time. */
export class SphinxPool {
  private readonly processes: SphinxProcess[] = [];

  constructor(private readonly options: SphinxPoolOptions) {}

  /** Sends one request to the least busy process; resolves with its result and the time it took. */
  call(
    op: string,
    body: Record<string, unknown>,
    options: { timeoutMs: number; signal?: AbortSignal },
  ): Promise<{ result: unknown; ms: number }> {
    options.signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      const job: Job = {
        request: { op, ...body },
        timeoutMs: options.timeoutMs,
        resolve,
        reject,
        signal: options.signal,
        settled: false,
      };
      this.pick().submit(job);
    });
  }

  /**
   * Starts every process now and waits until each has loaded its model (a ping each), so that the
   * first answers, which use two processes at once, do not wait for a model load.
   */
  async warm(timeoutMs = 60_000): Promise<void> {
    while (this.processes.length < Math.max(1, this.options.size)) this.processes.push(new SphinxProcess(this.options));
    await Promise.all(
      this.processes.map(
        (p) =>
          new Promise<void>((resolve) => {
            const done = () => resolve();
            p.submit({ request: { op: "ping" }, timeoutMs, resolve: done, reject: done, settled: false });
          }),
      ),
    );
  }

  /** Kills every process (they restart on the next call). */
  close() {
    for (const p of this.processes) p.stop();
  }

  private pick(): SphinxProcess {
    const idle = this.processes.find((p) => p.load === 0);
    if (idle) return idle;
    if (this.processes.length < Math.max(1, this.options.size)) {
      const fresh = new SphinxProcess(this.options);
      this.processes.push(fresh);
      return fresh;
    }
    return this.processes.reduce((a, b) => (b.load < a.load ? b : a));
  }
}
