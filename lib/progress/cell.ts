import type { Db } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { requireOrganisation, type Principal } from "@/lib/auth/principal";
import { fileUrl } from "@/lib/downloads/urls";
import { seesWholeOrganisation } from "@/lib/policies/submissions";
import { combinedAudioUrl } from "@/lib/recordings/result-sets";
import { progressCells } from "./cells";
import type { ProgressCell, ProgressCellQuery } from "./schemas";
import { subtree, subtreeChallenges } from "./selection";

// GET /categories/:category/progress/cell?user=…&challenge=…&from=…&to=… (ours): one cell of the
// grid opened. The grid carries numbers only; this names the cell's most recent result set, by
// the same read and rule (lib/progress/cells.ts), and lists its recordings to play. Who may read
// it is the "progress" policy (lib/policies/table.ts), as for the grid: those who see the whole
// organisation's submissions read anyone's cell, others only their own; any other user, like a
// challenge outside the category's subtree, answers 404.

export async function progressCell(db: Db, caller: Principal, categoryId: string, query: ProgressCellQuery): Promise<ProgressCell> {
  requireOrganisation(caller);
  const tree = await subtree(db, caller.ns, categoryId);
  if (!tree) throw notFound("Category");
  const challenge = (await subtreeChallenges(db, tree.pks)).find((c) => c.id === query.challenge);
  if (!challenge) throw notFound("SpeechChallenge");
  const user = await db.user.findFirst({ where: { ns: caller.ns, id: query.user }, select: { pk: true, id: true } });
  if (!user || (user.pk !== caller.user?.pk && !(await seesWholeOrganisation(db, caller)))) throw notFound("User");

  const [cell] = await progressCells(db, caller.ns, [user.pk], [challenge.pk], { from: query.from, to: query.to });
  const about = { user: user.id, challenge: challenge.id, referenceAudioUrl: fileUrl(challenge.referenceAudioFilePk) };
  if (!cell) return { ...about, attempts: 0, recordingSet: null };
  const recordings = await db.speechRecording.findMany({
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
      recordings: recordings.map((r) => ({ id: r.id, audioUrl: fileUrl(r.audioFilePk), created: r.created.toISOString() })),
    },
  };
}
