import fs from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/lib/db/client";

export type Readiness = { status: "ok" | "unavailable"; database: Check; storage: Check };
type Check = { ok: boolean; kind: string; message?: string };

export async function readiness(db: Db, kind: string, dataDir: string): Promise<Readiness> {
  const [database, storage] = await Promise.all([checkDatabase(db, kind), checkStorage(dataDir)]);
  return { status: database.ok && storage.ok ? "ok" : "unavailable", database, storage };
}

async function checkDatabase(db: Db, kind: string): Promise<Check> {
  try {
    await db.$queryRawUnsafe("SELECT 1");
    return { ok: true, kind };
  } catch (error) {
    return { ok: false, kind, message: (error as Error).message.split("\n")[0] };
  }
}

async function checkStorage(dataDir: string): Promise<Check> {
  const probe = path.join(dataDir, "tmp", `.health-${process.pid}`);
  try {
    await fs.mkdir(path.dirname(probe), { recursive: true });
    await fs.writeFile(probe, "ok");
    await fs.rm(probe);
    return { ok: true, kind: "filesystem" };
  } catch (error) {
    return { ok: false, kind: "filesystem", message: (error as Error).message };
  }
}
