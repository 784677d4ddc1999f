// The practice page's choice latency in a real browser: from the end of speaking (the student's
// "I am done") to the recognised choice shown, p50 and p95, for a 3-second answer, printed beside
// the server's own engine time for the same answers (/api/metrics, recognition_engine_seconds).
// Chromium's fake microphone says the answer (espeak-ng, padded to 3.0 s); the page streams it
// over /ws as it records (components/practice/choice-practice.tsx), and the result carries its
// own measurement (data-latency-ms: performance.now() from the stop to the result's render).
// The bench seeds its own tenant, organisation, student (with a password) and prepared challenge.
//
//   npm run build
//   BENCH_START=1 npx tsx bench/web/practice-latency.ts       # a server of its own on BENCH_URL's port
//   BENCH_URL=http://127.0.0.1:3000 ADMIN_PASSWORD=... npx tsx bench/web/practice-latency.ts
//   BENCH_ROUNDS=20 (default 10)
// Prints figures; asserts nothing.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { chromium } from "@playwright/test";
import { api, engineMetrics, type Started, seed, startServer } from "../recognition/rest-seed";

const run = promisify(execFile);
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const ANSWER_SECONDS = 3;
const CHOICES = ["The cat sits on the mat.", "A dog runs in the park.", "Birds fly south in winter."];
const ANSWER = 1;
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN;
const ms = (x: number) => `${x.toFixed(0)} ms`;

let base = (process.env.BENCH_URL ?? "http://127.0.0.1:3000").replace(/\/+$/, "");
let adminPassword = process.env.ADMIN_PASSWORD;
let started: Started | undefined;
if (process.env.BENCH_START === "1") {
  started = await startServer(Number(new URL(base).port || 3000));
  base = started.url;
  adminPassword = started.adminPassword;
}
if (!adminPassword) throw new Error("ADMIN_PASSWORD is needed (the running server's), or BENCH_START=1");

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "practice-latency-"));
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-audio-capture=${await audio()}`,
  ],
});
try {
  const seeded = await seed(base, adminPassword, 1, {
    language: "eng",
    choices: await Promise.all(CHOICES.map(async (text, i) => ({ text, wav: await reference(text, i) }))),
  });
  // The student's card: a username and password, and the school's sign-in address.
  const username = `bench-${Date.now()}`;
  const password = "bench-password-1";
  const json = (data: unknown) => JSON.stringify(data);
  await api(base, "POST", "/user/basicauths", seeded.students[0]!, json({ username, password }), "application/json");
  const { path: signIn } = await api<{ path: string }>(
    base,
    "GET",
    `/organisations/${seeded.orgId}/sign-in-code`,
    seeded.org,
  );

  const page = await browser.newPage({ baseURL: base });
  await page.goto(signIn);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Start practising" }).click();
  await page.getByRole("heading", { level: 1, name: "My exercises" }).waitFor({ timeout: 30_000 });
  await page.goto(`/practice/choice/${encodeURIComponent(seeded.challengeId)}`);
  await page.getByRole("button", { name: "Test my microphone" }).click();

  const shown: number[] = [];
  const engine: number[] = [];
  let correct = 0;
  for (let r = 0; r < rounds; r++) {
    const before = await engineMetrics(base, seeded.admin);
    await page.getByRole("button", { name: /^\s*(Speak your answer|Speak again)$/ }).click({ timeout: 30_000 });
    await page.getByRole("button", { name: "I am done" }).waitFor();
    // The fake microphone starts the file when the page opens it: speaking ends at 3.0 s.
    await page.waitForTimeout(ANSWER_SECONDS * 1000);
    await page.getByRole("button", { name: "I am done" }).click();
    const result = page.locator("[data-testid=practice-result][data-latency-ms]");
    await result.waitFor({ timeout: 60_000 });
    shown.push(Number(await result.getAttribute("data-latency-ms")));
    if ((await result.textContent())?.includes(CHOICES[ANSWER]!)) correct++;
    const after = await engineMetrics(base, seeded.admin);
    let seconds = 0;
    for (const [name, a] of after.engines) seconds += a.sum - (before.engines.get(name)?.sum ?? 0);
    engine.push(seconds * 1000);
  }
  console.log(
    `${rounds} spoken answers of ${ANSWER_SECONDS} s (Chromium, fake microphone, WebM Opus chunks of 250 ms streamed while speaking); load ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores`,
  );
  console.log(`  end of speaking → result shown: p50 ${ms(quantile(shown, 0.5))}, p95 ${ms(quantile(shown, 0.95))}`);
  console.log(
    `  server engine time, same answers: p50 ${ms(quantile(engine, 0.5))}, p95 ${ms(quantile(engine, 0.95))}`,
  );
  console.log(`  recognised correctly: ${correct}/${rounds}`);
} finally {
  await browser.close();
  await fs.rm(dir, { recursive: true, force: true });
  await started?.stop();
}
process.exit(0);

/** A choice's reference: espeak-ng's default voice, 16 kHz mono WAV. */
async function reference(text: string, i: number): Promise<Buffer> {
  const raw = path.join(dir, `ref-${i}-raw.wav`);
  const out = path.join(dir, `ref-${i}.wav`);
  await run("espeak-ng", ["-w", raw, text]);
  await run("sox", ["-R", raw, "-r", "16000", "-c", "1", "-b", "16", out]);
  return fs.readFile(out);
}

/** The answer the microphone says: another voice, padded to 3.0 s, then silence (Chromium loops the file). */
async function audio(): Promise<string> {
  const raw = path.join(dir, "answer-raw.wav");
  const out = path.join(dir, "answer.wav");
  await run("espeak-ng", ["-v", "en-us", "-s", "150", "-w", raw, CHOICES[ANSWER]!]);
  const { stdout } = await run("soxi", ["-D", raw]);
  const pad = Math.max(0, ANSWER_SECONDS - 0.3 - Number(stdout));
  await run("sox", ["-R", raw, "-r", "48000", "-c", "1", "-b", "16", out, "pad", "0.3", String(pad + 10)]);
  return out;
}
