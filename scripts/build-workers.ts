// Bundles the TypeScript worker-pool tasks into plain ESM under .workers/ (the pool's threads
// start without a TypeScript loader). Packages are left as imports, resolved from node_modules.
// Run by scripts/prepare.ts before every build; a missing bundle makes the server do that work
// on its own thread instead (lib/audio/pool/run-ingest.ts).
import path from "node:path";
import { buildSync } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

/** Task entry points and their bundles (relative to the project root). */
export const WORKER_BUNDLES = [
  { entry: "lib/audio/pool/ingest-task.ts", out: ".workers/ingest-task.mjs" },
  { entry: "lib/recordings/pool/combine-task.ts", out: ".workers/combine-task.mjs" },
];

export function buildWorkers(): void {
  for (const { entry, out } of WORKER_BUNDLES) {
    buildSync({
      entryPoints: [path.join(root, entry)],
      outfile: path.join(root, out),
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      logLevel: "warning",
    });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildWorkers();
