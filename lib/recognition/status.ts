import { config } from "@/lib/config";
import { engineSummary } from "./engines/registry";

// What GET /api/health says of recognition: where the websocket is (null on an API-only
// instance) and each engine, available or, in words, why not.

/** The recognition server's path and engines on this instance. */
export async function recognitionStatus() {
  const engines = await engineSummary().catch(() => []);
  return {
    websocket: config().serverRole === "api" ? null : "/ws",
    engines: engines.map((e) => ({
      name: e.name,
      available: e.available,
      languages: e.languages === "*" ? ("*" as const) : [...e.languages],
      reason: e.reason ?? null,
    })),
  };
}
