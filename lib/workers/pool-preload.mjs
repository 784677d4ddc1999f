// The pool's default module (lib/workers/pool.ts): each thread imports it as it starts, and it
// imports the task scripts named in workerData.preload. So the first tasks of a new thread do not
// wait for their modules (three ingests of a 4.3-s Ogg Opus answer at once took 647–657 ms on
// fresh threads, 87–111 ms on the same threads next). A script that fails to load is skipped
// here: its own tasks then fail with the reason, and the thread stays usable for the others.
import { pathToFileURL } from "node:url";
import { workerData } from "node:worker_threads";

const preload = Array.isArray(workerData?.preload) ? workerData.preload : [];
await Promise.allSettled(preload.map((file) => import(pathToFileURL(file).href)));

export default function notATask() {
  throw new Error("pool-preload.mjs runs no tasks: name the task's script");
}
