import type { UploadedFile } from "@/lib/api/body";
import { conflict, notFound } from "@/lib/api/errors";
import { finishPage, type PageRequest, pageArgs } from "@/lib/api/pagination";
import { type Principal, requireOrganisation } from "@/lib/auth/principal";
import type { Db, Tx } from "@/lib/db/client";
import { isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { lockRow } from "@/lib/db/locks";
import { fileUrl } from "@/lib/downloads/urls";
import { enqueue } from "@/lib/jobs/queue";
import { analyseAudio, createAudioRows, requireFile } from "@/lib/media/audio-upload";
import { audioFilePks, deleteFileRows } from "@/lib/media/file-rows";
import { policyRules } from "@/lib/policies/registry";
import type { Storage } from "@/lib/storage/storage";
import { removeObjects, withStoredFiles } from "@/lib/storage/stored-files";
import { type Alignment, fromJsonColumn } from "./alignment";
import { PREPARE_PRONUNCIATION_CHALLENGE } from "./preparation";
import { CHALLENGE_RESOURCE, type CreateChallenge, type UpdateChallenge } from "./schemas";

// Pronunciation challenges live in an organisation (the caller's namespace) and are only
// seen from it. A challenge holds a transcription and a reference recording (stored as the
// original, its normalised segment and its peaks); its status and alignment are supplied
// by the client (section 3 of the interface). Every write is all-or-nothing: files are
// stored before the transaction and removed again if it fails; replaced or deleted files
// lose their rows in the transaction and their objects after it commits.

export type ChallengeRow = NonNullable<Awaited<ReturnType<Db["pronunciationChallenge"]["findUnique"]>>>;

/** The response shape's source. */
export function toChallenge(row: ChallengeRow) {
  return {
    ...row,
    status: row.status as "unprepared" | "preparing" | "prepared",
    referenceAudioUrl: fileUrl(row.referenceAudioFilePk),
    alignment: fromJsonColumn<Alignment>(row.alignment),
  };
}

const taken = (id: string | undefined) =>
  conflict(`Pronunciation challenge ${id} already exists`, [
    { resource: CHALLENGE_RESOURCE, field: "id", code: "already_exists" },
  ]);

/** A challenge of the caller's organisation, else 404. */
export async function challengeInScope(db: Db, caller: Principal, id: string): Promise<ChallengeRow> {
  const row = await db.pronunciationChallenge.findFirst({
    where: { AND: [policyRules.challenge.read(caller), { id }] },
  });
  if (!row) throw notFound("Pronunciation challenge");
  return row;
}

/** Locks the challenge row for the rest of the transaction (see lib/db/locks.ts). */
export const lockChallenge = (tx: Tx, pk: string, mode: "update" | "share") =>
  lockRow(tx, "PronunciationChallenge", pk, mode);

/** The rows (originals with their normalised segments and peaks) deleted; returns their storage keys. */
async function deleteAudioRows(tx: Tx, originals: (string | null)[]): Promise<string[]> {
  return deleteFileRows(tx, await audioFilePks(tx, [...new Set(originals.filter((pk): pk is string => !!pk))]));
}

export async function createChallenge(
  db: Db,
  storage: Storage,
  caller: Principal,
  input: CreateChallenge,
  files: Record<string, UploadedFile[]>,
) {
  requireOrganisation(caller);
  const upload = requireFile(files, "referenceAudio", CHALLENGE_RESOURCE);
  // A taken id is refused before the audio work; the unique constraint settles races.
  if (
    input.id &&
    (await db.pronunciationChallenge.findUnique({
      where: { ns_id: { ns: caller.ns, id: input.id } },
      select: { pk: true },
    }))
  ) {
    throw taken(input.id);
  }
  const audio = await analyseAudio(upload, CHALLENGE_RESOURCE);
  try {
    const row = await withStoredFiles(db, storage, audio.files(caller.ns), async (tx, rows) => {
      const referenceAudioFilePk = await createAudioRows(tx, rows);
      const pk = newPk();
      await enqueue(tx, PREPARE_PRONUNCIATION_CHALLENGE, pk);
      return tx.pronunciationChallenge.create({
        data: {
          pk,
          ns: caller.ns,
          id: input.id ?? newId(),
          transcription: input.transcription,
          language: input.language,
          status: "preparing",
          referenceAudioFilePk,
          alignment: null,
        },
      });
    });
    return toChallenge(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.id);
    throw error;
  }
}

export async function listChallenges(db: Db, caller: Principal, page: PageRequest) {
  const args = pageArgs("created", "asc", page);
  const rows = await db.pronunciationChallenge.findMany({
    ...args,
    where: { AND: [policyRules.challenge.list(caller), args.where] },
  });
  const result = finishPage(rows, page, (r) => r.created);
  return { items: result.items.map(toChallenge), nextCursor: result.nextCursor };
}

export async function getChallenge(db: Db, caller: Principal, id: string) {
  return toChallenge(await challengeInScope(db, caller, id));
}

/** Incremental update; a new referenceAudio replaces the old one, whose files are removed after the commit. */
export async function updateChallenge(
  db: Db,
  storage: Storage,
  caller: Principal,
  id: string,
  input: UpdateChallenge,
  files: Record<string, UploadedFile[]>,
) {
  const existing = await challengeInScope(db, caller, id);
  const data: { transcription?: string; language?: string; status?: string; alignment?: string | null } = {};
  if (input.transcription !== undefined) data.transcription = input.transcription;
  if (input.language !== undefined) data.language = input.language;
  if (input.status !== undefined) data.status = input.status;
  if (input.alignment !== undefined) data.alignment = input.alignment === null ? null : JSON.stringify(input.alignment);

  const upload = files.referenceAudio?.[0];
  // What the alignment was made from changed, and the client set neither status nor alignment:
  // the reference is aligned again, as at creation (the contract leaves this case open).
  const realign =
    input.status === undefined &&
    input.alignment === undefined &&
    (!!upload ||
      (input.transcription !== undefined && input.transcription !== existing.transcription) ||
      (input.language !== undefined && input.language !== existing.language));
  if (realign) Object.assign(data, { status: "preparing", alignment: null });
  if (!upload) {
    const row = await db.$transaction(async (tx) => {
      await lockChallenge(tx, existing.pk, "update");
      const current = await tx.pronunciationChallenge.findUnique({ where: { pk: existing.pk }, select: { pk: true } });
      if (!current) throw notFound("Pronunciation challenge");
      if (realign) await enqueue(tx, PREPARE_PRONUNCIATION_CHALLENGE, existing.pk);
      return tx.pronunciationChallenge.update({ where: { pk: existing.pk }, data: { ...data, updated: new Date() } });
    });
    return toChallenge(row);
  }

  const audio = await analyseAudio(upload, CHALLENGE_RESOURCE);
  let replacedKeys: string[] = [];
  const row = await withStoredFiles(db, storage, audio.files(caller.ns), async (tx, rows) => {
    await lockChallenge(tx, existing.pk, "update");
    const current = await tx.pronunciationChallenge.findUnique({
      where: { pk: existing.pk },
      select: { referenceAudioFilePk: true },
    });
    if (!current) throw notFound("Pronunciation challenge");
    const referenceAudioFilePk = await createAudioRows(tx, rows);
    const updated = await tx.pronunciationChallenge.update({
      where: { pk: existing.pk },
      data: { ...data, referenceAudioFilePk },
    });
    replacedKeys = await deleteAudioRows(tx, [current.referenceAudioFilePk]);
    if (realign) await enqueue(tx, PREPARE_PRONUNCIATION_CHALLENGE, existing.pk);
    return updated;
  });
  await removeObjects(storage, replacedKeys);
  return toChallenge(row);
}

/** Deletes the challenge, its analyses and all their files (rows in one transaction, objects after it). */
export async function deleteChallenge(db: Db, storage: Storage, caller: Principal, id: string): Promise<void> {
  const existing = await challengeInScope(db, caller, id);
  const keys = await db.$transaction(async (tx) => {
    await lockChallenge(tx, existing.pk, "update");
    const current = await tx.pronunciationChallenge.findUnique({
      where: { pk: existing.pk },
      select: { referenceAudioFilePk: true },
    });
    if (!current) throw notFound("Pronunciation challenge");
    const analyses = await tx.pronunciationAnalysis.findMany({
      where: { challengePk: existing.pk },
      select: { audioFilePk: true },
    });
    const removed = await deleteAudioRows(tx, [current.referenceAudioFilePk, ...analyses.map((a) => a.audioFilePk)]);
    await tx.pronunciationAnalysis.deleteMany({ where: { challengePk: existing.pk } });
    await tx.pronunciationChallenge.delete({ where: { pk: existing.pk } });
    return removed;
  });
  await removeObjects(storage, keys);
}
