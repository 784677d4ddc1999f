import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ABANDONED_GRACE_MS, createWorkerPool, PoolBusyError, PoolTimeoutError, type WorkerPool } from "./pool";
import { findWorkerScript } from "./pool-scripts";
import { DEFAULT_POOL_NICE, poolNice } from "./pool-thread-priority.mjs";

const unexpected = (): never => {
  throw new Error("expected a failure");
};

const script = path.join(process.cwd(), "lib/workers/pool-test-worker.mjs");
let pool: WorkerPool;

test.describe.configure({ mode: "default" });
test.beforeAll(() => {
  pool = createWorkerPool({ threads: 2, maxQueue: 2, timeoutMs: 5000 });
});
test.afterAll(() => pool.close());

test("runs a task in a worker and returns its result; worker errors reach the caller", async () => {
  expect(await pool.run(script, { op: "echo", value: { a: [1, 2] } })).toEqual({ a: [1, 2] });
  const samples = new Float32Array([0.5, -0.5]);
  expect(await pool.run(script, { op: "echo", value: samples })).toEqual(samples);
  await expect(pool.run(script, { op: "fail", message: "no such thing" })).rejects.toThrow("no such thing");
  expect(pool.stats()).toMatchObject({ maxThreads: 2, completed: 2, failed: 1 });
});

test("a task past its timeout is stopped and fails with PoolTimeoutError; the pool carries on", async () => {
  const started = Date.now();
  const err = await pool.run(script, { op: "spin", ms: 10_000 }, { timeoutMs: 300 }).then(unexpected, (e: Error) => e);
  expect(err).toBeInstanceOf(PoolTimeoutError);
  expect(err.message).toMatch(/pool-test-worker\.mjs did not finish within 300 ms/);
  expect(Date.now() - started).toBeLessThan(3000);
  expect(await pool.run(script, { op: "echo", value: 1 })).toBe(1);
  expect(pool.stats().timedOut).toBe(1);
});

test("an aborted signal fails the task at once with the signal's reason; a running task keeps its thread up to the grace", async () => {
  const one = createWorkerPool({ threads: 1, maxQueue: 4, timeoutMs: 20_000 });
  try {
    const thread = async () => ((await one.run(script, { op: "preloaded", ms: 0 })) as { thread: number }).thread;
    const first = await thread();
    // A short task given up while it runs finishes in its thread, which stays.
    const controller = new AbortController();
    const short = one.run(script, { op: "spin", ms: 300 }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("client went away")), 50);
    const abandoned = Date.now();
    await expect(short).rejects.toThrow("client went away");
    expect(Date.now() - abandoned).toBeLessThan(250);
    expect(one.stats()).toMatchObject({ busy: 1, aborted: 1 });
    expect(await thread()).toBe(first);
    // One that runs on past the grace is stopped, and its thread replaced.
    const long = new AbortController();
    const spinning = one.run(script, { op: "spin", ms: 10_000 }, { signal: long.signal });
    setTimeout(() => long.abort(new Error("gone too")), 50);
    await expect(spinning).rejects.toThrow("gone too");
    const replaced = Date.now();
    expect(await thread()).not.toBe(first);
    expect(Date.now() - replaced).toBeLessThan(ABANDONED_GRACE_MS + 2000);
    // A task aborted before it starts never runs.
    await expect(one.run(script, { op: "echo", value: 1 }, { signal: AbortSignal.abort() })).rejects.toThrow();
    expect(one.stats()).toMatchObject({ busy: 0, queued: 0, completed: 3, aborted: 2 });
  } finally {
    await one.close();
  }
});

test("past threads + queue, tasks are refused with PoolBusyError", async () => {
  const tasks = Array.from({ length: 4 }, () => pool.run(script, { op: "spin", ms: 400 }));
  const stats = pool.stats();
  expect(stats.busy + stats.queued).toBe(4);
  const err = await pool.run(script, { op: "echo", value: 1 }).then(unexpected, (e: Error) => e);
  expect(err).toBeInstanceOf(PoolBusyError);
  expect((err as PoolBusyError).queued).toBe(2);
  expect(await Promise.all(tasks)).toEqual([400, 400, 400, 400]);
  expect(pool.stats()).toMatchObject({ busy: 0, queued: 0, rejectedBusy: 1 });
});

