import type { Readable } from "node:stream";
import parseRange from "range-parser";
import type { Storage } from "@/lib/storage/storage";

// Serves a stored file over HTTP: Content-Type, Content-Length, a strong ETag (the
// content hash), conditional GETs, and single byte ranges (browsers and wavesurfer
// seek with them). The body is streamed from storage, never buffered.

// Next strips Content-Length from route handler responses; scripts/http-server.mjs
// restores it from this header.
const LENGTH = "X-Content-Length";

export type ServableFile = { storageKey: string; contentType: string; size: bigint; sha256: string; created: Date };

export async function serveFile(
  req: Request,
  file: ServableFile,
  storage: Storage,
  extraHeaders: Record<string, string>,
): Promise<Response> {
  const size = Number(file.size);
  const etag = `"${file.sha256}"`;
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": file.created.toUTCString(),
    "X-Content-Type-Options": "nosniff",
    // no-transform: never gzip media on the way (it would drop Content-Length and break ranges).
    "Cache-Control": "private, max-age=0, must-revalidate, no-transform",
    ...extraHeaders,
  };
  const ifNoneMatch = req.headers.get("if-none-match");
  if (ifNoneMatch?.split(",").some((t) => t.trim() === etag || t.trim() === "*")) {
    return new Response(null, { status: 304, headers });
  }

  const rangeHeader = req.headers.get("range");
  const ifRange = req.headers.get("if-range");
  const honourRange = rangeHeader && (!ifRange || ifRange === etag);
  if (honourRange && size > 0) {
    const ranges = parseRange(size, rangeHeader, { combine: true });
    if (ranges === -1) {
      return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
    }
    // Malformed (-2) headers are ignored, as RFC 9110 allows; several ranges get the whole file.
    if (ranges !== -2 && ranges.length === 1) {
      const { start, end } = ranges[0];
      const body = req.method === "HEAD" ? null : toWeb(await storage.read(file.storageKey, { start, end }), req);
      return new Response(body, {
        status: 206,
        headers: { ...headers, [LENGTH]: String(end - start + 1), "Content-Range": `bytes ${start}-${end}/${size}` },
      });
    }
  }
  if (req.method === "HEAD")
    return new Response(null, { status: 200, headers: { ...headers, [LENGTH]: String(size) } });
  const body = size === 0 ? null : toWeb(await storage.read(file.storageKey), req);
  return new Response(body, { status: 200, headers: { ...headers, [LENGTH]: String(size) } });
}

/**
 * The storage stream as a web stream, pulled chunk by chunk. A client that goes away (Next
 * cancels the body, or the request's signal aborts) destroys the storage stream, which
 * releases its file handle or S3 connection. Not Readable.toWeb: it closes its controller
 * when the destroyed stream ends, after the cancel already closed it, and that throws
 * "Invalid state: Controller is already closed" outside any handler (an uncaught exception).
 */
function toWeb(stream: Readable, req: Request): ReadableStream<Uint8Array> {
  const chunks = stream[Symbol.asyncIterator]();
  let finished = false;
  const release = () => {
    finished = true;
    stream.destroy();
  };
  // A client gone before the answer: Next then neither reads nor cancels the body.
  if (req.signal?.aborted) release();
  else req.signal?.addEventListener("abort", release, { once: true });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { value, done } = await chunks.next();
          if (finished) return;
          if (done) {
            finished = true;
            controller.close();
          } else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
        } catch (error) {
          if (!finished) controller.error(error);
          release();
        }
      },
      cancel: release,
    },
    { highWaterMark: 0 },
  );
}

/** A URL carrying ?access_token= must not be cached by shared caches nor leak via Referer. */
export function downloadHeaders(tokenFromQuery: boolean): Record<string, string> {
  return tokenFromQuery ? { "Cache-Control": "private, no-store, no-transform", "Referrer-Policy": "no-referrer" } : {};
}
