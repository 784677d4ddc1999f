// The production HTTP server: Next's request handler behind node:http, plus what Next leaves
// to its host (settings from lib/config.ts, passed by scripts/serve.ts as SERVER_SETTINGS):
// - timeouts fit for a load balancer: keep-alive longer than its idle timeout, so the
//   balancer, not this server, closes idle connections (else a request sent as the server
//   closes meets a reset: a 502); headers that never finish (slowloris); stalled uploads;
// - a graceful drain on SIGTERM/SIGINT (readiness 503, jobs handed over, requests finished);
// - the client's address (TRUST_PROXY), always decided here, in the X-Client-Address header;
// - JSON answers for paths and methods under /api that Next fails on before any handler;
// - `Connection: close` on answers that leave a request body unread;
// - Content-Length on downloads: Next drops it from route handler responses (send-response.js
//   strips it because fetch may have decoded a proxied body), so downloads send
//   X-Content-Length and this server turns it back into Content-Length;
// - uploads a few at a time, in the order they came (lib/server/upload-line.mjs).
import http from "node:http";
import path from "node:path";
import next from "next";
import { CLIENT_ADDRESS_HEADER, clientAddressResolver } from "../lib/server/client-address.mjs";
import { trackConnections } from "../lib/server/connections.mjs";
import { beginDrain, isDraining } from "../lib/server/lifecycle.mjs";
import { log } from "../lib/server/log.mjs";
import { bodyUnread, lingerOnClose, watchUploadStall } from "../lib/server/request-body.mjs";
import { answerClientError, apiRequestProblem, sendProblem } from "../lib/server/request-guard.mjs";
import { busyMessage, isUpload, uploadLine } from "../lib/server/upload-line.mjs";

const settings = JSON.parse(process.env.SERVER_SETTINGS ?? "null");
if (!settings) throw new Error("SERVER_SETTINGS is missing: start the server with scripts/serve.ts (npm start)");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || "0.0.0.0";
const app = next({ dev: false, dir: path.resolve(import.meta.dirname, ".."), hostname, port });
await app.prepare();
const handle = app.getRequestHandler();
const resolveClient = clientAddressResolver(settings.trustProxy, settings.trustProxyHeader);

