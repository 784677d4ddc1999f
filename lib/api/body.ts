import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import Busboy from "busboy";
import { ApiError } from "./errors";
import { memoryShare, receivePart } from "./file-parts";
import { assertJsonTextDepth } from "./input-guards";

// Request bodies as plain objects: JSON as sent; form-encoded and multipart fields
// as strings, repeated names as lists in the order given; multipart files under a size limit,
// streamed to temporary files, except small ones, which are held in memory: a class's 3-second
// answers (15 KB) otherwise each cost a temp directory, a file written and read back, and their
// removal, each step a trip through libuv's thread pool that the event loop waits on.

export type UploadedFile = {
  field: string;
  filename: string;
  contentType: string;
  size: number;
  /** The part's bytes when it was small enough to be held in memory (IN_MEMORY_PART_BYTES), else null. */
  bytes: Buffer | null;
  /** The part as a file in the request's temp directory; a part held in memory is written there on the first call. */
  onDisk: () => Promise<string>;
};

export type FormFields = Record<string, string | string[]>;

export type ParsedBody =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "form"; fields: FormFields }
  | { kind: "multipart"; fields: FormFields; files: Record<string, UploadedFile[]>; cleanup: () => Promise<void> };

export type BodyLimits = { maxBodyBytes: number; maxUploadBytes: number; tmpDir?: string };

/** An upload that is already a file (a JSON body's base64 field, a websocket answer's audio). */
export function uploadedFileAt(
  filePath: string,
  part: { field: string; filename: string; contentType: string; size: number },
): UploadedFile {
  return { ...part, bytes: null, onDisk: async () => filePath };
}

/** The whole of an uploaded part. */
export async function readUpload(file: UploadedFile): Promise<Buffer> {
  return file.bytes ?? (await fs.readFile(await file.onDisk()));
}

const tooLarge = (limit: number) =>
  new ApiError("payload_too_large", `The request body exceeds the limit of ${limit} bytes`);

/** Multipart bodies: text parts (a repeated name is a list: bounded again by its schema) and file parts. */
export const MAX_TEXT_PARTS = 10_000;
export const MAX_FILE_PARTS = 100;
const tooManyParts = (what: string) =>
  new ApiError("payload_too_large", `The multipart body has more than ${what} parts`);

export async function parseBody(req: Request, limits: BodyLimits): Promise<ParsedBody> {
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (!req.body || declared === 0) return { kind: "none" };
  if (type.startsWith("multipart/form-data")) return parseMultipart(req, limits);
  if (Number.isFinite(declared) && declared > limits.maxBodyBytes) {
    await req.body.cancel().catch(() => {});
    throw tooLarge(limits.maxBodyBytes);
  }
  const bytes = await readBytes(req.body, limits.maxBodyBytes);
  const isJson = type.startsWith("application/json") || type.endsWith("+json");
  const text = isJson ? strictUtf8(bytes) : bytes.toString("utf8");
  if (text.trim() === "") return { kind: "none" };
  if (isJson) {
    assertJsonTextDepth(text);
    try {
      return { kind: "json", value: JSON.parse(text) };
    } catch {
      throw new ApiError("bad_request", "The request body is not valid JSON");
    }
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return { kind: "form", fields: collect(new URLSearchParams(text)) };
  }
  throw new ApiError(
    "unsupported_media_type",
    "Send application/json, application/x-www-form-urlencoded or multipart/form-data",
  );
}

/** Repeated names become lists, in the order given. */
export function collect(entries: Iterable<[string, string]>): FormFields {
  const out: FormFields = {};
  for (const [key, value] of entries) {
    const prev = out[key];
    if (prev === undefined) out[key] = value;
    else if (Array.isArray(prev)) prev.push(value);
    else out[key] = [prev, value];
  }
  return out;
}

/** JSON is UTF-8 (RFC 8259): bytes that are not are refused, not silently replaced. */
function strictUtf8(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ApiError("bad_request", "The request body is not valid UTF-8");
  }
}

