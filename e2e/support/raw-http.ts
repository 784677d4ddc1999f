// HTTP at the level fetch hides: exact bytes on one TCP connection (methods fetch refuses,
// what the server does with the connection afterwards), downloads cut off at chosen points,
// and the server process's open file descriptors.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";

export type RawResponse = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection after the response (within `waitCloseMs`). */
  closedByServer: boolean;
};

/**
 * Writes `request` (CRLFs included) on a new connection, reads one response (its body by
 * Content-Length), then waits up to `waitCloseMs` to see whether the server closes the connection.
 */
export function rawExchange(
  url: string,
  request: string | Buffer,
  options: { waitCloseMs?: number; localAddress?: string } = {},
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({
      host: target.hostname,
      port: Number(target.port),
      localAddress: options.localAddress,
    });
    let buffer = Buffer.alloc(0);
    let response: Omit<RawResponse, "closedByServer"> | null = null;
    let ended = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      if (response) resolve({ ...response, closedByServer: ended });
      else
        reject(new Error(`no complete response; received ${JSON.stringify(buffer.toString("latin1").slice(0, 200))}`));
    };
    socket.on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (response) return;
      const headEnd = buffer.indexOf("\r\n\r\n");
      if (headEnd < 0) return;
      const [statusLine, ...lines] = buffer.subarray(0, headEnd).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers["content-length"] ?? 0);
      if (buffer.length < headEnd + 4 + length) return;
      response = {
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: buffer.subarray(headEnd + 4, headEnd + 4 + length).toString("utf8"),
      };
      timer = setTimeout(finish, options.waitCloseMs ?? 500);
    });
    // Only finish() closes the connection from this side: an end or a reset is the server's doing.
    socket.on("end", () => {
      ended = true;
      if (response) finish();
    });
    socket.on("close", () => {
      ended = true;
      if (response) finish();
      else reject(new Error(`connection closed without a response: ${buffer.toString("latin1").slice(0, 200)}`));
    });
    socket.on("error", () => {});
    socket.write(request);
  });
}

export type CutDownload = {
  range: [number, number] | null;
  cutAfter: number;
  slow: boolean;
  status: number | null;
  received: number;
};

/**
 * GETs `url` (a whole file, or a random byte range when `range` is true) on a new connection and
 * destroys the connection once `cutAfter` body bytes have arrived (0: as soon as the headers do;
 * -1: right after sending the request, before any answer). A `slow` reader pauses now and then,
 * as a media element does once it has buffered enough, so the server meets backpressure.
 */
export function cutDownload(
  url: string,
  token: string,
  size: number,
  options: { range: boolean; cutAfter: number; slow?: boolean },
): Promise<CutDownload> {
  const target = new URL(url);
  let range: [number, number] | null = null;
  if (options.range) {
    const start = Math.floor(Math.random() * (size - 1));
    range = [start, start + Math.floor(Math.random() * (size - start))];
  }
  const result: CutDownload = { range, cutAfter: options.cutAfter, slow: !!options.slow, status: null, received: 0 };
  const pauseAWhile = (res: http.IncomingMessage, ms: number) => {
    res.pause();
    setTimeout(() => res.resume(), ms);
  };
  return new Promise((resolve) => {
    const req = http.request({
      host: target.hostname,
      port: target.port,
      path: target.pathname + target.search,
      agent: false,
      headers: { Authorization: `Bearer ${token}`, ...(range ? { Range: `bytes=${range[0]}-${range[1]}` } : {}) },
    });
    const cut = () => req.destroy();
    req.on("error", () => {});
    req.on("close", () => resolve(result));
    req.on("response", (res) => {
      result.status = res.statusCode ?? null;
      if (options.cutAfter === 0) return cut();
      if (options.slow) pauseAWhile(res, 50 + Math.random() * 250);
      res.on("data", (chunk: Buffer) => {
        result.received += chunk.length;
        if (result.received >= options.cutAfter) cut();
        else if (options.slow && Math.random() < 0.2) pauseAWhile(res, 20 + Math.random() * 80);
      });
      res.on("error", () => {});
    });
    req.end();
    if (options.cutAfter < 0) setImmediate(cut);
  });
}

/**
 * The targets of a process's open file descriptors (sockets as `socket:[inode]`), without the
 * connections clients opened to `inboundPort`: those come and go with the clients (fetch keeps
 * idle ones for as long as the server's Keep-Alive allows), not with what the server holds.
 */
export function openDescriptors(pid: number, inboundPort?: number): string[] {
  const inbound = inboundPort ? inboundSockets(inboundPort) : new Set<string>();
  const dir = `/proc/${pid}/fd`;
  const targets: string[] = [];
  for (const fd of fs.readdirSync(dir)) {
    try {
      const target = fs.readlinkSync(`${dir}/${fd}`);
      if (!inbound.has(target)) targets.push(target);
    } catch {
      // closed meanwhile
    }
  }
  return targets;
}

// `socket:[inode]` of open TCP connections whose local port is `port` (/proc/net/tcp, tcp6).
function inboundSockets(port: number): Set<string> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const found = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // Fields: sl, local_address, rem_address, st (01: established), ..., inode. A connection
      // the client closed but the server did not (08, close-wait) is the server's and still counts.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === "01") found.add(`socket:[${fields[9]}]`);
    }
  }
  return found;
}

/** The number of open descriptors (but clients' connections to `inboundPort`) once it has not changed for `quietMs`. */
export async function settledDescriptorCount(
  pid: number,
  inboundPort: number,
  { quietMs = 3000, timeoutMs = 30_000 } = {},
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let count = openDescriptors(pid, inboundPort).length;
  let since = Date.now();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    const now = openDescriptors(pid, inboundPort).length;
    if (now !== count) [count, since] = [now, Date.now()];
    else if (Date.now() - since >= quietMs) return count;
  }
  return count;
}

/**
 * `count` downloads of a `size`-byte file, half of them of random ranges, half of them read
 * slowly, each cut off at a random point (before the answer, at its headers, mid-body, or not
 * at all), `concurrency` at a time.
 */
export async function cutDownloads(
  url: string,
  token: string,
  size: number,
  count: number,
  concurrency = 10,
): Promise<CutDownload[]> {
  const results: CutDownload[] = [];
  let next = 0;
  const cutPoint = () => {
    const roll = Math.random();
    if (roll < 0.1) return -1;
    if (roll < 0.2) return 0;
    if (roll < 0.9) return 1 + Math.floor(Math.random() * (size / 2));
    return size + 1;
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const n = next++;
        results.push(
          await cutDownload(url, token, size, { range: n % 2 === 1, cutAfter: cutPoint(), slow: n % 4 >= 2 }),
        );
      }
    }),
  );
  return results;
}
