// Generates the Prisma clients and builds the app when sources changed since the
// last build. Used by `npm start` and `npm test` so a fresh clone needs no other step.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildWorkers } from "./build-workers";
import { engineEnv } from "./db-sync";
import { writeRouteModules } from "./openapi-routes";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const SOURCES = [
  "app",
  "components",
  "lib",
  "prisma",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "instrumentation-client.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
];

export function prepare({ force = false } = {}): void {
  const env = { ...process.env, ...engineEnv(), NEXT_TELEMETRY_DISABLED: "1" };
  const generated = path.join(root, "lib/db/generated");
  const schemaStamp = newest(["prisma"]);
  if (
    force ||
    !fs.existsSync(path.join(generated, "stamp")) ||
    fs.readFileSync(path.join(generated, "stamp"), "utf8") !== String(schemaStamp)
  ) {
    for (const provider of ["sqlite", "postgres"]) {
      execFileSync(bin("prisma"), ["generate", "--schema", `prisma/${provider}/schema.prisma`], {
        cwd: root,
        env,
        stdio: ["ignore", "ignore", "inherit"],
      });
    }
    fs.writeFileSync(path.join(generated, "stamp"), String(schemaStamp));
  }
  writeRouteModules();
  // Cheap (well under a second): always, so the pool never runs a stale task.
  buildWorkers();
  const buildStamp = path.join(root, ".next/source-stamp");
  const stamp = String(newest(SOURCES));
  if (
    force ||
    !fs.existsSync(path.join(root, ".next/BUILD_ID")) ||
    !fs.existsSync(buildStamp) ||
    fs.readFileSync(buildStamp, "utf8") !== stamp
  ) {
    console.log("Building the app (next build)...");
    execFileSync(bin("next"), ["build"], { cwd: root, env: { ...env, NODE_ENV: "production" }, stdio: "inherit" });
    fs.writeFileSync(buildStamp, stamp);
  }
}

/** The newest modification time under the given paths (generated code excluded). */
function newest(paths: string[]): number {
  let max = 0;
  const visit = (p: string) => {
    if (p.includes(`${path.sep}generated`) || p.endsWith(".test.ts")) return;
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) for (const e of fs.readdirSync(p)) visit(path.join(p, e));
    else max = Math.max(max, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return Math.floor(max);
}

if (import.meta.url === `file://${process.argv[1]}`) prepare({ force: process.argv.includes("--force") });
