import { forbidden, notFound } from "@/lib/api/errors";
import { type Principal, requireOrganisation } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { getFeedback } from "@/lib/feedback/feedback";
import { mayCorrect } from "./correct-word";

// GET /feedback/:id/review (ours): what the review screen shows in one read: the feedback with
// its figures and current corrections, the student's and the challenge's names (people see names,
// not ids), which engine produced the labels, whether the caller may correct, and the recording
// the attempt was prepared into for annotation, if it was.

const nameOf = (u: { firstName: string; infix: string | null; lastName: string }) =>
  [u.firstName, u.infix, u.lastName].filter(Boolean).join(" ");

export async function getReview(db: Db, caller: Principal, feedbackId: string) {
  requireOrganisation(caller);
  const row = await db.feedback.findUnique({
    where: { ns_id: { ns: caller.ns, id: feedbackId } },
    select: { pk: true, userPk: true, challengePk: true, extra: true },
  });
  if (!row) throw notFound("Feedback");
  const corrects = await mayCorrect(db, caller, row.pk);
  if (corrects === null)
    throw forbidden("Only the owning user, their teachers and administrators may review this feedback");
  const [feedback, user, challenge, recording] = await Promise.all([
    getFeedback(db, caller, feedbackId),
    db.user.findUnique({
      where: { pk: row.userPk },
      select: { id: true, firstName: true, infix: true, lastName: true },
    }),
    db.speechChallenge.findUnique({
      where: { pk: row.challengePk },
      select: { id: true, topic: true, language: true },
    }),
    // Made by "Prepare for annotation", which only those who may correct can do.
    corrects
      ? db.speechRecording.findUnique({
          where: { sourceFeedbackPk: row.pk },
          select: { id: true, challenge: { select: { id: true } } },
        })
      : null,
  ]);
  return {
    feedback,
    student: user ? { id: user.id, name: nameOf(user) } : null,
    challenge: challenge
      ? { id: challenge.id, name: challenge.topic?.trim() || null, language: challenge.language }
      : null,
    engine: extraText(feedback.extra, "engine"),
    notAssessed: extraText(feedback.extra, "notAssessed"),
    measured: extraText(feedback.extra, "measured"),
    mayCorrect: corrects,
    annotationRecording: recording ? { id: recording.id, challengeId: recording.challenge.id } : null,
  };
}

/** A text the recognition server stores in the feedback's extra (the engine, why none judged, what was measured); null when absent. */
function extraText(extra: unknown, key: "engine" | "notAssessed" | "measured"): string | null {
  const value = extra && typeof extra === "object" ? (extra as Record<string, unknown>)[key] : null;
  return typeof value === "string" ? value : null;
}
