import path from "node:path";
import type { UploadedFile } from "@/lib/api/body";
import { ApiError } from "@/lib/api/errors";
import { type IngestResult, InvalidAudioError } from "@/lib/audio/ingest";
import type { StoredPut } from "@/lib/audio/pool/ingest-task";
import { ingestBytesInPool, ingestInPool } from "@/lib/audio/pool/run-ingest";
import { config } from "@/lib/config";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/sqlite/client";
import { observeUpload } from "@/lib/metrics/hooks";
import { busyMessage } from "@/lib/server/upload-line.mjs";
import type { FilesystemStorage, Storage } from "@/lib/storage/storage";
import type { StoredFileData, StoredFileInput } from "@/lib/storage/stored-files";
import { requestTmpDir } from "@/lib/storage/temp-dirs";
import { PoolBusyError } from "@/lib/workers/pool";

// An uploaded audio part on its way to storage: validated and analysed first (422 on
// its field when it is not Ogg Opus or WAV), then stored as three files — the original
// unchanged, its normalised mono Ogg Opus segment and its waveform peaks — whose rows
// are created together with the resource that refers to them.

export type AnalysedAudio = { result: IngestResult; files: (ns: string) => StoredFileInput[] };

/**
 * `storeIn`: the storage the caller's withStoredFiles will use right after. An upload held in
 * memory then goes to the audio worker as it is, and never becomes a file of this thread's: a
 * filesystem storage's files are stored by the worker as soon as it has made them, another
 * storage's (S3) come back from it as bytes to put. Either way the rows still come from
 * withStoredFiles, which removes the files again if the rows cannot be written.
 */
export async function analyseAudio(upload: UploadedFile, resource: string, storeIn?: Storage): Promise<AnalysedAudio> {
  const started = performance.now();
  let analysed: AnalysedAudio;
  try {
    const store = localDataDir(storeIn);
    const inMemory = upload.bytes && storeIn ? await fromMemory(upload.bytes, store) : null;
    analysed = inMemory ?? (await fromFile(upload, store));
    observeUpload(upload.size, (performance.now() - started) / 1000, true);
  } catch (error) {
    if (error instanceof InvalidAudioError) {
      observeUpload(upload.size, 0, false);
      throw new ApiError("validation", `${upload.field} is not valid Ogg Opus or WAV audio: ${error.message}`, [
        { resource, field: upload.field, code: "invalid", message: error.message },
      ]);
    }
    if (error instanceof PoolBusyError) {
      // Nothing is stored yet: the caller sends the same request again later.
      const wait = config().workerPoolRetryAfterSeconds;
      throw new ApiError("service_unavailable", busyMessage(wait), undefined, {
        "Retry-After": String(wait),
      });
    }
    throw error;
  }
  return analysed;
}

/** An upload held in memory, handed to the worker as it is; null when it must be a file after all. */
async function fromMemory(bytes: Buffer, store: { dataDir: string } | undefined) {
  const done = await ingestBytesInPool(bytes, requestTmpDir(), store);
  if (!done) return null;
  if ("made" in done)
    return withFiles(done.result, [{ bytes }, { bytes: done.made.normalised }, { bytes: done.made.peaks }]);
  const [original, segment, peaks] = done.stored.map((stored) => {
    if (!stored) throw new Error("internal error: an audio file was neither stored nor kept");
    return { stored };
  });
  return withFiles(done.result, [original!, segment!, peaks!]);
}

/** The upload as a file: analysed beside it; the worker stores what it can (`store`), the caller the rest. */
async function fromFile(upload: UploadedFile, store: { dataDir: string } | undefined) {
  const source = await upload.onDisk();
  const base = path.join(path.dirname(source), `${path.basename(source)}-`);
  const out = { normalisedPath: `${base}normalised.ogg`, peaksPath: `${base}peaks.dat` };
  const { result, stored = [] } = await ingestInPool(source, out, store);
  const from = (i: number, sourcePath: string): FileSource => (stored[i] ? { stored: stored[i] } : { sourcePath });
  return withFiles(result, [from(0, source), from(1, out.normalisedPath), from(2, out.peaksPath)]);
}

/** Where one of the three files is: stored already, in a local file, or in memory. */
type FileSource = { stored: NonNullable<StoredPut> } | { sourcePath: string } | { bytes: Uint8Array };

/** The three files' inputs (original, normalised segment, peaks), from where each is. */
function withFiles(result: IngestResult, [original, segment, peaks]: [FileSource, FileSource, FileSource]) {
  const { info, normalised } = result;
  return {
    result,
    files: (ns: string): StoredFileInput[] => [
      {
        ...original,
        ns,
        kind: "audio",
        contentType: info.contentType,
        sha256: info.sha256,
        size: info.size,
        audio: info,
      },
      {
        ...segment,
        ns,
        kind: "audio-normalised",
        contentType: "audio/ogg",
        audio: {
          format: "ogg-opus",
          sampleRate: normalised.sampleRate,
          channels: 1,
          durationMs: normalised.durationMs,
        },
      },
      { ...peaks, ns, kind: "audio-peaks", contentType: "application/octet-stream" },
    ],
  };
}

/** A filesystem storage's data directory (by its kind: Next's bundles may each hold their own class). */
function localDataDir(storage: Storage | undefined): { dataDir: string } | undefined {
  if (storage?.kind !== "filesystem") return undefined;
  return { dataDir: (storage as FilesystemStorage).dataDir };
}

/**
 * Creates the rows of one analysed upload (the three files in `files()` order) in one statement
 * (foreign keys are checked at its end); returns the original's pk. A raw statement, as the
 * answer's other inserts (lib/recordings/insert-recording.ts says why).
 */
export async function createAudioRows(tx: Tx, [original, normalised, peaks]: StoredFileData[]): Promise<string> {
  const now = new Date();
  const rows = [
    { ...normalised!, normalisedPk: null, peaksPk: null },
    { ...peaks!, normalisedPk: null, peaksPk: null },
    { ...original!, normalisedPk: normalised!.pk, peaksPk: peaks!.pk },
  ];
  const values = rows.map(
    (r) =>
      Prisma.sql`(${r.pk}, ${r.ns}, ${r.kind}, ${r.contentType}, ${r.size}, ${r.sha256}, ${r.storageKey}, ${r.format}, ${r.sampleRate}, ${r.channels}, ${r.durationMs}, ${r.normalisedPk}, ${r.peaksPk}, ${now})`,
  );
  await tx.$executeRaw`INSERT INTO "StoredFile" ("pk", "ns", "kind", "contentType", "size", "sha256", "storageKey", "format", "sampleRate", "channels", "durationMs", "normalisedPk", "peaksPk", "created") VALUES ${Prisma.join(values)}`;
  return original!.pk;
}

/** The one required audio part of a request, or a 422 naming the field. */
export function requireFile(files: Record<string, UploadedFile[]>, field: string, resource: string): UploadedFile {
  const file = files[field]?.[0];
  if (!file)
    throw new ApiError("validation", `${field} is required (a file part)`, [
      { resource, field, code: "missing_field" },
    ]);
  return file;
}
