// The real, unchanged `@itslanguage/api` 5.7.0 SDK against the audio resources
// (api-conventions.md: "every REST call it makes must work against this service unchanged"):
// sdk.challenges.choice (create with FormData → multipart: repeated choices, audio parts,
// language; 202 preparing), sdk.challenges.choiceRecognition (create builds a plain object, so
// the audio travels as base64 in JSON), sdk.challenges.pronunciation (create with FormData,
// getById, getAll, deleteChallenge, which resolves to the raw Response of the 204) and
// sdk.challenges.pronunciationAnalysis.getById (the SDK has no REST create for analyses; one
// is created here with a plain multipart request). Downloads use sdk.communication.addAccessToken.
// The SDK keeps its token in module state: the tests share one SDK and run in order.
import { uniqueId } from "../support/api";
import { OGG_TEXT, sha256, type TestAudio, testAudio, uniqueWav, WAV_TEXT } from "../support/audio";
import { ADMIN_PASSWORD } from "../support/env";
import { expect, test } from "../support/fixtures";
import { type ItslSdk, type Listing, loadSdk, onlyPage, rejection } from "../support/sdk";

test.describe.configure({ mode: "serial" });

type Json = Record<string, unknown>;
type ChoiceChallenge = {
  id: string;
  question: string | null;
  choices: { choice: string; audioUrl: string | null }[];
  status: string;
  language: string;
  engine?: string | null;
  engineNote?: string | null;
  created: string;
  updated: string;
};
type Recognition = {
  id: string;
  audioUrl: string;
  recognised: string | null;
  challengeId: string;
  userId: string;
  created: string;
  updated: string;
};
type PronunciationChallenge = {
  id: string;
  transcription: string;
  referenceAudioUrl: string;
  language: string;
  status: string;
  alignment: unknown;
  created: string;
  updated: string;
};
type Analysis = {
  id: string;
  audioUrl: string;
  console: string | null;
  pruningLevel: number | null;
  score: number | null;
  words: unknown[] | null;
  userId: string;
  created: string;
  updated: string;
};

/** The audio parts of the SDK (node_modules/@itslanguage/api/challenges/index.js). */
type AudioSdk = ItslSdk & {
  challenges: {
    choice: {
      create(challenge: FormData): Promise<ChoiceChallenge>;
      getById(id: string): Promise<ChoiceChallenge>;
      getAll(filters?: URLSearchParams): Promise<Listing<ChoiceChallenge>>;
    };
    choiceRecognition: {
      create(
        challengeId: string,
        audio: unknown,
        recognised?: string,
        recognitionId?: string | null,
      ): Promise<Recognition>;
      getById(challengeId: string, id: string): Promise<Recognition>;
      getAll(challengeId: string): Promise<Listing<Recognition>>;
    };
    pronunciation: {
      create(challenge: FormData): Promise<PronunciationChallenge>;
      getById(id: string): Promise<PronunciationChallenge>;
      getAll(filters?: URLSearchParams): Promise<Listing<PronunciationChallenge>>;
      deleteChallenge(id: string): Promise<unknown>;
    };
    pronunciationAnalysis: { getById(challengeId: string, analysisId: string): Promise<Analysis> };
  };
};

const timestamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

let sdk: AudioSdk;
let audio: TestAudio;
let apiUrl: string;
let orgToken: string;
let studentToken: string;
const useToken = (token: string) => sdk.communication.updateSettings({ authorizationToken: token });
const downloadUrl = () =>
  expect.stringMatching(new RegExp(`^${apiUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/download/[^/?#]+$`));

const tenantId = uniqueId("sdka-tenant");
const orgId = uniqueId("sdka-org");
const studentId = uniqueId("sdka-student");
const choiceId = uniqueId("sdka-choice");
const recognitionId = uniqueId("sdka-rec");
const pronunciationId = uniqueId("sdka-pron");
const analysisId = uniqueId("sdka-analysis");
let choiceWav: Buffer;
let choice: ChoiceChallenge;
let recognitionWav: Buffer;
let referenceWav: Buffer;

/** Downloads a ...Url the way an SDK app does: with ?access_token= added by the SDK. */
async function download(url: string): Promise<{ bytes: Buffer; contentType: string | null }> {
  const withToken = sdk.communication.addAccessToken(url);
  expect(withToken).toContain("access_token=");
  const response = await fetch(withToken);
  expect(response.status, `download ${url}`).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") };
}

const blob = (bytes: Buffer, type: string) => new Blob([new Uint8Array(bytes)], { type });

