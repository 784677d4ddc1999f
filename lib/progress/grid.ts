import type { Db } from "@/lib/db/client";
import { pronunciationScores } from "./read-progress-cells";
import { type ProgressPlan, percentage, progressBlocks } from "./stream-progress";

// GET /categories/:category/progress/grid (ours): the progress answer in the compact form a
// grid needs (lib/progress/schemas.ts progressGridSchema): the challenges and each student's
// name once, then per student only the recorded cells as numbers (which set to play comes from
// GET …/progress/cell, lib/progress/get-progress-cell.ts, when a cell is opened).
// Same plan, same cells read (lib/progress/read-progress-cells.ts) as the contract answer, without building
// recordings lists; a date range counts only the recordings made within it. Streamed as well.

const str = JSON.stringify;

export async function* progressGridJson(
  db: Db,
  plan: ProgressPlan,
  range: { from?: Date; to?: Date },
): AsyncGenerator<string> {
  const challenges = plan.challenges.map((c) => ({
    id: c.id,
    topic: c.topic,
    hasReferenceAudio: c.referenceAudioFilePk !== null,
  }));
  yield `{"category":${str(plan.category)},"challenges":${str(challenges)},"students":[`;
  const total = plan.challenges.length;
  const ids = plan.challenges.map((c) => c.id);
  let first = true;
  for await (const block of progressBlocks(db, plan, range)) {
    const scores = await pronunciationScores(
      db,
      plan.ns,
      block.users.map((u) => u.pk),
      ids,
      range,
    );
    for (let i = 0; i < block.users.length; i++) {
      const user = block.users[i]!;
      const cells: string[] = [];
      for (const cell of block.cells[i]!) {
        if (!cell) continue;
        const score = scores.get(`${i}:${cell.c}`) ?? null;
        cells.push(`[${cell.c},${cell.attempts},${cell.newest},${cell.durationMs},${score}]`);
      }
      const who = `"id":${str(user.id)},"firstName":${str(user.firstName)},"infix":${str(user.infix)},"lastName":${str(user.lastName)}`;
      yield `${first ? "" : ","}{${who},"percentage":${percentage(cells.length, total)},"cells":[${cells.join(",")}]}`;
      first = false;
    }
  }
  yield "]}";
}
