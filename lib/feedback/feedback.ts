import type { UploadedFile } from "@/lib/api/body";
import { conflict, forbidden, invalid, notFound } from "@/lib/api/errors";
import { finishPage, type PageRequest, pageArgs } from "@/lib/api/pagination";
import { type Principal, requireOrganisation, requireUser } from "@/lib/auth/principal";
import { lockSpeechChallenge } from "@/lib/challenges/speech/speech-challenges";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { fileUrl } from "@/lib/downloads/urls";
import { analyseAudio, createAudioRows, requireFile } from "@/lib/media/audio-upload";
import { policyRules } from "@/lib/policies/registry";
import { DEFAULT_READING_STOP, type ReadingStop, readingStopOf } from "@/lib/reading/count-reading";
import {
  type CorrectionRow,
  correctionsOf,
  latestCorrections,
  type Person,
  readingOf,
  storedWords,
} from "@/lib/reading/feedback-words";
import { figuresOf } from "@/lib/reading/figures-cache";
import { checkAppendable, combinedAudioUrl, findOrCreateResultSet } from "@/lib/recordings/result-sets";
import type { Storage } from "@/lib/storage/storage";
import { withStoredFiles } from "@/lib/storage/stored-files";
import { type CreateFeedback, FEEDBACK_RESOURCE } from "./schemas";

// Feedback results: a user's audio for a speech challenge of their organisation with the
// recogniser's per-sentence feedback (sentences, validated) and client data (extra, any JSON),
// in a result set. Created as the current user; ids unique within the organisation.
//
// Result sets (documented choice): resultSetId names a result set of the caller for that
// challenge, as for recordings. An existing set of the caller and challenge is joined; an
// unknown id creates the set (owned by the caller, for that challenge); a set of another user
// is a 403, a set of another challenge a 409 (the recordings' rules). Feedback does not add
// audio to the set: its combinedAudioUrl is the combined audio of the set's recordings (a set
// holding only feedback has none yet: that URL answers 404 until a recording joins it).
//
// Who may read (service-interface.md 5.4): the owning user, users with the TEACHER role and the
// organisation's administrators (the organisation acting as itself, ORGANISATION / ADMIN role
// users). Others of the organisation get 403; other organisations 404 (ids are per
// organisation, so another organisation's feedback is never found from here).

type FeedbackRow = NonNullable<Awaited<ReturnType<Db["feedback"]["findUnique"]>>>;
type Refs = {
  challenges: Map<string, string>;
  /** Ours: each challenge's reading stop, by pk (the default when absent). */
  stops?: Map<string, ReadingStop>;
  users: Map<string, string>;
  sets: Map<string, string>;
  /** Ours: each feedback's corrections, oldest first, and the people who made them. */
  corrections?: { byFeedback: Map<string, CorrectionRow[]>; people: Map<string, Person> };
};

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function toFeedback(row: FeedbackRow, refs: Refs) {
  const setId = refs.sets.get(row.resultSetPk) ?? "";
  const sentences = (parseJson(row.sentences) as unknown[] | null) ?? [];
  const latest = latestCorrections(refs.corrections?.byFeedback.get(row.pk) ?? []);
  const people = refs.corrections?.people ?? new Map<string, Person>();
  return {
    id: row.id,
    audioUrl: fileUrl(row.audioFilePk),
    challengeId: refs.challenges.get(row.challengePk) ?? null,
    sentences,
    extra: parseJson(row.extra),
    resultSet: { id: setId, combinedAudioUrl: combinedAudioUrl(setId) },
    userId: refs.users.get(row.userPk) ?? null,
    created: row.created,
    updated: row.updated,
    reading: readingOf(sentences, latest, refs.stops?.get(row.challengePk)),
    corrections: [...latest.values()].map((c) => ({
      sentence: c.sentence,
      word: c.word,
      label: c.label,
      engineLabel: String(storedWords(sentences, c.sentence)[c.word]?.label ?? ""),
      by: c.byPk ? (people.get(c.byPk)?.id ?? null) : null,
      byName: c.byPk ? (people.get(c.byPk)?.name ?? null) : null,
      created: c.created,
    })),
  };
}

/** The public ids and corrections behind a page of rows: batched lookups, never one per row. */
async function refsOf(db: Db, rows: FeedbackRow[]): Promise<Refs> {
  const uniq = (pks: string[]) => [...new Set(pks)];
  const [challenges, users, sets, corrections] = await Promise.all([
    db.speechChallenge.findMany({
      where: { pk: { in: uniq(rows.map((r) => r.challengePk)) } },
      select: { pk: true, id: true, readingStop: true },
    }),
    db.user.findMany({ where: { pk: { in: uniq(rows.map((r) => r.userPk)) } }, select: { pk: true, id: true } }),
    db.resultSet.findMany({
      where: { pk: { in: uniq(rows.map((r) => r.resultSetPk)) } },
      select: { pk: true, id: true },
    }),
    correctionsOf(
      db,
      rows.map((r) => r.pk),
    ),
  ]);
  const map = (list: { pk: string; id: string }[]) => new Map(list.map((x) => [x.pk, x.id]));
  return {
    challenges: map(challenges),
    stops: new Map(challenges.map((c) => [c.pk, readingStopOf(c.readingStop)])),
    users: map(users),
    sets: map(sets),
    corrections,
  };
}

