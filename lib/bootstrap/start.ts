import { config } from "@/lib/config";
import { db, prepareDatabase } from "@/lib/db/client";
import { seedRolesAndPermissions } from "@/lib/permissions/seed";
import { ensureAdmin } from "./admin";

// Once per process: database settings, the role catalog and the first admin.
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
}
