import { notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import { adminWhere, annotatorAssignments, anyOf, memberWhere, type Where } from "./reach";
import { visibleRecordings, visibleSubmissions } from "./submissions";

// The "file" policy (table.ts): a stored file is reachable by exactly those who may read the row
// that owns it. A derived file (an upload's normalised audio or its peaks) belongs to whatever
// owns the original. Challenge and category files are read by the members of their organisation
// and its administrators; a speech challenge's files also by the annotators of its recordings.

/** Challenges and categories (rows with `ns`) the caller sees. */
export async function visibleOrganisationContent(db: Db, caller: Principal, admin?: Where | null): Promise<Where> {
  return anyOf(admin === undefined ? await adminWhere(db, caller) : admin, memberWhere(caller));
}

/** Whether the caller may download the stored file `filePk`. */
export async function mayDownload(db: Db, caller: Principal, filePk: string): Promise<boolean> {
  const originals = await db.storedFile.findMany({
    where: { OR: [{ pk: filePk }, { normalisedPk: filePk }, { peaksPk: filePk }] },
    select: { pk: true },
  });
  if (originals.length === 0) return false;
  const pks = { in: originals.map((o) => o.pk) };
  // The administrator's reach is one lookup (a tenant's organisations), shared by every owner's rule.
  const admin = await adminWhere(db, caller);
  const [submissions, recordings, content] = await Promise.all([
    visibleSubmissions(db, caller, admin),
    visibleRecordings(db, caller, admin),
    visibleOrganisationContent(db, caller, admin),
  ]);
  const assigned = annotatorAssignments(caller);
  const speechChallenges = assigned
    ? anyOf(content, { recordings: { some: { assignments: { some: { assignment: assigned } } } } })
    : content;
  const owners: Promise<unknown>[] = [
    db.speechRecording.findFirst({ where: { AND: [{ audioFilePk: pks }, recordings] }, select: { pk: true } }),
    db.feedback.findFirst({ where: { AND: [{ audioFilePk: pks }, submissions] }, select: { pk: true } }),
    db.pronunciationAnalysis.findFirst({ where: { AND: [{ audioFilePk: pks }, submissions] }, select: { pk: true } }),
    db.choiceRecognition.findFirst({ where: { AND: [{ audioFilePk: pks }, submissions] }, select: { pk: true } }),
    db.resultSet.findFirst({
      where: { AND: [{ OR: [{ combinedFilePk: pks }, { combinedPeaksPk: pks }] }, submissions] },
      select: { pk: true },
    }),
    db.speechChallenge.findFirst({
      where: {
        AND: [{ OR: [{ referenceAudioFilePk: pks }, { srtFilePk: pks }, { imageFilePk: pks }] }, speechChallenges],
      },
      select: { pk: true },
    }),
    db.pronunciationChallenge.findFirst({
      where: { AND: [{ referenceAudioFilePk: pks }, content] },
      select: { pk: true },
    }),
    db.choiceChallenge.findFirst({ where: { AND: [{ grammarFilePk: pks }, content] }, select: { pk: true } }),
    db.choice.findFirst({
      where: { AND: [{ OR: [{ audioFilePk: pks }, { normalisedFilePk: pks }] }, { challenge: content }] },
      select: { pk: true },
    }),
    db.category.findFirst({
      where: { AND: [{ OR: [{ imageFilePk: pks }, { iconFilePk: pks }] }, content] },
      select: { pk: true },
    }),
  ];
  return (await Promise.all(owners)).some((row) => row !== null);
}

/** A stored file for a caller who may download it; everyone else gets 404, as if it did not exist. */
export async function downloadableFile(db: Db, caller: Principal, filePk: string) {
  const file = await db.storedFile.findUnique({ where: { pk: filePk } });
  if (!file || !(await mayDownload(db, caller, filePk))) throw notFound("File");
  return file;
}
