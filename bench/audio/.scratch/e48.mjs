import { Encoder } from '@evan/opus';
import fs from 'node:fs';
const buf = fs.readFileSync('/tmp/au/m10_16k.raw'); const pcm16 = new Int16Array(buf.buffer, buf.byteOffset, buf.length / 2);
const pcm48 = new Int16Array(pcm16.length * 3); for (let i = 0; i < pcm16.length; i++) { pcm48[3*i] = pcm16[i]; pcm48[3*i+1] = pcm16[i]; pcm48[3*i+2] = pcm16[i]; }
for (const [rate, pcm] of [[16000, pcm16], [48000, pcm48]]) for (const cx of [1]) {
  const e = new Encoder({ channels: 1, sample_rate: rate, application: 'voip' }); e.complexity = cx; e.bitrate = 24000; e.signal = 'voice'; e.max_bandwidth = 'wideband';
  const fs_ = rate / 50; const t = performance.now(); let bytes = 0; const N = Math.min(pcm.length, rate * 120);
  for (let i = 0; i + fs_ <= N; i += fs_) bytes += e.encode(pcm.subarray(i, i + fs_)).byteLength;
  console.log(rate, 'cx', cx, ((performance.now() - t) * 30 / 1000).toFixed(1), 's/hour', 'kbps', (bytes * 8 / 120000).toFixed(1), 'lookahead', e.ctl(4027), 'bw', e.bandwidth);
}