const taken = (id: string | undefined) =>
  conflict(`Feedback ${id} already exists`, [{ resource: FEEDBACK_RESOURCE, field: "id", code: "already_exists" }]);

const unknownChallenge = (id: string) =>
  invalid(FEEDBACK_RESOURCE, "challengeId", "missing", `Speech challenge ${id} does not exist`);

const ATTEMPTS = 4;

export async function createFeedback(
  db: Db,
  storage: Storage,
  caller: Principal,
  input: CreateFeedback,
  files: Record<string, UploadedFile[]>,
) {
  requireOrganisation(caller);
  const user = requireUser(caller);
  const upload = requireFile(files, "audio", FEEDBACK_RESOURCE);
  const challenge = await db.speechChallenge.findUnique({
    where: { ns_id: { ns: caller.ns, id: input.challengeId } },
    select: { pk: true, id: true },
  });
  if (!challenge) throw unknownChallenge(input.challengeId);
  // Refused before the audio work (the transaction checks again).
  if (
    input.id &&
    (await db.feedback.findUnique({ where: { ns_id: { ns: caller.ns, id: input.id } }, select: { pk: true } }))
  )
    throw taken(input.id);
  const existing = await db.resultSet.findUnique({
    where: { ns_id: { ns: caller.ns, id: input.resultSetId } },
    select: { id: true, userPk: true, challengePk: true },
  });
  if (existing) checkAppendable(existing, user.pk, challenge.pk, FEEDBACK_RESOURCE);

  const audio = await analyseAudio(upload, FEEDBACK_RESOURCE);
  const sentences = JSON.stringify(input.sentences);
  const extra = input.extra === undefined || input.extra === null ? null : JSON.stringify(input.extra);
  let stop: ReadingStop = DEFAULT_READING_STOP;
  for (let attempt = 1; ; attempt++) {
    try {
      const { row, setId } = await withStoredFiles(
        db,
        storage,
        audio.files(caller.ns),
        async (tx, rows) => {
          // Feedback refers to its challenge without a foreign key: hold off a concurrent delete
          // of the challenge (which collects its feedback) and make sure it still exists.
          await lockSpeechChallenge(tx, challenge.pk, "share");
          const current = await tx.speechChallenge.findUnique({
            where: { pk: challenge.pk },
            select: { readingStop: true },
          });
          if (!current) throw unknownChallenge(challenge.id);
          stop = readingStopOf(current.readingStop);
          const audioFilePk = await createAudioRows(tx, rows);
          const set = await findOrCreateResultSet(
            tx,
            { ns: caller.ns, id: input.resultSetId, userPk: user.pk, challengePk: challenge.pk },
            FEEDBACK_RESOURCE,
          );
          const row = await tx.feedback.create({
            data: {
              pk: newPk(),
              ns: caller.ns,
              id: input.id ?? newId(),
              challengePk: challenge.pk,
              userPk: user.pk,
              resultSetPk: set.pk,
              audioFilePk,
              sentences,
              extra,
              readingFigures: JSON.stringify(figuresOf(input.sentences, [], stop)),
            },
          });
          return { row, setId: set.id };
        },
        { maxWait: 30_000, timeout: 30_000 },
      );
      return toFeedback(row, {
        challenges: new Map([[challenge.pk, challenge.id]]),
        stops: new Map([[challenge.pk, stop]]),
        users: new Map([[user.pk, user.id]]),
        sets: new Map([[row.resultSetPk, setId]]),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (
        input.id &&
        (await db.feedback.findUnique({ where: { ns_id: { ns: caller.ns, id: input.id } }, select: { pk: true } }))
      )
        throw taken(input.id);
      // A concurrent create of the same new result set: the retry finds it.
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}

export async function getFeedback(db: Db, caller: Principal, id: string) {
  requireOrganisation(caller);
  // 5.4: the owner or a TEACHER; ours, the "submission" policy: administrators of its scope too.
  // The contract refuses (403, as the SDK expects) others of the organisation who ask for one.
  const row = await db.feedback.findUnique({ where: { ns_id: { ns: caller.ns, id } } });
  if (!row) throw notFound("Feedback");
  const visible = await db.feedback.count({
    where: { AND: [{ pk: row.pk }, await policyRules.submission.read(db, caller)] },
  });
  if (!visible) throw forbidden("Only the owning user or a teacher (or an administrator) may fetch this feedback");
  return toFeedback(row, await refsOf(db, [row]));
}

/** GET /feedback: the feedback the caller may read by id (the "submission" policy), oldest first, one page. */
export async function listFeedback(db: Db, caller: Principal, page: PageRequest) {
  requireOrganisation(caller);
  const args = pageArgs("created", "asc", page);
  const rows = await db.feedback.findMany({
    ...args,
    where: { AND: [{ ns: caller.ns }, await policyRules.submission.list(db, caller), args.where] },
  });
  const result = finishPage(rows, page, (r) => r.created);
  const refs = await refsOf(db, result.items);
  return { items: result.items.map((r) => toFeedback(r, refs)), nextCursor: result.nextCursor };
}
