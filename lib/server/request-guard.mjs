import { randomUUID } from "node:crypto";

// Requests under /api that Next would fail on before any route handler runs (a malformed
// percent-escape is a plain-text 500, TRACE a 500, PROPFIND a 400), and requests Node's
// parser refuses, answered here as the API answers errors: JSON with a request id.

/** The methods the API serves; anything else under /api is a 405. */
export const API_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const ALLOW = API_METHODS.join(", ");

/** What is wrong with a request to the API, or null when Next may have it (also for non-API paths). */
export function apiRequestProblem(method, url) {
  const pathname = (url ?? "").split("?")[0];
  if (pathname !== "/api" && !pathname.startsWith("/api/")) return null;
  let segments;
  try {
    segments = pathname.split("/").map((segment) => decodeURIComponent(segment));
  } catch {
    return { status: 400, message: "The request path is malformed: it has an invalid percent-encoding" };
  }
  // Dot segments would step out of /api once Next normalises the path (to a page's HTML 404).
  // So would an empty segment ("//"), which Next answers with a redirect instead of the API's 404.
  if (
    segments.slice(1, -1).some((segment) => segment === "") ||
    segments.some((segment) => segment === "." || segment === "..")
  ) {
    return { status: 400, message: "The request path is malformed: it has an empty, . or .. segment" };
  }
  if (!API_METHODS.includes(method)) {
    return { status: 405, message: `${method} is not allowed; the API serves ${ALLOW}`, headers: { Allow: ALLOW } };
  }
  return null;
}

// As lib/api/cors.ts: any origin may read the API's answers, errors included.
const CORS = { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "X-Request-Id, Allow" };

/** Answers a problem found by apiRequestProblem (with `extra` fields in the body); returns the request id. */
export function sendProblem(res, problem, extra = {}) {
  const requestId = randomUUID();
  const body = JSON.stringify({ ...extra, message: problem.message, requestId });
  res.writeHead(problem.status, {
    ...CORS,
    ...problem.headers,
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Request-Id": requestId,
  });
  res.end(body);
  return requestId;
}

const CLIENT_ERRORS = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", "The request's headers are too large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "The request did not arrive in time"],
  HPE_INVALID_METHOD: [405, "Method Not Allowed", `The method is not allowed; the API serves ${ALLOW}`],
};

/**
 * For the server's clientError event: what Node's default handler sends (408 for headers that
 * never finish, 431, 400), with a JSON body and a request id; then the connection is closed.
 */
export function answerClientError(error, socket) {
  // A response already under way cannot be followed by another one.
  if (error.code === "ECONNRESET" || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return null;
  }
  const [status, reason, message] = CLIENT_ERRORS[error.code] ?? [
    400,
    "Bad Request",
    "The request could not be parsed as HTTP",
  ];
  const requestId = randomUUID();
  const body = JSON.stringify({ message, requestId });
  const headers = {
    ...CORS,
    ...(status === 405 ? { Allow: ALLOW } : {}),
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
    "X-Request-Id": requestId,
    Connection: "close",
  };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("");
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`);
  return { status, requestId };
}
