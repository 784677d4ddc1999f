// The worker-pool task that builds a result set's combined Ogg Opus from its recordings'
// normalised segments, already downloaded to local files (each removed once copied). Bundled to
// plain ESM by scripts/build-workers.ts.
import fs from "node:fs/promises";
import "../../workers/pool-thread-priority.mjs";
import { type CombineResult, combineSegments } from "../combine";

export type CombineTask = { segments: string[]; outPath: string };

export default function runCombineTask(task: CombineTask): Promise<CombineResult> {
  return combineSegments(
    task.segments.map((file) => ({ open: async () => ({ path: file, release: () => fs.rm(file, { force: true }) }) })),
    task.outPath,
  );
}
