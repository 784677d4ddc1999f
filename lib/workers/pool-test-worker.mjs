// A worker for pool.test.ts: echoes, spins the CPU for a while, or fails.
//   { op: "priority" } → this thread's nice value and the process's (main thread's)
//   { op: "preloaded", ms } → after ms, this thread's id and how often pool-test-preloaded.mjs ran in it
//   { op: "echo", value } → value · { op: "spin", ms } → ms spun · { op: "fail", message } → throws
import os from "node:os";
import { threadId } from "node:worker_threads";
import { kernelThreadId } from "./pool-thread-priority.mjs";

export default function run(task) {
  if (task.op === "priority") return { nice: os.getPriority(kernelThreadId() ?? 0), main: os.getPriority(process.pid) };
  if (task.op === "echo") return task.value;
  if (task.op === "preloaded") {
    spin(task.ms); // held, so that tasks sent together run on different threads
    return { thread: threadId, preloaded: globalThis.poolTestPreloaded ?? null };
  }
  if (task.op === "spin") return spin(task.ms);
  throw new Error(task.message ?? "unknown op");
}

function spin(ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy on purpose: only terminating the thread stops this
  }
  return ms;
}
