import { expect, test } from "@playwright/test";
import type { Db } from "@/lib/db/client";
import { createTestDb } from "@/lib/db/test-db";
import { claimNext, enqueue, type JobHandler, PermanentJobError, runClaimed } from "./queue";

let db: Db;
let close: () => Promise<void>;
test.beforeEach(async () => ({ db, close } = await createTestDb()));
test.afterEach(async () => close());

const failures: string[] = [];
const recorder = (run: JobHandler["run"]): JobHandler => ({
  run,
  onFailure: async (_db, target, reason) => void failures.push(`${target}: ${reason}`),
  maxAttempts: 2,
});

test("a job is claimed by exactly one of several concurrent workers", async () => {
  await enqueue(db, "k", "target-1");
  const claims = await Promise.all(["w1", "w2", "w3", "w4"].map((w) => claimNext(db, w, 60_000)));
  expect(claims.filter(Boolean)).toHaveLength(1);
  expect(await claimNext(db, "w5", 60_000)).toBeNull();
});

test("a job whose worker died is retried after its lease expires", async () => {
  await enqueue(db, "k", "target-2");
  const first = await claimNext(db, "dead-worker", 500);
  expect(first?.attempts).toBe(1);
  expect(await claimNext(db, "w2", 60_000)).toBeNull(); // still leased
  await new Promise((r) => setTimeout(r, 600));
  const retried = await claimNext(db, "w2", 60_000);
  expect(retried).toMatchObject({ pk: first!.pk, attempts: 2 });
  const ran: string[] = [];
  expect(
    await runClaimed(
      db,
      retried!,
      recorder(async (_db, t) => void ran.push(t)),
      "w2",
      60_000,
    ),
  ).toBe("done");
  expect(ran).toEqual(["target-2"]);
  expect((await db.job.findUniqueOrThrow({ where: { pk: first!.pk } })).status).toBe("done");
});

test("failures are retried, then reported once attempts run out; permanent errors fail at once", async () => {
  failures.length = 0;
  await enqueue(db, "k", "flaky");
  const handler = recorder(async () => {
    throw new Error("disk on fire");
  });
  const job = (await claimNext(db, "w", 60_000))!;
  expect(await runClaimed(db, job, handler, "w", 60_000)).toBe("queued");
  await db.job.updateMany({ data: { runAt: new Date(0) } }); // skip the back-off
  const again = (await claimNext(db, "w", 60_000))!;
  expect(await runClaimed(db, again, handler, "w", 60_000)).toBe("failed");
  expect(failures).toEqual(["flaky: disk on fire"]);

  await enqueue(db, "k", "bad-input");
  const bad = (await claimNext(db, "w", 60_000))!;
  const permanent = recorder(async () => {
    throw new PermanentJobError("choice 2 has no words");
  });
  expect(await runClaimed(db, bad, permanent, "w", 60_000)).toBe("failed");
  expect(failures).toContain("bad-input: choice 2 has no words");
});

test("a job that keeps killing its worker is failed instead of retried forever", async () => {
  failures.length = 0;
  await enqueue(db, "k", "poison");
  for (let i = 0; i < 2; i++) {
    expect(await claimNext(db, `dead-${i}`, 1)).not.toBeNull();
    await new Promise((r) => setTimeout(r, 10));
  }
  const third = (await claimNext(db, "w", 60_000))!;
  expect(third.attempts).toBe(3);
  expect(
    await runClaimed(
      db,
      third,
      recorder(async () => {}),
      "w",
      60_000,
    ),
  ).toBe("failed");
  expect(failures).toEqual(["poison: preparation did not finish after repeated attempts"]);
});

test("a newer request for the same target supersedes the queued one", async () => {
  await enqueue(db, "k", "t");
  await enqueue(db, "k", "t");
  expect(await db.job.count({ where: { status: "queued" } })).toBe(1);
});
