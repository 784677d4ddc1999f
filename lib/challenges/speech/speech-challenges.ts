import fs from "node:fs/promises";
import { fileTypeFromBuffer } from "file-type";
import type { UploadedFile } from "@/lib/api/body";
import { ApiError, conflict, notFound } from "@/lib/api/errors";
import { finishPage, type PageRequest, pageArgs } from "@/lib/api/pagination";
import { type Principal, requireOrganisation } from "@/lib/auth/principal";
import type { Db, Tx } from "@/lib/db/client";
import { isUniqueViolation, newId, newPk } from "@/lib/db/ids";
import { lockRow } from "@/lib/db/locks";
import { fileUrl } from "@/lib/downloads/urls";
import { type AnalysedAudio, analyseAudio, createAudioRows } from "@/lib/media/audio-upload";
import { audioFilePks, deleteFileRows } from "@/lib/media/file-rows";
import type { Storage } from "@/lib/storage/storage";
import { removeObjects, type StoredFileData, type StoredFileInput, withStoredFiles } from "@/lib/storage/stored-files";
import { type CreateSpeechChallenge, SPEECH_CHALLENGE_RESOURCE, type UpdateSpeechChallenge } from "./schemas";

// Speech challenges live in an organisation (the caller's namespace) and are only seen from
// it. A challenge has a language and, optionally, a topic, a reference recording (stored as
// the original, its normalised segment and its peaks), a SubRip transcription, an image and
// client-specific metadata (kept verbatim). Every write is all-or-nothing: files are stored
// before the transaction and removed again if it fails; replaced or deleted files lose their
// rows in the transaction and their objects after it commits.

type ChallengeRow = NonNullable<Awaited<ReturnType<Db["speechChallenge"]["findUnique"]>>>;

/** The response shape's source. */
export function toSpeechChallenge(row: ChallengeRow) {
  return {
    ...row,
    referenceAudioUrl: fileUrl(row.referenceAudioFilePk),
    srtUrl: fileUrl(row.srtFilePk),
    imageUrl: fileUrl(row.imageFilePk),
  };
}

const taken = (id: string | undefined) =>
  conflict(`Speech challenge ${id} already exists`, [
    { resource: SPEECH_CHALLENGE_RESOURCE, field: "id", code: "already_exists" },
  ]);

/** A speech challenge of the caller's organisation, else 404. */
export async function speechChallengeInScope(db: Db, caller: Principal, id: string): Promise<ChallengeRow> {
  requireOrganisation(caller);
  const row = await db.speechChallenge.findUnique({ where: { ns_id: { ns: caller.ns, id } } });
  if (!row) throw notFound("Speech challenge");
  return row;
}

/**
 * Locks the challenge row for the rest of the transaction (see lib/db/locks.ts): "update"
 * (replacing or deleting its files) holds off everything; "share" (adding a recording) only "update".
 */
export const lockSpeechChallenge = (tx: Tx, pk: string, mode: "update" | "share") =>
  lockRow(tx, "SpeechChallenge", pk, mode);

// ---- uploaded images and SubRip files ----

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
/** file-type needs at most this many leading bytes to recognise these formats. */
const SNIFF_BYTES = 4100;

