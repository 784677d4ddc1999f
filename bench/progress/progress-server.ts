// The server half of bench/progress/progress-bench.ts, in a process of its own so that its
// peak memory is the read path's alone (the parent seeds the rows and is the HTTP client).
// It serves GET /?category=…&group=…&role=… through node:http with the same Response the
// route handler returns (lib/progress/respond.ts: streamed), and reports through IPC the peak
// RSS and heap (sampled every 2 ms, plus the process's maxRSS) since the last "reset".
import http from "node:http";
import { Readable } from "node:stream";
import { organisationPrincipal } from "./organisation-principal";

const { DATABASE_URL, BENCH_TENANT_PK, BENCH_ORG_PK } = process.env;
if (!DATABASE_URL || !BENCH_TENANT_PK || !BENCH_ORG_PK)
  throw new Error("DATABASE_URL, BENCH_TENANT_PK and BENCH_ORG_PK are required");

const { db } = await import("../../lib/db/client");
const principal = await organisationPrincipal(BENCH_TENANT_PK, BENCH_ORG_PK);

const { progressResponse } = await import("../../lib/progress/respond");
const answer = (category: string, query: { group?: string[]; role?: string[] }, accept: string) =>
  progressResponse(db(), principal, category, query, accept);

let peak = { rss: 0, heap: 0 };
const sample = () => {
  const m = process.memoryUsage();
  peak = { rss: Math.max(peak.rss, m.rss), heap: Math.max(peak.heap, m.heapUsed) };
};
setInterval(sample, 2).unref();

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://localhost");
    const query = { group: url.searchParams.getAll("group"), role: url.searchParams.getAll("role") };
    const response = await answer(
      url.searchParams.get("category") ?? "",
      query,
      req.headers.accept ?? "application/json",
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return void res.end();
    Readable.fromWeb(response.body as never).pipe(res);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as { port: number }).port }));

process.on("message", (m: string) => {
  if (m === "reset") {
    global.gc?.();
    const now = process.memoryUsage();
    peak = { rss: now.rss, heap: now.heapUsed };
    process.send!({ reset: true, rss: now.rss, heap: now.heapUsed });
  } else if (m === "report") {
    sample();
    process.send!({ peakRss: peak.rss, peakHeap: peak.heap, maxRss: process.resourceUsage().maxRSS * 1024 });
  } else if (m === "exit") {
    server.close();
    void db()
      .$disconnect()
      .finally(() => process.exit(0));
  }
});
