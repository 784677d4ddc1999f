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

const file = fs
  .readdirSync(profDir)
  .filter((f) => f.endsWith(".cpuprofile"))
  .sort((a, b) => fs.statSync(path.join(profDir, b)).size - fs.statSync(path.join(profDir, a)).size)[0];
if (!file) throw new Error(`no profile written in ${profDir}`);
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
const profile = JSON.parse(fs.readFileSync(path.join(profDir, file), "utf8")) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const area = (url: string, name: string) => {
  if (!url) return name.startsWith("(") ? name : "(native)";
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
  const chunk = /\.next\/server\/chunks\/(?:ssr\/)?\[root-of-the-server\]__|\.next\/server\//.test(url);
  return chunk ? "app bundle (.next/server)" : url.replace(/^file:\/\/\/work\/[^/]+\//, "");
};
const byArea = new Map<string, number>();
const byFn = new Map<string, number>();
for (const n of profile.nodes) {
  const t = self.get(n.id) ?? 0;
  if (!t) continue;
  const a = area(n.callFrame.url, n.callFrame.functionName);
  byArea.set(a, (byArea.get(a) ?? 0) + t);
  const key = `${n.callFrame.functionName || "(anonymous)"}  ${a}:${n.callFrame.lineNumber + 1}`;
  byFn.set(key, (byFn.get(key) ?? 0) + t);
}
const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
console.log(`\nself time by area (${(total / 1e6).toFixed(1)} s sampled):`);
for (const [a, t] of [...byArea].sort((x, y) => y[1] - x[1]).slice(0, 20)) console.log(`${pct(t)}  ${a}`);
console.log("\ntop functions by self time:");
for (const [f, t] of [...byFn].sort((x, y) => y[1] - x[1]).slice(0, 25)) console.log(`${pct(t)}  ${f}`);
console.log(`\nprofile: ${path.join(profDir, file)}`);
