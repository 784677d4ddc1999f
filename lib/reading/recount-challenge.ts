import type { Tx } from "@/lib/db/client";
import type { ReadingStop } from "./count-reading";
import type { CorrectionRow } from "./feedback-words";
import { figuresOf } from "./figures-cache";

// When a speech challenge's reading stop changes, the figures stored with its feedback
// (Feedback.readingFigures) are counted again in the same transaction as the change, so they are
// never stale: a stop is changed rarely, and counting is cheap next to the writes (a class of 30
// with 20 attempts each is 600 small updates). Reads in batches to bound memory.

const BATCH = 200;

export async function recountChallengeFigures(tx: Tx, challengePk: string, stop: ReadingStop): Promise<number> {
  let after: string | undefined;
  let count = 0;
  for (;;) {
    const rows = await tx.feedback.findMany({
      where: { challengePk, ...(after ? { pk: { gt: after } } : {}) },
      select: { pk: true, sentences: true },
      orderBy: { pk: "asc" },
      take: BATCH,
    });
    if (!rows.length) return count;
    const corrections = await tx.feedbackCorrection.findMany({
      where: { feedbackPk: { in: rows.map((r) => r.pk) } },
      orderBy: [{ feedbackPk: "asc" }, { seq: "asc" }],
    });
    const byFeedback = new Map<string, CorrectionRow[]>();
    for (const c of corrections) byFeedback.set(c.feedbackPk, [...(byFeedback.get(c.feedbackPk) ?? []), c]);
    for (const row of rows) {
      const figures = figuresOf(JSON.parse(row.sentences) as unknown[], byFeedback.get(row.pk) ?? [], stop);
      await tx.feedback.update({ where: { pk: row.pk }, data: { readingFigures: JSON.stringify(figures) } });
    }
    count += rows.length;
    after = rows.at(-1)?.pk;
  }
}
