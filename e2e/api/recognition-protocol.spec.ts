// The recognition server's WAMP protocol, from a bare client that can misbehave: tokens refused
// before WELCOME and revoked ones ending their sessions, isolation of one session's registered
// audio procedures from another, calls before init_*, malformed and oversized frames (only that
// connection closes), the limits, and 50 sessions streaming at once.
import type { APIRequestContext } from "@playwright/test";
import { authed, expectJson, member } from "../support/api";
import { expect, test, type World } from "../support/fixtures";
import { speakWav, wavChunks } from "../support/speech";
import { WampClient } from "../support/wamp-client";

const wsUrl = () => `${String(test.info().project.use.baseURL).replace(/^http/, "ws")}/ws`;

async function speechChallenge(request: APIRequestContext, world: World): Promise<string> {
  const response = await request.post("/api/challenges/speech", {
    headers: authed(world.orgToken),
    multipart: { language: "eng", topic: "My holiday" },
  });
  return (await expectJson<{ id: string }>(response, 201)).id;
}

/** A speech recording through the procedures, its audio written as WAV chunks. */
async function record(client: WampClient, challengeId: string, chunks: Buffer[]) {
  const id = (await client.call("nl.itslanguage.recording.init_recording")) as string;
  await client.call("nl.itslanguage.recording.init_challenge", [id, challengeId]);
  await client.call("nl.itslanguage.recording.init_audio", [id, "audio/wav"], {
    channels: 1,
    sampleWidth: 2,
    frameRate: 16000,
  });
  for (const chunk of chunks)
    await client.call("nl.itslanguage.recording.write", [id, chunk.toString("base64"), "base64"]);
  return (await client.call("nl.itslanguage.recording.close", [id])) as { id: string; resultSet: { id: string } };
}

test("a token that is not one, or none at all, is refused before WELCOME", async () => {
  const { client, reply } = await WampClient.session(wsUrl(), "not-a-token-at-all-0123456789");
  expect(reply).toEqual([
    3,
    { message: expect.stringMatching(/invalid, expired or revoked/) },
    "wamp.error.authentication_failed",
  ]);
  await client.whenClosed();
  const other = await WampClient.connect(wsUrl());
  other.send([1, "default", { authmethods: ["anonymous"] }]);
  expect((await other.next((m) => m[0] === 3))[2]).toBe("wamp.error.authentication_failed");
});

test("revoking the token ends its session within a second", async ({ request, world }) => {
  const student = await member(request, world, "STUDENT");
  const { client, reply } = await WampClient.session(wsUrl(), student.token);
  expect(reply[0]).toBe(2);
  expect(await client.call("nl.itslanguage.recording.init_recording")).toEqual(expect.any(String));
  const revoked = Date.now();
  expect((await request.post("/api/tokens/revoke", { headers: authed(student.token) })).ok()).toBe(true);
  const goodbye = await client.next((m) => m[0] === 6, 3000);
  expect(goodbye[2]).toBe("wamp.close.token_revoked");
  await client.whenClosed();
  expect(Date.now() - revoked).toBeLessThan(2000);
});

test("one session cannot pull audio from a procedure another session registered", async ({ request, world }) => {
  const challengeId = await speechChallenge(request, world);
  const [a, b] = await Promise.all([member(request, world, "STUDENT"), member(request, world, "STUDENT")]);
  const { client: owner } = await WampClient.session(wsUrl(), a.token);
  const { client: thief } = await WampClient.session(wsUrl(), b.token);
  const procedure = `nl.itslanguage.feedback.stream.${Math.floor(Date.now() / 1000)}`;
  await owner.register(procedure);
  let invoked = false;
  owner.onInvocation = () => (invoked = true);
  const id = await thief.call("nl.itslanguage.feedback.prepare", [challengeId]);
  const error = await thief.call("nl.itslanguage.feedback.listen_and_reply", [id, procedure]).catch((e) => e as Error);
  expect((error as Error).message).toBe("wamp.error.invalid_argument");
  // The same name registered by the thief itself is its own, separate procedure.
  await thief.register(procedure);
  expect(invoked).toBe(false);
  // Server procedures and names outside the realm's namespace cannot be registered.
  await expect(owner.register("nl.itslanguage.choice.recognise")).rejects.toThrow("wamp.error.not_authorized");
  owner.close();
  thief.close();
});

