import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db/client";

// Whether every migration shipped with this build (prisma/<kind>/migrations/*) is applied to
// the database: the app must not take traffic on a schema older than its code.

export type MigrationCheck = { ok: boolean; kind: string; message?: string };

export function shippedMigrations(kind: "sqlite" | "postgres", root = process.cwd()): string[] {
  const dir = path.join(root, "prisma", kind, "migrations");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, "migration.sql")))
    .map((e) => e.name)
    .sort();
}

export async function checkMigrations(db: Db, kind: "sqlite" | "postgres"): Promise<MigrationCheck> {
  try {
    const rows = await db.$queryRawUnsafe<{ migration_name: string }[]>(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
    );
    const applied = new Set(rows.map((r) => r.migration_name));
    const missing = shippedMigrations(kind).filter((m) => !applied.has(m));
    return missing.length
      ? { ok: false, kind: "prisma", message: `not applied: ${missing.join(", ")}` }
      : { ok: true, kind: "prisma" };
  } catch (error) {
    return { ok: false, kind: "prisma", message: (error as Error).message.split("\n")[0] };
  }
}
