import fs from "node:fs";
import fsp from "node:fs/promises";
import { pipeline as pipe, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { StorageConfig } from "@/lib/config";
import {
  assertKey,
  assertPrefix,
  assertRange,
  type ByteRange,
  bytesResult,
  KEY_ROOT,
  measuring,
  openPutSource,
  type PutResult,
  type Storage,
  StorageNotFoundError,
  StorageRangeError,
  type StoredObject,
} from "./core";
import { S3SmallPut } from "./s3-small-put";

export type S3Settings = Omit<Extract<StorageConfig, { kind: "s3" }>, "kind">;

export type S3Tuning = {
  /** Multipart part size; at most partSize × queueSize bytes are buffered per upload. */
  partSize?: number;
  queueSize?: number;
  /** ListObjectsV2 page size (S3's maximum is 1000). */
  listPageSize?: number;
  /** How long health() waits for the bucket. */
  healthTimeoutMs?: number;
};

/**
 * Objects in an S3-compatible bucket under the `files/` prefix. A PUT (or a completed multipart
 * upload) is atomic: a failed upload leaves no object under the key, and lib-storage aborts its
 * multipart upload. Reads stream the response body; ranges use GetObject's Range header.
 */
export class S3Storage implements Storage {
  readonly kind = "s3" as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly tuning: Required<S3Tuning>;
  private readonly smallPut: S3SmallPut;

  constructor(settings: S3Settings, tuning: S3Tuning = {}) {
    this.bucket = settings.bucket;
    this.tuning = { partSize: 8 * 1024 * 1024, queueSize: 4, listPageSize: 1000, healthTimeoutMs: 5000, ...tuning };
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // S3-compatible servers often reject (or store verbatim) the SDK's default streaming
      // checksums (aws-chunked bodies with trailers); send checksums only where S3 requires them.
      ...(settings.endpoint
        ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" }
        : {}),
    });
    this.smallPut = new S3SmallPut(this.client, this.bucket, settings);
  }

  async putFile(key: string, sourcePath: string, contentType: string): Promise<PutResult> {
    assertKey(key);
    const source = await openPutSource(sourcePath);
    if ("handle" in source) return this.putStream(key, source.handle.createReadStream(), contentType);
    return this.putWhole(key, source.bytes, source.result, contentType);
  }

  async putBytes(key: string, bytes: Uint8Array, contentType: string): Promise<PutResult> {
    assertKey(key);
    return this.putWhole(key, bytes, bytesResult(bytes), contentType);
  }

  private async putWhole(key: string, bytes: Uint8Array, result: PutResult, contentType: string) {
    if (!(await this.smallPut.put(key, bytes, result.sha256, contentType)))
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    return result;
  }

  async putStream(key: string, source: Readable, contentType: string): Promise<PutResult> {
    try {
      assertKey(key);
    } catch (error) {
      source.destroy();
      throw error;
    }
    const measure = measuring();
    // A failing source destroys the measuring stream too, which fails the upload.
    let sourceError: Error | undefined;
    source.once("error", (error) => (sourceError ??= error));
    const body = pipe(source, measure.stream, () => {});
    try {
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
        partSize: this.tuning.partSize,
        queueSize: this.tuning.queueSize,
        leavePartsOnError: false,
      });
      await upload.done();
      return measure.result();
    } catch (error) {
      source.destroy();
      body.destroy();
      // lib-storage reports a failed abort of the multipart upload instead of the cause.
      throw sourceError ?? error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertKey(key);
    if (range) assertRange(range);
    try {
      const response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return response.Body as Readable;
    } catch (error) {
      if (status(error) === 404) throw new StorageNotFoundError(key);
      if (status(error) === 416 && range) throw new StorageRangeError(key, range);
      throw error;
    }
  }

  async download(key: string, targetPath: string): Promise<void> {
    const source = await this.read(key);
    try {
      await pipeline(source, fs.createWriteStream(targetPath));
    } catch (error) {
      await fsp.rm(targetPath, { force: true }).catch(() => {});
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number; modified: Date } | null> {
    assertKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (status(error) === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (status(error) !== 404) throw error;
    }
  }

  async *list(prefix: string = KEY_ROOT): AsyncIterable<StoredObject> {
    assertPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          MaxKeys: this.tuning.listPageSize,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined) continue;
        yield { key: object.Key, size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Aborts multipart uploads under `files/` started before the cutoff (a lifecycle rule is the usual complement). */
  async cleanupIncomplete(olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            Prefix: KEY_ROOT,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated.getTime() >= cutoff) continue;
          await this.client.send(
            new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }),
          );
          removed++;
        }
        [keyMarker, uploadIdMarker] = page.IsTruncated
          ? [page.NextKeyMarker, page.NextUploadIdMarker]
          : [undefined, undefined];
      } while (keyMarker);
    } catch (error) {
      if (status(error) === 501) return removed; // the server does not list uploads (s3rver)
      throw error;
    }
    return removed;
  }

  async health(): Promise<{ ok: boolean; kind: "s3"; message?: string }> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
        abortSignal: AbortSignal.timeout(this.tuning.healthTimeoutMs),
      });
      return { ok: true, kind: this.kind };
    } catch (error) {
      const code = status(error);
      const reason =
        code === 404
          ? "bucket not found"
          : code === 403
            ? "access denied"
            : (error as Error).message || (error as Error).name;
      return {
        ok: false,
        kind: this.kind,
        message: `bucket ${this.bucket}: ${reason}${code ? ` (HTTP ${code})` : ""}`,
      };
    }
  }
}

function status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}
