// Uploads over a raw node:http connection, for what fetch and Playwright's request context
// cannot do: stream a body slowly and see how much of it was sent when the answer came,
// or send half a body and hang up. Also finds files the server left in its data directory.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";

// ---- multipart framing written by hand (the file part's bytes are streamed separately) ----

export type MultipartFrame = {
  contentType: string;
  /** Everything before the file part's bytes: the text parts, then the file part's headers. */
  head: Buffer;
  /** The end of the file part and the closing boundary. */
  tail: Buffer;
};

/** Text parts in order, then one file part whose bytes the caller sends between head and tail. */
export function multipartFrame(
  fields: [string, string][],
  file: { name: string; filename: string; mimeType: string },
): MultipartFrame {
  const boundary = `----e2e-raw-${randomBytes(12).toString("hex")}`;
  const text = fields
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head: Buffer.from(text + fileHead, "utf8"),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`, "utf8"),
  };
}

// ---- streaming ----

export type StreamedUpload = {
  status: number | null;
  contentType: string | undefined;
  body: string;
  /** Body bytes handed to the socket when the response headers arrived (null: no response). */
  writtenAtResponse: number | null;
  /** Body bytes handed to the socket in all. */
  written: number;
  /** The whole declared body was sent. */
  sentAll: boolean;
  /** A connection error seen by the client (EPIPE/ECONNRESET after an early answer is normal). */
  error: string | null;
  /** Milliseconds from the first byte to the response headers. */
  msToResponse: number | null;
};

export type StreamOptions = {
  headers?: Record<string, string>;
  frame: MultipartFrame;
  /** The file part's first bytes (e.g. a header plus a unique marker). */
  first: Buffer;
  /** Repeated after `first` until the file part has `fileBytes` bytes. */
  filler: Buffer;
  fileBytes: number;
  /** Pause between file chunks, so socket buffers stay nearly empty and "written" ≈ "read by the server". */
  pauseMs?: number;
  /** Gives up (and reports no response) after this long. */
  timeoutMs?: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * POSTs a multipart body with a declared Content-Length, writing the file part chunk by chunk
 * (each write waits until Node has handed it to the kernel, then pauses). Stops writing as soon
 * as response headers arrive, reads the response, then closes the connection.
 */
export function streamUpload(url: string, options: StreamOptions): Promise<StreamedUpload> {
  const { frame, first, filler, fileBytes } = options;
  const pauseMs = options.pauseMs ?? 3;
  const target = new URL(url);
  const total = frame.head.length + fileBytes + frame.tail.length;
  return new Promise((resolve) => {
    const result: StreamedUpload = {
      status: null,
      contentType: undefined,
      body: "",
      writtenAtResponse: null,
      written: 0,
      sentAll: false,
      error: null,
      msToResponse: null,
    };
    let stop = false;
    let settled = false;
    const started = Date.now();
    const req = http.request({
      host: target.hostname,
      port: target.port,
      path: target.pathname + target.search,
      method: "POST",
      agent: false,
      headers: {
        ...options.headers,
        "content-type": frame.contentType,
        "content-length": String(total),
        accept: "application/json",
      },
    });
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => {
      result.error ??= `no complete response within ${options.timeoutMs ?? 60_000} ms`;
      finish();
    }, options.timeoutMs ?? 60_000);
    req.on("response", (res) => {
      stop = true;
      result.writtenAtResponse = result.written;
      result.msToResponse = Date.now() - started;
      result.status = res.statusCode ?? null;
      result.contentType = res.headers["content-type"];
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        result.body = Buffer.concat(chunks).toString("utf8");
        finish();
      });
      res.on("error", (e) => {
        result.body = Buffer.concat(chunks).toString("utf8");
        result.error ??= e.message;
        finish();
      });
    });
    req.on("error", (e) => {
      stop = true;
      result.error ??= e.message;
      // A response may still be on its way (or already being read); wait for close.
    });
    req.on("close", () => {
      // Give a response that is being read a moment to end.
      setTimeout(finish, 200);
    });
    const write = (chunk: Buffer) =>
      new Promise<void>((done) => {
        if (stop || req.destroyed) return done();
        result.written += chunk.length;
        req.write(chunk, () => done());
      });
    void (async () => {
      await write(frame.head);
      let sent = 0;
      while (sent < fileBytes && !stop) {
        const piece = sent === 0 ? first : filler;
        const slice = piece.subarray(0, Math.min(piece.length, fileBytes - sent));
        await write(slice);
        sent += slice.length;
        if (pauseMs > 0) await sleep(pauseMs);
      }
      if (stop) return;
      await write(frame.tail);
      if (!stop) {
        result.sentAll = true;
        req.end();
      }
    })();
  });
}

/**
 * Sends the headers (Content-Length of the whole body), `head` and `partial`, waits
 * `waitMs`, then destroys the socket. Returns the status of any response seen before that.
 */
export async function abandonUpload(
  url: string,
  options: {
    headers?: Record<string, string>;
    contentType: string;
    declaredLength: number;
    head: Buffer;
    partial: Buffer;
    waitMs?: number;
  },
): Promise<{ status: number | null }> {
  const target = new URL(url);
  let status: number | null = null;
  const req = http.request({
    host: target.hostname,
    port: target.port,
    path: target.pathname + target.search,
    method: "POST",
    agent: false,
    headers: {
      ...options.headers,
      "content-type": options.contentType,
      "content-length": String(options.declaredLength),
      accept: "application/json",
    },
  });
  req.on("error", () => {});
  req.on("response", (res) => {
    status = res.statusCode ?? null;
    res.resume();
  });
  const closed = new Promise<void>((r) => req.once("close", () => r()));
  const write = (chunk: Buffer) => new Promise<void>((done) => req.write(chunk, () => done()));
  await write(options.head);
  // In a few pieces, as a real client would, so the server has started on the file part.
  const piece = Math.ceil(options.partial.length / 4);
  for (let i = 0; i < options.partial.length; i += piece) {
    await write(options.partial.subarray(i, i + piece));
    await sleep(20);
  }
  await sleep(options.waitMs ?? 300);
  req.destroy();
  await closed;
  return { status };
}

// ---- the server's data directory (playwright.config.ts: <TEST_DATA_ROOT>/<sqlite|postgres>) ----

export function dataDir(): string {
  const root = process.env.TEST_DATA_ROOT;
  expect(root, "TEST_DATA_ROOT is set by scripts/test.ts / playwright.config.ts").toBeTruthy();
  return path.join(root!, test.info().project.name.replace(/^api-/, ""));
}

/** Stored objects (including the storage's own .tmp) and upload temp files. */
export const filesDir = () => path.join(dataDir(), "files");
export const uploadTmpDir = () => path.join(dataDir(), "tmp");

/** Every file under `dir` (recursively, hidden entries included) whose first bytes are `prefix`. */
export async function filesStartingWith(dir: string, prefix: Buffer): Promise<string[]> {
  const found: string[] = [];
  const visit = async (p: string): Promise<void> => {
    const entries = await fs.readdir(p, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const full = path.join(p, e.name);
      if (e.isDirectory()) await visit(full);
      else if (e.isFile()) {
        const handle = await fs.open(full, "r").catch(() => null);
        if (!handle) continue;
        try {
          const buf = Buffer.alloc(prefix.length);
          const { bytesRead } = await handle.read(buf, 0, prefix.length, 0);
          if (bytesRead === prefix.length && buf.equals(prefix)) found.push(full);
        } finally {
          await handle.close();
        }
      }
    }
  };
  await visit(dir);
  return found;
}

/** Names directly inside the upload temp directory (one `upload-*` / `json-upload-*` dir per request being parsed). */
export async function tmpEntries(): Promise<Set<string>> {
  return new Set(await fs.readdir(uploadTmpDir()).catch(() => []));
}

/**
 * Temp entries that appeared since `before` (snapshotted before our request) must all be gone
 * within `timeoutMs`: entries of other tests' requests in flight are gone by then too.
 */
export async function expectTmpCleared(before: Set<string>, during: Set<string>, timeoutMs = 10_000): Promise<void> {
  const ours = [...during].filter((name) => !before.has(name));
  await expect
    .poll(
      async () => {
        const now = await tmpEntries();
        return ours.filter((name) => now.has(name));
      },
      {
        message: `upload temp entries left behind in ${uploadTmpDir()}`,
        timeout: timeoutMs,
        intervals: [100, 200, 500],
      },
    )
    .toEqual([]);
}
