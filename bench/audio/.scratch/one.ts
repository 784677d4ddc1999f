import { ingestAudio } from "../../../lib/audio/ingest";
const f = process.argv[2]!; const w = process.argv[3];
const t = performance.now();
const cpu0 = process.cpuUsage();
const r = await ingestAudio(f, { peaksPath: "/tmp/au/o.dat", normalisedPath: "/tmp/au/o.opus" }, { worker: w === "off" ? false : "auto", encoder: process.env.CX ? { complexity: Number(process.env.CX) } : undefined });
const cpu = process.cpuUsage(cpu0);
console.log(f.split("/").pop(), w ?? "auto", ((performance.now() - t) / 1000).toFixed(2), "s wall; process cpu user", (cpu.user / 1e6).toFixed(2), "s", r.normalised.packets);
