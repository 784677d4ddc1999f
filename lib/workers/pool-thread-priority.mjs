// The pool's threads run below the server's event loop: on Linux each takes the nice value
// WORKER_POOL_NICE (default 10; 0 keeps the process's priority), set per thread the first time a
// task module is loaded in it. Each of a class's answers needs the event loop several times (to
// be accepted, read, written and answered) and a pool thread once, and on 2 cores the two compete
// for a core: the event loop then waited for one 30 % of the time. The event loop also accepts
// one new connection per turn (libuv), so a class that starts at once was accepted over 1–3 s
// while the loop's turns waited for cores; some first answers took 4–6 s. Below the event loop
// the pool's work waits instead, in its first-in-first-out queue. (Classroom bench, issue 28.)
// Imported for its effect by every pool task module; nothing happens on the main thread (where a
// task runs when its worker script is missing).
import fs from "node:fs";
import os from "node:os";
import { isMainThread } from "node:worker_threads";

export const DEFAULT_POOL_NICE = 10;

/** WORKER_POOL_NICE as a nice value (0..19); the default where it is absent or not one. */
export function poolNice(env = process.env) {
  const raw = env.WORKER_POOL_NICE;
  const n = raw === undefined || raw === "" ? Number.NaN : Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 19 ? n : DEFAULT_POOL_NICE;
}

/** This thread's id as the kernel knows it (Linux), or null. */
export function kernelThreadId() {
  try {
    return Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
  } catch {
    return null;
  }
}

let done = false;

/** Lowers the calling pool thread's priority, once; true when it was lowered. */
export function lowerPoolThreadPriority() {
  if (done || isMainThread) return false;
  done = true;
  const nice = poolNice();
  const tid = kernelThreadId();
  if (!nice || tid === null) return false;
  try {
    // Linux: setpriority(2) on a thread id sets that thread's nice value alone.
    os.setPriority(tid, Math.max(nice, os.getPriority(tid)));
    return true;
  } catch {
    return false;
  }
}

lowerPoolThreadPriority();
