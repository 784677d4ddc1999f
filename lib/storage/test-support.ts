import crypto, { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import S3rver from "s3rver";

// Helpers for the storage tests (not used by the app).

/** The credentials s3rver accepts (it checks the access key id; SigV4 signatures it does not verify). */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** An S3-protocol server in this process on 127.0.0.1, on a free port, storing in a temp directory. */
export async function startS3rver(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  allowS3rverContinuationTokens();
  const directory = await fsp.mkdtemp(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
  fixS3rverRangeEndZero(server);
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      await fsp.rm(directory, { recursive: true, force: true });
    },
  };
}

export async function tempDir(prefix = "storage-test-"): Promise<string> {
  return fsp.mkdtemp(path.join(os.tmpdir(), prefix));
}

/** Runs `body` in a fresh temp directory, removed afterwards. */
export async function inTempDir(body: (dir: string) => Promise<void>, prefix?: string): Promise<void> {
  const dir = await tempDir(prefix);
  try {
    await body(dir);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/** Every key a storage lists, sorted. */
export async function listedKeys(storage: { list(): AsyncIterable<{ key: string }> }): Promise<string[]> {
  const found: string[] = [];
  for await (const object of storage.list()) found.push(object.key);
  return found.sort();
}

// s3rver 3.7.1 bugs worked around here (real S3 has neither):
//
// 1. ListObjectsV2 continuation tokens are encrypted with DES, which OpenSSL 3 (Node 17+) no longer
//    provides: every truncated listing fails with HTTP 500. The token only has to be opaque and
//    round-trip, so in this test process 'des' is served by AES-128-CTR (any length, same IV idea).
let desShimmed = false;
function allowS3rverContinuationTokens(): void {
  if (desShimmed) return;
  desShimmed = true;
  const widen = (b: crypto.BinaryLike | crypto.KeyObject | null) =>
    Buffer.concat([Buffer.from(b as Buffer), Buffer.from(b as Buffer)]);
  const { createCipheriv, createDecipheriv } = crypto;
  const shim = (real: typeof createCipheriv | typeof createDecipheriv) =>
    function (
      this: unknown,
      algorithm: string,
      key: crypto.CipherKey,
      iv: crypto.BinaryLike | null,
      options?: unknown,
    ) {
      if (algorithm === "des") return real("aes-128-ctr", widen(key), widen(iv));
      return (real as (...args: unknown[]) => unknown).call(crypto, algorithm, key, iv, options);
    };
  Object.assign(crypto, { createCipheriv: shim(createCipheriv), createDecipheriv: shim(createDecipheriv) });
}

// 2. `Range: bytes=0-0` returns the whole object (`options.end || Infinity` treats 0 as absent).
//    A Number object is truthy and still compares as 0.
function fixS3rverRangeEndZero(server: S3rver): void {
  const store = (
    server as unknown as {
      store: { getObject: (b: string, k: string, o?: { start?: number; end?: unknown }) => unknown };
    }
  ).store;
  const getObject = store.getObject.bind(store);
  store.getObject = (bucket, key, options) =>
    getObject(bucket, key, options?.end === 0 ? { ...options, end: new Number(0) } : options);
}

/** Writes `size` random bytes to `file` in 1 MiB chunks (never holding the whole file) and returns its SHA-256. */
export async function writeRandomFile(file: string, size: number): Promise<string> {
  const hash = createHash("sha256");
  const chunk = 1024 * 1024;
  async function* chunks() {
    for (let left = size; left > 0; left -= chunk) {
      const data = randomBytes(Math.min(chunk, left));
      hash.update(data);
      yield data;
    }
  }
  await pipeline(Readable.from(chunks()), fs.createWriteStream(file));
  return hash.digest("hex");
}

/** Consumes a stream, returning its SHA-256, length, chunk count and largest chunk. */
export async function digest(
  stream: NodeJS.ReadableStream,
): Promise<{ sha256: string; size: number; chunks: number; largestChunk: number }> {
  const hash = createHash("sha256");
  let size = 0;
  let chunks = 0;
  let largestChunk = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
    chunks++;
    largestChunk = Math.max(largestChunk, chunk.length);
  }
  return { sha256: hash.digest("hex"), size, chunks, largestChunk };
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
}

/** A stream that yields `bytes` and then fails, like a client that disconnects mid-upload. */
export function failingStream(bytes: number, chunk = 64 * 1024): Readable {
  async function* generate() {
    for (let sent = 0; sent < bytes; sent += chunk) {
      yield randomBytes(Math.min(chunk, bytes - sent));
      await new Promise((r) => setImmediate(r));
    }
    throw new Error("source failed mid-copy");
  }
  return Readable.from(generate());
}

export const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");
