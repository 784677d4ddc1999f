import { notFound } from "@/lib/api/errors";
import { can, type Principal, requireOrganisation } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { policyRules } from "@/lib/policies/registry";
import { readingStopOf } from "./count-reading";
import { correctionsOf } from "./feedback-words";
import { figuresOf, parseCachedFigures } from "./figures-cache";
import { type Band, bandOf, mostMisread, sortedBands, wcpmTrend } from "./fluency";
import type { FluencyQuery } from "./fluency-schemas";

// GET /groups/:group/reading (the "progress" policy: teachers and administrators see every member,
// a student only themselves): per student every read-aloud attempt (feedback) with its figures,
// oldest first, the trend and the band of the latest; the distribution over the school's bands;
// the words most often read wrongly. Figures are counted from the words after corrections.

const nameOf = (u: { firstName: string; infix: string | null; lastName: string }) =>
  [u.firstName, u.infix, u.lastName].filter(Boolean).join(" ");

export function parseBands(text: string | null): Band[] {
  if (!text) return [];
  try {
    return sortedBands(JSON.parse(text) as Band[]);
  } catch {
    return [];
  }
}

export async function groupFluency(db: Db, caller: Principal, groupId: string, query: FluencyQuery) {
  requireOrganisation(caller);
  const group = await db.group.findUnique({
    where: { ns_id: { ns: caller.ns, id: groupId } },
    select: { pk: true, id: true, name: true, readingBands: true },
  });
  if (!group) throw notFound("Group");
  const bands = parseBands(group.readingBands);
  // As the bands' route decides (lib/reading/set-bands.ts): GROUP_CREATE and the group's changes.
  const mayEditBands =
    can(caller, "GROUP_CREATE") &&
    (await db.group.count({ where: { AND: [{ pk: group.pk }, policyRules.group.update(caller)] } })) > 0;
  const users = await db.user.findMany({
    where: { AND: [{ groups: { some: { groupPk: group.pk } } }, await policyRules.progress.list(db, caller)] },
    select: { pk: true, id: true, firstName: true, infix: true, lastName: true },
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { pk: "asc" }],
  });
  const challenge = query.challenge
    ? await db.speechChallenge.findUnique({
        where: { ns_id: { ns: caller.ns, id: query.challenge } },
        select: { pk: true },
      })
    : null;
  if (query.challenge && !challenge) throw notFound("Speech challenge");
  // The figures as stored with each feedback (Feedback.readingFigures); rows without them (or of
  // older counting rules, or of another stop than the challenge's now) are counted from their
  // sentences and corrections here.
  const rows = users.length
    ? await db.feedback.findMany({
        where: {
          ns: caller.ns,
          userPk: { in: users.map((u) => u.pk) },
          ...(challenge ? { challengePk: challenge.pk } : {}),
          ...(query.from || query.to ? { created: { gte: query.from, lt: query.to } } : {}),
        },
        select: { pk: true, id: true, userPk: true, challengePk: true, readingFigures: true, created: true },
        orderBy: [{ created: "asc" }, { pk: "asc" }],
      })
    : [];
  const challenges = await db.speechChallenge.findMany({
    where: { pk: { in: [...new Set(rows.map((r) => r.challengePk))] } },
    select: { pk: true, id: true, topic: true, readingStop: true },
  });
  const challengeOf = new Map(challenges.map((c) => [c.pk, c]));
  const stopOf = (challengePk: string) => readingStopOf(challengeOf.get(challengePk)?.readingStop);
  const cached = new Map(rows.map((r) => [r.pk, parseCachedFigures(r.readingFigures, stopOf(r.challengePk))]));
  const uncounted = rows.filter((r) => !cached.get(r.pk));
  const uncountedPks = uncounted.map((r) => r.pk);
  const [corrections, sentences] = await Promise.all([
    correctionsOf(db, uncountedPks),
    uncounted.length
      ? db.feedback.findMany({
          where: { pk: { in: uncountedPks } },
          select: { pk: true, challengePk: true, sentences: true },
        })
      : [],
  ]);
  for (const { pk, challengePk, sentences: text } of sentences) {
    const figures = figuresOf(JSON.parse(text) as unknown[], corrections.byFeedback.get(pk) ?? [], stopOf(challengePk));
    cached.set(pk, figures);
  }
  const nameByPk = new Map(users.map((u) => [u.pk, nameOf(u)]));
  const counted = rows.map((row) => {
    const figures = cached.get(row.pk)!;
    return { row, reading: figures.reading, misread: figures.misread };
  });
  const students = users.map((u) => {
    const own = counted.filter((c) => c.row.userPk === u.pk);
    const attempts = own.map(({ row, reading }) => {
      const c = challengeOf.get(row.challengePk);
      return {
        feedbackId: row.id,
        challengeId: c?.id ?? null,
        challengeName: c?.topic?.trim() || null,
        created: row.created,
        wcpm: reading.wcpm,
        accuracy: reading.accuracy,
        errors: reading.errors,
        expectedWords: reading.expectedWords,
        notAssessed: reading.notAssessed,
      };
    });
    const measured = attempts.filter((a) => a.wcpm !== null);
    const latest = measured.at(-1) ?? null;
    return {
      id: u.id,
      name: nameOf(u),
      attempts,
      latestWcpm: latest?.wcpm ?? null,
      latestAccuracy: latest?.accuracy ?? null,
      trend: wcpmTrend(attempts.map((a) => ({ at: a.created.getTime(), wcpm: a.wcpm }))),
      band: bandOf(bands, latest?.wcpm ?? null),
    };
  });
  const measured = students.filter((s) => s.latestWcpm !== null);
  const distribution = [...bands.map((b) => b.name), null].map((band) => ({
    band,
    students: measured.filter((s) => s.band === band).length,
  }));
  const misread = mostMisread(
    counted.map(({ row, misread }) => ({
      attempt: { feedbackId: row.id, student: nameByPk.get(row.userPk) ?? "", created: row.created },
      misread,
    })),
  );
  return {
    group: { id: group.id, name: group.name },
    bands,
    mayEditBands,
    students,
    distribution,
    unmeasured: students.length - measured.length,
    misread,
  };
}
