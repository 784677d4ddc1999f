// Durability under a hard crash: the app is killed with SIGKILL while concurrent uploads
// run. After a restart every upload that was answered 201 is there with its exact bytes,
// no row lacks its file, and work queued before the crash still completes.

import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { makeLongSpeech, makeSpeechOgg } from "../../lib/audio/test-audio";
import { PORTS } from "../support/env";
import { type PrivateServer, privateServer, seedOrganisation, serverCall } from "../support/server";

// The server under test is private (its own SQLite file), so one project runs this.
test.describe.configure({ mode: "serial", timeout: 240_000 });

const sha256 = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");
let server: PrivateServer;
let audioDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000); // a fresh server starts slowly while the rest of the suite runs
  audioDir = fs.mkdtempSync(path.join(os.tmpdir(), "crash-audio-"));
  server = await privateServer(PORTS.sqlite + 20, { JOB_POLL_MS: "200" });
});
test.afterAll(async () => {
  if (server && /"level":"error"/.test(server.log())) console.error(`--- server log ---\n${server.log()}`);
  await server?.stop();
  fs.rmSync(audioDir, { recursive: true, force: true });
});

const call = <T>(method: string, url: string, token: string | null, body?: BodyInit, type?: string) =>
  serverCall<T>(server, method, url, token, body, type);
const seed = () => seedOrganisation(server, "crash-t", "crash-o");

test("uploads answered 201 survive kill -9 with their exact bytes; no row lacks its file", async () => {
  const { org, asStudent } = await seed();
  const challenge = new FormData();
  for (const c of ["yes", "no"]) challenge.append("choices", c);
  challenge.append("language", "eng");
  await call("POST", "/challenges/choice", org, challenge);
  const first = await call<{ id: string }[]>("GET", "/challenges/choice", org);
  const challengeId = first[0].id;
  await expect
    .poll(async () => (await call<{ status: string }>("GET", `/challenges/choice/${challengeId}`, org)).status, {
      timeout: 30_000,
    })
    .toBe("prepared");

  // Distinct recordings (so each upload has its own hash), large enough to be mid-flight when killed.
  const files: Buffer[] = [];
  for (let i = 0; i < 6; i++) {
    const file =
      i % 2
        ? await makeSpeechOgg(audioDir, `Recording number ${i} for the crash test.`, { name: `r${i}.opus` })
        : await makeLongSpeech(audioDir, 20 + i, { format: "wav", name: `r${i}.wav` });
    files.push(fs.readFileSync(file));
  }
  const answered = new Map<string, string>(); // recognition id → sha256 of what was sent
  const sent = new Set(files.map(sha256));
  let started = 0;
  const upload = async (n: number) => {
    const bytes = files[n % files.length];
    const body = new FormData();
    body.append("id", `rec-${n}`);
    body.append(
      "audio",
      new Blob([new Uint8Array(bytes)], { type: n % 2 ? "audio/ogg" : "audio/wav" }),
      n % 2 ? "a.opus" : "a.wav",
    );
    started++;
    try {
      const response = await fetch(`${server.url}/api/challenges/choice/${challengeId}/recognitions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${asStudent}` },
        body,
      });
      if (response.status === 201) answered.set(`rec-${n}`, sha256(bytes));
      else await response.text();
    } catch {
      // the server died under this request
    }
  };
  const uploads = Array.from({ length: 40 }, (_, n) => n);
  const workers = Array.from({ length: 8 }, async (_, w) => {
    for (let n = w; n < uploads.length; n += 8) await upload(n);
  });
  await expect.poll(() => answered.size, { timeout: 60_000 }).toBeGreaterThanOrEqual(5);
  await server.kill9();
  await Promise.all(workers);
  expect(started).toBeGreaterThan(answered.size); // some uploads were cut off by the crash

  await server.start();
  for (const [id, hash] of answered) {
    const recognition = await call<{ audioUrl: string }>(
      "GET",
      `/challenges/choice/${challengeId}/recognitions/${id}`,
      asStudent,
    );
    const download = await fetch(recognition.audioUrl, { headers: { Authorization: `Bearer ${asStudent}` } });
    expect(download.status, id).toBe(200);
    expect(sha256(Buffer.from(await download.arrayBuffer())), id).toBe(hash);
  }

  // Straight from the database: every file row has its complete file, and every
  // recognition (answered or not) holds one of the recordings that were sent.
  const sqlite = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
  try {
    const rows = sqlite.prepare("SELECT storageKey, size, sha256 FROM StoredFile").all() as {
      storageKey: string;
      size: number;
      sha256: string;
    }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const file = path.join(server.dataDir, row.storageKey);
      expect(fs.existsSync(file), row.storageKey).toBe(true);
      expect(sha256(fs.readFileSync(file)), row.storageKey).toBe(row.sha256);
    }
    const stored = sqlite
      .prepare("SELECT r.id, f.sha256 FROM ChoiceRecognition r JOIN StoredFile f ON f.pk = r.audioFilePk")
      .all() as { id: string; sha256: string }[];
    expect(stored.length).toBeGreaterThanOrEqual(answered.size);
    for (const r of stored) expect(sent.has(r.sha256), r.id).toBe(true);
  } finally {
    sqlite.close();
  }
});

test("preparation survives a restart, and a job cut off mid-run by a crash is retried", async () => {
  const { org } = await seed();
  const create = async (id: string) => {
    const body = new FormData();
    for (const c of ["left", "right"]) body.append("choices", c);
    body.append("language", "eng");
    body.append("id", id);
    expect((await call<{ status: string }>("POST", "/challenges/choice", org, body)).status).toBe("preparing");
  };
  const status = async (id: string) => (await call<{ status: string }>("GET", `/challenges/choice/${id}`, org)).status;

  // An instance that runs no background jobs: the preparations stay queued when it dies.
  await server.kill9();
  await server.start({ BACKGROUND_JOBS: "false" });
  await create("queued-at-crash");
  await create("running-at-crash");
  expect(await status("queued-at-crash")).toBe("preparing");
  await server.kill9();

  // Leave the second job as an instance that died mid-job leaves it: running, lease expired.
  const sqlite = new Database(path.join(server.dataDir, "app.db"));
  const pk = (sqlite.prepare("SELECT pk FROM ChoiceChallenge WHERE id = ?").get("running-at-crash") as { pk: string })
    .pk;
  sqlite
    .prepare(
      "UPDATE Job SET status = 'running', lockedBy = 'dead-instance', lockedUntil = ?, attempts = 1 WHERE targetPk = ?",
    )
    .run(new Date(Date.now() - 1000).toISOString().replace("Z", "+00:00"), pk);
  sqlite.close();

  await server.start({ BACKGROUND_JOBS: "true" });
  await expect.poll(() => status("queued-at-crash"), { timeout: 30_000 }).toBe("prepared");
  await expect.poll(() => status("running-at-crash"), { timeout: 30_000 }).toBe("prepared");
});
