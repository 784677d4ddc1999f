import { Decoder } from '@evan/opus';
import CodecParser from 'codec-parser';
import fs from 'node:fs';
const cp = new CodecParser('application/ogg', { enableLogging: false });
const frames = []; let hdr;
for (const p of cp.parseAll(fs.readFileSync('/tmp/au/st.opus'))) for (const f of p.codecFrames) { frames.push(f.data); hdr ??= f.header; }
console.log('channels', hdr.channels, 'gain', hdr.outputGain, 'family', hdr.channelMappingFamily);
const d = new Decoder({ channels: 1, sample_rate: 16000 });
let n = 0; for (const f of frames) n += d.decode(f).byteLength / 2;
console.log('mono decode of stereo stream samples', n, frames.length * 320);
try { const bad = new Uint8Array([0xff, 0xff, 0xff]); const r = d.decode(bad); console.log('bad packet ->', r.byteLength); } catch (e) { console.log('bad packet throws', e.message); }
try { const r = d.decode(new Uint8Array(0)); console.log('empty packet ->', r.byteLength); } catch (e) { console.log('empty throws', e.message); }
const corrupt = Uint8Array.from(frames[50]); for (let i = 1; i < corrupt.length; i++) corrupt[i] ^= 0x5a;
try { const r = d.decode(corrupt); console.log('corrupt ->', r.byteLength); } catch (e) { console.log('corrupt throws', e.message); }
d.gain = 256; console.log('gain', d.gain);
