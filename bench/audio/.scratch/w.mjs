import { OpusSegmentWriter } from '../../../lib/audio/opus-segment-writer.mjs';
import fs from 'node:fs';
const buf = fs.readFileSync('/tmp/au/s16k.raw'); const pcm = new Int16Array(buf.buffer, buf.byteOffset, buf.length / 2);
for (const n of [pcm.length, 16000, 16001, 320, 1, 423]) {
  const w = await OpusSegmentWriter.create(`/tmp/au/w${n}.opus`);
  const t = performance.now();
  for (let i = 0; i < n; i += 4000) await w.write(pcm.subarray(i, Math.min(n, i + 4000)));
  const r = await w.finish();
  console.log(n, JSON.stringify(r), (performance.now() - t).toFixed(0), 'ms');
}
