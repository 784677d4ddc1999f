import type { UploadedFile } from "@/lib/api/body";
import { ApiError, conflict, notFound } from "@/lib/api/errors";
import { finishPage, type PageRequest, pageArgs } from "@/lib/api/pagination";
import { type Principal, requireUser } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { lockRow } from "@/lib/db/locks";
import { fileUrl } from "@/lib/downloads/urls";
import { analyseAudio, createAudioRows } from "@/lib/media/audio-upload";
import { policyRules } from "@/lib/policies/registry";
import type { Storage } from "@/lib/storage/storage";
import { withStoredFiles } from "@/lib/storage/stored-files";
import { type ChoiceChallengeRow, choiceChallengeInScope } from "./choice-challenges";

// Recognitions of a choice challenge: a user's audio and what the recogniser made of it.
// Only a `prepared` challenge takes them. Students see their own; teachers and admins all.

type Row = {
  pk: string;
  id: string;
  audioFilePk: string;
  recognised: string | null;
  engine: string | null;
  confidence: number | null;
  created: Date;
  updated: Date;
  user: { id: string };
};

export function toRecognition(row: Row, challengeId: string) {
  return { ...row, audioUrl: fileUrl(row.audioFilePk)!, challengeId, userId: row.user.id };
}

/** What an engine made of the audio (the recognition server's answers); recognised is a choice's text or null. */
export type Judged = { recognised: string | null; engine: string; confidence: number };

const withUser = { user: { select: { id: true } } } as const;

/** How a recognition is made: judged by an engine (the recognition server), or told by the client (REST). */
export type RecognitionOptions = {
  /** Judges the audio against the challenge (null: `input.recognised` is what the client says). */
  judge?: ((challenge: ChoiceChallengeRow) => Promise<Judged>) | null;
  /** The id was made by this server for this recognition (no lookup for a clash before the work). */
  idIsNew?: boolean;
};

/**
 * Stores a recognition of `challenge`: its id, read here in the caller's scope, or its row as a
 * caller read it earlier in the same scope (the recognition server reads it when the answer
 * starts). Either way the challenge is checked again under a lock when the row is written.
 */
export async function createRecognition(
  db: Db,
  storage: Storage,
  caller: Principal,
  challengeOrId: string | ChoiceChallengeRow,
  input: { id?: string; recognised?: string },
  audio: UploadedFile,
  { judge = null, idIsNew = false }: RecognitionOptions = {},
) {
  const user = requireUser(caller);
  const challenge =
    typeof challengeOrId === "string" ? await choiceChallengeInScope(db, caller, challengeOrId) : challengeOrId;
  if (challenge.status !== "prepared") {
    throw new ApiError("conflict", `The challenge is ${challenge.status}: recognitions need a prepared challenge`);
  }
  if (input.recognised && !challenge.choices.some((c) => c.text === input.recognised)) {
    throw new ApiError("validation", "recognised must be one of the challenge's choices", [
      { resource: "ChoiceRecognition", field: "recognised", code: "invalid" },
    ]);
  }
  const id = input.id ?? newId();
  const taken = () =>
    conflict(`Recognition ${id} already exists`, [
      { resource: "ChoiceRecognition", field: "id", code: "already_exists" },
    ]);
  if (input.id && !idIsNew && (await db.choiceRecognition.findUnique({ where: { ns_id: { ns: caller.ns, id } } })))
    throw taken();
  // The engine listens while the audio is checked and encoded for storage: the student waits for one, not both.
  const [analysed, judged] = await Promise.all([analyseAudio(audio, "ChoiceRecognition"), judge?.(challenge) ?? null]);
  const recognised = judged ? judged.recognised : input.recognised || null;
  try {
    const row = await withStoredFiles(db, storage, analysed.files(caller.ns), async (tx, rows) => {
      // Held against a concurrent update or delete of the challenge, then checked again: still
      // prepared, and prepared as it was when read (new choices are prepared into a new model).
      await lockRow(tx, "ChoiceChallenge", challenge.pk, "share");
      const now = await tx.choiceChallenge.findUnique({
        where: { pk: challenge.pk },
        select: { status: true, grammarFilePk: true },
      });
      if (!now) throw notFound("Choice challenge");
      if (now.status !== "prepared")
        throw new ApiError("conflict", `The challenge is ${now.status}: recognitions need a prepared challenge`);
      if (now.grammarFilePk !== challenge.grammarFilePk)
        throw new ApiError("conflict", "The challenge's choices changed while this answer was made: answer again");
      const audioFilePk = await createAudioRows(tx, rows);
      return tx.choiceRecognition.create({
        data: {
          pk: newPk(),
          ns: caller.ns,
          id,
          challengePk: challenge.pk,
          userPk: user.pk,
          audioFilePk,
          recognised,
          engine: judged?.engine ?? null,
          confidence: judged?.confidence ?? null,
        },
        include: withUser,
      });
    });
    // The row as written is what a read would return: the caller made it, so the caller may see it.
    return toRecognition(row, challenge.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export async function listRecognitions(db: Db, caller: Principal, challengeId: string, page: PageRequest) {
  const challenge = await choiceChallengeInScope(db, caller, challengeId);
  const args = pageArgs("created", "asc", page);
  const visible = await policyRules.submission.list(db, caller);
  const rows = await db.choiceRecognition.findMany({
    ...args,
    where: { AND: [{ challengePk: challenge.pk }, visible, args.where] },
    include: withUser,
  });
  const result = finishPage(rows, page, (r) => r.created);
  return { items: result.items.map((r) => toRecognition(r, challenge.id)), nextCursor: result.nextCursor };
}

export async function getRecognition(db: Db, caller: Principal, challengeId: string, id: string) {
  const challenge = await choiceChallengeInScope(db, caller, challengeId);
  const row = await db.choiceRecognition.findFirst({
    where: { AND: [{ ns: caller.ns, id, challengePk: challenge.pk }, await policyRules.submission.read(db, caller)] },
    include: withUser,
  });
  if (!row) throw notFound("Recognition");
  return toRecognition(row, challenge.id);
}
