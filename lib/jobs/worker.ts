import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Db } from "@/lib/db/client";
import { log } from "@/lib/api/log";
import { claimNext, runClaimed, type JobHandler } from "./queue";

// One polling worker per app instance. It runs jobs one at a time and keeps going
// until stopped; a crash of the process is covered by the leases in queue.ts.

export type WorkerOptions = { pollMs: number; leaseMs: number };

export function startWorker(db: Db, handlers: Record<string, JobHandler>, options: WorkerOptions): { stop: () => Promise<void>; wake: () => void } {
  const workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let stopped = false;
  let wake: () => void = () => {};
  const loop = (async () => {
    while (!stopped) {
      let worked = false;
      try {
        const job = await claimNext(db, workerId, options.leaseMs);
        if (job) {
          worked = true;
          const status = await runClaimed(db, job, handlers[job.kind], workerId, options.leaseMs);
          log(status === "done" ? "info" : "warn", "job", { kind: job.kind, target: job.targetPk, attempt: job.attempts, status });
        }
      } catch (error) {
        log("error", "job-worker", { error: error instanceof Error ? error.message : String(error) });
      }
      if (!worked && !stopped) await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      wake();
      await loop;
    },
    wake: () => wake(),
  };
}
