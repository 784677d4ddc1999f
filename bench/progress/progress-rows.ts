// The bulk of the progress benchmarks (bench/progress/progress-bench.ts and
// bench/web/progress-grid-bench.ts): result sets and recordings for a grid of students x
// speech challenges, as rows for Prisma's createMany.
import { randomUUID } from "node:crypto";

export type ResultSetRow = {
  pk: string;
  ns: string;
  id: string;
  userPk: string;
  challengePk: string;
  recordingCount: number;
};
export type RecordingRow = {
  pk: string;
  ns: string;
  id: string;
  challengePk: string;
  userPk: string;
  resultSetPk: string;
  position: number;
  audioFilePk: string;
  created?: Date;
};

/** Deterministic pseudo-random numbers (the same data on every database and every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/**
 * About `coverage` of the `users` x `challenges` cells recorded: one result set a cell, with 1 or
 * 2 recordings. With `since` (epoch ms), each recording is created at a moment of the 30 days
 * after it; without, the database's default.
 */
export function progressRows(
  ns: string,
  users: { pk: string }[],
  challenges: { pk: string }[],
  coverage: number,
  since?: number,
) {
  const random = rng(42);
  const sets: ResultSetRow[] = [];
  const recordings: RecordingRow[] = [];
  for (const u of users) {
    for (const c of challenges) {
      if (random() >= coverage) continue;
      const count = random() < 0.5 ? 1 : 2;
      const set = { pk: randomUUID(), ns, id: randomUUID(), userPk: u.pk, challengePk: c.pk, recordingCount: count };
      sets.push(set);
      for (let p = 0; p < count; p++) {
        const created =
          since === undefined ? {} : { created: new Date(since + Math.floor(random() * 30 * 86_400_000)) };
        recordings.push({
          pk: randomUUID(),
          ns,
          id: randomUUID(),
          challengePk: c.pk,
          userPk: u.pk,
          resultSetPk: set.pk,
          position: p,
          audioFilePk: randomUUID(),
          ...created,
        });
      }
    }
  }
  return { sets, recordings };
}
