import { notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { fileUrl } from "@/lib/downloads/urls";
import { policyRules } from "@/lib/policies/registry";
import { combinedAudioUrl } from "@/lib/recordings/result-sets";
import { progressCells } from "./read-progress-cells";
import type { ProgressAnswer, ProgressCell, ProgressCellQuery } from "./schemas";
import { categoryChallenges } from "./selection";

// GET /categories/:category/progress/cell?user=…&challenge=…&from=…&to=… (ours): one cell of the
// grid opened. The grid carries numbers only; this names the cell's most recent result set, by
// the same read and rule (lib/progress/read-progress-cells.ts), and lists its recordings to play, and every
// answer (result set) of the user for the challenge, newest first, each playable: one answer is
// one attempt, however many recordings (sentences) it holds. Who may read
// it is the "progress" policy (lib/policies/table.ts), read from the same place as the grid's
// (the "progress" policy's read rule): those who see the whole organisation's submissions read anyone's cell, others
// only their own; any other user, like a challenge outside the category's subtree, answers 404.

export async function progressCell(
  db: Db,
  caller: Principal,
  categoryId: string,
  query: ProgressCellQuery,
): Promise<ProgressCell> {
  const challenge = (await categoryChallenges(db, caller, categoryId)).challenges.find((c) => c.id === query.challenge);
  if (!challenge) throw notFound("SpeechChallenge");
  const user = await db.user.findFirst({
    where: { AND: [{ ns: caller.ns, id: query.user }, await policyRules.progress.read(db, caller)] },
    select: { pk: true, id: true },
  });
  if (!user) throw notFound("User");

  const [cell] = await progressCells(db, caller.ns, [user.pk], [challenge.pk], { from: query.from, to: query.to });
  const about = { user: user.id, challenge: challenge.id, referenceAudioUrl: fileUrl(challenge.referenceAudioFilePk) };
  if (!cell) return { ...about, attempts: 0, recordingSet: null, answers: [] };
  // Every answer (result set) of the user for the challenge within the range, each an attempt.
  const created: { gte?: Date; lt?: Date } = {};
  if (query.from) created.gte = query.from;
  if (query.to) created.lt = query.to;
  const recordings = await db.speechRecording.findMany({
    where: {
      ns: caller.ns,
      userPk: user.pk,
      challengePk: challenge.pk,
      ...(query.from || query.to ? { created } : {}),
    },
    select: {
      id: true,
      audioFilePk: true,
      created: true,
      resultSet: { select: { pk: true, id: true, durationMs: true } },
    },
    orderBy: [{ position: "asc" }, { pk: "asc" }],
  });
  const sets = new Map<string, ProgressAnswer & { pk: string }>();
  for (const r of recordings) {
    let set = sets.get(r.resultSet.pk);
    if (!set) {
      set = {
        pk: r.resultSet.pk,
        id: r.resultSet.id,
        combinedAudioUrl: combinedAudioUrl(r.resultSet.id),
        durationMs: r.resultSet.durationMs,
        created: r.created.toISOString(),
        recordings: [],
      };
      sets.set(r.resultSet.pk, set);
    }
    if (r.created.toISOString() > set.created) set.created = r.created.toISOString();
    set.recordings.push({ id: r.id, audioUrl: fileUrl(r.audioFilePk), created: r.created.toISOString() });
  }
  // Newest first, by the grid's rule (newest recording, ties: the larger internal key).
  const answers = [...sets.values()]
    .sort((a, b) => (a.created === b.created ? (a.pk < b.pk ? 1 : -1) : a.created < b.created ? 1 : -1))
    .map(({ pk: _pk, ...answer }) => answer);
  const chosen = await db.speechRecording.findMany({
    where: { ns: caller.ns, resultSet: { ns: caller.ns, id: cell.setId } },
    select: { id: true, audioFilePk: true, created: true },
    orderBy: { position: "asc" },
  });
  return {
    ...about,
    attempts: cell.attempts,
    recordingSet: {
      id: cell.setId,
      combinedAudioUrl: combinedAudioUrl(cell.setId),
      durationMs: cell.durationMs,
      recordings: chosen.map((r) => ({ id: r.id, audioUrl: fileUrl(r.audioFilePk), created: r.created.toISOString() })),
    },
    answers,
  };
}
