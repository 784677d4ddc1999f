import type { Db, Tx } from "@/lib/db/client";
import { newPk } from "@/lib/db/ids";

// A durable job queue in the Job table, shared by every app instance. A job is
// claimed with a compare-and-set on its row (so two instances never run it at once)
// and leased: if the instance dies mid-job the lease runs out and the job is retried,
// up to `maxAttempts`, after which its `onFailure` runs. No job stays running forever.
// An instance that shuts down hands its job over instead (releaseLease): queued again at
// once, the interrupted attempt not counted.

export type JobStatus = "queued" | "running" | "done" | "failed";
/** What became of one run: a JobStatus, or "released" when it was handed over on shutdown. */
export type RunOutcome = Exclude<JobStatus, "running"> | "released";

export type JobHandler = {
  /**
   * Does the work. `signal` aborts when the instance shuts down: stop at the next safe point
   * by throwing (signal.throwIfAborted()), and commit nothing after it aborted; the job is
   * then run again elsewhere, so its effects must be safe to attempt twice.
   */
  run: (db: Db, targetPk: string, signal: AbortSignal) => Promise<void>;
  /** After the last attempt failed (or the job could not finish): record why. */
  onFailure: (db: Db, targetPk: string, reason: string) => Promise<void>;
  maxAttempts?: number;
};

export type ClaimedJob = { pk: string; kind: string; targetPk: string; attempts: number };

/** Queues a job (inside the caller's transaction, so it exists exactly when its target does). */
export async function enqueue(tx: Tx | Db, kind: string, targetPk: string): Promise<void> {
  // A newer request for the same target supersedes queued ones.
  await tx.job.updateMany({
    where: { kind, targetPk, status: "queued" },
    data: { status: "done", lastError: "superseded" },
  });
  await tx.job.create({ data: { pk: newPk(), kind, targetPk, status: "queued" } });
}

/** Claims the next runnable job: queued and due, or running with an expired lease. */
export async function claimNext(
  db: Db,
  workerId: string,
  leaseMs: number,
  now = new Date(),
): Promise<ClaimedJob | null> {
  const runnable = {
    OR: [
      { status: "queued", runAt: { lte: now } },
      { status: "running", lockedUntil: { lt: now } },
    ],
  };
  for (let tries = 0; tries < 5; tries++) {
    const candidate = await db.job.findFirst({ where: runnable, orderBy: { runAt: "asc" } });
    if (!candidate) return null;
    const claimed = await db.job.updateMany({
      // attempts grows with every claim, so it tells whether someone else claimed the row first.
      where: { pk: candidate.pk, status: candidate.status, attempts: candidate.attempts },
      data: {
        status: "running",
        lockedBy: workerId,
        lockedUntil: new Date(now.getTime() + leaseMs),
        attempts: { increment: 1 },
      },
    });
    if (claimed.count === 1) {
      return { pk: candidate.pk, kind: candidate.kind, targetPk: candidate.targetPk, attempts: candidate.attempts + 1 };
    }
  }
  return null;
}

/**
 * Gives up this worker's claim on a running job: queued again, due now, the attempt not
 * counted. Does nothing when the job is no longer this worker's (done, or taken over).
 */
export async function releaseLease(db: Db, job: ClaimedJob, workerId: string): Promise<boolean> {
  const released = await db.job.updateMany({
    where: { pk: job.pk, lockedBy: workerId, status: "running" },
    data: { status: "queued", lockedBy: null, lockedUntil: null, runAt: new Date(), attempts: { decrement: 1 } },
  });
  return released.count === 1;
}

/** Runs one claimed job with its handler and records the outcome. */
export async function runClaimed(
  db: Db,
  job: ClaimedJob,
  handler: JobHandler | undefined,
  workerId: string,
  leaseMs: number,
  signal: AbortSignal = new AbortController().signal,
): Promise<RunOutcome> {
  const mine = { pk: job.pk, lockedBy: workerId, status: "running" };
  // Renew the lease while the job runs, so a long job is never taken over by another
  // instance; if this process dies the renewals stop and the lease runs out.
  const heartbeat = setInterval(
    () => {
      db.job.updateMany({ where: mine, data: { lockedUntil: new Date(Date.now() + leaseMs) } }).catch(() => {});
    },
    Math.max(250, leaseMs / 3),
  );
  try {
    return await runWithHandler(db, job, handler, mine, signal);
  } catch (error) {
    if (!signal.aborted) throw error;
    await releaseLease(db, job, workerId);
    return "released";
  } finally {
    clearInterval(heartbeat);
  }
}

async function runWithHandler(
  db: Db,
  job: ClaimedJob,
  handler: JobHandler | undefined,
  mine: object,
  signal: AbortSignal,
): Promise<RunOutcome> {
  if (!handler) {
    await db.job.updateMany({
      where: mine,
      data: { status: "failed", lastError: `no handler for ${job.kind}`, lockedUntil: null },
    });
    return "failed";
  }
  const maxAttempts = handler.maxAttempts ?? 3;
  if (job.attempts > maxAttempts) {
    await handler.onFailure(db, job.targetPk, "preparation did not finish after repeated attempts");
    await db.job.updateMany({ where: mine, data: { status: "failed", lockedUntil: null } });
    return "failed";
  }
  try {
    await handler.run(db, job.targetPk, signal);
    await db.job.updateMany({ where: mine, data: { status: "done", lockedUntil: null, lastError: null } });
    return "done";
  } catch (error) {
    if (signal.aborted) throw error; // handed over by runClaimed, not a failure of the job
    const reason = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof PermanentJobError;
    if (permanent || job.attempts >= maxAttempts) {
      await handler.onFailure(db, job.targetPk, reason);
      await db.job.updateMany({ where: mine, data: { status: "failed", lastError: reason, lockedUntil: null } });
      return "failed";
    }
    const backoffMs = 1000 * 2 ** job.attempts;
    await db.job.updateMany({
      where: mine,
      data: { status: "queued", lastError: reason, lockedUntil: null, runAt: new Date(Date.now() + backoffMs) },
    });
    return "queued";
  }
}

/** A failure that retrying cannot fix (bad input rather than a passing fault). */
export class PermanentJobError extends Error {}
