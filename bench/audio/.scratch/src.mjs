import pkg from '@alexanderolsen/libsamplerate-js'; const { create, ConverterType } = pkg;
for (const rate of [22050, 48000, 8000, 44100]) {
  const src = await create(1, rate, 16000, { converterType: ConverterType.SRC_SINC_FASTEST });
  const N = rate * 2; const x = new Float32Array(N); const k = Math.round(rate * 0.5); x[k] = 1;
  const outs = []; let total = 0;
  for (let i = 0; i < N; i += 1000) { const o = src.full(x.subarray(i, Math.min(N, i + 1000))); outs.push(Float32Array.from(o)); total += o.length; }
  const before = total;
  for (let j = 0; j < 4; j++) { const o = src.full(new Float32Array(512)); outs.push(Float32Array.from(o)); total += o.length; }
  const y = new Float32Array(total); let p = 0; for (const o of outs) { y.set(o, p); p += o.length; }
  let mi = 0; for (let i = 0; i < y.length; i++) if (Math.abs(y[i]) > Math.abs(y[mi])) mi = i;
  console.log(rate, 'out before flush', before, 'after', total, 'expected', N * 16000 / rate, 'impulse at', mi, 'expected', k * 16000 / rate);
  src.destroy();
}
