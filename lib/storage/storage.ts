import { type Config, config } from "@/lib/config";
import type { Storage } from "./core";
import { FilesystemStorage } from "./filesystem";
import { S3Storage } from "./s3";

// One small interface for stored files, with two backends: the local filesystem under
// DATA_DIR (lib/storage/filesystem.ts) and an S3-compatible bucket (lib/storage/s3.ts),
// chosen by the STORAGE setting. Keys are opaque to callers; newStorageKey() makes them.
// Rows that point at stored files are written through lib/storage/stored-files.ts.
export * from "./core";
export { FilesystemStorage } from "./filesystem";
export { S3Storage } from "./s3";

/** The backend for a configuration. */
export function createStorage(cfg: Pick<Config, "dataDir" | "storage">): Storage {
  return cfg.storage.kind === "s3" ? new S3Storage(cfg.storage) : new FilesystemStorage(cfg.dataDir);
}

const globalForStorage = globalThis as unknown as { storage?: Storage };

/** The configured storage, created once per process. */
export function storage(): Storage {
  globalForStorage.storage ??= createStorage(config());
  return globalForStorage.storage;
}
