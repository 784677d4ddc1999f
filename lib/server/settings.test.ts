import os from "node:os";
import { expect, test } from "@playwright/test";
import { ConfigError, parseConfig as parse } from "@/lib/config";

const parseConfig = (vars: Record<string, string>) => parse(vars as NodeJS.ProcessEnv);

// The HTTP server's settings (lib/config.ts → SERVER_SETTINGS → scripts/http-server.mjs).

test("defaults suit a load balancer with a 60 s idle timeout", () => {
  expect(parseConfig({}).server).toEqual({
    keepAliveTimeoutMs: 65_000,
    headersTimeoutMs: 20_000,
    requestTimeoutMs: 3_600_000,
    uploadStallMs: 60_000,
    shutdownGraceMs: 30_000,
    trustProxy: [],
    trustProxyHeader: "x-forwarded-for",
    serverRole: "all",
    // Two uploads per pool thread (one more than cores) and two more; the pool's queue bound waiting.
    uploads: {
      atOnce: 2 * (os.availableParallelism() + 1) + 2,
      waiting: 64 * (os.availableParallelism() + 1),
      retryAfterSeconds: 2,
    },
  });
});

test("the upload line follows the pool's size unless set", () => {
  expect(parseConfig({ WORKER_POOL_THREADS: "1", WORKER_POOL_MAX_QUEUE: "5" }).server.uploads).toEqual({
    atOnce: 4,
    waiting: 5,
    retryAfterSeconds: 2,
  });
  expect(
    parseConfig({ UPLOADS_AT_ONCE: "3", UPLOADS_WAITING: "0", WORKER_POOL_RETRY_AFTER_SECONDS: "7" }).server.uploads,
  ).toEqual({ atOnce: 3, waiting: 0, retryAfterSeconds: 7 });
  expect(() => parseConfig({ UPLOADS_AT_ONCE: "0" })).toThrow(/UPLOADS_AT_ONCE/);
});

test("TRUST_PROXY entries are checked at start-up, each bad one named", () => {
  expect(parseConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.0.1 ,loopback" }).server.trustProxy).toEqual([
    "10.0.0.0/8",
    "192.168.0.1",
    "loopback",
  ]);
  expect(() => parseConfig({ TRUST_PROXY: "10.0.0.0/8, lb.internal" })).toThrow(ConfigError);
  expect(() => parseConfig({ TRUST_PROXY: "10.0.0.0/8, lb.internal" })).toThrow(/TRUST_PROXY: .*lb\.internal/);
  expect(() => parseConfig({ TRUST_PROXY_HEADER: "x-real-ip" })).toThrow(/TRUST_PROXY_HEADER/);
});

test("a request timeout shorter than the headers timeout is refused; 0 means none", () => {
  expect(() => parseConfig({ HEADERS_TIMEOUT_SECONDS: "30", REQUEST_TIMEOUT_SECONDS: "10" })).toThrow(
    /REQUEST_TIMEOUT_SECONDS/,
  );
  expect(parseConfig({ HEADERS_TIMEOUT_SECONDS: "30", REQUEST_TIMEOUT_SECONDS: "0" }).server.requestTimeoutMs).toBe(0);
  expect(() => parseConfig({ KEEP_ALIVE_TIMEOUT_SECONDS: "0" })).toThrow(/KEEP_ALIVE_TIMEOUT_SECONDS/);
});
