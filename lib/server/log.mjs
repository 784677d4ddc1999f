// The HTTP server's log lines, in the shape of lib/api/log.ts (one JSON object per line), for
// what happens before or around Next's handler. LOG_LEVEL was validated by scripts/serve.ts.
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const threshold = LEVELS[process.env.LOG_LEVEL ?? "info"] ?? LEVELS.info;

export function log(level, event, fields = {}) {
  if (LEVELS[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}
