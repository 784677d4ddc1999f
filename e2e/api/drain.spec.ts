// Shutting down under load, with S3 storage (s3rver behind a gate that can hold the object
// HEAD requests of challenge preparation, so that a job is reliably mid-run): SIGTERM during
// 20 concurrent uploads and a running preparation. Every upload that started gets its 201 and
// its file is intact; new connections are answered 503 (readiness included), an idle keep-alive
// connection is not cut off but told to close; the running job is handed back at once and,
// after a restart, finishes exactly once; the process exits cleanly within SHUTDOWN_GRACE_SECONDS. Also: S3 downloads cut off at random points end quietly.

import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { makeLongSpeech, makeSpeechOgg } from "../../lib/audio/test-audio";
import { S3RVER_CREDENTIALS, startS3rver } from "../../lib/storage/test-support";
import { PORTS } from "../support/env";
import { cutDownloads, rawExchange, settledDescriptorCount } from "../support/raw-http";
import { multipartFrame } from "../support/raw-upload";
import { type PrivateServer, privateServer, seedOrganisation, serverCall } from "../support/server";

test.describe.configure({ mode: "serial", timeout: 300_000 });

const BUCKET = "drain-e2e";
const GRACE_S = 30;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let s3: Awaited<ReturnType<typeof startS3rver>>;
let gate: Awaited<ReturnType<typeof s3Gate>>;
let server: PrivateServer;
let client: S3Client;
let audioDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  s3 = await startS3rver();
  client = new S3Client({
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  gate = await s3Gate(s3.endpoint);
  server = await privateServer(PORTS.sqlite + 6, {
    LOG_LEVEL: "info",
    JOB_POLL_MS: "200",
    SHUTDOWN_GRACE_SECONDS: String(GRACE_S),
    STORAGE: "s3",
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: gate.endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  });
  audioDir = fs.mkdtempSync(path.join(os.tmpdir(), "drain-audio-"));
});
test.afterAll(async () => {
  if (server && /uncaught|"level":"error"/i.test(server.log())) console.error(`--- server log ---\n${server.log()}`);
  await server?.stop();
  await gate?.stop();
  await s3?.stop();
  if (audioDir) fs.rmSync(audioDir, { recursive: true, force: true });
});

/** A proxy in front of S3 that, while closed, holds HEAD requests for stored objects (not HeadBucket: health uses it). */
async function s3Gate(target: string) {
  let open = true;
  const held: (() => void)[] = [];
  const proxy = http.createServer((req, res) => {
    const forward = () => {
      const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on("error", () => res.destroy());
      res.on("close", () => upstream.destroy());
      req.pipe(upstream);
    };
    if (!open && req.method === "HEAD" && req.url?.includes("/files/")) held.push(forward);
    else forward();
  });
  proxy.keepAliveTimeout = 1000; // the app's idle pooled connections go quickly (descriptor counts settle)
  await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  return {
    endpoint: `http://127.0.0.1:${(proxy.address() as { port: number }).port}`,
    close: () => void (open = false),
    open: () => {
      open = true;
      held.splice(0).forEach((forward) => forward());
    },
    held: () => held.length,
    stop: async () => {
      proxy.closeAllConnections();
      await new Promise<void>((r) => proxy.close(() => r()));
    },
  };
}

const sqlite = <T>(query: string, ...args: unknown[]): T[] => {
  const db = new Database(path.join(server.dataDir, "app.db"), { readonly: true });
  try {
    return db.prepare(query).all(...args) as T[];
  } finally {
    db.close();
  }
};

test("S3 downloads cut off at random points end quietly and release their connections", async () => {
  const { org } = await seedOrganisation(server, "drain-t", "drain-o");
  const wav = fs.readFileSync(await makeLongSpeech(audioDir, 40, { format: "wav" }));
  const body = new FormData();
  body.append("language", "eng");
  for (const c of ["a long recording", "nothing"]) body.append("choices", c);
  body.append("audio", new Blob([new Uint8Array(wav)], { type: "audio/wav" }), "long.wav");
  const url = (await serverCall<{ choices: { audioUrl: string }[] }>(server, "POST", "/challenges/choice", org, body))
    .choices[0].audioUrl;
  const whole = await fetch(url, { headers: { Authorization: `Bearer ${org}` } });
  expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(wav));

  const pid = server.httpPid()!;
  const before = await settledDescriptorCount(pid, Number(new URL(server.url).port));
  const results = await cutDownloads(url, org, wav.length, 100);
  expect(results.filter((r) => r.status !== null).every((r) => r.status === (r.range ? 206 : 200))).toBe(true);
  // Aborted S3 reads destroy their connections; pooled ones close after the gate's 1 s keep-alive.
  expect(await settledDescriptorCount(pid, Number(new URL(server.url).port))).toBe(before);
  expect(server.log()).not.toMatch(
    /uncaughtException|Controller is already closed|ERR_INVALID_STATE|on garbage collection/,
  );
});

