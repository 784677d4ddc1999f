// Answers at classroom scale (issue 28), on a private server (its own SQLite file and storage):
// 100 concurrent answers are all stored intact; kill -9 in the middle of such a run loses no
// answer that was answered 201; a full worker pool, or a full line of uploads waiting their turn
// (lib/server/upload-line.mjs), answers 503 with Retry-After and stores nothing half-made. (Throughput and latency targets live in bench/upload/classroom-bench.ts.)
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { makeLongSpeech, makeSpeechWav } from "../../lib/audio/test-audio";
import { PORTS } from "../support/env";
import { type PrivateServer, privateServer, seedOrganisation, serverCall } from "../support/server";

test.describe.configure({ mode: "serial", timeout: 240_000 });

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
let server: PrivateServer;
let answer: Buffer;
let long: Buffer;
let student: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "classroom-audio-"));
  answer = fs.readFileSync(await makeSpeechWav(dir, "The cat sat on the mat by the door.", { name: "a.wav" }));
  long = fs.readFileSync(await makeLongSpeech(dir, 20, { format: "wav", name: "long.wav" }));
  fs.rmSync(dir, { recursive: true, force: true });
  server = await privateServer(PORTS.sqlite + 80);
  const { org, asStudent } = await seedOrganisation(server, "class-t", "class-o");
  student = asStudent;
  const challenge = new FormData();
  challenge.append("id", "answer");
  challenge.append("language", "eng");
  await serverCall(server, "POST", "/challenges/speech", org, challenge);
});
test.afterAll(async () => {
  if (server && /"level":"error"/.test(server.log())) console.error(`--- server log ---\n${server.log()}`);
  await server?.stop();
});

/** The answer with its last sample set to `n`: a valid WAV whose bytes differ for every n. */
const variant = (bytes: Buffer, n: number) => {
  const copy = Buffer.from(bytes);
  copy.writeInt16LE(n, copy.length - 2);
  return copy;
};

/** Uploads; resolves with the status (0 when the connection broke). */
async function upload(bytes: Buffer, id: string, resultSetId: string): Promise<Response | null> {
  const body = new FormData();
  body.append("id", id);
  body.append("resultSetId", resultSetId);
  body.append("audio", new Blob([new Uint8Array(bytes)], { type: "audio/wav" }), "answer.wav");
  try {
    return await fetch(`${server.url}/api/challenges/speech/answer/recordings`, {
      method: "POST",
      headers: { Authorization: `Bearer ${student}` },
      body,
    });
  } catch {
    return null; // the server died under this request
  }
}

/** Every answered recording is there and its download has exactly the bytes that were sent. */
async function expectIntact(sent: Map<string, string>) {
  for (const [id, hash] of sent) {
    const recording = await serverCall<{ audioUrl: string }>(
      server,
      "GET",
      `/challenges/speech/answer/recordings/${id}`,
      student,
    );
    const download = await fetch(recording.audioUrl, { headers: { Authorization: `Bearer ${student}` } });
    expect(download.status, id).toBe(200);
    expect(sha256(new Uint8Array(await download.arrayBuffer())), id).toBe(hash);
  }
}

/**
 * `count` long answers sent together into one set: the hashes of those answered 201 by id, and
 * what came with each 503 (any other status fails the test).
 */
async function uploadAtOnce(count: number, prefix: string, resultSetId: string) {
  const sent = new Map<string, string>();
  const refused: { retryAfter: string | null; connection: string | null; body: { message?: string } }[] = [];
  await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const bytes = variant(long, prefix.charCodeAt(0) * 100 + n);
      const response = await upload(bytes, `${prefix}${n}`, resultSetId);
      if (response?.status === 201) {
        sent.set(`${prefix}${n}`, sha256(bytes));
        await response.text();
      } else {
        expect(response?.status).toBe(503);
        refused.push({
          retryAfter: response!.headers.get("retry-after"),
          connection: response!.headers.get("connection"),
          body: await response!.json(),
        });
      }
    }),
  );
  return { sent, refused };
}

/** The recordings whose ids start with `prefix` are exactly the answered ones: a refused one left no trace. */
function expectStoredExactly(prefix: string, sent: Map<string, string>) {
  const sqlite = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
  try {
    const ids = sqlite.prepare("SELECT id FROM SpeechRecording WHERE id LIKE ?").all(`${prefix}%`) as { id: string }[];
    expect(ids.map((r) => r.id).sort()).toEqual([...sent.keys()].sort());
  } finally {
    sqlite.close();
  }
}

/**
 * Straight from the database and storage: every row's file is complete, and (unless a crash may
 * have left objects for the orphan sweep) no object lacks its row.
 */
