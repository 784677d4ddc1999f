// Validates configuration, applies migrations and runs the built app (scripts/http-server.mjs).
// `npm start` calls this after preparing the build; tests call it directly.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, parseConfig } from "../lib/config";
import { engineEnv } from "./db-sync";

const root = path.resolve(import.meta.dirname, "..");

export function serve(): void {
  let cfg;
  try {
    cfg = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  fs.mkdirSync(cfg.dataDir, { recursive: true });
  const env = {
    ...process.env,
    ...engineEnv(),
    DATA_DIR: cfg.dataDir,
    DATABASE_URL: cfg.databaseUrl,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  try {
    migrate(env);
  } catch (error) {
    console.error(
      `Could not apply database migrations to ${redact(cfg.databaseUrl)}:\n${(error as { stderr?: Buffer }).stderr?.toString() ?? error}`,
    );
    process.exit(1);
  }
  console.log(`Database ready (${cfg.databaseKind}); serving ${cfg.publicBaseUrl} (API at ${cfg.apiBaseUrl})`);
  const heap = `--max-old-space-size=${cfg.serverHeapMb}`;
  const child = spawn(process.execPath, [heap, path.join(root, "scripts/http-server.mjs")], {
    cwd: root,
    env: { ...env, NODE_ENV: "production", PORT: String(cfg.port), SERVER_SETTINGS: JSON.stringify(cfg.server) },
    stdio: "inherit",
  });
  // The server drains on these (SHUTDOWN_GRACE_SECONDS); this process waits for it to exit.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/**
 * `prisma migrate deploy`. Instances started together on one PostgreSQL queue on its advisory
 * lock, and one that waits longer than Prisma's 10 s fails with P1002 although nothing is
 * wrong: that failure is retried (the other instance has usually applied everything by then).
 */
function migrate(env: NodeJS.ProcessEnv, attempts = 6): void {
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(path.join(root, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
        cwd: root,
        env,
        stdio: ["ignore", "ignore", "pipe"],
      });
      return;
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
      if (attempt >= attempts || !/P1002/.test(stderr)) throw error;
      console.log(
        `Database migrations: another instance holds the migration lock; retrying (${attempt}/${attempts - 1})`,
      );
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000 * attempt);
    }
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");

if (import.meta.url === `file://${process.argv[1]}`) serve();