const server = http.createServer(
  {
    headersTimeout: settings.headersTimeoutMs,
    requestTimeout: settings.requestTimeoutMs,
    // How often those two are checked (Node's default, 30 s, would let a slow client overstay).
    connectionsCheckingInterval: Math.min(1000, settings.headersTimeoutMs),
  },
  onRequest,
);
server.keepAliveTimeout = settings.keepAliveTimeoutMs;
const connections = trackConnections(server);
const uploads = uploadLine(settings.uploads);
server.on("clientError", (error, socket) => {
  const answered = answerClientError(error, socket);
  if (answered) log("info", "request", { ...answered, error: error.code, client: socket.remoteAddress });
});
// The recognition server's websockets (/ws): handed to the handler that lib/recognition/server/ws-server.ts
// registers when Next loads the app (instrumentation.ts). Other upgrades are refused.
const WS_UPGRADE = Symbol.for("speech-platform.ws-upgrade");
server.on("upgrade", (req, socket, head) => {
  setClientAddress(req);
  const handler = globalThis[WS_UPGRADE];
  const pathname = req.url.split("?")[0];
  if (pathname !== "/ws" || !handler || settings.serverRole === "api") {
    const body = JSON.stringify({ message: pathname === "/ws" ? "This instance serves no recognition" : "Not found" });
    socket.end(
      `HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    return;
  }
  handler(req, socket, head);
});
server.listen(port, hostname, () => console.log(`Listening on http://${hostname}:${port}`));

function onRequest(req, res) {
  const started = performance.now();
  connections.request(req, res);
  const client = setClientAddress(req);
  patchResponse(req, res);
  if (isDraining() && !connections.acceptedBeforeDrain(req.socket)) return answerDraining(req, res);

  const problem =
    settings.serverRole === "recognition" && !req.url.startsWith("/api/health")
      ? { status: 404, message: "This instance serves only the recognition server (/ws) and /api/health" }
      : apiRequestProblem(req.method, req.url);
  if (problem) {
    const requestId = sendProblem(res, problem);
    const ms = Math.round(performance.now() - started);
    log("info", "request", {
      requestId,
      method: req.method,
      path: req.url.split("?")[0],
      status: problem.status,
      ms,
      client,
    });
    return;
  }
  const socket = req.socket;
  watchUploadStall(req, settings.uploadStallMs, (received) => {
    log("warn", "upload-stalled", {
      method: req.method,
      path: req.url.split("?")[0],
      client,
      receivedBytes: received,
      stallSeconds: settings.uploadStallMs / 1000,
    });
    socket.destroy();
  });
  if (!isUpload(req)) return handle(req, res);
  if (!uploads.enter(res, () => handle(req, res))) answerBusy(req, res);
}

// The upload line is full: nothing of the request was read, and it is sent again later.
function answerBusy(req, res) {
  const wait = settings.uploads.retryAfterSeconds;
  const status = 503;
  const requestId = sendProblem(res, { status, message: busyMessage(wait), headers: { "Retry-After": String(wait) } });
  log("info", "request", {
    requestId,
    method: req.method,
    path: req.url.split("?")[0],
    status,
    client: req.headers[CLIENT_ADDRESS_HEADER],
    waiting: uploads.counts().waiting,
  });
}

// Whatever the client sent under this name is replaced: only this server decides it.
function setClientAddress(req) {
  const address = resolveClient(req);
  const raw = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].toLowerCase() !== CLIENT_ADDRESS_HEADER) raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw, CLIENT_ADDRESS_HEADER, address);
  req.headers[CLIENT_ADDRESS_HEADER] = address;
  return address;
}

function patchResponse(req, res) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) =>
    String(name).toLowerCase() === "x-content-length" ? setHeader("Content-Length", value) : setHeader(name, value);
  // Every response passes here (res.write and res.end without it call it too). An answer that
  // leaves the body unread closes the connection: else Node would read and discard the rest of
  // the upload before the connection could carry the next request.
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    const unread = bodyUnread(req);
    // res.socket: Next may have destroyed the request (and nulled req.socket) on refusing its body.
    if (unread && res.socket) lingerOnClose(res.socket);
    if (unread || isDraining()) setHeader("Connection", "close");
    return writeHead.apply(this, args);
  };
}

// ---- graceful drain ----
// Connections opened once the drain has begun are answered 503 (readiness included) and
// closed. Those opened before keep being served, each answer saying `Connection: close`, until
// none has a request in progress (uploads included); then the idle ones are closed and the
// process exits, within SHUTDOWN_GRACE_SECONDS in any case.

let stopping = false;
async function drain(signal) {
  // The process group gets the signal and scripts/serve.ts forwards it again: act once.
  if (stopping) return;
  stopping = true;
  const graceMs = settings.shutdownGraceMs;
  log("info", "shutdown", { signal, inFlight: connections.busy(), graceSeconds: graceMs / 1000 });
  const forced = setTimeout(() => {
    log("warn", "shutdown-forced", { inFlight: connections.busy() });
    server.closeAllConnections();
    process.exit(1);
  }, graceMs);
  // Readiness turns 503 now, and a running job is handed over.
  await Promise.all([beginDrain(), connections.oldOnesIdle()]);
  const closed = new Promise((resolve) => server.close(resolve));
  connections.closeIdle();
  await closed;
  clearTimeout(forced);
  log("info", "shutdown-complete", { signal });
  process.exit(0);
}

const DRAINING_BODY = "The server is shutting down: retry the request (another instance will answer it)";
function answerDraining(req, res) {
  const requestId = sendProblem(
    res,
    { status: 503, message: DRAINING_BODY, headers: { "Retry-After": "1" } },
    { status: "draining" },
  );
  log("info", "request", {
    requestId,
    method: req.method,
    path: req.url.split("?")[0],
    status: 503,
    client: req.headers[CLIENT_ADDRESS_HEADER],
  });
}

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void drain(signal));
