import { Encoder, Decoder } from '@evan/opus';
import fs from 'node:fs';
const buf = fs.readFileSync('/tmp/au/m10_16k.raw'); const pcm = new Int16Array(buf.buffer, buf.byteOffset, 16000 * 120);
for (const cx of [0, 1, 3, 5, 10]) for (const br of [24000, 32000]) {
  const e = new Encoder({ channels: 1, sample_rate: 16000, application: 'voip' }); e.complexity = cx; e.bitrate = br; e.signal = 'voice';
  const d = new Decoder({ channels: 1, sample_rate: 16000 });
  const out = new Int16Array(pcm.length); let o = 0, bytes = 0;
  for (let i = 0; i + 320 <= pcm.length; i += 320) { const p = e.encode(pcm.subarray(i, i + 320)); bytes += p.length; const s = new Int16Array(d.decode(p).buffer.slice(0)); out.set(s, o); o += s.length; }
  fs.writeFileSync(`/tmp/au/q-${cx}-${br}.raw`, Buffer.from(out.buffer));
  console.log(cx, br, (bytes * 8 / 120 / 1000).toFixed(1), 'kbps');
}