async function head(file: UploadedFile, bytes: number): Promise<Buffer> {
  const handle = await fs.open(file.path, "r");
  try {
    const buffer = Buffer.alloc(Math.min(bytes, file.size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * An uploaded image, validated by its bytes (PNG, JPEG, GIF or WebP; 422 `invalid` on its field
 * otherwise), ready to be stored with its sniffed content type.
 */
export async function analyseImage(upload: UploadedFile, resource: string): Promise<(ns: string) => StoredFileInput> {
  const type = upload.size > 0 ? await fileTypeFromBuffer(await head(upload, SNIFF_BYTES)) : undefined;
  if (!type || !IMAGE_TYPES.has(type.mime)) {
    const what = upload.size === 0 ? "an empty file" : type ? type.mime : "not a recognised file type";
    const message = `must be a PNG, JPEG, GIF or WebP image (received ${what})`;
    throw new ApiError("validation", `${upload.field} ${message}`, [
      { resource, field: upload.field, code: "invalid", message },
    ]);
  }
  return (ns) => ({ sourcePath: upload.path, ns, kind: "image", contentType: type.mime, size: upload.size });
}

const TIMING =
  /^(\d{2,}):([0-5]\d):([0-5]\d),(\d{3}) --> (\d{2,}):([0-5]\d):([0-5]\d),(\d{3})(?:[ \t]+X1:-?\d+[ \t]+X2:-?\d+[ \t]+Y1:-?\d+[ \t]+Y2:-?\d+)?[ \t]*$/;
const ms = (h: string, m: string, s: string, f: string) =>
  ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(f);

/**
 * Why a SubRip file is not valid, or null when it is: UTF-8 (an optional BOM), one or more cues
 * separated by blank lines, each a cue number, a `HH:MM:SS,mmm --> HH:MM:SS,mmm` timing line
 * whose start is not after its end, and its text lines. CRLF, LF and CR line ends are accepted.
 */
export function subRipProblem(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return "is not UTF-8 text";
  }
  const lines = text.split(/\r\n|\r|\n/);
  const blank = (line: string) => line.trim() === "";
  let i = 0;
  let cues = 0;
  for (;;) {
    while (i < lines.length && blank(lines[i])) i++;
    if (i >= lines.length) break;
    const at = `line ${i + 1}`;
    const number = lines[i].trim();
    if (!/^\d+$/.test(number)) return `${at}: expected a cue number, found ${JSON.stringify(lines[i].slice(0, 40))}`;
    i++;
    const timing = i < lines.length ? TIMING.exec(lines[i].trim()) : null;
    if (!timing) {
      const found = i < lines.length ? JSON.stringify(lines[i].slice(0, 60)) : "the end of the file";
      return `line ${i + 1}: cue ${number} needs a timing line "HH:MM:SS,mmm --> HH:MM:SS,mmm", found ${found}`;
    }
    const [, h1, m1, s1, f1, h2, m2, s2, f2] = timing;
    if (ms(h1, m1, s1, f1) > ms(h2, m2, s2, f2)) return `line ${i + 1}: cue ${number} starts after it ends`;
    i++;
    while (i < lines.length && !blank(lines[i])) i++;
    cues++;
  }
  return cues === 0 ? "contains no cues" : null;
}

/** An uploaded SubRip file, validated (422 `invalid` on its field otherwise), ready to be stored as application/x-subrip. */
export async function analyseSrt(upload: UploadedFile, resource: string): Promise<(ns: string) => StoredFileInput> {
  const problem = subRipProblem(await fs.readFile(upload.path));
  if (problem) {
    const message = `is not a valid SubRip (.srt) file: ${problem}`;
    throw new ApiError("validation", `${upload.field} ${message}`, [
      { resource, field: upload.field, code: "invalid", message },
    ]);
  }
  return (ns) => ({ sourcePath: upload.path, ns, kind: "srt", contentType: "application/x-subrip", size: upload.size });
}

// ---- the files of one write ----

type Uploads = {
  audio?: AnalysedAudio;
  srt?: (ns: string) => StoredFileInput;
  image?: (ns: string) => StoredFileInput;
};

/** Validates every file part given before anything is stored (audio last: it is the slow one). */
async function analyseUploads(files: Record<string, UploadedFile[]>): Promise<Uploads> {
  const srt = files.srt?.[0] ? await analyseSrt(files.srt[0], SPEECH_CHALLENGE_RESOURCE) : undefined;
  const image = files.image?.[0] ? await analyseImage(files.image[0], SPEECH_CHALLENGE_RESOURCE) : undefined;
  const audio = files.referenceAudio?.[0]
    ? await analyseAudio(files.referenceAudio[0], SPEECH_CHALLENGE_RESOURCE)
    : undefined;
  return { audio, srt, image };
}

function storedFileInputs(uploads: Uploads, ns: string): StoredFileInput[] {
  return [
    ...(uploads.audio?.files(ns) ?? []),
    ...(uploads.srt ? [uploads.srt(ns)] : []),
    ...(uploads.image ? [uploads.image(ns)] : []),
  ];
}

/** Creates the rows of the stored files (in storedFileInputs order); returns the new file pks by field. */
async function createFileRows(tx: Tx, uploads: Uploads, rows: StoredFileData[]) {
  let next = 0;
  const out: { referenceAudioFilePk?: string; srtFilePk?: string; imageFilePk?: string } = {};
  if (uploads.audio) {
    out.referenceAudioFilePk = await createAudioRows(tx, rows.slice(0, 3));
    next = 3;
  }
  if (uploads.srt) out.srtFilePk = (await tx.storedFile.create({ data: rows[next++] })).pk;
  if (uploads.image) out.imageFilePk = (await tx.storedFile.create({ data: rows[next++] })).pk;
  return out;
}

/** The rows (audio originals with their normalised segments and peaks, and plain files) deleted; returns their storage keys. */
async function deleteFiles(tx: Tx, pks: (string | null | undefined)[]): Promise<string[]> {
  return deleteFileRows(tx, await audioFilePks(tx, [...new Set(pks.filter((pk): pk is string => !!pk))]));
}

// ---- the endpoints ----

export async function createSpeechChallenge(
  db: Db,
  storage: Storage,
  caller: Principal,
  input: CreateSpeechChallenge,
  files: Record<string, UploadedFile[]>,
) {
  requireOrganisation(caller);
  // A taken id is refused before the file work; the unique constraint settles races.
  if (
    input.id &&
    (await db.speechChallenge.findUnique({ where: { ns_id: { ns: caller.ns, id: input.id } }, select: { pk: true } }))
  ) {
    throw taken(input.id);
  }
  const uploads = await analyseUploads(files);
  try {
    const row = await withStoredFiles(db, storage, storedFileInputs(uploads, caller.ns), async (tx, rows) => {
      const filePks = await createFileRows(tx, uploads, rows);
      return tx.speechChallenge.create({
        data: {
          pk: newPk(),
          ns: caller.ns,
          id: input.id ?? newId(),
          topic: input.topic ?? null,
          language: input.language,
          referenceAudioFilePk: filePks.referenceAudioFilePk ?? null,
          srtFilePk: filePks.srtFilePk ?? null,
          imageFilePk: filePks.imageFilePk ?? null,
          metadata: input.metadata ?? null,
        },
      });
    });
    return toSpeechChallenge(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.id);
    throw error;
  }
}

export async function listSpeechChallenges(db: Db, caller: Principal, page: PageRequest) {
  requireOrganisation(caller);
  const args = pageArgs("created", "asc", page);
  const rows = await db.speechChallenge.findMany({ ...args, where: { AND: [{ ns: caller.ns }, args.where] } });
  const result = finishPage(rows, page, (r) => r.created);
  return { items: result.items.map(toSpeechChallenge), nextCursor: result.nextCursor };
}

export async function getSpeechChallenge(db: Db, caller: Principal, id: string) {
  return toSpeechChallenge(await speechChallengeInScope(db, caller, id));
}

/** Incremental update; new files replace the old ones, whose rows go in the transaction and objects after the commit. */
export async function updateSpeechChallenge(
  db: Db,
  storage: Storage,
  caller: Principal,
  id: string,
  input: UpdateSpeechChallenge,
  files: Record<string, UploadedFile[]>,
) {
  const existing = await speechChallengeInScope(db, caller, id);
  const data: { topic?: string | null; language?: string; metadata?: string | null } = {};
  if (input.topic !== undefined) data.topic = input.topic;
  if (input.language !== undefined) data.language = input.language;
  if (input.metadata !== undefined) data.metadata = input.metadata;

  const uploads = await analyseUploads(files);
  let replacedKeys: string[] = [];
  const row = await withStoredFiles(db, storage, storedFileInputs(uploads, caller.ns), async (tx, rows) => {
    await lockSpeechChallenge(tx, existing.pk, "update");
    const current = await tx.speechChallenge.findUnique({
      where: { pk: existing.pk },
      select: { referenceAudioFilePk: true, srtFilePk: true, imageFilePk: true },
    });
    if (!current) throw notFound("Speech challenge");
    const filePks = await createFileRows(tx, uploads, rows);
    const updated = await tx.speechChallenge.update({
      where: { pk: existing.pk },
      data: { ...data, ...filePks, updated: new Date() },
    });
    replacedKeys = await deleteFiles(tx, [
      filePks.referenceAudioFilePk ? current.referenceAudioFilePk : null,
      filePks.srtFilePk ? current.srtFilePk : null,
      filePks.imageFilePk ? current.imageFilePk : null,
    ]);
    return updated;
  });
  await removeObjects(storage, replacedKeys);
  return toSpeechChallenge(row);
}

/**
 * Deletes the challenge with its files, its recordings, its result sets and its feedback, and
 * all their audio (rows in one transaction, objects after it). Result sets are those of the
 * challenge and those holding only its recordings.
 */
export async function deleteSpeechChallenge(db: Db, storage: Storage, caller: Principal, id: string): Promise<void> {
  const existing = await speechChallengeInScope(db, caller, id);
  const keys = await db.$transaction(async (tx) => {
    await lockSpeechChallenge(tx, existing.pk, "update");
    const current = await tx.speechChallenge.findUnique({
      where: { pk: existing.pk },
      select: { referenceAudioFilePk: true, srtFilePk: true, imageFilePk: true },
    });
    if (!current) throw notFound("Speech challenge");
    const pk = existing.pk;
    const recordings = await tx.speechRecording.findMany({
      where: { challengePk: pk },
      select: { audioFilePk: true, resultSetPk: true },
    });
    const setPks = new Set(
      (await tx.resultSet.findMany({ where: { challengePk: pk }, select: { pk: true } })).map((s) => s.pk),
    );
    // A result set without a challenge of its own goes too when every recording in it is this challenge's.
    const recordingSets = [...new Set(recordings.map((r) => r.resultSetPk))].filter((s) => !setPks.has(s));
    if (recordingSets.length) {
      const shared = await tx.speechRecording.findMany({
        where: { resultSetPk: { in: recordingSets }, challengePk: { not: pk } },
        select: { resultSetPk: true },
      });
      const keep = new Set(shared.map((r) => r.resultSetPk));
      for (const s of recordingSets) if (!keep.has(s)) setPks.add(s);
    }
    const sets = [...setPks];
    await refuseWhenAnnotated(tx, pk, sets);
    const setRows = await tx.resultSet.findMany({
      where: { pk: { in: sets } },
      select: { combinedFilePk: true, combinedPeaksPk: true },
    });
    // Recordings and feedback in those sets are deleted with them (cascade); their audio goes here.
    const setRecordings = sets.length
      ? await tx.speechRecording.findMany({ where: { resultSetPk: { in: sets } }, select: { audioFilePk: true } })
      : [];
    const feedback = await tx.feedback.findMany({
      where: { OR: [{ challengePk: pk }, ...(sets.length ? [{ resultSetPk: { in: sets } }] : [])] },
      select: { audioFilePk: true },
    });
    const removed = await deleteFiles(tx, [
      current.referenceAudioFilePk,
      current.srtFilePk,
      current.imageFilePk,
      ...recordings.map((r) => r.audioFilePk),
      ...setRecordings.map((r) => r.audioFilePk),
      ...setRows.flatMap((s) => [s.combinedFilePk, s.combinedPeaksPk]),
      ...feedback.map((f) => f.audioFilePk),
    ]);
    await tx.feedback.deleteMany({
      where: { OR: [{ challengePk: pk }, ...(sets.length ? [{ resultSetPk: { in: sets } }] : [])] },
    });
    await tx.speechRecording.deleteMany({
      where: { OR: [{ challengePk: pk }, ...(sets.length ? [{ resultSetPk: { in: sets } }] : [])] },
    });
    if (sets.length) await tx.resultSet.deleteMany({ where: { pk: { in: sets } } });
    await tx.speechChallenge.delete({ where: { pk } });
    return removed;
  });
  await removeObjects(storage, keys);
}

/** Annotators' work is never deleted as a side effect: recordings with annotations keep their challenge (409). */
async function refuseWhenAnnotated(tx: Tx, challengePk: string, resultSetPks: string[]): Promise<void> {
  const recording = { OR: [{ challengePk }, ...(resultSetPks.length ? [{ resultSetPk: { in: resultSetPks } }] : [])] };
  const [annotations, references] = await Promise.all([
    tx.annotation.count({ where: { recording } }),
    tx.referenceAnnotation.count({ where: { recording } }),
  ]);
  if (annotations + references > 0) {
    throw conflict(
      `Recordings of this challenge carry ${annotations} annotation(s) and ${references} reference annotation(s): export them, then remove those recordings from their assignments, before deleting the challenge`,
    );
  }
}
