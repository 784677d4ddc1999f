// The prefixes of request temp directories under $DATA_DIR/tmp (temp-dirs.ts sweeps them after a
// crash). Imports nothing, so a worker-pool task bundle can use it too.

/** An audio worker's scratch copy of an upload held in memory (lib/audio/pool/ingest-task.ts). */
export const INGEST_SCRATCH_PREFIX = "ingest-";

export const TEMP_DIR_PREFIXES = [
  "upload-",
  "json-upload-",
  "combine-",
  "peaks-",
  "attempt-",
  "ws-",
  INGEST_SCRATCH_PREFIX,
] as const;

export type TempDirPrefix = (typeof TEMP_DIR_PREFIXES)[number];
