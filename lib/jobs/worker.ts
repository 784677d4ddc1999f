import { randomUUID } from "node:crypto";
import os from "node:os";
import { log } from "@/lib/api/log";
import type { Db } from "@/lib/db/client";
import { type ClaimedJob, claimNext, type JobHandler, releaseLease, runClaimed } from "./queue";

// One polling worker per app instance. It runs jobs one at a time and keeps going
// until stopped; a crash of the process is covered by the leases in queue.ts.

export type WorkerOptions = { pollMs: number; leaseMs: number };

export type Worker = {
  /**
   * Stops claiming jobs. With `handOver`, a running job is asked to stop (its signal aborts)
   * and, once it has or after `handOverWaitMs`, its lease is released so that another
   * instance takes it at once; otherwise the running job is waited for.
   */
  stop: (options?: { handOver?: boolean; handOverWaitMs?: number }) => Promise<void>;
  wake: () => void;
};

export function startWorker(db: Db, handlers: Record<string, JobHandler>, options: WorkerOptions): Worker {
  const workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let stopped = false;
  let wake: () => void = () => {};
  let current: { job: ClaimedJob; controller: AbortController } | null = null;
  const loop = (async () => {
    while (!stopped) {
      let worked = false;
      try {
        const job = await claimNext(db, workerId, options.leaseMs);
        if (job) {
          worked = true;
          current = { job, controller: new AbortController() };
          const status = await runClaimed(
            db,
            job,
            handlers[job.kind],
            workerId,
            options.leaseMs,
            current.controller.signal,
          );
          const ok = status === "done" || status === "released";
          // Why a job failed or will be retried: the reason its handler gave (stored as lastError).
          const reason = ok
            ? undefined
            : (await db.job.findUnique({ where: { pk: job.pk }, select: { lastError: true } }).catch(() => null))
                ?.lastError;
          log(ok ? "info" : "warn", "job", {
            kind: job.kind,
            target: job.targetPk,
            attempt: job.attempts,
            status,
            ...(reason ? { reason } : {}),
          });
        }
      } catch (error) {
        log("error", "job-worker", { error: error instanceof Error ? error.message : String(error) });
      } finally {
        current = null;
      }
      if (!worked && !stopped)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
    }
  })();
  return {
    stop: async ({ handOver = false, handOverWaitMs = 2000 } = {}) => {
      stopped = true;
      wake();
      const running = current;
      if (!handOver || !running) return void (await loop);
      running.controller.abort();
      const settled = await Promise.race([
        loop.then(() => true),
        new Promise<false>((r) => setTimeout(() => r(false), handOverWaitMs)),
      ]);
      // A job stuck where it cannot see its signal (a hung storage call) is released anyway:
      // it commits nothing after the abort, and this process is about to exit.
      if (!settled && (await releaseLease(db, running.job, workerId))) {
        log("info", "job", {
          kind: running.job.kind,
          target: running.job.targetPk,
          attempt: running.job.attempts,
          status: "released",
        });
      }
    },
    wake: () => wake(),
  };
}