type Upload = {
  id: string;
  bytes: Buffer;
  started: boolean;
  status: number | null;
  body: string;
  error: string | null;
};

/** A recognition upload whose audio goes out in 10 pieces, 300 ms apart. */
function slowUpload(url: string, token: string, upload: Upload): Promise<void> {
  const frame = multipartFrame([["id", upload.id]], { name: "audio", filename: "a.opus", mimeType: "audio/ogg" });
  const target = new URL(url);
  return new Promise((resolve) => {
    const req = http.request({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: "POST",
      agent: false,
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": frame.contentType,
        "Content-Length": frame.head.length + upload.bytes.length + frame.tail.length,
      },
    });
    req.on("response", (res) => {
      upload.status = res.statusCode ?? null;
      res.on("data", (c) => (upload.body += c));
      res.on("end", () => resolve());
    });
    req.on("error", (e) => {
      upload.error = e.message;
      resolve();
    });
    void (async () => {
      req.write(frame.head);
      const piece = Math.ceil(upload.bytes.length / 10);
      for (let i = 0; i < upload.bytes.length && !req.destroyed; i += piece) {
        await new Promise<void>((done) => req.write(upload.bytes.subarray(i, i + piece), () => done()));
        upload.started = true;
        await sleep(300);
      }
      req.end(frame.tail);
    })();
  });
}

