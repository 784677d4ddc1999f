import { ingestAudio, InvalidAudioError } from "../../../lib/audio/ingest";
import fs from "node:fs";
for (const f of process.argv.slice(2)) {
  const out = { peaksPath: "/tmp/au/ab.dat", normalisedPath: "/tmp/au/ab.opus" };
  const t = performance.now();
  try { await ingestAudio(f, out, { worker: true }); console.log(f, "accepted?!"); }
  catch (e) { console.log(f, e instanceof InvalidAudioError ? e.reason : e, ((performance.now() - t) / 1000).toFixed(2), "s; leftovers:", fs.existsSync(out.peaksPath), fs.existsSync(out.normalisedPath)); }
}
console.log("event loop should exit now");
