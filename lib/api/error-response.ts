import { config } from "@/lib/config";
import { isUniqueViolation } from "@/lib/db/ids";
import { busyMessage } from "@/lib/server/upload-line.mjs";
import { PoolBusyError } from "@/lib/workers/pool";
import { ApiError, HTTP_STATUS, OAuthError } from "./errors";
import { log } from "./log";

// A thrown error as the JSON response it stands for: our typed errors by the one table of
// statuses (errors.ts), OAuth errors as RFC 6749 says, a full worker pool (an upload, peaks or a
// result set's combined audio) as 503 with Retry-After, anything else a 500 with a request id.

export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof OAuthError) {
    return Response.json(
      { error: error.error, error_description: error.description, message: error.description },
      {
        status: error.status,
        headers: {
          "Cache-Control": "no-store",
          Pragma: "no-cache",
          ...(error.error === "invalid_client" ? { "WWW-Authenticate": "Bearer" } : {}),
        },
      },
    );
  }
  if (error instanceof ApiError) {
    const body = { message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.details };
    return Response.json(body, { status: HTTP_STATUS[error.code], headers: error.headers });
  }
  if (error instanceof PoolBusyError) {
    // Nothing was stored or changed: the caller sends the same request again later.
    const wait = config().workerPoolRetryAfterSeconds;
    return Response.json({ message: busyMessage(wait) }, { status: 503, headers: { "Retry-After": String(wait) } });
  }
  if (isUniqueViolation(error)) {
    return Response.json({ message: "A resource with this identifier already exists" }, { status: 409 });
  }
  log("error", "unhandled", {
    requestId,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return Response.json({ message: "An internal error happened", requestId }, { status: 500 });
}
