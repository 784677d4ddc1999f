import { createHash, randomUUID } from "node:crypto";
import fsp, { type FileHandle } from "node:fs/promises";
import { type Readable, Transform } from "node:stream";

// The storage interface, its errors and key rules, shared by both backends.
// Import from "@/lib/storage/storage", which re-exports this and picks the backend.

/** An inclusive byte range, as in HTTP's `Range: bytes=start-end`. */
export type ByteRange = { start: number; end: number };

/** What a put measured while copying: the stored object's size and SHA-256 (hex). */
export type PutResult = { size: number; sha256: string };

export type StoredObject = { key: string; size: number; modified: Date };

export interface Storage {
  readonly kind: "filesystem" | "s3";
  /** Stores the file at `sourcePath` under `key` atomically: never a partial object under the real key. Replaces an existing object. */
  putFile(key: string, sourcePath: string, contentType: string): Promise<PutResult>;
  /** Like putFile, from bytes in memory (a small file a worker thread made: lib/media/audio-upload.ts). */
  putBytes(key: string, bytes: Uint8Array, contentType: string): Promise<PutResult>;
  /** Like putFile, from a stream (consumed to its end; if it fails, nothing is stored under `key`). */
  putStream(key: string, source: Readable, contentType: string): Promise<PutResult>;
  /**
   * A stream of the whole object or of an inclusive byte range; `end` past the last byte is
   * clamped. Throws StorageNotFoundError when the key is absent and StorageRangeError when
   * `start` lies beyond the object. Consume or destroy the stream (an S3 stream holds a connection).
   */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Copies the object to a local path (for processing); throws StorageNotFoundError when absent. */
  download(key: string, targetPath: string): Promise<void>;
  stat(key: string): Promise<{ size: number; modified: Date } | null>;
  /** Idempotent: deleting an absent key succeeds. */
  delete(key: string): Promise<void>;
  /** Every stored object whose key starts with `prefix` (default: all, `files/`), in no particular order. */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /**
   * Removes what interrupted puts left behind, older than `olderThanMs`: temp files of the
   * filesystem backend, unfinished multipart uploads in S3. Returns how many it removed.
   */
  cleanupIncomplete(olderThanMs: number): Promise<number>;
  health(): Promise<{ ok: boolean; kind: Storage["kind"]; message?: string }>;
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Stored object not found: ${key}`);
    this.name = "StorageNotFoundError";
  }
}

export class StorageRangeError extends Error {
  constructor(
    readonly key: string,
    readonly range: ByteRange,
  ) {
    super(`Range ${range.start}-${range.end} is not satisfiable for ${key}`);
    this.name = "StorageRangeError";
  }
}

/** Every key lives under this prefix: a shared bucket's other objects are never listed or swept. */
export const KEY_ROOT = "files/";

// Segments start with a letter, digit, '-' or '_': no '.', '..' or hidden names (the
// filesystem backend's `.tmp` cannot be addressed), no absolute paths, no backslashes.
const KEY = /^files(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}){1,8}$/;

/**
 * A new key, `files/ab/cd/<uuid>`: the fan-out directories keep directory listings small. With
 * `besideKey`, in that key's directory (files stored together then share one directory sync).
 */
export function newStorageKey(besideKey?: string): string {
  const id = randomUUID();
  const dir = besideKey
    ? besideKey.slice(0, besideKey.lastIndexOf("/") + 1)
    : `${KEY_ROOT}${id.slice(0, 2)}/${id.slice(2, 4)}/`;
  return `${dir}${id}`;
}

export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

export function assertPrefix(prefix: string): void {
  if (!prefix.startsWith(KEY_ROOT) || prefix.includes("..") || prefix.includes("\\")) {
    throw new Error(`Invalid storage prefix: ${JSON.stringify(prefix)} (must start with ${KEY_ROOT})`);
  }
}

export function assertRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range ${start}-${end}`);
  }
}

/** A pass-through that measures what flows through it: read `result()` after it ends. */
export function measuring(): { stream: Transform; result: () => PutResult } {
  const hash = createHash("sha256");
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  let digest: string | undefined;
  return { stream, result: () => ({ size, sha256: (digest ??= hash.digest("hex")) }) };
}

/** Size and SHA-256 of bytes about to be put. */
export const bytesResult = (bytes: Uint8Array): PutResult => ({
  size: bytes.length,
  sha256: createHash("sha256").update(bytes).digest("hex"),
});

/** Files up to this size are put from one buffer; larger ones are streamed. */
export const WHOLE_FILE_BYTES = 1 << 20;

/**
 * The source of a put: a small file (an answer and its peaks) read whole, whose put then costs one
 * write or request instead of a stream pipeline (more event-loop work than its bytes), or the open
 * handle of a larger one to stream from. Fails before anything is written when the file is absent.
 */
export async function openPutSource(
  sourcePath: string,
): Promise<{ bytes: Buffer; result: PutResult } | { handle: FileHandle }> {
  const handle = await fsp.open(sourcePath, "r");
  try {
    if ((await handle.stat()).size > WHOLE_FILE_BYTES) return { handle };
    const bytes = await handle.readFile();
    await handle.close();
    return { bytes, result: bytesResult(bytes) };
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}
