import type { UploadedFile } from "@/lib/api/body";
import { ApiError, conflict, notFound } from "@/lib/api/errors";
import { finishPage, pageArgs } from "@/lib/api/pagination";
import { type Principal, requireUser } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { isForeignKeyViolation, isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { fileUrl } from "@/lib/downloads/urls";
import { analyseAudio, createAudioRows, requireFile } from "@/lib/media/audio-upload";
import { policyRules } from "@/lib/policies/registry";
import type { Storage } from "@/lib/storage/storage";
import { withStoredFiles } from "@/lib/storage/stored-files";
import { publicUserIds } from "@/lib/users/public-ids";
import { type AnalysisWords, fromJsonColumn } from "./alignment";
import { type ChallengeRow, challengeInScope, lockChallenge } from "./pronunciation-challenges";
import { ANALYSIS_RESOURCE, type CreateAnalysis, type ListAnalyses } from "./schemas";

// Pronunciation analyses: a user's audio for a challenge with the back-end's assessment
// (optional, but score and words come together). Created as the current user; ids are
// unique within the organisation. Administrators and teachers see every user's analyses,
// everyone else only their own (others' are 404, as if they did not exist).

type AnalysisRow = NonNullable<Awaited<ReturnType<Db["pronunciationAnalysis"]["findUnique"]>>>;

/** The response shape's source; `userIds` maps user pks to public ids. */
export function toAnalysis(row: AnalysisRow, userIds: Map<string, string>) {
  return {
    ...row,
    audioUrl: fileUrl(row.audioFilePk),
    words: fromJsonColumn<AnalysisWords>(row.words),
    userId: userIds.get(row.userPk) ?? null,
  };
}

const taken = (id: string | undefined) =>
  conflict(`Pronunciation analysis ${id} already exists`, [
    { resource: ANALYSIS_RESOURCE, field: "id", code: "already_exists" },
  ]);

/**
 * Stores an analysis. `challengeOrId` is the challenge's id, or the row an engine judged the answer
 * against (the websocket path, which read it when the answer began): then the analysis is refused
 * if what the judgement depends on changed meanwhile, instead of storing a verdict on a text, a
 * language or a reference that is no longer the challenge's.
 */
export async function createAnalysis(
  db: Db,
  storage: Storage,
  caller: Principal,
  challengeOrId: string | ChallengeRow,
  input: CreateAnalysis,
  files: Record<string, UploadedFile[]>,
) {
  const challenge =
    typeof challengeOrId === "string" ? await challengeInScope(db, caller, challengeOrId) : challengeOrId;
  const user = requireUser(caller);
  const upload = requireFile(files, "audio", ANALYSIS_RESOURCE);
  if (
    input.id &&
    (await db.pronunciationAnalysis.findUnique({
      where: { ns_id: { ns: caller.ns, id: input.id } },
      select: { pk: true },
    }))
  ) {
    throw taken(input.id);
  }
  const audio = await analyseAudio(upload, ANALYSIS_RESOURCE);
  const hasAssessment =
    input.score !== undefined && input.score !== null && input.words !== undefined && input.words !== null;
  try {
    const row = await withStoredFiles(db, storage, audio.files(caller.ns), async (tx, rows) => {
      // Waits for a delete of the challenge that is under way; a deleted challenge is a 404.
      await lockChallenge(tx, challenge.pk, "share");
      const current = await tx.pronunciationChallenge.findUnique({
        where: { pk: challenge.pk },
        select: { transcription: true, language: true, referenceAudioFilePk: true },
      });
      if (!current) throw notFound("Pronunciation challenge");
      if (
        typeof challengeOrId !== "string" &&
        (current.transcription !== challenge.transcription ||
          current.language !== challenge.language ||
          current.referenceAudioFilePk !== challenge.referenceAudioFilePk)
      )
        throw new ApiError(
          "conflict",
          "The challenge's transcription, language or reference audio changed while this answer was made: answer again",
        );
      const audioFilePk = await createAudioRows(tx, rows);
      return tx.pronunciationAnalysis.create({
        data: {
          pk: newPk(),
          ns: caller.ns,
          id: input.id ?? newId(),
          challengePk: challenge.pk,
          userPk: user.pk,
          audioFilePk,
          console: input.console ?? null,
          pruningLevel: input.pruningLevel ?? null,
          score: hasAssessment ? input.score! : null,
          words: hasAssessment ? JSON.stringify(input.words) : null,
        },
      });
    });
    return toAnalysis(row, new Map([[user.pk, user.id]]));
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.id);
    if (isForeignKeyViolation(error)) throw notFound("Pronunciation challenge");
    throw error;
  }
}

export async function listAnalyses(db: Db, caller: Principal, challengeId: string, query: ListAnalyses) {
  const challenge = await challengeInScope(db, caller, challengeId);
  const args = pageArgs("created", "asc", query);
  const filters: object[] = [{ challengePk: challenge.pk }, args.where, await policyRules.submission.list(db, caller)];
  if (query.userId?.length) {
    const users = await db.user.findMany({
      where: { AND: [policyRules.user.read(caller), { id: { in: [...new Set(query.userId)] } }] },
      select: { pk: true },
    });
    if (users.length === 0) return { items: [], nextCursor: null };
    filters.push({ userPk: { in: users.map((u) => u.pk) } });
  }
  const rows = await db.pronunciationAnalysis.findMany({ ...args, where: { AND: filters } });
  const page = finishPage(rows, query, (r) => r.created);
  const userIds = await publicUserIds(
    db,
    page.items.map((r) => r.userPk),
  );
  return { items: page.items.map((r) => toAnalysis(r, userIds)), nextCursor: page.nextCursor };
}

export async function getAnalysis(db: Db, caller: Principal, challengeId: string, analysisId: string) {
  const challenge = await challengeInScope(db, caller, challengeId);
  const row = await db.pronunciationAnalysis.findFirst({
    where: {
      AND: [
        { ns: caller.ns, id: analysisId, challengePk: challenge.pk },
        await policyRules.submission.read(db, caller),
      ],
    },
  });
  if (!row) throw notFound("Pronunciation analysis");
  return toAnalysis(row, await publicUserIds(db, [row.userPk]));
}