test("SIGTERM during 20 uploads and a running preparation: uploads finish, the job is handed over and done once", async () => {
  const { org, asStudent } = await seedOrganisation(server, "drain-t", "drain-o");
  const create = async (id: string, withAudio: boolean) => {
    const body = new FormData();
    body.append("id", id);
    body.append("language", "eng");
    for (const c of ["left", "right"]) body.append("choices", c);
    if (withAudio)
      body.append(
        "audio",
        new Blob([new Uint8Array(fs.readFileSync(await makeSpeechOgg(audioDir, "Left.")))], { type: "audio/ogg" }),
        "left.opus",
      );
    await serverCall(server, "POST", "/challenges/choice", org, body);
  };
  const status = async (id: string) =>
    (await serverCall<{ status: string }>(server, "GET", `/challenges/choice/${id}`, org)).status;
  await create("drain-answers", false);
  await expect.poll(() => status("drain-answers"), { timeout: 30_000 }).toBe("prepared");

  // A preparation that stays running: its storage check is held at the gate.
  gate.close();
  await create("drain-held", true);
  const heldPk = sqlite<{ pk: string }>("SELECT pk FROM ChoiceChallenge WHERE id = ?", "drain-held")[0].pk;
  await expect.poll(() => gate.held(), { timeout: 30_000 }).toBe(1);
  expect(sqlite<{ status: string }>("SELECT status FROM Job WHERE targetPk = ?", heldPk)).toEqual([
    { status: "running" },
  ]);

  const sentences = [
    "One two three.",
    "Four five six.",
    "Seven eight nine.",
    "Ten eleven twelve.",
    "Thirteen fourteen.",
  ];
  const audio = await Promise.all(
    sentences.map(async (s, i) => fs.readFileSync(await makeSpeechOgg(audioDir, s, { name: `s${i}.opus` }))),
  );
  const uploads: Upload[] = Array.from({ length: 20 }, (_, n) => ({
    id: `drain-rec-${n}`,
    bytes: audio[n % audio.length],
    started: false,
    status: null,
    body: "",
    error: null,
  }));
  const done = uploads.map((u) =>
    slowUpload(`${server.url}/api/challenges/choice/drain-answers/recognitions`, asStudent, u),
  );
  await expect.poll(() => uploads.filter((u) => u.started).length).toBe(20);

  // A keep-alive connection opened before the drain, idle when it begins.
  const keptAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const health = () =>
    new Promise<{ status: number; connection?: string; body: string; reused: boolean }>((resolve, reject) => {
      const req = http.get(`${server.url}/api/health`, { agent: keptAlive }, (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body, reused: req.reusedSocket }),
        );
      });
      req.on("error", reject);
    });
  expect((await health()).status).toBe(200);

  const signalled = Date.now();
  const exited = server.terminate();
  await sleep(300);
  // Readiness says draining at once: on a new connection (answered by the HTTP server) and on
  // the idle keep-alive one, which was not cut off but is served, and told to close.
  const fresh = await rawExchange(server.url, "GET /api/health HTTP/1.1\r\nHost: drain.test\r\n\r\n");
  expect(fresh.status).toBe(503);
  expect(JSON.parse(fresh.body)).toMatchObject({ status: "draining" });
  expect(fresh.closedByServer).toBe(true);
  const old = await health();
  expect(old).toMatchObject({ status: 503, connection: "close", reused: true });
  expect(JSON.parse(old.body)).toMatchObject({ status: "draining" });
  keptAlive.destroy();
  // An upload on a new connection is turned away before its body is read.
  const frame = multipartFrame([["id", "drain-late"]], { name: "audio", filename: "a.opus", mimeType: "audio/ogg" });
  const lateBody = Buffer.concat([frame.head, audio[0], frame.tail]);
  const late = await rawExchange(
    server.url,
    Buffer.concat([
      Buffer.from(
        `POST /api/challenges/choice/drain-answers/recognitions HTTP/1.1\r\nHost: drain.test\r\nAuthorization: Bearer ${asStudent}\r\nContent-Type: ${frame.contentType}\r\nContent-Length: ${lateBody.length}\r\n\r\n`,
      ),
      lateBody,
    ]),
  );
  expect(late.status).toBe(503);
  expect(late.headers["retry-after"]).toBe("1");

  await Promise.all(done);
  for (const u of uploads) expect(u.status, `${u.id}: ${u.error ?? u.body}`).toBe(201);
  expect(await exited).toBe(0);
  expect(Date.now() - signalled).toBeLessThan(GRACE_S * 1000);
  // Handed back at once: queued, due, nobody's, the interrupted attempt not counted.
  const [job] = sqlite<{ status: string; lockedBy: string | null; attempts: number; runAt: string }>(
    "SELECT status, lockedBy, attempts, runAt FROM Job WHERE targetPk = ?",
    heldPk,
  );
  expect(job).toMatchObject({ status: "queued", lockedBy: null, attempts: 0 });
  expect(new Date(job.runAt).getTime()).toBeLessThanOrEqual(Date.now());

  gate.open();
  await server.start();
  await expect.poll(() => status("drain-held"), { timeout: 30_000 }).toBe("prepared");
  // The job row is marked done just after the challenge's commit.
  await expect
    .poll(() => sqlite("SELECT status, attempts FROM Job WHERE targetPk = ?", heldPk))
    .toEqual([{ status: "done", attempts: 1 }]);
  const jobLines = () =>
    server
      .log()
      .split("\n")
      .filter((l) => l.includes('"event":"job"') && l.includes(heldPk));
  await expect.poll(() => jobLines().filter((l) => l.includes('"status":"done"')).length).toBe(1);
  expect(jobLines().filter((l) => l.includes('"status":"released"'))).toHaveLength(1);
  expect(
    sqlite(
      "SELECT s.kind FROM ChoiceChallenge c JOIN StoredFile s ON s.pk = c.grammarFilePk WHERE c.id = ?",
      "drain-held",
    ),
  ).toEqual([{ kind: "grammar" }]);
  // No second grammar anywhere: every stored file row is a distinct object, none left unreferenced.
  expect(
    sqlite(
      "SELECT COUNT(*) AS n FROM StoredFile WHERE kind = 'grammar' AND pk NOT IN (SELECT grammarFilePk FROM ChoiceChallenge WHERE grammarFilePk IS NOT NULL)",
    ),
  ).toEqual([{ n: 0 }]);
  const objects = (await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? [];
  expect(objects.length).toBe(sqlite<{ n: number }>("SELECT COUNT(*) AS n FROM StoredFile")[0].n);

  // Every upload's audio, byte for byte (the server answered 201 for each, so each must be complete).
  for (const u of uploads) {
    const recognition = await serverCall<{ audioUrl: string }>(
      server,
      "GET",
      `/challenges/choice/drain-answers/recognitions/${u.id}`,
      asStudent,
    );
    const download = await fetch(recognition.audioUrl, { headers: { Authorization: `Bearer ${asStudent}` } });
    expect(download.status, u.id).toBe(200);
    expect(sha256(new Uint8Array(await download.arrayBuffer())), u.id).toBe(sha256(u.bytes));
  }
  expect(server.log()).not.toMatch(/shutdown-forced/);
});
