import type { Db } from "@/lib/db/client";

// Failed logins per account key, kept in the database so every app instance agrees.
// After `maxFailures` failures within the window the key is locked, doubling each time.

const WINDOW_MS = 15 * 60 * 1000;
const MAX_LOCK_MS = 60 * 60 * 1000;

export type ThrottlePolicy = { maxFailures: number; lockSeconds: number };

/** Seconds the key is still locked for, or 0. */
export async function lockedFor(db: Db, key: string, now = Date.now()): Promise<number> {
  const row = await db.loginThrottle.findUnique({ where: { key } });
  const until = row?.lockedUntil?.getTime() ?? 0;
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

export async function recordFailure(db: Db, key: string, policy: ThrottlePolicy, now = Date.now()): Promise<void> {
  const row = await db.loginThrottle.findUnique({ where: { key } });
  const fresh = !row || now - row.windowStart.getTime() > WINDOW_MS;
  const failures = fresh ? 1 : row.failures + 1;
  const over = failures - policy.maxFailures;
  const lockedUntil =
    over >= 0 ? new Date(now + Math.min(policy.lockSeconds * 1000 * 2 ** Math.min(over, 20), MAX_LOCK_MS)) : null;
  const data = { failures, windowStart: fresh ? new Date(now) : row.windowStart, lockedUntil };
  await db.loginThrottle.upsert({ where: { key }, create: { key, ...data }, update: data });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key } });
}
