import { expect, test } from "@playwright/test";
import { ApiError, HTTP_STATUS } from "@/lib/api/errors";
import { config } from "@/lib/config";
import { PoolBusyError } from "@/lib/workers/pool";
import { busyAsUnavailable } from "./audio-upload";

// A full worker pool, met by an upload or by peaks made on request (lib/downloads/peaks.ts), is the
// API's 503 with Retry-After, never a 500; any other error passes through unchanged.

test("a full pool is a 503 with Retry-After; other errors are left as they are", () => {
  const busy = busyAsUnavailable(new PoolBusyError(4));
  expect(busy).toBeInstanceOf(ApiError);
  const error = busy as ApiError;
  expect(HTTP_STATUS[error.code]).toBe(503);
  expect(error.headers).toEqual({ "Retry-After": String(config().workerPoolRetryAfterSeconds) });
  expect(error.message).toMatch(/busy; retry in \d+ s/);
  const other = new Error("disk full");
  expect(busyAsUnavailable(other)).toBe(other);
});