test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error("the project has no baseURL");
  sdk = loadSdk(baseURL) as AudioSdk;
  apiUrl = `${baseURL.replace(/\/$/, "")}/api`;
  expect(sdk.version).toBe("5.7.0");
  audio = await testAudio();
  choiceWav = uniqueWav(audio.wav);
  recognitionWav = uniqueWav(audio.wav);
  referenceWav = uniqueWav(audio.wav);
});

test("set-up through the SDK: admin → tenant → organisation → a student", async () => {
  await sdk.authentication.authenticate("admin", ADMIN_PASSWORD);
  expect(await sdk.tenants.create({ id: tenantId, name: "SDK audio tenant" })).toEqual(
    expect.objectContaining({ id: tenantId }),
  );
  await sdk.authentication.impersonate(sdk.authentication.assembleScope(tenantId));
  expect(await sdk.organisations.create({ id: orgId, name: "SDK audio school" })).toEqual(
    expect.objectContaining({ id: orgId }),
  );
  orgToken = (await sdk.authentication.impersonate(sdk.authentication.assembleScope(tenantId, orgId))).access_token;
  expect(
    await sdk.users.create({ id: studentId, firstName: "Sam", infix: "", lastName: "Speaker", roles: ["STUDENT"] }),
  ).toEqual(expect.objectContaining({ id: studentId, roles: ["STUDENT"] }));
  studentToken = (await sdk.authentication.impersonate(`tenant/${tenantId}/organisation/${orgId}/student/${studentId}`))
    .access_token;
  expect((await sdk.users.getCurrent()).id).toBe(studentId);
  useToken(orgToken);
});

test("choice.create(FormData): repeated choices and audio parts, language → the 202 body, preparing; getById, getAll; audio byte for byte", async () => {
  const form = new FormData();
  form.append("id", choiceId);
  form.append("question", "Which sentence do you hear?");
  form.append("choices", WAV_TEXT);
  form.append("choices", OGG_TEXT);
  form.append("choices", "Nothing of the sort.");
  form.append("audio", blob(choiceWav, "audio/wav"), "cat.wav");
  form.append("audio", blob(audio.ogg, "audio/ogg"), "dog.opus");
  form.append("language", "eng");
  const created = await sdk.challenges.choice.create(form);
  expect(created).toEqual({
    id: choiceId,
    question: "Which sentence do you hear?",
    choices: [
      { choice: WAV_TEXT, audioUrl: downloadUrl() },
      { choice: OGG_TEXT, audioUrl: downloadUrl() },
      { choice: "Nothing of the sort.", audioUrl: null },
    ],
    status: "preparing",
    language: "eng",
    engine: null,
    engineNote: null,
    created: timestamp,
    updated: timestamp,
  });
  const wav = await download(created.choices[0]!.audioUrl!);
  expect(wav.bytes.equals(choiceWav), "choice 1 audio byte for byte").toBe(true);
  expect(wav.contentType).toMatch(/^audio\/(wav|x-wav|wave|vnd\.wave)\b/);
  const ogg = await download(created.choices[1]!.audioUrl!);
  expect(sha256(ogg.bytes)).toBe(sha256(audio.ogg));
  expect(ogg.contentType).toMatch(/^audio\/ogg\b/);

  const fetched = await sdk.challenges.choice.getById(choiceId);
  expect(fetched).toEqual({ ...created, status: expect.stringMatching(/^(preparing|prepared)$/), updated: timestamp });
  const all = onlyPage(await sdk.challenges.choice.getAll());
  expect(all.map((c) => c.id)).toEqual([choiceId]);
  expect(all[0]).toEqual({ ...created, status: expect.stringMatching(/^(preparing|prepared)$/), updated: timestamp });

  // Becomes prepared (background preparation); nothing else changes.
  await expect
    .poll(async () => (await sdk.challenges.choice.getById(choiceId)).status, {
      message: "the choice challenge becomes prepared",
      timeout: 30_000,
      intervals: [100, 200, 500],
    })
    .toBe("prepared");
  choice = await sdk.challenges.choice.getById(choiceId);
  expect(choice).toEqual({
    ...created,
    status: "prepared",
    engine: expect.any(String),
    engineNote: choice.engineNote,
    updated: timestamp,
  });

  // Errors reject with the parsed JSON body.
  const noChoices = new FormData();
  noChoices.append("language", "eng");
  expect(await rejection(sdk.challenges.choice.create(noChoices))).toEqual({
    message: expect.any(String),
    errors: [expect.objectContaining({ resource: "ChoiceChallenge", field: "choices", code: "missing_field" })],
  });
  expect(await rejection(sdk.challenges.choice.getById(uniqueId("nope")))).toEqual(
    expect.objectContaining({ message: expect.any(String) }),
  );
});