function expectNothingHalfMade({ orphansAllowed = false } = {}) {
  const sqlite = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
  try {
    const rows = sqlite.prepare("SELECT storageKey, sha256 FROM StoredFile").all() as {
      storageKey: string;
      sha256: string;
    }[];
    for (const row of rows) {
      const file = path.join(server.dataDir, row.storageKey);
      expect(sha256(fs.readFileSync(file)), row.storageKey).toBe(row.sha256);
    }
    const objects = fs
      .readdirSync(path.join(server.dataDir, "files"), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !e.parentPath.includes(".tmp"));
    if (orphansAllowed) expect(objects.length).toBeGreaterThanOrEqual(rows.length);
    else expect(objects.length).toBe(rows.length);
    // Positions in every result set are 0..n-1, and its count says n.
    const sets = sqlite.prepare("SELECT pk, recordingCount FROM ResultSet").all() as {
      pk: string;
      recordingCount: number;
    }[];
    for (const set of sets) {
      const positions = (
        sqlite.prepare("SELECT position FROM SpeechRecording WHERE resultSetPk = ? ORDER BY position").all(set.pk) as {
          position: number;
        }[]
      ).map((r) => r.position);
      expect(positions).toEqual(Array.from({ length: set.recordingCount }, (_, i) => i));
    }
  } finally {
    sqlite.close();
  }
}

test("100 concurrent answers are all stored intact, and the combined audio is built", async () => {
  const sent = new Map<string, string>();
  const statuses = await Promise.all(
    Array.from({ length: 100 }, async (_, n) => {
      const bytes = variant(answer, n);
      const response = await upload(bytes, `c-${n}`, `set-${n % 10}`);
      if (response?.status === 201) sent.set(`c-${n}`, sha256(bytes));
      else await response?.text();
      return response?.status ?? 0;
    }),
  );
  expect(statuses.filter((s) => s !== 201)).toEqual([]);
  await expectIntact(sent);
  const combined = await fetch(`${server.url}/api/resultsets/set-3/audio`, {
    headers: { Authorization: `Bearer ${student}` },
  });
  expect(combined.status).toBe(200);
  expect(combined.headers.get("content-type")).toContain("audio/ogg");
  expect((await combined.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  expectNothingHalfMade();
});

test("a full worker pool answers 503 with Retry-After and stores nothing half-made", async () => {
  await server.terminate();
  await server.start({ WORKER_POOL_THREADS: "1", WORKER_POOL_MAX_QUEUE: "1", WORKER_POOL_RETRY_AFTER_SECONDS: "3" });
  const { sent, refused } = await uploadAtOnce(12, "f-", "full");
  expect(refused.length).toBeGreaterThan(0);
  expect(sent.size).toBeGreaterThanOrEqual(2);
  for (const r of refused) {
    expect(r.retryAfter).toBe("3");
    expect(r.body.message).toMatch(/busy/);
  }
  // The set holds exactly the answered recordings; a refused one left no trace.
  expectStoredExactly("f-", sent);
  await expectIntact(sent);
  expectNothingHalfMade();
});

test("uploads wait their turn in line; past its bound they get 503 with Retry-After before a byte is stored", async () => {
  await server.terminate();
  await server.start({ UPLOADS_AT_ONCE: "1", UPLOADS_WAITING: "1", WORKER_POOL_RETRY_AFTER_SECONDS: "4" });
  const { sent, refused } = await uploadAtOnce(6, "l-", "line");
  // One at a time and one waiting: the long answers arrive together, so most are turned away.
  expect(sent.size).toBeGreaterThanOrEqual(2);
  expect(refused.length).toBeGreaterThanOrEqual(3);
  for (const r of refused) {
    expect(r.retryAfter).toBe("4");
    expect(r.body.message).toMatch(/busy/);
    // Its body was never read: the connection is not reused.
    expect(r.connection).toBe("close");
  }
  expectStoredExactly("l-", sent);
  await expectIntact(sent);
  expectNothingHalfMade();
});

test("kill -9 during 100 concurrent answers loses none that was answered 201", async () => {
  await server.terminate();
  await server.start(); // the default pool again
  const sent = new Map<string, string>();
  let failed = 0;
  const run = Promise.all(
    Array.from({ length: 100 }, async (_, n) => {
      const bytes = variant(answer, 1000 + n);
      const response = await upload(bytes, `k-${n}`, `kill-${n % 10}`);
      if (response?.status === 201) sent.set(`k-${n}`, sha256(bytes));
      else failed++;
      await response?.text().catch(() => {});
    }),
  );
  await expect.poll(() => sent.size, { timeout: 60_000 }).toBeGreaterThanOrEqual(5);
  await server.kill9();
  await run;
  expect(failed).toBeGreaterThan(0); // the crash cut some answers off
  await server.start();
  await expectIntact(sent);
  expectNothingHalfMade({ orphansAllowed: true });
});
