import { makeBrokenAudio, makeSpeechWav, makeSpeechOgg, makeLongSpeech, soxiInfo, ffprobeAudio, decodedSampleCount } from "../../../lib/audio/test-audio";
import { ingestAudio, InvalidAudioError } from "../../../lib/audio/ingest";
import fs from "node:fs/promises";
const dir = await fs.mkdtemp("/tmp/au/gen-");
const b = await makeBrokenAudio(dir);
for (const [k, f] of Object.entries(b)) {
  try { await ingestAudio(f, { peaksPath: dir + "/p.dat", normalisedPath: dir + "/n.opus" }); console.log(k, "ACCEPTED?!"); }
  catch (e) { console.log(k.padEnd(14), e instanceof InvalidAudioError ? e.reason : "OTHER " + e); }
}
console.log(await soxiInfo(await makeSpeechWav(dir)), await ffprobeAudio(await makeSpeechOgg(dir)));
const l = await makeLongSpeech(dir, 20, { format: "wav", channels: 2, sampleRate: 48000 });
console.log(l, await soxiInfo(l));
const o = await makeLongSpeech(dir, 20, { format: "ogg" });
console.log(o, await decodedSampleCount(o) / 48000);
console.log(await fs.readdir(dir));
