// Writes prisma/models.prisma into the per-database schemas and, when the models changed since
// the last migration, a new incremental migration for both databases:
//   npm run db:sync -- [--name what_changed]   (write)      npm run db:sync -- --check   (fail on drift)
//
// Migrations are append-only. 0001_init is the frozen baseline; prisma/migrated.prisma holds the
// models as of the newest migration, and each sync diffs it against models.prisma (offline, no
// database needed) into prisma/<db>/migrations/<NNNN>_<name>/migration.sql. `prisma migrate
// deploy` (run by `npm start`) applies whatever a database has not seen yet.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const repoRoot = path.resolve(import.meta.dirname, "..");
const PROVIDERS = ["sqlite", "postgres"] as const;
type Provider = (typeof PROVIDERS)[number];

export const header = (provider: string) => `// GENERATED from prisma/models.prisma by scripts/db-sync.ts. Do not edit.
generator client {
  provider        = "prisma-client"
  output          = "../../lib/db/generated/${provider}"
  previewFeatures = ["queryCompiler", "driverAdapters"]
  engineType      = "client"
  runtime         = "nodejs"
  moduleFormat    = "esm"
}

datasource db {
  provider = "${provider === "postgres" ? "postgresql" : "sqlite"}"
  url      = env("DATABASE_URL")
}

`;

/** SQL that takes a database from the `from` models to the `to` models (null: from nothing). */
function diffSql(provider: Provider, from: string | null, to: string): string {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "db-sync-"));
  try {
    fs.writeFileSync(path.join(tmp, "to.prisma"), header(provider) + to);
    const fromArgs = from === null ? ["--from-empty"] : ["--from-schema-datamodel", path.join(tmp, "from.prisma")];
    if (from !== null) fs.writeFileSync(path.join(tmp, "from.prisma"), header(provider) + from);
    return execFileSync(
      path.join(repoRoot, "node_modules/.bin/prisma"),
      ["migrate", "diff", ...fromArgs, "--to-schema-datamodel", path.join(tmp, "to.prisma"), "--script"],
      {
        cwd: repoRoot,
        env: { ...process.env, ...engineEnv(), DATABASE_URL: `file:${path.join(tmp, "diff.db")}` },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** A diff with no statements (Prisma writes a comment for "nothing to do"). */
const isEmpty = (sql: string) => sql.split("\n").every((l) => l.trim() === "" || l.trim().startsWith("--"));

export function migrationNames(root: string, provider: Provider): string[] {
  const dir = path.join(root, "prisma", provider, "migrations");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

export type SyncOptions = { check?: boolean; root?: string; name?: string };

/** Rewrites the schemas and adds a migration when the models changed; with `check`, lists drift instead. */
export function sync(options: SyncOptions | boolean = {}): string[] {
  const {
    check = false,
    root = repoRoot,
    name = "change",
  } = typeof options === "boolean" ? { check: options } : options;
  const drift: string[] = [];
  const models = fs.readFileSync(path.join(root, "prisma/models.prisma"), "utf8");
  const migratedFile = path.join(root, "prisma/migrated.prisma");
  const migrated = read(migratedFile);
  const changed = migrated !== models;
  for (const provider of PROVIDERS) {
    const dir = path.join(root, "prisma", provider);
    const schemaFile = path.join(dir, "schema.prisma");
    const schema = header(provider) + models;
    if (check) {
      if (read(schemaFile) !== schema) drift.push(`${schemaFile} is not models.prisma`);
      if (changed)
        drift.push(
          `prisma/models.prisma changed since the last migration (prisma/migrated.prisma): no ${provider} migration for it`,
        );
      if (!migrationNames(root, provider).includes("0001_init"))
        drift.push(`${provider}: the baseline migration 0001_init is missing`);
      continue;
    }
    fs.mkdirSync(path.join(dir, "migrations"), { recursive: true });
    fs.writeFileSync(schemaFile, schema);
    fs.writeFileSync(
      path.join(dir, "migrations/migration_lock.toml"),
      `provider = "${provider === "postgres" ? "postgresql" : "sqlite"}"\n`,
    );
    const existing = migrationNames(root, provider);
    if (existing.length && !changed) continue;
    const sql = diffSql(provider, existing.length ? migrated : null, models);
    if (existing.length && isEmpty(sql)) continue;
    const number = String(existing.length + 1).padStart(4, "0");
    const folder = path.join(dir, "migrations", `${number}_${existing.length ? slug(name) : "init"}`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, "migration.sql"), sql);
    console.log(`wrote ${path.relative(root, folder)}/migration.sql`);
  }
  if (!check && changed) fs.writeFileSync(migratedFile, models);
  return drift;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "") || "change";

/** `prisma migrate deploy` of one schema file's migrations folder to a database. */
export function migrateDeploy(schemaFile: string, databaseUrl: string): string {
  return execFileSync(path.join(repoRoot, "node_modules/.bin/prisma"), ["migrate", "deploy", "--schema", schemaFile], {
    cwd: repoRoot,
    env: { ...process.env, ...engineEnv(), DATABASE_URL: databaseUrl },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const nameAt = process.argv.indexOf("--name");
  const drift = sync({
    check: process.argv.includes("--check"),
    name: nameAt > 0 ? process.argv[nameAt + 1] : undefined,
  });
  if (drift.length) {
    console.error(`Schema drift:\n- ${drift.join("\n- ")}\nRun: npm run db:sync -- --name <what_changed>`);
    process.exit(1);
  }
}

function read(f: string) {
  return fs.existsSync(f) ? fs.readFileSync(f, "utf8") : "";
}
// The JS schema engine needs no native binaries; pointing these at any file keeps the
// CLI from trying to download them.
export function engineEnv() {
  const stub = path.join(repoRoot, "package.json");
  return { PRISMA_SCHEMA_ENGINE_BINARY: stub, PRISMA_QUERY_ENGINE_LIBRARY: stub, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
}
