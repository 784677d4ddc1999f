import { NO_TEXT_TO_ALIGN } from "@/lib/annotations/reference-alignment";
import type { Db } from "@/lib/db/client";
import { Prisma, type SpeechRecording } from "@/lib/db/generated/sqlite/client";
import { newId, newPk } from "@/lib/db/ids";
import { audioFileRows } from "@/lib/media/audio-upload";
import type { StoredFileData } from "@/lib/storage/stored-files";
import type { NewRecording } from "./insert-recording";
import { checkAppendable } from "./result-sets";

// PostgreSQL, for a recording that queues no job (its challenge has no text to align): the rows
// of insertRecording in one statement, which is atomic on its own, instead of a transaction of
// three (BEGIN, the file rows, the set's next position, the recording, COMMIT: five round trips to
// the database, each a wake-up of the server's thread and of a database process). Each insert
// reads the one before it (data-modifying CTEs); the files and the recording are written only
// where the set's upsert returned it, and the upsert leaves alone a set of another user or
// challenge, so such an answer writes nothing, and the set is read once more to say which.
// Foreign keys are checked at the statement's end, when the set's row exists. SQLite has no
// data-modifying CTEs: it keeps insertRecording, whose transactions run in-process anyway.
// Measured with bench/upload/classroom-bench.ts --pg-s3 (issue 28; numbers in its closing note).

export async function insertRecordingAtOnce(db: Db, files: StoredFileData[], input: NewRecording) {
  const now = new Date();
  const pk = newPk();
  const id = input.id ?? newId();
  const rows = audioFileRows(files);
  const original = rows.at(-1)!;
  // Parameters are typed by their casts: in INSERT ... SELECT, PostgreSQL would take them as text.
  const fileSelects = rows.map(
    (r) =>
      Prisma.sql`SELECT ${r.pk}::text, ${r.ns}::text, ${r.kind}::text, ${r.contentType}::text, ${r.size}::bigint, ${r.sha256}::text,
        ${r.storageKey}::text, ${r.format}::text, ${r.sampleRate}::int, ${r.channels}::int, ${r.durationMs}::int,
        ${r.normalisedPk}::text, ${r.peaksPk}::text, ${now}::timestamp(3) FROM rs`,
  );
  const written = await db.$queryRaw<{ resultSetPk: string; position: number }[]>`
    WITH rs AS (
      INSERT INTO "ResultSet" ("pk", "ns", "id", "userPk", "challengePk", "recordingCount", "durationMs", "created", "updated")
      VALUES (${newPk()}, ${input.ns}, ${input.resultSetId}, ${input.userPk}, ${input.challenge.pk}, 1, ${input.durationMs}, ${now}, ${now})
      ON CONFLICT ("ns", "id") DO UPDATE SET "recordingCount" = "ResultSet"."recordingCount" + 1,
        "durationMs" = "ResultSet"."durationMs" + excluded."durationMs", "updated" = excluded."updated"
        WHERE "ResultSet"."userPk" = excluded."userPk" AND "ResultSet"."challengePk" = excluded."challengePk"
      RETURNING "pk", "recordingCount"
    ), files AS (
      INSERT INTO "StoredFile" ("pk", "ns", "kind", "contentType", "size", "sha256", "storageKey", "format", "sampleRate", "channels", "durationMs", "normalisedPk", "peaksPk", "created")
      ${Prisma.join(fileSelects, " UNION ALL ")}
    )
    INSERT INTO "SpeechRecording" ("pk", "ns", "id", "challengePk", "userPk", "resultSetPk", "position", "audioFilePk", "sourceFeedbackPk", "referenceNote", "created", "updated")
    SELECT ${pk}::text, ${input.ns}::text, ${id}::text, ${input.challenge.pk}::text, ${input.userPk}::text, rs."pk", rs."recordingCount" - 1,
      ${original.pk}::text, ${input.sourceFeedbackPk ?? null}::text, ${NO_TEXT_TO_ALIGN}::text, ${now}::timestamp(3), ${now}::timestamp(3) FROM rs
    RETURNING "resultSetPk", "position"`;
  const [row] = written;
  if (!row) {
    // The set is another user's or another challenge's: nothing was written.
    const set = await db.resultSet.findUnique({ where: { ns_id: { ns: input.ns, id: input.resultSetId } } });
    if (set) checkAppendable(set, input.userPk, input.challenge.pk);
    throw new Error(`internal error: result set ${input.resultSetId} took no recording`);
  }
  const recording: SpeechRecording = {
    pk,
    ns: input.ns,
    id,
    challengePk: input.challenge.pk,
    userPk: input.userPk,
    resultSetPk: row.resultSetPk,
    position: Number(row.position),
    audioFilePk: original.pk,
    sourceFeedbackPk: input.sourceFeedbackPk ?? null,
    referenceNote: NO_TEXT_TO_ALIGN,
    created: now,
    updated: now,
  };
  return { recording, resultSet: { pk: row.resultSetPk, id: input.resultSetId, position: recording.position } };
}
