// Builds a result set's combined audio in the shared worker pool (off the event loop): the
// segments are downloaded here (I/O), the packets copied in a pool thread. Without the bundled
// task (a source tree that was never built) the copying runs on this thread.
import { sharedPool } from "@/lib/workers/pool";
import { poolScript } from "@/lib/workers/pool-scripts";
import type { CombineResult } from "../combine";
import runCombineTask, { type CombineTask } from "./combine-task";

export async function combineInPool(task: CombineTask): Promise<CombineResult> {
  const file = poolScript("combine");
  if (!file) return runCombineTask(task);
  // No time limit: the work grows with the set (about 1.2 s per hour of audio).
  return sharedPool().run<CombineResult>(file, task, { timeoutMs: 0 });
}
