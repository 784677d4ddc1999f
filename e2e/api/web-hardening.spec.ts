// Operations hardening on a private server (its log and data directory are read here):
// next-auth's client-logger endpoint writes nothing to the server log, and the temp
// directories of uploads cut off by kill -9 are removed at the next start and by the sweep.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { IN_MEMORY_PART_BYTES } from "../../lib/api/file-parts";
import { PORTS } from "../support/env";
import { multipartFrame } from "../support/raw-upload";
import { type PrivateServer, privateServer, seedOrganisation, serverCall } from "../support/server";

test.describe.configure({ mode: "serial", timeout: 180_000 });
let server: PrivateServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await privateServer(PORTS.sqlite + 60, { LOG_LEVEL: "info" });
});
test.afterAll(async () => server?.stop());

const FORGED = "FORGED_BY_WEB_HARDENING_TEST";

test("POST /auth/_log is refused and writes no line to the server log", async () => {
  const forged = new URLSearchParams({ level: "error", code: FORGED, message: `${FORGED} the database is on fire` });
  const post = await fetch(`${server.url}/auth/_log`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: forged,
  });
  expect(post.status).toBe(404);
  const json = await fetch(`${server.url}/auth/_log`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ level: "error", code: FORGED }),
  });
  expect(json.status).toBe(404);
  // A later request's line is in the log, so anything the forged ones wrote would be too.
  const later = await fetch(`${server.url}/api/health`);
  const requestId = later.headers.get("x-request-id")!;
  await expect.poll(() => server.log().includes(requestId)).toBe(true);
  expect(server.log()).not.toContain(FORGED);
  // The rest of next-auth is still served.
  expect((await fetch(`${server.url}/auth/csrf`)).status).toBe(200);
});

/** Starts an upload whose body never finishes; resolves once its temp directory holds part of the file. */
async function hangingUpload(url: string, token: string): Promise<string> {
  const tmp = path.join(server.dataDir, "tmp");
  const before = new Set(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []);
  const frame = multipartFrame([["id", "cut-off"]], { name: "audio", filename: "long.wav", mimeType: "audio/wav" });
  const target = new URL(url);
  const req = http.request({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: "POST",
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": frame.contentType,
      "content-length": String(frame.head.length + 50_000_000),
    },
  });
  req.on("error", () => {}); // the server is killed under it
  req.write(frame.head);
  // More than a part held in memory: the upload is being streamed to its temp file.
  req.write(Buffer.alloc(IN_MEMORY_PART_BYTES + 256 * 1024, 7));
  let dir = "";
  await expect
    .poll(() => {
      dir =
        (fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).find(
          (name) => name.startsWith("upload-") && !before.has(name),
        ) ?? "";
      return dir && fs.readdirSync(path.join(tmp, dir)).some((f) => fs.statSync(path.join(tmp, dir, f)).size > 0);
    })
    .toBe(true);
  return path.join(tmp, dir);
}

function backdate(dir: string, ageMs: number) {
  const at = new Date(Date.now() - ageMs);
  for (const name of fs.readdirSync(dir)) fs.utimesSync(path.join(dir, name), at, at);
  fs.utimesSync(dir, at, at);
}

function plant(name: string, ageMs: number): string {
  const dir = path.join(server.dataDir, "tmp", name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "0"), "left behind");
  backdate(dir, ageMs);
  return dir;
}

test("an upload's temp directory left by kill -9 is removed at the next start; young ones stay until the sweep's age", async () => {
  const { org, asStudent } = await seedOrganisation(server, "tmp-t", "tmp-o");
  const challenge = new FormData();
  challenge.append("id", "tmp-speech");
  challenge.append("language", "eng");
  await serverCall(server, "POST", "/challenges/speech", org, challenge);

  const cutOff = await hangingUpload(`${server.url}/api/challenges/speech/tmp-speech/recordings`, asStudent);
  await server.kill9();
  expect(fs.existsSync(cutOff)).toBe(true);
  // As if the restart came ten minutes after the crash; beside it, a directory of a request
  // another instance sharing this disk may still be running (one minute old).
  backdate(cutOff, 10 * 60_000);
  const young = plant("upload-young", 60_000);
  const foreign = plant("not-a-request-dir", 10 * 3600_000);

  await server.start({ SWEEP_INTERVAL_SECONDS: "10" });
  await expect.poll(() => fs.existsSync(cutOff), { timeout: 20_000 }).toBe(false);
  expect(fs.existsSync(young)).toBe(true);
  expect(fs.existsSync(foreign)).toBe(true);

  // The sweep (every 10 s here) takes what nobody has touched for an hour, and only that.
  const halfHour = plant("combine-half-hour", 30 * 60_000);
  const hourOld = plant("json-upload-hour-old", 2 * 3600_000);
  await expect.poll(() => fs.existsSync(hourOld), { timeout: 30_000 }).toBe(false);
  expect(fs.existsSync(halfHour)).toBe(true);
  expect(fs.existsSync(young)).toBe(true);
  expect(fs.existsSync(foreign)).toBe(true);
  await expect.poll(() => server.log()).toMatch(/"event":"temp-cleanup","removed":1/);
});
