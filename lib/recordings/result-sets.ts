import { ApiError, conflict, notFound } from "@/lib/api/errors";
import { type Principal, requireOrganisation } from "@/lib/auth/principal";
import { config } from "@/lib/config";
import type { Db, Tx } from "@/lib/db/client";
import { newPk } from "@/lib/db/ids";
import { policyRules } from "@/lib/policies/registry";
import { RECORDING_RESOURCE } from "./schemas";

// Result sets: one user's recordings of one speech challenge, in order, unique by id within
// the organisation. Appending is O(1): one atomic increment of the set's recordingCount gives
// the next position (PostgreSQL's row lock on that UPDATE orders concurrent appends; SQLite
// serialises transactions), and earlier recordings are never read. The combined audio is
// built lazily (combine.ts) when asked for and its cached file is stale
// (combinedCount !== recordingCount); a lease on the row (combiningUntil, taken by
// compare-and-set) makes sure that only one request builds it at a time.

export const combinedAudioUrl = (id: string) => `${config().apiBaseUrl}/resultsets/${encodeURIComponent(id)}/audio`;
export const combinedPeaksUrl = (id: string) => `${config().apiBaseUrl}/resultsets/${encodeURIComponent(id)}/peaks`;

type SetRow = NonNullable<Awaited<ReturnType<Db["resultSet"]["findUnique"]>>>;

/** Refuses appending to a set of another user or challenge (checked before and inside the transaction). */
/** A set may only be added to by its owner, for its own challenge. `resource` names the caller's resource in errors. */
export function checkAppendable(
  set: { id: string; userPk: string; challengePk: string | null },
  userPk: string,
  challengePk: string,
  resource: string = RECORDING_RESOURCE,
): void {
  if (set.userPk !== userPk) {
    throw new ApiError(
      "forbidden",
      `Result set ${set.id} belongs to another user: only your own result sets can be added to`,
      [{ resource, field: "resultSetId", code: "invalid", message: "belongs to another user" }],
    );
  }
  if (set.challengePk !== challengePk) {
    throw conflict(`Result set ${set.id} belongs to another speech challenge`, [
      { resource, field: "resultSetId", code: "invalid", message: "belongs to another speech challenge" },
    ]);
  }
}

/** Inside the caller's transaction: the caller's set for the challenge, created (without recordings) when unknown. */
export async function findOrCreateResultSet(
  tx: Tx,
  input: { ns: string; id: string; userPk: string; challengePk: string },
  resource: string,
): Promise<{ pk: string; id: string }> {
  const { ns, id, userPk, challengePk } = input;
  const existing = await tx.resultSet.findUnique({
    where: { ns_id: { ns, id } },
    select: { pk: true, id: true, userPk: true, challengePk: true },
  });
  if (existing) {
    checkAppendable(existing, userPk, challengePk, resource);
    return existing;
  }
  const pk = newPk();
  await tx.resultSet.create({ data: { pk, ns, id, userPk, challengePk } });
  return { pk, id };
}

/**
 * Inside the recording's transaction: finds or creates the set and takes the next position, in one
 * statement (INSERT ... ON CONFLICT DO UPDATE ... RETURNING): a student's first answer took three
 * (an update that found nothing, a read, an insert) inside the transaction every other answer
 * queues behind, and a class creates a hundred sets at once. A set of another user or challenge is
 * bumped too, then refused: the refusal rolls the transaction back. Concurrent creates of the same
 * new set become one insert and one update (no unique violation to retry). A raw statement, like
 * the recording's own insert (insert-recording.ts says why); `updated` is set here, as Prisma would.
 */
export async function appendToResultSet(
  tx: Tx,
  input: { ns: string; id: string; userPk: string; challengePk: string; durationMs: number },
): Promise<{ pk: string; id: string; position: number }> {
  const { ns, id, userPk, challengePk, durationMs } = input;
  const now = new Date();
  type Row = { pk: string; userPk: string; challengePk: string | null; recordingCount: number | bigint };
  const [set] = await tx.$queryRaw<Row[]>`
    INSERT INTO "ResultSet" ("pk", "ns", "id", "userPk", "challengePk", "recordingCount", "durationMs", "created", "updated")
    VALUES (${newPk()}, ${ns}, ${id}, ${userPk}, ${challengePk}, 1, ${durationMs}, ${now}, ${now})
    ON CONFLICT ("ns", "id") DO UPDATE SET "recordingCount" = "ResultSet"."recordingCount" + 1,
      "durationMs" = "ResultSet"."durationMs" + excluded."durationMs", "updated" = excluded."updated"
    RETURNING "pk", "userPk", "challengePk", "recordingCount"`;
  checkAppendable({ id, userPk: set!.userPk, challengePk: set!.challengePk }, userPk, challengePk);
  return { pk: set!.pk, id, position: Number(set!.recordingCount) - 1 };
}

/** The set for a caller of its organisation who sees it ("submission" policy; others get 404). */
export async function resultSetInScope(db: Db, caller: Principal, id: string): Promise<SetRow> {
  requireOrganisation(caller);
  const row = await db.resultSet.findFirst({
    where: { AND: [{ ns: caller.ns, id }, await policyRules.submission.read(db, caller)] },
  });
  if (!row || row.recordingCount === 0) throw notFound("Result set");
  return row;
}