test("calls before their init_* are refused with session_not_initialised", async ({ request, world }) => {
  const student = await member(request, world, "STUDENT");
  const { client } = await WampClient.session(wsUrl(), student.token);
  const refused = async (procedure: string, args: unknown[]) =>
    ((await client.call(procedure, args).catch((e) => e)) as Error).message;
  expect(await refused("nl.itslanguage.choice.write", ["nobody", "AAAA", "base64"])).toBe(
    "nl.itslanguage.session_not_initialised",
  );
  const id = await client.call("nl.itslanguage.recording.init_recording");
  expect(await refused("nl.itslanguage.recording.close", [id])).toBe("nl.itslanguage.session_not_initialised");
  expect(await refused("nl.itslanguage.recording.write", [id, "AAAA", "base64"])).toBe(
    "nl.itslanguage.session_not_initialised",
  );
  // Another session's id is unknown here.
  const { client: other } = await WampClient.session(wsUrl(), student.token);
  expect(
    ((await other.call("nl.itslanguage.recording.init_challenge", [id, "x"]).catch((e) => e)) as Error).message,
  ).toBe("nl.itslanguage.session_not_initialised");
  expect(await refused("nl.itslanguage.nothing.here", [])).toBe("wamp.error.no_such_procedure");
  client.close();
  other.close();
});

test("a malformed or oversized frame closes only its own connection", async ({ request, world }) => {
  const student = await member(request, world, "STUDENT");
  const { client: bystander } = await WampClient.session(wsUrl(), student.token);
  const { client: garbled } = await WampClient.session(wsUrl(), student.token);
  garbled.send("[48, 1, {}, not json");
  expect((await garbled.next((m) => m[0] === 3))[2]).toBe("wamp.error.protocol_violation");
  await garbled.whenClosed();

  const { client: huge } = await WampClient.session(wsUrl(), student.token);
  huge.send(JSON.stringify([48, 1, {}, "nl.itslanguage.choice.write", ["x", "A".repeat(3 * 1024 * 1024), "base64"]]));
  expect((await huge.whenClosed()).code).toBe(1009);

  expect(await bystander.call("nl.itslanguage.recording.init_recording")).toEqual(expect.any(String));
  bystander.close();
});

test("the limits answer with errors naming them: audio seconds per answer and sessions per user", async ({
  request,
  world,
}) => {
  const challengeId = await speechChallenge(request, world);
  const student = await member(request, world, "STUDENT");
  const { client } = await WampClient.session(wsUrl(), student.token);
  const id = await client.call("nl.itslanguage.recording.init_recording");
  await client.call("nl.itslanguage.recording.init_challenge", [id, challengeId]);
  await client.call("nl.itslanguage.recording.init_audio", [id, "audio/wav"], {
    channels: 1,
    sample_width: 2,
    frame_rate: 16000,
  });
  // WS_MAX_ANSWER_SECONDS is 20 on the test servers: 21 one-second chunks of speech go over it.
  const second = (await speakWav("one two three four five six seven")).subarray(44, 44 + 32_000);
  let error: Error | null = null;
  for (let i = 0; i < 21 && !error; i++) {
    error = (await client
      .call("nl.itslanguage.recording.write", [id, second.toString("base64"), "base64"])
      .catch((e) => e)) as Error | null;
  }
  expect(error?.message).toBe("nl.itslanguage.limit_exceeded");
  expect((error as Error & { data: { kwargs: { limit: string } } }).data.kwargs.limit).toBe("WS_MAX_ANSWER_SECONDS");

  const sessions: WampClient[] = [client];
  for (let i = 1; i < 10; i++) sessions.push((await WampClient.session(wsUrl(), student.token)).client);
  const { client: eleventh, reply } = await WampClient.session(wsUrl(), student.token);
  expect(reply[0]).toBe(3);
  expect(reply[2]).toBe("nl.itslanguage.limit_exceeded");
  expect((reply[1] as { message: string }).message).toMatch(/WS_MAX_SESSIONS_PER_USER/);
  await eleventh.whenClosed();
  for (const s of sessions) s.close();
});

test("50 sessions streaming at once all store their recordings", async ({ request, world, admin }) => {
  test.setTimeout(180_000);
  const challengeId = await speechChallenge(request, world);
  const students = await Promise.all(Array.from({ length: 10 }, () => member(request, world, "STUDENT")));
  const chunks = wavChunks(await speakWav("I went to the zoo and saw a tall giraffe."), 8);
  const clients = await Promise.all(
    students.flatMap((s) => Array.from({ length: 5 }, async () => (await WampClient.session(wsUrl(), s.token)).client)),
  );
  expect(clients).toHaveLength(50);
  const recordings = await Promise.all(clients.map((c) => record(c, challengeId, chunks)));
  expect(new Set(recordings.map((r) => r.id)).size).toBe(50);
  const listed = await expectJson<{ id: string }[]>(
    await request.get(`/api/challenges/speech/${challengeId}/recordings?perPage=100`, {
      headers: authed(world.orgToken),
    }),
    200,
  );
  expect(listed.map((r) => r.id).sort()).toEqual(recordings.map((r) => r.id).sort());
  for (const c of clients) c.close();
  const metrics = await (await request.get("/api/metrics", { headers: authed(admin) })).text();
  expect(metrics).toMatch(
    /recognition_calls_total\{procedure="nl\.itslanguage\.recording\.close",outcome="ok"\} [1-9]/,
  );
  expect(metrics).toMatch(/^recognition_sessions \d+/m);
});