test("waiting tasks run in the order they came, and one that times out while waiting fails at its timeout", async () => {
  const one = createWorkerPool({ threads: 1, maxQueue: 64, timeoutMs: 5000 });
  try {
    const finished: number[] = [];
    const tasks = Array.from({ length: 24 }, (_, i) =>
      one.run(script, { op: "spin", ms: 5 }).then(() => finished.push(i)),
    );
    const started = Date.now();
    const late = await one
      .run(script, { op: "echo", value: 1 }, { timeoutMs: 50 })
      .then(unexpected, (e: Error) => ({ e, ms: Date.now() - started }));
    expect(late.e).toBeInstanceOf(PoolTimeoutError);
    expect(late.ms, "failed at its timeout, not when its turn came").toBeLessThan(110);
    await Promise.all(tasks);
    expect(finished).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(one.stats()).toMatchObject({ busy: 0, queued: 0, completed: 24, timedOut: 1 });
  } finally {
    await one.close();
  }
});

test("pool threads run below the event loop (nice 10 by default); the main thread keeps its priority", async () => {
  const main = os.getPriority(process.pid);
  const seen = await Promise.all(
    Array.from({ length: 2 }, () => pool.run<{ nice: number; main: number }>(script, { op: "priority" })),
  );
  for (const { nice, main: mainSeen } of seen) {
    expect(nice).toBe(Math.max(DEFAULT_POOL_NICE, main));
    expect(mainSeen).toBe(main);
  }
  expect(poolNice({})).toBe(10);
  expect(poolNice({ WORKER_POOL_NICE: "0" })).toBe(0);
  expect(poolNice({ WORKER_POOL_NICE: "19" })).toBe(19);
  expect(poolNice({ WORKER_POOL_NICE: "20" })).toBe(10);
  expect(poolNice({ WORKER_POOL_NICE: "high" })).toBe(10);
});

test("every thread starts with the pool and has imported the preloaded scripts before its first task", async () => {
  type Seen = { thread: number; preloaded: number | null };
  const preloaded = path.join(process.cwd(), "lib/workers/pool-test-preloaded.mjs");
  // A script that cannot be loaded is skipped: the threads still start and run tasks.
  const missing = path.join(process.cwd(), "lib/workers/no-such-script.mjs");
  const warm = createWorkerPool({ threads: 2, preload: [missing, preloaded] });
  try {
    expect(warm.stats().threads).toBe(2);
    const seen = await Promise.all(
      Array.from({ length: 2 }, () => warm.run<Seen>(script, { op: "preloaded", ms: 200 })),
    );
    expect(new Set(seen.map((s) => s.thread)).size).toBe(2);
    for (const s of seen) expect(s.preloaded).toBe(1);
  } finally {
    await warm.close();
  }
  const plain = createWorkerPool({ threads: 1 });
  try {
    expect((await plain.run<Seen>(script, { op: "preloaded", ms: 0 })).preloaded).toBeNull();
  } finally {
    await plain.close();
  }
});

test("worker scripts are found next to the module or under the source tree", () => {
  const here = new URL(`file://${path.join(process.cwd(), "lib/workers/pool.ts")}`).href;
  expect(findWorkerScript(here, "nowhere", ["pool-test-worker.mjs"])).toBe(script);
  expect(findWorkerScript("file:///bundled/chunk.js", "lib/workers", ["pool-test-worker.mjs"])).toBe(script);
  expect(findWorkerScript(undefined, "lib/workers", ["pool-test-worker.mjs", "missing.mjs"])).toBeNull();
});

test("a pool made by another copy of this module throws errors this copy recognises", async () => {
  // Next's bundles hold several copies of pool.ts (instrumentation and routes) sharing one pool.
  const copy = (await import(`./pool.ts?copy=${Date.now()}`)) as typeof import("./pool");
  expect(copy.PoolBusyError).not.toBe(PoolBusyError);
  const other = copy.createWorkerPool({ threads: 1, maxQueue: 0 });
  try {
    const running = other.run(script, { op: "spin", ms: 300 });
    const refused = await other.run(script, { op: "spin", ms: 1 }).then(unexpected, (e: unknown) => e);
    expect(refused).toBeInstanceOf(PoolBusyError);
    expect(refused).not.toBeInstanceOf(PoolTimeoutError);
    await running;
    const late = await other
      .run(script, { op: "spin", ms: 500 }, { timeoutMs: 50 })
      .then(unexpected, (e: unknown) => e);
    expect(late).toBeInstanceOf(PoolTimeoutError);
    expect(late).not.toBeInstanceOf(PoolBusyError);
  } finally {
    await other.close();
  }
});
