// The real, unchanged `@itslanguage/api` 5.7.0 SDK against speech recordings:
// sdk.challenges.speechRecording.create(challengeId, FormData) → multipart (audio,
// resultSetId), getById, getAll; the combined audio of the result set downloads with the
// SDK's ?access_token=. The SDK keeps its token in module state: the tests run in order.
import { uniqueId } from "../support/api";
import { sha256, testAudio, uniqueWav } from "../support/audio";
import { ADMIN_PASSWORD } from "../support/env";
import { expect, test } from "../support/fixtures";
import { allPages, type ItslSdk, type Listing, loadSdk } from "../support/sdk";

test.describe.configure({ mode: "serial" });

type Recording = {
  id: string;
  audioUrl: string;
  resultSet: { id: string; combinedAudioUrl: string };
  userId: string;
  created: string;
  updated: string;
};
type RecordingSdk = ItslSdk & {
  challenges: {
    speech: { create(challenge: FormData | Record<string, unknown>): Promise<{ id: string }> };
    speechRecording: {
      create(challengeId: string, recording: FormData): Promise<Recording>;
      getById(challengeId: string, id: string): Promise<Recording>;
      getAll(challengeId: string, filters?: URLSearchParams): Promise<Listing<Recording>>;
    };
  };
};

let sdk: RecordingSdk;
const tenantId = uniqueId("sdkr-tenant");
const orgId = uniqueId("sdkr-org");
const resultSetId = uniqueId("sdkr-set");
let challengeId: string;
let studentId: string;
const sent: Buffer[] = [];

test.beforeAll(async ({}, testInfo) => {
  sdk = loadSdk(testInfo.project.use.baseURL!) as RecordingSdk;
  const audio = await testAudio();
  sent.push(uniqueWav(audio.wav), audio.ogg);
});

test("set-up through the SDK: a speech challenge and a student", async () => {
  await sdk.authentication.authenticate("admin", ADMIN_PASSWORD);
  await sdk.tenants.create({ id: tenantId, name: "SDK recordings" });
  await sdk.authentication.impersonate(sdk.authentication.assembleScope(tenantId));
  await sdk.organisations.create({ id: orgId, name: "SDK recordings school" });
  await sdk.authentication.impersonate(sdk.authentication.assembleScope(tenantId, orgId));
  challengeId = (await sdk.challenges.speech.create({ topic: "Tell about your day", language: "eng" })).id;
  studentId = uniqueId("sdkr-student");
  await sdk.users.create({ id: studentId, firstName: "Sam", infix: null, lastName: "Student", roles: ["STUDENT"] });
  await sdk.authentication.impersonate(`tenant/${tenantId}/organisation/${orgId}/student/${studentId}`);
});

test("speechRecording.create appends to one result set; getById and getAll; the combined audio downloads", async () => {
  const created: Recording[] = [];
  for (const [i, bytes] of sent.entries()) {
    const form = new FormData();
    form.append("resultSetId", resultSetId);
    form.append(
      "audio",
      new Blob([new Uint8Array(bytes)], { type: i === 0 ? "audio/wav" : "audio/ogg" }),
      i === 0 ? "a.wav" : "b.opus",
    );
    const recording = await sdk.challenges.speechRecording.create(challengeId, form);
    expect(recording).toMatchObject({
      userId: studentId,
      resultSet: { id: resultSetId, combinedAudioUrl: expect.stringMatching(/\/resultsets\/[^/]+\/audio$/) },
    });
    created.push(recording);
  }
  for (const [i, recording] of created.entries()) {
    expect(await sdk.challenges.speechRecording.getById(challengeId, recording.id)).toEqual(recording);
    const download = await fetch(sdk.communication.addAccessToken(recording.audioUrl));
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(sent[i]));
  }
  const all = await allPages(sdk, await sdk.challenges.speechRecording.getAll(challengeId));
  expect(all.map((r) => r.id).sort()).toEqual(created.map((r) => r.id).sort());

  const combined = await fetch(sdk.communication.addAccessToken(created[1].resultSet.combinedAudioUrl));
  expect(combined.status).toBe(200);
  expect(combined.headers.get("content-type")).toBe("audio/ogg");
  expect(
    Buffer.from(await combined.arrayBuffer())
      .subarray(0, 4)
      .toString("latin1"),
  ).toBe("OggS");
});
