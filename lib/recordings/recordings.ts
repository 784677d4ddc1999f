import { hasTextToAlign } from "@/lib/annotations/reference-alignment";
import type { UploadedFile } from "@/lib/api/body";
import { conflict, notFound } from "@/lib/api/errors";
import { finishPage, pageArgs } from "@/lib/api/pagination";
import { type Principal, requireOrganisation, requireUser } from "@/lib/auth/principal";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { isForeignKeyViolation, isUniqueViolation } from "@/lib/db/ids";
import { rawReader } from "@/lib/db/raw-rows";
import { SqlParams } from "@/lib/db/sql";
import { fileUrl } from "@/lib/downloads/urls";
import { analyseAudio, requireFile } from "@/lib/media/audio-upload";
import { policyRules } from "@/lib/policies/registry";
import type { Storage } from "@/lib/storage/storage";
import { withStoredFiles } from "@/lib/storage/stored-files";
import { publicUserIds } from "@/lib/users/public-ids";
import { insertRecording } from "./insert-recording";
import { insertRecordingAtOnce } from "./insert-recording-at-once";
import { combinedAudioUrl } from "./result-sets";
import { type CreateRecording, type ListRecordings, RECORDING_RESOURCE, type SpeechRecordingOut } from "./schemas";

// Speech recordings: a user's audio for a speech challenge, appended to a result set.
// Created as the current user and persisted without analysis; ids unique within the
// organisation. Teachers and administrators see every user's recordings, others their own
// (others' are 404, as if they did not exist).

type RecordingRow = NonNullable<Awaited<ReturnType<Db["speechRecording"]["findUnique"]>>> & {
  reference: { engine: string | null } | null;
  sourceFeedback: { id: string } | null;
};

/** Where the recording's reference annotation stands (ours; the contract has no such field). */
export function referenceState(row: {
  reference: { engine: string | null } | null;
  referenceNote: string | null;
}): SpeechRecordingOut["referenceAnnotation"] {
  if (row.reference)
    return row.reference.engine
      ? { status: "aligned", engine: row.reference.engine, note: null }
      : { status: "saved", engine: null, note: null };
  if (row.referenceNote) return { status: "unavailable", engine: null, note: row.referenceNote };
  return { status: "pending", engine: null, note: null };
}

export function toRecording(row: RecordingRow, resultSetId: string, userIds: Map<string, string>) {
  return {
    id: row.id,
    audioUrl: fileUrl(row.audioFilePk),
    resultSet: { id: resultSetId, combinedAudioUrl: combinedAudioUrl(resultSetId) },
    userId: userIds.get(row.userPk) ?? null,
    referenceAnnotation: referenceState(row),
    feedbackId: row.sourceFeedback?.id ?? null,
    created: row.created,
    updated: row.updated,
  };
}

const withReference = {
  reference: { select: { engine: true } },
  sourceFeedback: { select: { id: true } },
} as const;

/**
 * The speech challenge of the caller's organisation, or 404. Read through the driver
 * (lib/db/raw-rows.ts): through Prisma, compiling and running this one-row read took about a
 * tenth of an answer's time on the server's thread (bench/upload/classroom-bench.ts).
 */
async function speechChallengeInScope(
  db: Db,
  caller: Principal,
  id: string,
): Promise<{ pk: string; srtFilePk: string | null }> {
  requireOrganisation(caller);
  const reader = rawReader(db);
  const params = new SqlParams(reader.kind);
  const [row] = await reader.rows(
    `SELECT "pk", "srtFilePk" FROM "SpeechChallenge" WHERE "ns" = ${params.add(caller.ns)} AND "id" = ${params.add(id)}`,
    params.values,
  );
  if (!row) throw notFound("Speech challenge");
  return { pk: row[0] as string, srtFilePk: (row[1] as string | null) ?? null };
}

const taken = (id: string | undefined) =>
  conflict(`Speech recording ${id} already exists`, [
    { resource: RECORDING_RESOURCE, field: "id", code: "already_exists" },
  ]);

