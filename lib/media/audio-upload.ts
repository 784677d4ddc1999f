import path from "node:path";
import type { UploadedFile } from "@/lib/api/body";
import { ApiError } from "@/lib/api/errors";
import { type IngestResult, InvalidAudioError } from "@/lib/audio/ingest";
import type { StoredPut } from "@/lib/audio/pool/ingest-task";
import { ingestInPool } from "@/lib/audio/pool/run-ingest";
import { config } from "@/lib/config";
import type { Tx } from "@/lib/db/client";
import { observeUpload } from "@/lib/metrics/hooks";
import type { FilesystemStorage, Storage } from "@/lib/storage/storage";
import type { StoredFileData, StoredFileInput } from "@/lib/storage/stored-files";
import { PoolBusyError } from "@/lib/workers/pool";

// An uploaded audio part on its way to storage: validated and analysed first (422 on
// its field when it is not Ogg Opus or WAV), then stored as three files — the original
// unchanged, its normalised mono Ogg Opus segment and its waveform peaks — whose rows
// are created together with the resource that refers to them.

export type AnalysedAudio = { result: IngestResult; files: (ns: string) => StoredFileInput[] };

/**
 * `storeIn`: the storage the caller's withStoredFiles will use right after. A filesystem storage's
 * files are then stored by the audio worker as soon as it has made them (the rows still come from
 * withStoredFiles, which removes the files again if the rows cannot be written).
 */
export async function analyseAudio(upload: UploadedFile, resource: string, storeIn?: Storage): Promise<AnalysedAudio> {
  const base = path.join(path.dirname(upload.path), `${path.basename(upload.path)}-`);
  const out = { normalisedPath: `${base}normalised.ogg`, peaksPath: `${base}peaks.dat` };
  let result: IngestResult;
  let stored: StoredPut[] = [];
  const started = performance.now();
  try {
    const store = localDataDir(storeIn);
    ({ result, stored = [] } = await ingestInPool(upload.path, out, store));
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
      throw new ApiError("service_unavailable", `Every audio worker is busy; retry in ${wait} s`, undefined, {
        "Retry-After": String(wait),
      });
    }
    throw error;
  }
  const { info, normalised } = result;
  return {
    result,
    files: (ns) => [
      {
        sourcePath: upload.path,
        ns,
        kind: "audio",
        contentType: info.contentType,
        sha256: info.sha256,
        size: info.size,
        audio: info,
        stored: stored[0] ?? undefined,
      },
      {
        sourcePath: out.normalisedPath,
        ns,
        kind: "audio-normalised",
        contentType: "audio/ogg",
        audio: {
          format: "ogg-opus",
          sampleRate: normalised.sampleRate,
          channels: 1,
          durationMs: normalised.durationMs,
        },
        stored: stored[1] ?? undefined,
      },
      {
        sourcePath: out.peaksPath,
        ns,
        kind: "audio-peaks",
        contentType: "application/octet-stream",
        stored: stored[2] ?? undefined,
      },
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
 * (foreign keys are checked at its end); returns the original's pk.
 */
export async function createAudioRows(tx: Tx, [original, normalised, peaks]: StoredFileData[]): Promise<string> {
  await tx.storedFile.createMany({
    data: [normalised!, peaks!, { ...original!, normalisedPk: normalised!.pk, peaksPk: peaks!.pk }],
  });
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
