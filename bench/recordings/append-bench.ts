// Append benchmark over HTTP against a real app server (its own SQLite file and data dir):
// appends BENCH_APPENDS (default 500) short WAV recordings to ONE result set and times the 1st
// and the last append (and the median of the first and last ten), then their ratio: appending
// must not get slower as the set grows. Finally times the lazy build of the combined audio.
//
//   npx tsx bench/recordings/append-bench.ts
//   BENCH_APPENDS=200 BENCH_PORT=4910 npx tsx bench/recordings/append-bench.ts
// Prints figures; asserts nothing. Make sure the app is built (`npm run build` or `npm start` once).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { privateServer, seedOrganisation, serverCall } from "../../e2e/support/server";
import { makeSpeechWav, missingAudioTools } from "../../lib/audio/test-audio";

const appends = Number(process.env.BENCH_APPENDS ?? 500);
const port = Number(process.env.BENCH_PORT ?? 4910);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "append-bench-"));
const missing = await missingAudioTools();
if (missing.length) throw new Error(`missing tools: ${missing.join(", ")}`);

const call = serverCall;

const server = await privateServer(port, { LOG_LEVEL: "warn" });
try {
  const { org, asStudent } = await seedOrganisation(server, "bench", "bench");
  const challenge = new FormData();
  challenge.append("id", "bench");
  challenge.append("language", "eng");
  await call(server, "POST", "/challenges/speech", org, challenge);

  const wav = await makeSpeechWav(dir, "One short answer.", { name: "short.wav", sampleRate: 16000 });
  const blob = await fs.openAsBlob(wav);
  const times: number[] = [];
  for (let i = 0; i < appends; i++) {
    const body = new FormData();
    body.append("resultSetId", "bench-set");
    body.append("audio", blob, "short.wav");
    const t0 = performance.now();
    await call(server, "POST", "/challenges/speech/bench/recordings", asStudent, body);
    times.push(performance.now() - t0);
    if ((i + 1) % 100 === 0) console.log(`  ${i + 1} appends, last ${times[i]!.toFixed(1)} ms`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const first = times[0]!;
  const last = times[times.length - 1]!;
  console.log(`append #1:        ${first.toFixed(1)} ms`);
  console.log(`append #${appends}:      ${last.toFixed(1)} ms`);
  console.log(`ratio #${appends}/#1:    ${(last / first).toFixed(2)}`);
  const head = median(times.slice(1, 11));
  const tail = median(times.slice(-10));
  console.log(
    `median #2-11:     ${head.toFixed(1)} ms;  median of last 10: ${tail.toFixed(1)} ms;  ratio ${(tail / head).toFixed(2)}`,
  );

  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/resultsets/bench-set/audio`, {
    headers: { Authorization: `Bearer ${asStudent}` },
  });
  const bytes = (await res.arrayBuffer()).byteLength;
  console.log(
    `combined audio of ${appends} recordings: first GET ${(performance.now() - t0).toFixed(0)} ms (${(bytes / 1024).toFixed(0)} KiB, status ${res.status})`,
  );
  const t1 = performance.now();
  await (
    await fetch(`${server.url}/api/resultsets/bench-set/audio`, { headers: { Authorization: `Bearer ${asStudent}` } })
  ).arrayBuffer();
  console.log(`cached GET: ${(performance.now() - t1).toFixed(0)} ms`);
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
