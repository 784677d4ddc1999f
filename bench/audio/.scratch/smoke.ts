import { ingestAudio, InvalidAudioError } from "../../../lib/audio/ingest";
for (const f of process.argv.slice(2)) {
  const t = performance.now();
  try {
    const r = await ingestAudio(f, { peaksPath: "/tmp/au/out.dat", normalisedPath: "/tmp/au/out.opus" });
    console.log(f, (performance.now() - t).toFixed(0), "ms", JSON.stringify(r));
  } catch (e) {
    if (e instanceof InvalidAudioError) console.log(f, "INVALID:", e.reason); else { console.log(f, "ERROR", e); }
  }
}
