// CPU profile of the HTTP server while it serves one route under load: starts a production
// server (own SQLite file) with `node --cpu-prof`, loads BENCH_ROUTE (tenant | user | cheapest,
// default tenant) with autocannon for BENCH_SECONDS (default 10), stops the server and prints
// where the time went: self time by package / source area, and the top functions.
//
//   BENCH_ROUTE=user BENCH_PORT=3426 npx tsx bench/http/profile.ts
// The .cpuprofile is kept (path printed) for Chrome DevTools. Prints figures; asserts nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ADMIN_PASSWORD } from "../../e2e/support/env";
import { privateServer, serverToken } from "../../e2e/support/server";
import { summariseProfile } from "./profile-summary";

const port = Number(process.env.BENCH_PORT ?? 3426);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const which = process.env.BENCH_ROUTE ?? "tenant";
const profDir = fs.mkdtempSync(path.join(os.tmpdir(), "http-profile-"));

const server = await privateServer(port, {
  LOG_LEVEL: "info",
  // The preload profiles the HTTP server's process only (--cpu-prof is refused in NODE_OPTIONS).
  NODE_OPTIONS: `--import ${path.join(import.meta.dirname, "cpu-profiler.mjs")}`,
  CPU_PROFILE_DIR: profDir,
});
let stopped = false;
try {
  const admin = await serverToken(server, { grant_type: "password", username: "admin", password: ADMIN_PASSWORD });
  const tenantId = `prof-${Date.now()}`;
  await fetch(`${server.url}/api/tenants`, {
    method: "POST",
    headers: { Authorization: `Bearer ${admin}`, "Content-Type": "application/json" },
    body: JSON.stringify({ id: tenantId, name: "Profiled" }),
  });
  const auth = { Authorization: `Bearer ${admin}` };
  const target =
    which === "user"
      ? { path: "/api/user", headers: auth }
      : which === "cheapest"
        ? { path: "/api", headers: {} }
        : { path: `/api/tenants/${tenantId}`, headers: auth };
  // Warm up unprofiled (module loading, JIT), then profile the steady state only.
  await autocannon({ url: server.url + target.path, headers: target.headers, connections: 20, duration: 3 });
  process.kill(server.httpPid()!, "SIGUSR2");
  const out = await autocannon({
    url: server.url + target.path,
    headers: target.headers,
    connections: 20,
    duration: seconds,
  });
  console.log(`${which}: ${out.requests.average.toFixed(0)} req/s, p99 ${out.latency.p99} ms, non-2xx ${out.non2xx}`);
  await server.terminate();
  stopped = true;
} finally {
  if (!stopped) await server.terminate();
}

console.log(summariseProfile(profDir));