async function readBytes(body: ReadableStream<Uint8Array>, limit: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    // A client that hangs up (or stalls until the server closes the connection) mid-body.
    const { done, value } = await reader.read().catch((error: Error) => {
      throw new ApiError("bad_request", `The request body could not be read: ${error.message}`);
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function parseMultipart(req: Request, limits: BodyLimits): Promise<ParsedBody> {
  const parent = limits.tmpDir ?? os.tmpdir();
  // Made when a part first needs a file: a request whose parts are all held in memory makes none.
  let dir: Promise<string> | undefined;
  const tempDir = () =>
    (dir ??= fs.mkdir(parent, { recursive: true }).then(() => fs.mkdtemp(path.join(parent, "upload-"))));
  // This request's share of the in-memory budget, given back by cleanup.
  const memory = memoryShare();
  const cleanup = async () => {
    memory.release();
    const made = await dir?.catch(() => undefined);
    if (made) await fs.rm(made, { recursive: true, force: true });
  };
  const fieldEntries: [string, string][] = [];
  const files: Record<string, UploadedFile[]> = {};
  const writes: Promise<void>[] = [];
  const fileStreams: NodeJS.ReadableStream[] = [];
  let failure: ApiError | undefined;
  let counter = 0;

  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: Object.fromEntries(req.headers),
      limits: {
        fileSize: limits.maxUploadBytes,
        fieldSize: limits.maxBodyBytes,
        fields: MAX_TEXT_PARTS,
        files: MAX_FILE_PARTS,
      },
    });
  } catch {
    await cleanup();
    throw new ApiError("bad_request", "The multipart body has no valid boundary");
  }

  // Past busboy's part limits the rest would be dropped without a word: refuse instead. The
  // text parts are held in memory, so together they get the limit of a whole form body.
  let textBytes = 0;
  busboy.on("fieldsLimit", () => (failure ??= tooManyParts(`${MAX_TEXT_PARTS} text`)));
  busboy.on("filesLimit", () => (failure ??= tooManyParts(`${MAX_FILE_PARTS} file`)));
  busboy.on("field", (name, value, info) => {
    textBytes += Buffer.byteLength(name ?? "") + Buffer.byteLength(value ?? "");
    if (info.valueTruncated || textBytes > limits.maxBodyBytes) failure ??= tooLarge(limits.maxBodyBytes);
    else fieldEntries.push([name, value]);
  });
  // Past a file's size limit the request is answered at once: nothing waits for the
  // rest of the body or for busboy to wind down (which, racing the end of the body,
  // could otherwise leave the request hanging).
  let onLimit: () => void = () => {};
  const limited = new Promise<"limit">((resolve) => (onLimit = () => resolve("limit")));
  busboy.on("file", (name, stream, info) => {
    const file = `${counter++}`;
    stream.on("limit", () => {
      failure ??= tooLarge(limits.maxUploadBytes);
      onLimit();
    });
    let onDisk: Promise<string> | undefined;
    // The slot is taken now, so repeated parts keep the order they arrived in.
    const part: UploadedFile = {
      field: name,
      filename: info.filename ?? "",
      contentType: info.mimeType ?? "application/octet-stream",
      size: 0,
      bytes: null,
      onDisk: () =>
        (onDisk ??= tempDir().then(async (d) => {
          const target = path.join(d, file);
          await fs.writeFile(target, part.bytes ?? Buffer.alloc(0));
          return target;
        })),
    };
    (files[name] ??= []).push(part);
    fileStreams.push(stream);
    const write = receivePart(stream, memory.hold, async () => path.join(await tempDir(), file)).then((received) => {
      part.size = received.size;
      part.bytes = received.bytes;
      if (received.path !== null) onDisk = Promise.resolve(received.path);
    });
    write.catch(() => {}); // awaited in the success path; after an abort only settled
    writes.push(write);
  });

  const source = Readable.fromWeb(req.body as never);
  const reading = (async () => {
    await pipeline(source, busboy);
    await Promise.all(writes);
  })();
  reading.catch(() => {}); // settled below, or abandoned after a limit
  const abort = async () => {
    // Deferred: busboy still touches the file stream right after emitting "limit".
    await new Promise((resolve) => setImmediate(resolve));
    source.destroy();
    busboy.destroy();
    for (const stream of fileStreams) (stream as unknown as { destroy: () => void }).destroy();
    // The file writes end (with an error) before their directory goes; never wait long.
    await Promise.race([Promise.allSettled(writes), new Promise((resolve) => setTimeout(resolve, 1000))]);
    await cleanup();
  };

  try {
    await Promise.race([reading, limited]);
  } catch (error) {
    await abort();
    if (failure) throw failure;
    throw new ApiError("bad_request", `The multipart body could not be read: ${(error as Error).message}`);
  }
  if (failure) {
    await abort();
    throw failure;
  }
  return { kind: "multipart", fields: collect(fieldEntries), files, cleanup };
}