test("as the student: choiceRecognition.create(challengeId, base64 audio, recognised, id) → 201 body; getById, getAll; audio byte for byte", async () => {
  useToken(studentToken);
  const created = await sdk.challenges.choiceRecognition.create(
    choiceId,
    recognitionWav.toString("base64"),
    WAV_TEXT,
    recognitionId,
  );
  expect(created).toEqual({
    id: recognitionId,
    audioUrl: downloadUrl(),
    recognised: WAV_TEXT,
    challengeId: choiceId,
    userId: studentId,
    engine: null,
    confidence: null,
    created: timestamp,
    updated: timestamp,
  });
  const got = await download(created.audioUrl);
  expect(got.bytes.equals(recognitionWav), "the recognition's audio byte for byte").toBe(true);
  expect(got.contentType).toMatch(/^audio\/(wav|x-wav|wave|vnd\.wave)\b/);

  // Without an id and with nothing recognised (the SDK then sends no recognised field); Ogg Opus.
  const nothing = await sdk.challenges.choiceRecognition.create(choiceId, audio.ogg2.toString("base64"), undefined);
  expect(nothing).toEqual({
    id: expect.any(String),
    audioUrl: downloadUrl(),
    recognised: null,
    challengeId: choiceId,
    userId: studentId,
    engine: null,
    confidence: null,
    created: timestamp,
    updated: timestamp,
  });
  expect(sha256((await download(nothing.audioUrl)).bytes)).toBe(sha256(audio.ogg2));

  expect(await sdk.challenges.choiceRecognition.getById(choiceId, recognitionId)).toEqual(created);
  expect(await sdk.challenges.choiceRecognition.getById(choiceId, nothing.id)).toEqual(nothing);
  const all = onlyPage(await sdk.challenges.choiceRecognition.getAll(choiceId));
  expect(all.map((r) => r.id).sort()).toEqual([recognitionId, nothing.id].sort());
  expect(all).toContainEqual(created);

  // Refusals reject with the JSON body: a taken id (409), a recognised that is no choice (422),
  // audio that is not audio (422 on audio).
  expect(
    await rejection(
      sdk.challenges.choiceRecognition.create(choiceId, recognitionWav.toString("base64"), WAV_TEXT, recognitionId),
    ),
  ).toEqual(expect.objectContaining({ message: expect.any(String) }));
  expect(
    await rejection(
      sdk.challenges.choiceRecognition.create(choiceId, recognitionWav.toString("base64"), "Not a choice"),
    ),
  ).toEqual({
    message: expect.any(String),
    errors: [expect.objectContaining({ resource: "ChoiceRecognition", field: "recognised", code: "invalid" })],
  });
  expect(
    await rejection(
      sdk.challenges.choiceRecognition.create(choiceId, Buffer.from("not audio at all").toString("base64"), WAV_TEXT),
    ),
  ).toEqual({
    message: expect.any(String),
    errors: [expect.objectContaining({ resource: "ChoiceRecognition", field: "audio", code: "invalid" })],
  });
  // A Blob, as an app might pass, is JSON-encoded by the SDK as {}: a 422 on audio, not a 500.
  expect(
    await rejection(sdk.challenges.choiceRecognition.create(choiceId, blob(recognitionWav, "audio/wav"), WAV_TEXT)),
  ).toEqual({
    message: expect.any(String),
    errors: [expect.objectContaining({ resource: "ChoiceRecognition", field: "audio", code: "invalid" })],
  });
  expect(onlyPage(await sdk.challenges.choiceRecognition.getAll(choiceId))).toHaveLength(2);

  // The organisation sees them too.
  useToken(orgToken);
  expect(
    onlyPage(await sdk.challenges.choiceRecognition.getAll(choiceId))
      .map((r) => r.id)
      .sort(),
  ).toEqual([recognitionId, nothing.id].sort());
});

