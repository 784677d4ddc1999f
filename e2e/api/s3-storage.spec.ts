// The S3-compatible storage backend end to end: an app instance with STORAGE=s3 against
// an S3-protocol server (s3rver) started here, driven over HTTP with real audio.

import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { expect, test } from "@playwright/test";
import { makeSpeechOgg, makeSpeechWav } from "../../lib/audio/test-audio";
import { decodedSampleCount } from "../../lib/audio/test-audio-probe";
import { S3RVER_CREDENTIALS, startS3rver } from "../../lib/storage/test-support";
import { PORTS } from "../support/env";
import { type PrivateServer, privateServer, seedOrganisation } from "../support/server";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const BUCKET = "speech-e2e";
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
let s3: Awaited<ReturnType<typeof startS3rver>>;
let client: S3Client;
let server: PrivateServer;
let audioDir: string;

test.beforeAll(async () => {
  test.setTimeout(180_000); // a fresh server starts slowly while the rest of the suite runs
  s3 = await startS3rver();
  client = new S3Client({
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  server = await privateServer(PORTS.sqlite + 30, {
    STORAGE: "s3",
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  });
  audioDir = fs.mkdtempSync(path.join(os.tmpdir(), "s3-audio-"));
});
test.afterAll(async () => {
  if (server && /"level":"error"/.test(server.log())) console.error(`--- server log ---\n${server.log()}`);
  await server?.stop();
  await s3?.stop();
  if (audioDir) fs.rmSync(audioDir, { recursive: true, force: true });
});

async function call(method: string, url: string, token: string | null, body?: BodyInit, type?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (type) headers["Content-Type"] = type;
  return fetch(url.startsWith("http") ? url : `${server.url}/api${url}`, { method, headers, body });
}
async function ok<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}
const keys = async () =>
  ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key!);

test("audio is stored in the bucket, downloaded whole and by range, and removed with its challenge", async () => {
  const health = await ok<{ storage: { ok: boolean; kind: string } }>(await call("GET", "/health", null));
  expect(health.storage).toMatchObject({ ok: true, kind: "s3" });

  const { org } = await seedOrganisation(server, "s3t", "s3o");

  const wav = new Uint8Array(fs.readFileSync(await makeSpeechWav(audioDir, "Stored in a bucket.")));
  const ogg = new Uint8Array(fs.readFileSync(await makeSpeechOgg(audioDir, "Also stored in a bucket.")));
  const body = new FormData();
  body.append("id", "s3-challenge");
  body.append("language", "eng");
  for (const c of ["stored in a bucket", "also stored in a bucket"]) body.append("choices", c);
  body.append("audio", new Blob([wav], { type: "audio/wav" }), "a.wav");
  body.append("audio", new Blob([ogg], { type: "audio/ogg" }), "b.opus");
  const challenge = await ok<{ choices: { audioUrl: string }[] }>(
    await call("POST", "/challenges/choice", org, body),
    202,
  );
  // The WAV is kept as three objects (the original, its normalised segment, its peaks), the Ogg
  // Opus (already in the segment's framing) as one: it is its own segment, and its peaks are made
  // on request. Preparation adds the grammar. Counted once it is done, so the job cannot race the count.
  await expect
    .poll(
      async () => (await ok<{ status: string }>(await call("GET", "/challenges/choice/s3-challenge", org))).status,
      { timeout: 30_000 },
    )
    .toBe("prepared");
  expect((await keys()).length).toBe(3 + 1 + 1);

  for (const [i, bytes] of [wav, ogg].entries()) {
    const url = challenge.choices[i].audioUrl;
    const whole = await call("GET", url, org);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe(String(bytes.length));
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(bytes));
    const part = await fetch(url, { headers: { Authorization: `Bearer ${org}`, Range: "bytes=10-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 10-99/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(bytes.subarray(10, 100)))).toBe(true);
  }
  expect((await call("DELETE", "/challenges/choice/s3-challenge", org)).status).toBe(204);
  expect(await keys()).toEqual([]);
  expect((await call("GET", challenge.choices[0].audioUrl, org)).status).toBe(404);
});

test("answers into a result set: each upload, held in memory, becomes its objects; the set plays both", async () => {
  const { org, asStudent } = await seedOrganisation(server, "s3t", "s3o");
  const challenge = new FormData();
  challenge.append("id", "s3-speech");
  challenge.append("language", "eng");
  challenge.append("topic", "Answers in a bucket");
  await ok(await call("POST", "/challenges/speech", org, challenge), 201);
  const before = new Set(await keys());
  const answers = [
    new Uint8Array(fs.readFileSync(await makeSpeechOgg(audioDir, "My first answer."))),
    new Uint8Array(fs.readFileSync(await makeSpeechWav(audioDir, "My second answer."))),
  ];
  const audioUrls: string[] = [];
  for (const [i, bytes] of answers.entries()) {
    const body = new FormData();
    body.append("resultSetId", "s3-set");
    body.append("audio", new Blob([bytes], { type: i ? "audio/wav" : "audio/ogg" }), i ? "b.wav" : "a.opus");
    const recording = await ok<{ audioUrl: string }>(
      await call("POST", "/challenges/speech/s3-speech/recordings", asStudent, body),
      201,
    );
    audioUrls.push(recording.audioUrl);
    const whole = await call("GET", recording.audioUrl, asStudent);
    expect(whole.status).toBe(200);
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(bytes));
  }
  // The Ogg Opus answer: the original (its own normalised segment, never decoded: its peaks are
  // made on request); the WAV answer: the original, its normalised segment and its peaks.
  const added = (await keys()).filter((k) => !before.has(k));
  expect(added).toHaveLength(1 + 3);
  // Its peaks, made on the first request and kept in the bucket next to it (one object more);
  // the second request reads them.
  const made = await call("GET", `${audioUrls[0]}/peaks`, asStudent);
  expect(made.status).toBe(200);
  const madeBytes = Buffer.from(await made.arrayBuffer());
  expect(madeBytes.readInt32LE(0)).toBe(2); // BBC audiowaveform, version 2
  expect((await keys()).filter((k) => !before.has(k))).toHaveLength(1 + 3 + 1);
  const again = await call("GET", `${audioUrls[0]}/peaks`, asStudent);
  expect(again.headers.get("etag")).toBe(made.headers.get("etag"));
  expect(Buffer.from(await again.arrayBuffer()).equals(madeBytes)).toBe(true);
  const combined = await call("GET", "/resultsets/s3-set/audio", asStudent);
  expect(combined.status).toBe(200);
  expect(combined.headers.get("content-type")).toContain("audio/ogg");
  const peaks = await call("GET", "/resultsets/s3-set/peaks", asStudent);
  expect(peaks.status).toBe(200);
  // 10-ms pixels (480 samples at 48 kHz) of both answers, one pixel of rounding each.
  const pixels = Buffer.from(await peaks.arrayBuffer()).readUInt32LE(16);
  let samples = 0;
  for (const [i, bytes] of answers.entries()) {
    const file = path.join(audioDir, `answer-${i}`);
    fs.writeFileSync(file, bytes);
    samples += await decodedSampleCount(file);
  }
  expect(Math.abs(pixels - samples / 480)).toBeLessThanOrEqual(answers.length);
});
