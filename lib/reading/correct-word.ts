import { forbidden, invalid, notFound } from "@/lib/api/errors";
import { type Principal, requireOrganisation } from "@/lib/auth/principal";
import { lockSpeechChallenge } from "@/lib/challenges/speech/speech-challenges";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation, newPk } from "@/lib/db/ids";
import { getFeedback } from "@/lib/feedback/feedback";
import { policyRules } from "@/lib/policies/registry";
import { readingStopOf } from "./count-reading";
import { storedWords } from "./feedback-words";
import { figuresOf } from "./figures-cache";
import { CORRECTION_RESOURCE, type CreateCorrection } from "./schemas";

// A teacher's correction of one word's label (the "correction" policy: the student's teachers and
// administrators over the student). Stored beside the feedback with who, when and the label
// before; the engine's stored words stay as they were. Answers the feedback with its figures
// recounted.

/** Labels for a word the text does not have (an empty `expected`): it was heard, so never CW, PC, SW or DW. */
const EXTRA_WORD_LABELS = new Set(["IW", "RW", "SC", "NA"]);
const ATTEMPTS = 4;

/** Whether the caller may correct this feedback row: null when it does not see it at all. */
export async function mayCorrect(db: Db, caller: Principal, feedbackPk: string): Promise<boolean | null> {
  const [sees, corrects] = await Promise.all([
    db.feedback.count({ where: { AND: [{ pk: feedbackPk }, await policyRules.correction.read(db, caller)] } }),
    db.feedback.count({ where: { AND: [{ pk: feedbackPk }, await policyRules.correction.update(db, caller)] } }),
  ]);
  return sees ? corrects > 0 : null;
}

export async function correctWord(db: Db, caller: Principal, feedbackId: string, input: CreateCorrection) {
  requireOrganisation(caller);
  const row = await db.feedback.findUnique({
    where: { ns_id: { ns: caller.ns, id: feedbackId } },
    select: { pk: true, sentences: true, challengePk: true },
  });
  if (!row) throw notFound("Feedback");
  // The owner sees the feedback but may not correct it (403); others of the organisation get 403
  // as for reading it; other organisations never find it.
  if (!(await mayCorrect(db, caller, row.pk)))
    throw forbidden("Only the student's teachers and administrators may correct feedback");
  const sentences = JSON.parse(row.sentences) as unknown[];
  const word = storedWords(sentences, input.sentence)[input.word];
  if (!word) {
    throw invalid(
      CORRECTION_RESOURCE,
      "word",
      "missing",
      `Feedback ${feedbackId} has no word ${input.word} in sentence ${input.sentence}`,
    );
  }
  const extraWord = typeof word.expected !== "string" || word.expected.trim() === "";
  const fits = extraWord ? EXTRA_WORD_LABELS.has(input.label) : input.label !== "IW";
  if (!fits) {
    const message = extraWord
      ? "A word that is not in the text takes IW, RW, SC or NA"
      : "A word of the text takes CW, PC, SW, DW, RW, SC or NA, not IW";
    throw invalid(CORRECTION_RESOURCE, "label", "invalid", message);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await db.$transaction(async (tx) => {
        // The challenge's stop is read under its lock: a change of it waits, or is waited for.
        await lockSpeechChallenge(tx, row.challengePk, "share");
        const challenge = await tx.speechChallenge.findUnique({
          where: { pk: row.challengePk },
          select: { readingStop: true },
        });
        // The label before and the next number are read in the same transaction as the write; a
        // concurrent correction takes the same number and one of the two is retried.
        const last = await tx.feedbackCorrection.findFirst({
          where: { feedbackPk: row.pk },
          orderBy: { seq: "desc" },
          select: { seq: true },
        });
        const before = await tx.feedbackCorrection.findFirst({
          where: { feedbackPk: row.pk, sentence: input.sentence, word: input.word },
          orderBy: { seq: "desc" },
          select: { label: true },
        });
        await tx.feedbackCorrection.create({
          data: {
            pk: newPk(),
            feedbackPk: row.pk,
            seq: (last?.seq ?? 0) + 1,
            sentence: input.sentence,
            word: input.word,
            label: input.label,
            previousLabel: before?.label ?? String(word.label ?? ""),
            byPk: caller.user?.pk ?? null,
          },
        });
        // The stored figures follow in the same transaction (lib/reading/figures-cache.ts).
        const all = await tx.feedbackCorrection.findMany({ where: { feedbackPk: row.pk }, orderBy: { seq: "asc" } });
        await tx.feedback.update({
          where: { pk: row.pk },
          data: { readingFigures: JSON.stringify(figuresOf(sentences, all, readingStopOf(challenge?.readingStop))) },
        });
      });
      break;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= ATTEMPTS) throw error;
    }
  }
  return getFeedback(db, caller, feedbackId);
}
