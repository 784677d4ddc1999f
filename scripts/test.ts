// npm test [-- <playwright args>]: builds when needed, starts a throw-away PostgreSQL
// and runs every Playwright project against SQLite and PostgreSQL.
// TEST_DATABASES=sqlite skips PostgreSQL (quicker local runs).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type RunningPostgres, startPostgres } from "./postgres";
import { prepare } from "./prepare";

const root = path.resolve(import.meta.dirname, "..");
let interrupted: NodeJS.Signals | undefined;
const exitCode = (signal: NodeJS.Signals) => 128 + os.constants.signals[signal];

async function main(): Promise<number> {
  // The formatter and linter first: a violation fails the run before anything is built.
  const lint = spawnSync(path.join(root, "node_modules/.bin/biome"), ["ci", "."], { cwd: root, stdio: "inherit" });
  if (lint.status !== 0) {
    console.error("npm run lint failed: run `npm run format` to format, and fix what the linter reports");
    return lint.status ?? 1;
  }
  prepare();
  const withPostgres = process.env.TEST_DATABASES !== "sqlite";
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), "speech-test-"));
  process.on("exit", () => fs.rmSync(dataRoot, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_DATA_ROOT: dataRoot, NEXT_TELEMETRY_DISABLED: "1" };
  delete env.TEST_PG_URL;

  let child: ChildProcess | undefined;
  // Playwright runs in its own process group and hears every interruption as SIGINT:
  // on SIGTERM it would die at once and leave its web servers running. startPostgres
  // stops the database on the same signals; this process exits once Playwright has.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      interrupted = signal;
      child?.kill("SIGINT");
    });
  }

  let postgres: RunningPostgres | undefined;
  try {
    if (withPostgres) {
      postgres = await startPostgres();
      env.TEST_PG_URL = postgres.url;
      console.log(`PostgreSQL for tests at ${postgres.url}`);
    }
    if (interrupted) return exitCode(interrupted);
    child = spawn(path.join(root, "node_modules/.bin/playwright"), ["test", ...process.argv.slice(2)], {
      cwd: root,
      env,
      stdio: "inherit",
      detached: true,
    });
    const running = child;
    const code = await new Promise<number>((resolve, reject) => {
      running.on("error", reject);
      running.on("exit", (code, signal) => resolve(code ?? (signal ? exitCode(signal) : 1)));
    });
    return interrupted ? exitCode(interrupted) : code;
  } finally {
    await postgres?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (interrupted) process.exit(exitCode(interrupted));
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
