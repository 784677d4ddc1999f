// SIGTERM while answers are in progress on the recognition server: the answer being stored
// finishes and is answered, every session then gets GOODBYE (wamp.close.system_shutdown), no new
// session is accepted, and the process exits 0 within the grace period. A private server (SQLite).
import { expect, test } from "@playwright/test";
import { PORTS } from "../support/env";
import { type PrivateServer, privateServer, seedOrganisation, serverCall } from "../support/server";
import { speakWav, wavChunks } from "../support/speech";
import { WampClient } from "../support/wamp-client";

test.describe.configure({ mode: "serial", timeout: 240_000 });

let server: PrivateServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await privateServer(PORTS.sqlite + 70, { LOG_LEVEL: "info", SHUTDOWN_GRACE_SECONDS: "20" });
});
test.afterAll(async () => {
  await server?.stop();
});

test("answers in progress finish, then sessions get GOODBYE and the process exits 0", async () => {
  const { org, asStudent } = await seedOrganisation(server, "ws-drain-t", "ws-drain-o");
  const challenge = await serverCall<{ id: string }>(
    server,
    "POST",
    "/challenges/speech",
    org,
    JSON.stringify({ language: "eng", topic: "Drain" }),
    "application/json",
  );
  const ws = `${server.url.replace(/^http/, "ws")}/ws`;
  const { client: busy } = await WampClient.session(ws, asStudent);
  const { client: idle } = await WampClient.session(ws, asStudent);
  const id = await busy.call("nl.itslanguage.recording.init_recording");
  await busy.call("nl.itslanguage.recording.init_challenge", [id, challenge.id]);
  await busy.call("nl.itslanguage.recording.init_audio", [id, "audio/wav"], {
    channels: 1,
    sampleWidth: 2,
    frameRate: 16000,
  });
  for (const chunk of wavChunks(await speakWav("Stop the server while I am still speaking, please."), 6)) {
    await busy.call("nl.itslanguage.recording.write", [id, chunk.toString("base64"), "base64"]);
  }
  const closing = busy.call("nl.itslanguage.recording.close", [id]);
  const exited = server.terminate();
  const recording = (await closing) as { id: string; audioUrl: string };
  expect(recording.id).toBe(id);
  for (const client of [busy, idle]) {
    expect((await client.next((m) => m[0] === 6, 25_000))[2]).toBe("wamp.close.system_shutdown");
  }
  expect(await exited).toBe(0);
  expect(server.log()).toMatch(/"event":"shutdown-complete"/);
  // Sessions and calls are in the log with the user, never the token.
  expect(server.log()).toMatch(/"event":"ws-session".*"scope":"tenant\/ws-drain-t/);
  expect(server.log()).toMatch(/"event":"ws-call".*"procedure":"nl\.itslanguage\.recording\.close","outcome":"ok"/);
  expect(server.log()).not.toContain(asStudent);

  // Started again on the same data, the recording is there.
  await server.start();
  const again = await seedOrganisation(server, "ws-drain-t", "ws-drain-o");
  const stored = await serverCall<{ id: string }>(
    server,
    "GET",
    `/challenges/speech/${challenge.id}/recordings/${id}`,
    again.org,
  );
  expect(stored.id).toBe(id);
});

test("an instance of its own for recognition serves /ws and health only; an API instance serves no /ws; idle answers are dropped", async () => {
  // Tokens minted by the full instance (the first test left it running) work on the recognition one.
  const { org, asStudent } = await seedOrganisation(server, "ws-drain-t", "ws-drain-o");
  await server.terminate();
  await server.start({ SERVER_ROLE: "recognition", WS_IDLE_SECONDS: "5" });
  expect((await fetch(`${server.url}/api/tenants`, { headers: { Authorization: `Bearer ${org}` } })).status).toBe(404);
  expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
  const ws = `${server.url.replace(/^http/, "ws")}/ws`;
  const { client, reply } = await WampClient.session(ws, asStudent);
  expect(reply[0], JSON.stringify(reply)).toBe(2);
  const id = await client.call("nl.itslanguage.recording.init_recording");
  // WS_IDLE_SECONDS=5: the sweep runs every second, so after 7 s the answer is gone.
  await new Promise((r) => setTimeout(r, 7000));
  const dropped = (await client.call("nl.itslanguage.recording.init_challenge", [id, "x"]).catch((e) => e)) as Error;
  expect(dropped.message).toBe("nl.itslanguage.session_not_initialised");
  client.close();

  await server.terminate();
  await server.start({ SERVER_ROLE: "api" });
  const refused = await WampClient.connect(ws).catch((e: Error) => e);
  expect(refused).toBeInstanceOf(Error);
  expect((refused as Error).message).toMatch(/404/);
});
