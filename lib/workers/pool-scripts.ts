import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Where each task script of the shared pool lives, in one place: the domain code that runs a task
// finds its script here, and the pool's threads import them all as they start (pool-preload.mjs).

/** Each task: the directory under the working directory, and its files (the script first). */
const POOL_TASKS = {
  // Bundled from TypeScript by scripts/build-workers.ts.
  ingest: { dir: ".workers", files: ["ingest-task.mjs"] },
  combine: { dir: ".workers", files: ["combine-task.mjs"] },
  // Plain modules in the source tree.
  template: {
    dir: "lib/recognition/engines/template",
    files: [
      "template-worker.mjs",
      "classify.mjs",
      "codec.mjs",
      "dtw.mjs",
      "mfcc.mjs",
      "sentence-likeness.mjs",
      "../../../workers/pool-thread-priority.mjs",
    ],
  },
} as const;

export type PoolTask = keyof typeof POOL_TASKS;

/** The task's script, next to the calling module (`moduleUrl`) or under the working directory; null when absent (a tree never built). */
export function poolScript(task: PoolTask, moduleUrl?: string): string | null {
  const { dir, files } = POOL_TASKS[task];
  return findWorkerScript(moduleUrl, dir, [...files]);
}

/** Every task script present, for the shared pool to preload. */
export function sharedPoolScripts(): string[] {
  return (Object.keys(POOL_TASKS) as PoolTask[]).flatMap((task) => poolScript(task) ?? []);
}

/**
 * Finds a worker script: next to the calling module (`moduleUrl`, its import.meta.url) or, when a
 * bundler has moved that module, under `<cwd>/<sourceDir>`. All of `files` (the script first, then
 * the modules it imports) must be present together. Null when neither place has them.
 * (Deliberately not `new URL("./x.mjs", import.meta.url)`: bundlers turn that pattern into an
 * emitted asset without its sibling modules.)
 */
export function findWorkerScript(moduleUrl: string | undefined, sourceDir: string, files: string[]): string | null {
  const dirs: string[] = [];
  try {
    if (moduleUrl?.startsWith("file:")) dirs.push(path.dirname(fileURLToPath(moduleUrl)));
  } catch {
    // no usable module URL
  }
  dirs.push(path.join(process.cwd(), sourceDir));
  const dir = dirs.find((d) => files.every((f) => fs.existsSync(path.join(d, f))));
  return dir ? path.join(dir, files[0]!) : null;
}
