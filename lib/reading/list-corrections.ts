import { ApiError, forbidden, notFound } from "@/lib/api/errors";
import type { PageRequest } from "@/lib/api/pagination";
import { type Principal, requireOrganisation } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { policyRules } from "@/lib/policies/registry";
import { peopleOf } from "./feedback-words";

// GET /feedback/:id/corrections: every correction of a feedback's words, oldest first (its
// revision history). Read by whoever reads the feedback (the "correction" policy's readers).

export async function listCorrections(db: Db, caller: Principal, feedbackId: string, page: PageRequest) {
  requireOrganisation(caller);
  const row = await db.feedback.findUnique({
    where: { ns_id: { ns: caller.ns, id: feedbackId } },
    select: { pk: true },
  });
  if (!row) throw notFound("Feedback");
  const sees = await db.feedback.count({
    where: { AND: [{ pk: row.pk }, await policyRules.correction.read(db, caller)] },
  });
  if (!sees) throw forbidden("Only the owning user, their teachers and administrators may read these corrections");
  const after = page.startCursor === undefined ? 0 : cursorSeq(page.startCursor);
  const rows = await db.feedbackCorrection.findMany({
    where: { feedbackPk: row.pk, seq: { gt: after } },
    orderBy: { seq: "asc" },
    take: page.perPage + 1,
  });
  const items = rows.slice(0, page.perPage);
  const people = await peopleOf(db, items);
  return {
    items: items.map((c) => ({
      id: String(c.seq),
      sentence: c.sentence,
      word: c.word,
      label: c.label,
      previousLabel: c.previousLabel,
      by: c.byPk ? (people.get(c.byPk)?.id ?? null) : null,
      byName: c.byPk ? (people.get(c.byPk)?.name ?? null) : null,
      created: c.created,
    })),
    nextCursor: rows.length > page.perPage ? String(items.at(-1)!.seq) : null,
  };
}

function cursorSeq(cursor: string): number {
  const n = Number(cursor);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new ApiError("bad_request", "startCursor is not a cursor this service issued");
  return n;
}
