import { log } from "@/lib/api/log";
import { config } from "@/lib/config";
import { db, prepareDatabase } from "@/lib/db/client";
import { seedRolesAndPermissions } from "@/lib/permissions/seed";
import { removeStaleTempDirs, requestTmpDir, STALE_AT_START_MS } from "@/lib/storage/temp-dirs";
import { ensureAdmin } from "./admin";

// Once per process: database settings, the role catalog, the first admin, and what a
// crashed predecessor left in the temp directory.
// Migrations are applied before the server starts (scripts/serve.ts).
let started: Promise<void> | undefined;

export function ensureStarted(): Promise<void> {
  started ??= start().catch((error) => {
    started = undefined;
    throw error;
  });
  return started;
}

async function start(): Promise<void> {
  const cfg = config();
  await prepareDatabase();
  await seedRolesAndPermissions(db());
  const generated = await ensureAdmin(db(), cfg.adminUsername, cfg.adminPassword);
  if (generated) {
    // Printed once, on the start that created the admin; it is never stored in clear.
    process.stdout.write(
      `\n  Created the top-level admin "${cfg.adminUsername}" with the generated password:\n\n    ${generated}\n\n  Store it now: it will not be shown again.\n\n`,
    );
  }
  // Not awaited: a slow disk must not hold up the start.
  removeStaleTempDirs(requestTmpDir(), STALE_AT_START_MS)
    .then((removed) => removed > 0 && log("info", "temp-cleanup", { removed }))
    .catch((error) => log("warn", "temp-cleanup-failed", { error: (error as Error).message }));
}
