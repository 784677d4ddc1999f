// One ingest in a fresh process, for bench/audio/ingest-bench.ts: prints one JSON line with the
// wall time of ingestAudio() and the process's peak RSS (worker thread included).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ingestAudio } from "../../lib/audio/ingest";

const [src, worker] = process.argv.slice(2);
if (!src) throw new Error("usage: ingest-child.ts <file> [auto|on|off]");
const outDir = await fs.mkdtemp(path.join(os.tmpdir(), "ingest-bench-out-"));
const out = { peaksPath: path.join(outDir, "peaks.dat"), normalisedPath: path.join(outDir, "normalised.opus") };
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

const baseRss = process.memoryUsage().rss;
let sampledPeak = baseRss;
const timer = setInterval(() => (sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss)), 20);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
// INGEST_COMPLEXITY: try another Opus encoder complexity (benchmarks only; segments share one configuration).
const complexity = process.env.INGEST_COMPLEXITY ? Number(process.env.INGEST_COMPLEXITY) : undefined;
const result = await ingestAudio(src, out, {
  worker: worker === "on" ? true : worker === "off" ? false : "auto",
  encoder: complexity === undefined ? undefined : { complexity },
});
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0); // all threads of the process, the encoder worker included
clearInterval(timer);
const normalisedBytes = (await fs.stat(out.normalisedPath)).size;
await fs.rm(outDir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    ms: Math.round(ms),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    baseRssMB: mb(baseRss),
    sampledPeakRssMB: mb(sampledPeak),
    maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    normalisedBytes,
    result,
  }),
);
