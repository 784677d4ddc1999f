import { config } from "@/lib/config";

// One structured JSON line per event. Callers pass only what is safe to log:
// paths without query strings, never tokens, passwords or request bodies.
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

export function log(level: "debug" | "info" | "warn" | "error", event: string, fields: Record<string, unknown> = {}) {
  if (LEVELS[level] < LEVELS[config().logLevel]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}
