import type { Db } from "@/lib/db/client";

// Sign-in throttling, kept in the database so every app instance agrees. Each attempt takes a
// slot *before* its password is checked, in one atomic statement, so parallel guesses cannot
// outrun the count: the attempt that reaches `maxFailures` also sets the lock, and while a key
// is locked no attempt passes. After the lock runs out one more attempt passes, and a failure
// there locks again for twice as long (at most an hour). A success clears the key.
//
// Keys (see lib/auth/password-grant.ts): the account seen from one client address, with the configured
// limit, and the account from anywhere, with a limit ten times higher. So a guesser at one address
// locks the account only for that address; the account-wide lock needs a wide, distributed attack.

const WINDOW_MS = 15 * 60 * 1000;
const MAX_LOCK_MS = 60 * 60 * 1000;

export type ThrottlePolicy = { maxFailures: number; lockSeconds: number };

/** Takes an attempt slot for `key`: 0 if the attempt may go on, else the seconds the key is locked for. */
export async function takeAttempt(db: Db, key: string, policy: ThrottlePolicy, now = Date.now()): Promise<number> {
  // A success elsewhere may delete the row between our insert and our update; that is no lock,
  // so take the slot again on a fresh row rather than answer 429.
  for (let tries = 0; tries < 3; tries++) {
    const wait = await takeSlot(db, key, policy, now);
    if (wait !== null) return wait;
  }
  return 1;
}

/** 0 if a slot was taken, the seconds to wait if the key is locked, null if the row vanished or was renewed meanwhile. */
async function takeSlot(db: Db, key: string, policy: ThrottlePolicy, now: number): Promise<number | null> {
  await db.$executeRaw`INSERT INTO "LoginThrottle" ("key", "attempts", "windowStart", "lockedUntil") VALUES (${key}, 0, CAST(${now} AS BIGINT), CAST(0 AS BIGINT)) ON CONFLICT ("key") DO NOTHING`;
  const cut = now - WINDOW_MS;
  const max = policy.maxFailures;
  // n = the attempt's number in its window; reaching max locks until d[n - max] (doubling, capped).
  const d = Array.from({ length: 8 }, (_, i) => now + Math.min(policy.lockSeconds * 1000 * 2 ** i, MAX_LOCK_MS));
  const cap = now + MAX_LOCK_MS;
  const rows = await db.$queryRaw<{ attempts: number | bigint }[]>`
    UPDATE "LoginThrottle" SET
      "attempts" = CASE WHEN "windowStart" <= CAST(${cut} AS BIGINT) THEN 1 ELSE "attempts" + 1 END,
      "windowStart" = CASE WHEN "windowStart" <= CAST(${cut} AS BIGINT) THEN CAST(${now} AS BIGINT) ELSE "windowStart" END,
      "lockedUntil" = CASE (CASE WHEN "windowStart" <= CAST(${cut} AS BIGINT) THEN 1 ELSE "attempts" + 1 END) - CAST(${max} AS INTEGER)
        WHEN 0 THEN CAST(${d[0]} AS BIGINT) WHEN 1 THEN CAST(${d[1]} AS BIGINT) WHEN 2 THEN CAST(${d[2]} AS BIGINT)
        WHEN 3 THEN CAST(${d[3]} AS BIGINT) WHEN 4 THEN CAST(${d[4]} AS BIGINT) WHEN 5 THEN CAST(${d[5]} AS BIGINT)
        WHEN 6 THEN CAST(${d[6]} AS BIGINT) WHEN 7 THEN CAST(${d[7]} AS BIGINT)
        ELSE (CASE WHEN (CASE WHEN "windowStart" <= CAST(${cut} AS BIGINT) THEN 1 ELSE "attempts" + 1 END) > CAST(${max} AS INTEGER)
          THEN CAST(${cap} AS BIGINT) ELSE CAST(0 AS BIGINT) END) END
    WHERE "key" = ${key} AND "lockedUntil" <= CAST(${now} AS BIGINT)
    RETURNING "attempts"`;
  if (rows.length) return 0;
  const row = await db.loginThrottle.findUnique({ where: { key }, select: { lockedUntil: true } });
  const until = Number(row?.lockedUntil ?? 0);
  return until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : null;
}

export async function clearAttempts(db: Db, keys: string[]): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key: { in: keys } } });
}
