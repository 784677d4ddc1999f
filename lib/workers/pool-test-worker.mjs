// A worker for pool.test.ts: echoes, spins the CPU for a while, or fails.
//   { op: "echo", value } → value · { op: "spin", ms } → ms spun · { op: "fail", message } → throws
export default function run(task) {
  if (task.op === "echo") return task.value;
  if (task.op === "spin") {
    const until = Date.now() + task.ms;
    while (Date.now() < until) {
      // busy on purpose: only terminating the thread stops this
    }
    return task.ms;
  }
  throw new Error(task.message ?? "unknown op");
}
