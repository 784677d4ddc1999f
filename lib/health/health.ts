import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { isDraining } from "@/lib/server/lifecycle.mjs";
import type { Storage } from "@/lib/storage/storage";

const checkSchema = z.object({ ok: z.boolean(), kind: z.string(), message: z.string().optional() });
/** GET /api/health and /api/health/ready answer this (ready adds migrations and draining). */
export const readinessSchema = z.object({
  status: z.enum(["ok", "unavailable", "draining"]),
  database: checkSchema,
  storage: checkSchema,
  migrations: checkSchema.optional(),
  /** GET /api/health only: the recognition server's path and its engines, available or why not. */
  recognition: z
    .object({
      websocket: z.string().nullable(),
      engines: z.array(
        z.object({
          name: z.string(),
          available: z.boolean(),
          languages: z.union([z.array(z.string()), z.literal("*")]),
          reason: z.string().nullable(),
        }),
      ),
    })
    .optional(),
  draining: z.boolean().optional(),
});
export type Readiness = { status: "ok" | "unavailable" | "draining"; database: Check; storage: Check };
type Check = z.infer<typeof checkSchema>;

/** An instance that is shutting down is not ready, whatever its database and storage say. */
export async function readiness(db: Db, kind: string, storage: Storage): Promise<Readiness> {
  const [database, files] = await Promise.all([checkDatabase(db, kind), storage.health()]);
  const status = isDraining() ? "draining" : database.ok && files.ok ? "ok" : "unavailable";
  return { status, database, storage: files };
}

async function checkDatabase(db: Db, kind: string): Promise<Check> {
  try {
    await db.$queryRawUnsafe("SELECT 1");
    return { ok: true, kind };
  } catch (error) {
    return { ok: false, kind, message: (error as Error).message.split("\n")[0] };
  }
}
