// Writes prisma/models.prisma into the per-database schemas and regenerates both
// migration folders' "init" migration from them. Run after editing models.prisma:
//   npm run db:sync            (rewrite)      npm run db:sync -- --check   (fail on drift)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const models = fs.readFileSync(path.join(root, "prisma/models.prisma"), "utf8");

const header = (provider: string) => `// GENERATED from prisma/models.prisma by scripts/db-sync.ts. Do not edit.
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

export function sync(check: boolean): string[] {
const drift: string[] = [];
for (const provider of ["sqlite", "postgres"]) {
  const dir = path.join(root, "prisma", provider);
  const schemaFile = path.join(dir, "schema.prisma");
  const schema = header(provider) + models;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "db-sync-"));
  fs.writeFileSync(path.join(tmp, "schema.prisma"), schema);
  const sql = execFileSync(
    path.join(root, "node_modules/.bin/prisma"),
    ["migrate", "diff", "--from-empty", "--to-schema-datamodel", path.join(tmp, "schema.prisma"), "--script"],
    { cwd: root, env: { ...process.env, ...engineEnv(), DATABASE_URL: `file:${path.join(tmp, "diff.db")}` }, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  fs.rmSync(tmp, { recursive: true, force: true });
  const migrationFile = path.join(dir, "migrations/0001_init/migration.sql");
  if (check) {
    if (read(schemaFile) !== schema) drift.push(`${schemaFile} is not models.prisma`);
    if (read(migrationFile) !== sql) drift.push(`${migrationFile} does not create ${provider} schema`);
  } else {
    fs.mkdirSync(path.dirname(migrationFile), { recursive: true });
    fs.writeFileSync(schemaFile, schema);
    fs.writeFileSync(migrationFile, sql);
    fs.writeFileSync(path.join(dir, "migrations/migration_lock.toml"), `provider = "${provider === "postgres" ? "postgresql" : "sqlite"}"\n`);
  }
}
return drift;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const drift = sync(process.argv.includes("--check"));
  if (drift.length) {
    console.error("Schema drift:\n- " + drift.join("\n- ") + "\nRun: npm run db:sync");
    process.exit(1);
  }
}

function read(f: string) {
  return fs.existsSync(f) ? fs.readFileSync(f, "utf8") : "";
}
// The JS schema engine needs no native binaries; pointing these at any file keeps the
// CLI from trying to download them.
export function engineEnv() {
  const stub = path.join(root, "package.json");
  return { PRISMA_SCHEMA_ENGINE_BINARY: stub, PRISMA_QUERY_ENGINE_LIBRARY: stub, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
}