export async function createRecording(
  db: Db,
  storage: Storage,
  caller: Principal,
  challengeId: string,
  input: CreateRecording,
  files: Record<string, UploadedFile[]>,
) {
  const challenge = await speechChallengeInScope(db, caller, challengeId);
  const user = requireUser(caller);
  const upload = requireFile(files, "audio", RECORDING_RESOURCE);
  // Refused before the audio work (the transaction checks again).
  if (
    input.id &&
    (await db.speechRecording.findUnique({ where: { ns_id: { ns: caller.ns, id: input.id } }, select: { pk: true } }))
  ) {
    throw taken(input.id);
  }
  // Whose result set it is, is checked in the append transaction only (appendToResultSet): a
  // read here as well would cost every answer a round trip to spare the rare misdirected one
  // its audio work (whose files are removed again when the transaction refuses).

  // Stored by the audio worker as it finishes (analyseAudio): withStoredFiles follows right away.
  const audio = await analyseAudio(upload, RECORDING_RESOURCE, storage);
  const durationMs = Math.round(audio.result.normalised.durationMs);
  const recordingInput = {
    ns: caller.ns,
    id: input.id,
    resultSetId: input.resultSetId,
    userPk: user.pk,
    challenge,
    durationMs,
  };
  // PostgreSQL, no job to queue: one statement (insert-recording-at-once.ts).
  const atOnce = config().databaseKind === "postgres" && !hasTextToAlign(challenge);
  try {
    const { row, resultSetId } = await withStoredFiles(
      db,
      storage,
      audio.files(caller.ns),
      async (tx, rows) => {
        const { recording, resultSet } = atOnce
          ? await insertRecordingAtOnce(db, rows, recordingInput)
          : await insertRecording(tx, rows, recordingInput);
        // A new recording has no reference annotation yet: no read of one.
        return { row: { ...recording, reference: null, sourceFeedback: null }, resultSetId: resultSet.id };
      },
      { maxWait: 30_000, timeout: 30_000, transaction: !atOnce },
    );
    return toRecording(row, resultSetId, new Map([[user.pk, user.id]]));
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound("Speech challenge");
    // The only unique key a new recording can take is its id (its set is upserted): a concurrent
    // request took the same id.
    if (isUniqueViolation(error) && input.id) throw taken(input.id);
    throw error;
  }
}

export async function listRecordings(db: Db, caller: Principal, challengeId: string, query: ListRecordings) {
  const challenge = await speechChallengeInScope(db, caller, challengeId);
  const args = pageArgs("created", "asc", query);
  const filters: object[] = [{ challengePk: challenge.pk }, args.where, await policyRules.recording.list(db, caller)];
  if (query.userId?.length) {
    const users = await db.user.findMany({
      where: { AND: [policyRules.user.read(caller), { id: { in: [...new Set(query.userId)] } }] },
      select: { pk: true },
    });
    if (users.length === 0) return { items: [], nextCursor: null };
    filters.push({ userPk: { in: users.map((u) => u.pk) } });
  }
  const rows = await db.speechRecording.findMany({
    ...args,
    where: { AND: filters },
    include: { resultSet: { select: { id: true } }, ...withReference },
  });
  const page = finishPage(rows, query, (r) => r.created);
  const userIds = await publicUserIds(
    db,
    page.items.map((r) => r.userPk),
  );
  return { items: page.items.map((r) => toRecording(r, r.resultSet.id, userIds)), nextCursor: page.nextCursor };
}

export async function getRecording(db: Db, caller: Principal, challengeId: string, recordingId: string) {
  const challenge = await speechChallengeInScope(db, caller, challengeId);
  const row = await db.speechRecording.findFirst({
    where: {
      AND: [
        { ns: caller.ns, id: recordingId, challengePk: challenge.pk },
        await policyRules.recording.read(db, caller),
      ],
    },
    include: { resultSet: { select: { id: true } }, ...withReference },
  });
  if (!row) throw notFound("Speech recording");
  return toRecording(row, row.resultSet.id, await publicUserIds(db, [row.userPk]));
}
