import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { UploadedFile } from "@/lib/api/body";
import type { Tx } from "@/lib/db/client";
import { type AnalysedAudio, analyseAudio, createAudioRows, rowsPerAudio } from "@/lib/media/audio-upload";
import { audioFilePks, deleteFileRows } from "@/lib/media/file-rows";
import { analyseImage } from "@/lib/media/image-upload";
import { analyseSrt } from "@/lib/media/srt-upload";
import type { StoredFileData, StoredFileInput } from "@/lib/storage/stored-files";
import { passageSrt } from "./passage-srt";
import { SPEECH_CHALLENGE_RESOURCE } from "./schemas";

// The files of one write of a speech challenge: its reference recording (stored as the original,
// its normalised segment and its peaks), its SubRip transcription (uploaded, or generated from the
// typed passage) and its image.

export type Uploads = {
  audio?: AnalysedAudio;
  srt?: (ns: string) => StoredFileInput;
  image?: (ns: string) => StoredFileInput;
};

/** Validates every file part given before anything is stored (audio last: it is the slow one). */
export async function analyseUploads(files: Record<string, UploadedFile[]>): Promise<Uploads> {
  const srt = files.srt?.[0] ? await analyseSrt(files.srt[0], SPEECH_CHALLENGE_RESOURCE) : undefined;
  const image = files.image?.[0] ? await analyseImage(files.image[0], SPEECH_CHALLENGE_RESOURCE) : undefined;
  const audio = files.referenceAudio?.[0]
    ? await analyseAudio(files.referenceAudio[0], SPEECH_CHALLENGE_RESOURCE)
    : undefined;
  return { audio, srt, image };
}

/**
 * The SRT generated from a typed passage (estimated timings, see passage-srt.ts) as a temporary
 * file, stored like an uploaded one; call cleanup() once the write is over, whatever its outcome.
 */
export async function generatedSrt(
  sentences: readonly string[],
): Promise<{ srt: (ns: string) => StoredFileInput; cleanup: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "passage-srt-"));
  const file = path.join(dir, "passage.srt");
  await fs.writeFile(file, passageSrt(sentences), "utf8");
  return {
    srt: (ns) => ({ sourcePath: file, ns, kind: "srt", contentType: "application/x-subrip" }),
    cleanup: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

export function storedFileInputs(uploads: Uploads, ns: string): StoredFileInput[] {
  return [
    ...(uploads.audio?.files(ns) ?? []),
    ...(uploads.srt ? [uploads.srt(ns)] : []),
    ...(uploads.image ? [uploads.image(ns)] : []),
  ];
}

/** Creates the rows of the stored files (in storedFileInputs order); returns the new file pks by field. */
export async function createFileRows(tx: Tx, uploads: Uploads, rows: StoredFileData[]) {
  let next = 0;
  const out: { referenceAudioFilePk?: string; srtFilePk?: string; imageFilePk?: string } = {};
  if (uploads.audio) {
    const [files] = rowsPerAudio([uploads.audio], rows);
    out.referenceAudioFilePk = await createAudioRows(tx, files!);
    next = files!.length;
  }
  if (uploads.srt) out.srtFilePk = (await tx.storedFile.create({ data: rows[next++] })).pk;
  if (uploads.image) out.imageFilePk = (await tx.storedFile.create({ data: rows[next++] })).pk;
  return out;
}

/** The rows (audio originals with their normalised segments and peaks, and plain files) deleted; returns their storage keys. */
export async function deleteFiles(tx: Tx, pks: (string | null | undefined)[]): Promise<string[]> {
  return deleteFileRows(tx, await audioFilePks(tx, [...new Set(pks.filter((pk): pk is string => !!pk))]));
}
