import path from "node:path";
import type { UploadedFile } from "@/lib/api/body";
import { ApiError } from "@/lib/api/errors";
import { audioFilePaths, type IngestResult, InvalidAudioError } from "@/lib/audio/ingest";
import type { StoredPut } from "@/lib/audio/pool/ingest-task";
import { ingestBytesInPool, ingestInPool } from "@/lib/audio/pool/run-ingest";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/sqlite/client";
import { observeUpload } from "@/lib/metrics/hooks";
import type { FilesystemStorage, Storage } from "@/lib/storage/storage";
import type { StoredFileData, StoredFileInput } from "@/lib/storage/stored-files";
import { requestTmpDir } from "@/lib/storage/temp-dirs";

// An uploaded audio part on its way to storage: validated and analysed first (422 on
// its field when it is not Ogg Opus or WAV), then stored as three files — the original
// unchanged, its normalised mono Ogg Opus segment and its waveform peaks — whose rows
// are created together with the resource that refers to them. An upload that is already such a
// segment (opus-passthrough.ts) is stored once, as one file: its row is its own normalised
// segment, and its peaks are made when first asked for (lib/downloads/peaks.ts).

export type AnalysedAudio = {
  result: IngestResult;
  /** The files to store, in createAudioRows() order: the original, then (unless the original is its own segment) the normalised segment and the peaks. */
  files: (ns: string) => StoredFileInput[];
};

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
    // A full pool (PoolBusyError) reaches the caller as 503 with Retry-After (lib/api/error-response.ts).
    throw error;
  }
  return analysed;
}

/** An upload held in memory, handed to the worker as it is; null when it must be a file after all. */
async function fromMemory(bytes: Buffer, store: { dataDir: string } | undefined) {
  const done = await ingestBytesInPool(bytes, requestTmpDir(), store);
  if (!done) return null;
  if ("made" in done) {
    const { normalised, peaks } = done.made;
    return withFiles(done.result, [
      { bytes },
      ...(normalised && peaks ? [{ bytes: normalised }, { bytes: peaks }] : []),
    ]);
  }
  const sources = done.stored.map((stored) => {
    if (!stored) throw new Error("internal error: an audio file was neither stored nor kept");
    return { stored };
  });
  return withFiles(done.result, sources);
}

/** The upload as a file: analysed beside it; the worker stores what it can (`store`), the caller the rest. */
async function fromFile(upload: UploadedFile, store: { dataDir: string } | undefined) {
  const source = await upload.onDisk();
  const base = path.join(path.dirname(source), `${path.basename(source)}-`);
  const out = { normalisedPath: `${base}normalised.ogg`, peaksPath: `${base}peaks.dat` };
  const { result, stored = [] } = await ingestInPool(source, out, store);
  const paths = audioFilePaths(result, source, out);
  return withFiles(
    result,
    paths.map((sourcePath, i): FileSource => (stored[i] ? { stored: stored[i] } : { sourcePath })),
  );
}

/** Where one of the files is: stored already, in a local file, or in memory. */
type FileSource = { stored: NonNullable<StoredPut> } | { sourcePath: string } | { bytes: Uint8Array };

/** The files' inputs (audioFilePaths() order: original, then normalised segment and peaks unless the original is its segment), from where each is. */
function withFiles(result: IngestResult, sources: FileSource[]): AnalysedAudio {
  const { info, normalised } = result;
  const original = sources[0]!;
  const segment = result.segmentIsOriginal ? null : sources[1]!;
  const peaks = result.segmentIsOriginal ? null : sources[2]!;
  if (sources.length !== (segment ? 3 : 1)) throw new Error("internal error: an upload's files do not match its audio");
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
      ...(segment
        ? [
            {
              ...segment,
              ns,
              kind: "audio-normalised",
              contentType: "audio/ogg",
              audio: {
                format: "ogg-opus" as const,
                sampleRate: normalised.sampleRate,
                channels: 1,
                durationMs: normalised.durationMs,
              },
            },
          ]
        : []),
      ...(peaks ? [{ ...peaks, ns, kind: "audio-peaks", contentType: "application/octet-stream" }] : []),
    ],
  };
}

/** A filesystem storage's data directory (by its kind: Next's bundles may each hold their own class). */
function localDataDir(storage: Storage | undefined): { dataDir: string } | undefined {
  if (storage?.kind !== "filesystem") return undefined;
  return { dataDir: (storage as FilesystemStorage).dataDir };
}

/**
 * Creates the rows of one analysed upload (its files in `files()` order: [original, normalised,
 * peaks], or [original] when the original is its own normalised segment, whose peaks are made
 * when first asked for; older rows may also be [original, peaks]) in one statement (foreign keys
 * are checked at its end); returns the original's pk. A raw statement, as the answer's other
 * inserts (lib/recordings/insert-recording.ts says why).
 */
export async function createAudioRows(tx: Tx, files: StoredFileData[]): Promise<string> {
  const rows = audioFileRows(files);
  const now = new Date();
  const values = rows.map(
    (r) =>
      Prisma.sql`(${r.pk}, ${r.ns}, ${r.kind}, ${r.contentType}, ${r.size}, ${r.sha256}, ${r.storageKey}, ${r.format}, ${r.sampleRate}, ${r.channels}, ${r.durationMs}, ${r.normalisedPk}, ${r.peaksPk}, ${now})`,
  );
  await tx.$executeRaw`INSERT INTO "StoredFile" ("pk", "ns", "kind", "contentType", "size", "sha256", "storageKey", "format", "sampleRate", "channels", "durationMs", "normalisedPk", "peaksPk", "created") VALUES ${Prisma.join(values)}`;
  return rows.at(-1)!.pk;
}

/** The rows of one analysed upload's files (createAudioRows() order in, the original last out, naming its segment and peaks). */
export function audioFileRows(files: StoredFileData[]) {
  if (files.length < 1 || files.length > 3) throw new Error(`internal error: ${files.length} files for one audio`);
  const original = files[0]!;
  const normalised = files.length === 3 ? files[1]! : null;
  const peaks = files.length > 1 ? files.at(-1)! : null;
  return [
    ...(normalised ? [{ ...normalised, normalisedPk: null, peaksPk: null }] : []),
    ...(peaks ? [{ ...peaks, normalisedPk: null, peaksPk: null }] : []),
    { ...original, normalisedPk: normalised?.pk ?? original.pk, peaksPk: peaks?.pk ?? null },
  ];
}

/** The rows of several analysed uploads, given together to withStoredFiles, split per upload. */
export function rowsPerAudio<T>(analysed: AnalysedAudio[], rows: T[]): T[][] {
  let at = 0;
  return analysed.map((a) => rows.slice(at, (at += a.result.segmentIsOriginal ? 1 : 3)));
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