test("pronunciation.create(FormData): transcription, referenceAudio, language → preparing, alignment null; getById, getAll", async () => {
  useToken(orgToken);
  const form = new FormData();
  form.append("id", pronunciationId);
  form.append("transcription", WAV_TEXT);
  form.append("referenceAudio", blob(referenceWav, "audio/wav"), "reference.wav");
  form.append("language", "eng");
  const created = await sdk.challenges.pronunciation.create(form);
  expect(created).toEqual({
    id: pronunciationId,
    transcription: WAV_TEXT,
    referenceAudioUrl: downloadUrl(),
    language: "eng",
    status: "preparing",
    alignment: null,
    created: timestamp,
    updated: timestamp,
  });
  const reference = await download(created.referenceAudioUrl);
  expect(reference.bytes.equals(referenceWav), "the reference audio byte for byte").toBe(true);
  expect(await sdk.challenges.pronunciation.getById(pronunciationId)).toEqual(created);
  expect(onlyPage(await sdk.challenges.pronunciation.getAll())).toEqual([created]);

  const missing = new FormData();
  missing.append("transcription", "No audio.");
  missing.append("language", "eng");
  expect(await rejection(sdk.challenges.pronunciation.create(missing))).toEqual({
    message: expect.any(String),
    errors: [
      expect.objectContaining({ resource: "PronunciationChallenge", field: "referenceAudio", code: "missing_field" }),
    ],
  });
  expect(onlyPage(await sdk.challenges.pronunciation.getAll()).map((c) => c.id)).toEqual([pronunciationId]);
});

test("pronunciationAnalysis.getById after a plain multipart create by the student", async () => {
  const analysisWav = uniqueWav(audio.wav);
  const words = [
    {
      chunks: [
        {
          graphemes: "th",
          phonemes: [{ ipa: "ð", score: 0.9, verdict: "good", start: 0.1, end: 0.18 }],
          score: 0.9,
          verdict: "good",
        },
      ],
    },
  ];
  const form = new FormData();
  form.append("id", analysisId);
  form.append("audio", blob(analysisWav, "audio/wav"), "attempt.wav");
  form.append("score", "0.9");
  form.append("words", blob(Buffer.from(JSON.stringify(words)), "application/json"), "words.json");
  form.append("console", "aligned");
  const response = await fetch(`${apiUrl}/challenges/pronunciation/${pronunciationId}/analyses`, {
    method: "POST",
    headers: { Authorization: `Bearer ${studentToken}`, Accept: "application/json" },
    body: form,
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  const created = JSON.parse(text) as Analysis;
  expect(created).toEqual(
    expect.objectContaining({
      id: analysisId,
      audioUrl: downloadUrl(),
      userId: studentId,
      score: 0.9,
      console: "aligned",
      created: timestamp,
      updated: timestamp,
    }),
  );

  useToken(studentToken);
  const fetched = await sdk.challenges.pronunciationAnalysis.getById(pronunciationId, analysisId);
  expect(fetched).toEqual(created);
  expect(fetched.words).toEqual([
    expect.objectContaining({ chunks: [expect.objectContaining({ graphemes: "th", score: 0.9, verdict: "good" })] }),
  ]);
  expect((await download(fetched.audioUrl)).bytes.equals(analysisWav), "the analysis audio byte for byte").toBe(true);
  expect(await rejection(sdk.challenges.pronunciationAnalysis.getById(pronunciationId, uniqueId("nope")))).toEqual(
    expect.objectContaining({ message: expect.any(String) }),
  );
  useToken(orgToken);
  expect(await sdk.challenges.pronunciationAnalysis.getById(pronunciationId, analysisId)).toEqual(created);
});

test("pronunciation.deleteChallenge resolves with the raw 204 Response; the challenge is gone", async () => {
  useToken(orgToken);
  const result = await sdk.challenges.pronunciation.deleteChallenge(pronunciationId);
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBe(204);
  expect(response.headers.get("content-type") ?? "").not.toContain("application/json");
  expect(await response.text()).toBe("");

  expect(await rejection(sdk.challenges.pronunciation.getById(pronunciationId))).toEqual(
    expect.objectContaining({ message: expect.any(String) }),
  );
  expect(onlyPage(await sdk.challenges.pronunciation.getAll())).toEqual([]);
  expect(await rejection(sdk.challenges.pronunciationAnalysis.getById(pronunciationId, analysisId))).toEqual(
    expect.objectContaining({ message: expect.any(String) }),
  );
  // Deleting again: the JSON error body (410 Gone or 404).
  expect(await rejection(sdk.challenges.pronunciation.deleteChallenge(pronunciationId))).toEqual(
    expect.objectContaining({ message: expect.any(String) }),
  );
});

test("after the pronunciation delete, the choice challenge and its recognitions are unchanged", async () => {
  useToken(orgToken);
  expect(await sdk.challenges.choice.getById(choiceId)).toEqual(choice);
  const recognitions = onlyPage(await sdk.challenges.choiceRecognition.getAll(choiceId)) as unknown as Json[];
  expect(recognitions).toHaveLength(2);
});
