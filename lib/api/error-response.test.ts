import { expect, test } from "@playwright/test";
import { config } from "@/lib/config";
import { PoolBusyError } from "@/lib/workers/pool";
import { errorResponse } from "./error-response";
import { notFound } from "./errors";

// The one place thrown errors become responses: a full worker pool, wherever it is met (an upload,
// peaks made on request, a result set's combined audio), is a 503 with Retry-After, never a 500;
// an error the table does not know is a 500 that names the request, not the error.

test("a full worker pool is a 503 with Retry-After, from whichever route met it", async () => {
  const response = errorResponse(new PoolBusyError(4), "req-1");
  expect(response.status).toBe(503);
  const wait = config().workerPoolRetryAfterSeconds;
  expect(response.headers.get("Retry-After")).toBe(String(wait));
  expect(await response.json()).toEqual({ message: `Every audio worker is busy; retry in ${wait} s` });
});

test("a typed error keeps its status; an unknown one is a 500 with the request id and no detail", async () => {
  expect(errorResponse(notFound("Result set"), "req-2").status).toBe(404);
  const response = errorResponse(new Error("disk full at /var/secret"), "req-3");
  expect(response.status).toBe(500);
  expect(await response.json()).toEqual({ message: "An internal error happened", requestId: "req-3" });
});
