// The real, unchanged `@itslanguage/api` 5.7.0 SDK against feedback (api-conventions.md: the SDK
// calls POST /feedback, GET /feedback/:id and GET /feedback): sdk.challenges.feedback.create with
// FormData (audio, challengeId, resultSetId, one JSON part per sentence, extra), getById (the
// owner and a teacher; another student is rejected with the JSON 403 body) and getAll (the
// caller's own). The speech challenge is made with sdk.challenges.speech.create. The SDK keeps
// its token in module state: the tests share one SDK and run in order.
import { uniqueId } from "../support/api";
import { sha256, type TestAudio, testAudio, uniqueWav } from "../support/audio";
import { ADMIN_PASSWORD } from "../support/env";
import { expect, test } from "../support/fixtures";
import { type ItslSdk, type Listing, loadSdk, onlyPage, rejection } from "../support/sdk";

test.describe.configure({ mode: "serial" });

type Feedback = {
  id: string;
  audioUrl: string;
  challengeId: string;
  sentences: unknown[];
  extra: unknown;
  resultSet: { id: string; combinedAudioUrl: string };
  userId: string;
  created: string;
  updated: string;
};

type FeedbackSdk = ItslSdk & {
  challenges: {
    speech: { create(challenge: FormData): Promise<{ id: string }> };
    feedback: {
      create(feedback: FormData): Promise<Feedback>;
      getById(id: string): Promise<Feedback>;
      getAll(): Promise<Listing<Feedback>>;
    };
  };
};

const timestamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

let sdk: FeedbackSdk;
let audio: TestAudio;
let apiUrl: string;
let orgToken: string;
let studentToken: string;
let otherToken: string;
let teacherToken: string;
const useToken = (token: string) => sdk.communication.updateSettings({ authorizationToken: token });

const tenantId = uniqueId("sdkf-tenant");
const orgId = uniqueId("sdkf-org");
const studentId = uniqueId("sdkf-student");
const otherId = uniqueId("sdkf-other");
const teacherId = uniqueId("sdkf-teacher");
const challengeId = uniqueId("sdkf-sc");
const feedbackId = uniqueId("sdkf-fb");
const resultSetId = uniqueId("sdkf-rs");
let wav: Buffer;
let created: Feedback;

const sentence = {
  sentence: 0,
  errors: 0,
  confidence: 0.93,
  currentFrame: 88,
  eosFrame: 91,
  sessionId: "s-1",
  tokenType: "sentence",
  words: [
    {
      sentenceIndex: 0,
      textIndex: 0,
      expected: "cat",
      recognized: "cat",
      label: "CW",
      description: "Correct",
      explanation: "",
      startTiming: 3,
      endTiming: 17,
    },
  ],
};

test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error("the project has no baseURL");
  sdk = loadSdk(baseURL) as FeedbackSdk;
  apiUrl = `${baseURL.replace(/\/$/, "")}/api`;
  expect(sdk.version).toBe("5.7.0");
  audio = await testAudio();
  wav = uniqueWav(audio.wav);
});

test("set-up through the SDK: tenant, organisation, speech challenge, two students and a teacher", async () => {
  await sdk.authentication.authenticate("admin", ADMIN_PASSWORD);
  await sdk.tenants.create({ id: tenantId, name: "SDK feedback tenant" });
  await sdk.authentication.impersonate(sdk.authentication.assembleScope(tenantId));
  await sdk.organisations.create({ id: orgId, name: "SDK feedback school" });
  orgToken = (await sdk.authentication.impersonate(sdk.authentication.assembleScope(tenantId, orgId))).access_token;
  const form = new FormData();
  form.append("id", challengeId);
  form.append("language", "eng");
  form.append("topic", "Read the sentence");
  expect(await sdk.challenges.speech.create(form)).toEqual(expect.objectContaining({ id: challengeId }));
  for (const [id, role] of [
    [studentId, "STUDENT"],
    [otherId, "STUDENT"],
    [teacherId, "TEACHER"],
  ]) {
    await sdk.users.create({ id, firstName: "F", infix: "", lastName: "B", roles: [role] });
  }
  const scope = (id: string) => `tenant/${tenantId}/organisation/${orgId}/student/${id}`;
  teacherToken = (await sdk.authentication.impersonate(scope(teacherId))).access_token;
  useToken(orgToken);
  otherToken = (await sdk.authentication.impersonate(scope(otherId))).access_token;
  useToken(orgToken);
  studentToken = (await sdk.authentication.impersonate(scope(studentId))).access_token;
});

test("feedback.create(FormData): audio, challengeId, resultSetId, a JSON part per sentence, extra → the stored feedback", async () => {
  useToken(studentToken);
  const form = new FormData();
  form.append("id", feedbackId);
  form.append("audio", new Blob([new Uint8Array(wav)], { type: "audio/wav" }), "speech.wav");
  form.append("challengeId", challengeId);
  form.append("resultSetId", resultSetId);
  form.append("sentences", new Blob([JSON.stringify(sentence)], { type: "application/json" }));
  form.append("sentences", new Blob([JSON.stringify({ ...sentence, sentence: 1 })], { type: "application/json" }));
  form.append("extra", JSON.stringify({ client: "sdk" }));
  created = await sdk.challenges.feedback.create(form);
  expect(created).toEqual({
    id: feedbackId,
    audioUrl: expect.stringMatching(new RegExp(`^${apiUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/download/[^/?#]+$`)),
    challengeId,
    sentences: [sentence, { ...sentence, sentence: 1 }],
    extra: { client: "sdk" },
    resultSet: { id: resultSetId, combinedAudioUrl: `${apiUrl}/resultsets/${resultSetId}/audio` },
    userId: studentId,
    created: timestamp,
    updated: timestamp,
    // Ours (issue 25): the reading figures of its words, and no corrections yet.
    reading: expect.objectContaining({ expectedWords: 2, errors: 0, accuracy: 1, notAssessed: 0 }),
    corrections: [],
  });
  const response = await fetch(sdk.communication.addAccessToken(created.audioUrl));
  expect(response.status).toBe(200);
  expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(sha256(wav));

  // Without audio: rejected with the JSON 422 body naming the field.
  const noAudio = new FormData();
  noAudio.append("challengeId", challengeId);
  noAudio.append("resultSetId", resultSetId);
  const error = (await rejection(sdk.challenges.feedback.create(noAudio))) as { errors: { field: string }[] };
  expect(error.errors.map((e) => e.field)).toEqual(["audio"]);
});

test("feedback.getById: the owner and a teacher; another student is refused (403 body)", async () => {
  useToken(studentToken);
  expect(await sdk.challenges.feedback.getById(feedbackId)).toEqual(created);
  useToken(teacherToken);
  expect(await sdk.challenges.feedback.getById(feedbackId)).toEqual(created);
  useToken(otherToken);
  const error = (await rejection(sdk.challenges.feedback.getById(feedbackId))) as { message: string };
  expect(error.message).toMatch(/owning user or a teacher/);
});

test("feedback.getAll: what the caller may read by id (the owner's own, a teacher all, another student none)", async () => {
  useToken(studentToken);
  expect(onlyPage(await sdk.challenges.feedback.getAll())).toEqual([created]);
  useToken(teacherToken);
  expect(onlyPage(await sdk.challenges.feedback.getAll())).toEqual([created]);
  useToken(otherToken);
  expect(onlyPage(await sdk.challenges.feedback.getAll())).toEqual([]);
});
