import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { ADMIN_PASSWORD, ADMIN_USERNAME, PORTS } from "./e2e/support/env";

type WebServer = Extract<PlaywrightTestConfig["webServer"], unknown[]>[number];

// One app server per database, each with its own fresh data directory. The config is
// also loaded by every worker: they inherit TEST_DATA_ROOT and so reuse the same directory.
// scripts/test.ts creates (and removes) it; a bare `playwright test` makes one here.
process.env.TEST_DATA_ROOT ||= fs.mkdtempSync(path.join(os.tmpdir(), "speech-test-"));
const dataRoot = process.env.TEST_DATA_ROOT;
const pgUrl = process.env.TEST_PG_URL;

function server(kind: "sqlite" | "postgres", databaseUrl?: string): WebServer {
  const port = PORTS[kind];
  const dataDir = path.join(dataRoot, kind);
  return {
    name: kind,
    command: "node_modules/.bin/tsx scripts/serve.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? `file:${path.join(dataDir, "app.db")}`,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      LOGIN_LOCK_SECONDS: "2",
      // Small enough for tests to go over it cheaply (e2e/api/upload-limits.spec.ts).
      MAX_UPLOAD_BYTES: String(8 * 1024 * 1024),
      // Small enough for the recognition protocol tests to go over them cheaply.
      WS_MAX_FRAME_BYTES: String(2 * 1024 * 1024),
      WS_MAX_ANSWER_SECONDS: "20",
    },
  };
}

const chromium = {
  browserName: "chromium" as const,
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    // Playwright cannot download its browsers here; Debian's Chromium without the
    // networking flags floods the closed network.
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

export default defineConfig({
  testDir: ".",
  outputDir: "test-results",
  workers: 2,
  fullyParallel: true,
  // One retry on CI: a flaky test then shows as "flaky" in the report instead of blocking the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [["list"]],
  projects: [
    { name: "unit", testMatch: /lib\/.*\.test\.ts$/ },
    // two-instances needs PostgreSQL (two app instances on one database): api-postgres only.
    {
      name: "api-sqlite",
      testMatch: /e2e\/api\/.*\.spec\.ts$/,
      testIgnore: /e2e\/api\/two-instances\.spec\.ts$/,
      use: { baseURL: `http://127.0.0.1:${PORTS.sqlite}` },
    },
    // Specs that start a private server of their own (crash, S3) run once, in the SQLite project.
    ...(pgUrl
      ? [
          {
            name: "api-postgres",
            testMatch: /e2e\/api\/.*\.spec\.ts$/,
            testIgnore:
              /e2e\/api\/(crash|s3-storage|logging|web-hardening|drain|serving|recognition-drain|classroom-uploads)\.spec\.ts$/,
            use: { baseURL: `http://127.0.0.1:${PORTS.postgres}` },
          },
        ]
      : []),
    // Browser tests against the SQLite server.
    {
      name: "ui",
      testMatch: /e2e\/ui\/.*\.spec\.ts$/,
      use: { ...chromium, baseURL: `http://127.0.0.1:${PORTS.sqlite}` },
    },
  ],
  // Playwright starts every server even when only the unit project runs.
  webServer: [server("sqlite"), ...(pgUrl ? [server("postgres", pgUrl)] : [])],
});
