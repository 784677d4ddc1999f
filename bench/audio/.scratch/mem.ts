import { ingestAudio } from "../../../lib/audio/ingest";
const f = process.argv[2]!;
const t = performance.now();
const mb = (x: number) => (x / 2 ** 20).toFixed(0);
const timer = setInterval(() => { if (process.env.GC) (globalThis as any).gc(); const m = process.memoryUsage(); console.log(((performance.now() - t) / 1000).toFixed(1), "rss", mb(m.rss), "heapUsed", mb(m.heapUsed), "heapTotal", mb(m.heapTotal), "external", mb(m.external), "ab", mb(m.arrayBuffers)); }, 1000);
await ingestAudio(f, { peaksPath: "/tmp/au/o.dat", normalisedPath: "/tmp/au/o.opus" });
clearInterval(timer);
console.log("done", ((performance.now() - t) / 1000).toFixed(2), "maxRSS", (process.resourceUsage().maxRSS / 1024).toFixed(0));
