// Choice challenges (POST/GET /challenges/choice, GET/PUT/DELETE /challenges/choice/:challenge,
// the admin view GET .../:challenge/preparation) and their recognitions (POST/GET
// .../recognitions, GET .../recognitions/:recognition), over HTTP with real spoken audio.
// Contract: service-interface.md sections 2 (fields), 3 (create → preparing → prepared |
// unprepared; any update → preparing; no recognition until prepared), 4 (202 + Location on
// create, PUT as JSON or form-encoded with repeated choices), 7 (recognition on a challenge
// that is not prepared is refused) and 8 (Ogg Opus or WAV, ISO 639-2); api-conventions.md for
// errors (422 naming the field, 409 for taken ids and for recognitions before prepared, 404
// across organisations) and the permission table (CHOICE_CHALLENGE_CREATE/_DELETE are
// ORGANISATION-only; CHOICE_CHALLENGE_LIST for ORGANISATION, STUDENT, TEACHER).
// Multipart bodies repeat `choices` and `audio`, so they are encoded with FormData
// (e2e/support/multipart.ts); failed writes must leave no rows (lists) and no files (storage).
import type { APIRequestContext } from "@playwright/test";
import {
  authed,
  baseURL,
  download,
  downloadUrlPattern,
  expectJson,
  listAll,
  listIds,
  member,
  outsiders,
  uniqueId,
} from "../support/api";
import { expectError, expectFieldError, ISO } from "../support/assertions";
import {
  OGG_TEXT,
  OGG2_TEXT,
  oggPart,
  sha256,
  type TestAudio,
  testAudio,
  uniqueWav,
  WAV_TEXT,
  wavPart,
} from "../support/audio";
import { ADMIN_PASSWORD, PORTS } from "../support/env";
import { expect, test } from "../support/fixtures";
import { encodeForm, type MultipartFields, type MultipartRecord, postMultipart } from "../support/multipart";
import { type PrivateServer, privateServer } from "../support/server";
import { storedCopies } from "../support/storage";

const BASE = "/api/challenges/choice";
const CHALLENGE = "ChoiceChallenge";
const RECOGNITION = "ChoiceRecognition";
const CHALLENGE_FIELDS = [
  "choices",
  "created",
  "engine",
  "engineNote",
  "id",
  "language",
  "question",
  "status",
  "updated",
];
const RECOGNITION_FIELDS = [
  "audioUrl",
  "challengeId",
  "confidence",
  "created",
  "engine",
  "id",
  "recognised",
  "updated",
  "userId",
];

type Choice = { choice: string; audioUrl: string | null };
type Challenge = {
  id: string;
  question: string | null;
  choices: Choice[];
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
type Preparation = { status: string; reason: string | null; grammarUrl: string | null; attempts: number };

let audio: TestAudio;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  audio = await testAudio();
});

// ---- helpers ----

/** Every ...Url is {PUBLIC_BASE_URL}/api/download/<id> (downloadUrlPattern). */
const downloadUrl = () => expect.stringMatching(downloadUrlPattern());

const postChallenge = (request: APIRequestContext, token: string, fields: MultipartFields) =>
  postMultipart(request, BASE, fields, authed(token));

async function newChallenge(
  request: APIRequestContext,
  token: string,
  fields: MultipartRecord = {},
): Promise<Challenge> {
  return expectJson<Challenge>(
    await postChallenge(request, token, { choices: ["Yes", "No"], language: "eng", ...fields }),
    202,
  );
}

const getChallenge = async (request: APIRequestContext, token: string, id: string) =>
  expectJson<Challenge>(await request.get(`${BASE}/${id}`, { headers: authed(token) }), 200);

/**
 * Waits (≤ 50 s) until the background preparation has finished, and returns the challenge. Preparing
 * synthesises templates and builds the recognisers' models, one job at a time per instance: under
 * the whole suite's load a challenge may wait behind others.
 */
async function settled(request: APIRequestContext, token: string, id: string): Promise<Challenge> {
  await expect
    .poll(async () => (await getChallenge(request, token, id)).status, {
      message: `challenge ${id} is still preparing`,
      timeout: 50_000,
      intervals: [100, 200, 500],
    })
    .not.toBe("preparing");
  return getChallenge(request, token, id);
}

async function prepared(request: APIRequestContext, token: string, fields: MultipartRecord = {}): Promise<Challenge> {
  const created = await newChallenge(request, token, fields);
  const done = await settled(request, token, created.id);
  expect(done.status).toBe("prepared");
  return done;
}

const putJson = (request: APIRequestContext, token: string, id: string, data: unknown) =>
  request.put(`${BASE}/${id}`, { headers: authed(token), data });
const putForm = (request: APIRequestContext, token: string, id: string, fields: Record<string, string | string[]>) =>
  request.put(`${BASE}/${id}`, {
    headers: { ...authed(token), "content-type": "application/x-www-form-urlencoded" },
    data: encodeForm(fields),
  });

const postRecognition = (request: APIRequestContext, token: string, challengeId: string, fields: MultipartFields) =>
  postMultipart(request, `${BASE}/${challengeId}/recognitions`, fields, authed(token));

async function newRecognition(
  request: APIRequestContext,
  token: string,
  challengeId: string,
  fields: MultipartRecord = {},
): Promise<Recognition> {
  return expectJson<Recognition>(
    await postRecognition(request, token, challengeId, { audio: oggPart(audio.ogg), ...fields }),
    201,
  );
}

const challengeIds = (request: APIRequestContext, token: string) => listIds(request, BASE, token);
const recognitionIds = (request: APIRequestContext, token: string, challengeId: string) =>
  listIds(request, `${BASE}/${challengeId}/recognitions`, token);

// ---- create, read, list ----

test.describe("choice challenges: create and read", () => {
  test("three choices and two audio parts (WAV, Ogg Opus): 202, Location, preparing; then prepared; audio by index, byte for byte", async ({
    request,
    world,
  }) => {
    const id = uniqueId("cc");
    const wav = uniqueWav(audio.wav);
    const response = await postChallenge(request, world.orgToken, {
      id,
      question: "Which sentence do you hear?",
      choices: [WAV_TEXT, OGG_TEXT, OGG2_TEXT],
      audio: [wavPart(wav), oggPart(audio.ogg)],
      language: "eng",
    });
    const created = await expectJson<Challenge>(response, 202);
    expect(created).toEqual({
      id,
      question: "Which sentence do you hear?",
      choices: [
        { choice: WAV_TEXT, audioUrl: downloadUrl() },
        { choice: OGG_TEXT, audioUrl: downloadUrl() },
        { choice: OGG2_TEXT, audioUrl: null },
      ],
      status: "preparing",
      language: "eng",
      engine: null,
      engineNote: null,
      created: ISO,
      updated: ISO,
    });
    expect(Object.keys(created).sort()).toEqual(CHALLENGE_FIELDS);
    expect(created.choices[0]!.audioUrl).not.toBe(created.choices[1]!.audioUrl);
    const location = response.headers().location;
    expect(location, "Location is absolute, under PUBLIC_BASE_URL").toBe(`${baseURL()}${BASE}/${id}`);

    // The background preparation makes it prepared (≤ 30 s) and changes nothing else.
    const done = await settled(request, world.orgToken, id);
    // ... and names the engine that will judge its answers.
    expect(done).toEqual({
      ...created,
      status: "prepared",
      engine: expect.any(String),
      engineNote: done.engineNote,
      updated: ISO,
    });
    expect(await expectJson<Challenge>(await request.get(location!, { headers: authed(world.orgToken) }), 200)).toEqual(
      done,
    );

    // The audio is stored unchanged, and matched to the choices by index.
    expect(await download(request, world.orgToken, created.choices[0]!.audioUrl!)).toEqual(wav);
    expect(sha256(await download(request, world.orgToken, created.choices[1]!.audioUrl!))).toBe(sha256(audio.ogg));
    expect(await storedCopies(wav), "the original is stored once").toBe(1);

    const listed = await listAll<Challenge>(request, BASE, world.orgToken);
    expect(listed).toEqual([done]);
  });

  test("audio parts are matched to choices by their order in the body, whatever their sizes (16 creates, 4 parts each)", async ({
    request,
    world,
  }) => {
    // Large first, small after: a server that orders parts by when it finished writing them swaps these.
    const choices = [WAV_TEXT, OGG_TEXT, "A second recording of the cat.", OGG2_TEXT];
    let swapped = 0;
    for (let batch = 0; batch < 4; batch++) {
      const creates = Array.from({ length: 4 }, () => {
        const parts = [
          wavPart(uniqueWav(audio.wav)),
          oggPart(audio.ogg),
          wavPart(uniqueWav(audio.wav)),
          oggPart(audio.ogg2),
        ];
        return { parts, response: postChallenge(request, world.orgToken, { choices, audio: parts, language: "eng" }) };
      });
      for (const { parts, response } of creates) {
        const created = await expectJson<Challenge>(await response, 202);
        const got = await Promise.all(
          created.choices.map(async (c) => sha256(await download(request, world.orgToken, c.audioUrl!))),
        );
        if (JSON.stringify(got) !== JSON.stringify(parts.map((p) => sha256(p.buffer)))) swapped++;
      }
    }
    expect(swapped, "creates (of 16) whose choices got another part's audio").toBe(0);
  });

  test("of concurrent creates with one id, one wins (202) and the others are 409 and leave no files", async ({
    request,
    world,
  }) => {
    const id = uniqueId("race");
    const uploads = [uniqueWav(audio.wav), uniqueWav(audio.wav), uniqueWav(audio.wav)];
    const responses = await Promise.all(
      uploads.map((b, i) =>
        postChallenge(request, world.orgToken, {
          id,
          choices: [`Choice number ${i + 1}`],
          audio: wavPart(b),
          language: "eng",
        }),
      ),
    );
    expect(responses.map((r) => r.status()).sort()).toEqual([202, 409, 409]);
    const winner = responses.findIndex((r) => r.status() === 202);
    for (const [i, b] of uploads.entries()) expect(await storedCopies(b), `upload ${i + 1}`).toBe(i === winner ? 1 : 0);
    const stored = await getChallenge(request, world.orgToken, id);
    expect(stored.choices.map((c) => c.choice)).toEqual([`Choice number ${winner + 1}`]);
    expect(await download(request, world.orgToken, stored.choices[0]!.audioUrl!)).toEqual(uploads[winner]);
    expect(await challengeIds(request, world.orgToken)).toEqual([id]);
  });

  test("minimal create: generated id, one choice, no question, no audio; language code in capitals", async ({
    request,
    world,
  }) => {
    const response = await postChallenge(request, world.orgToken, { choices: "Good morning", language: "NLD" });
    const created = await expectJson<Challenge>(response, 202);
    expect(created).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._~@-]*$/),
      question: null,
      choices: [{ choice: "Good morning", audioUrl: null }],
      status: "preparing",
      language: "nld",
      engine: null,
      engineNote: null,
      created: ISO,
      updated: ISO,
    });
    expect(response.headers().location).toBe(`${baseURL()}${BASE}/${created.id}`);
    expect((await settled(request, world.orgToken, created.id)).status).toBe("prepared");
    expect(await challengeIds(request, world.orgToken)).toEqual([created.id]);
  });

  test("a taken id is 409 and stores nothing new", async ({ request, world }) => {
    const id = uniqueId("taken");
    const first = await newChallenge(request, world.orgToken, { id, choices: ["Red", "Blue"] });
    const bytes = uniqueWav(audio.wav);
    const body = await expectError(
      await postChallenge(request, world.orgToken, {
        id,
        choices: ["Green", "Yellow"],
        audio: wavPart(bytes),
        language: "eng",
      }),
      409,
    );
    expect(body.errors ?? [{ field: "id" }]).toContainEqual(expect.objectContaining({ field: "id" }));
    expect(await storedCopies(bytes)).toBe(0);
    expect(await challengeIds(request, world.orgToken)).toEqual([id]);
    const now = await getChallenge(request, world.orgToken, id);
    expect(now.choices).toEqual(first.choices);
  });

  test("invalid fields are 422 naming the field, and store nothing", async ({ request, world }) => {
    const bytes = uniqueWav(audio.wav);
    const wav = wavPart(bytes);
    const cases: [MultipartFields, string, string][] = [
      // More audio parts than choices: audio is matched to choices by index.
      [{ choices: ["One"], audio: [wav, oggPart(audio.ogg)], language: "eng" }, "audio", "invalid"],
      [
        { choices: ["One", "Two"], audio: [wav, oggPart(audio.ogg), oggPart(audio.ogg2)], language: "eng" },
        "audio",
        "invalid",
      ],
      // ISO 639-2 only.
      [{ choices: ["One", "Two"], audio: wav, language: "xx" }, "language", "invalid"],
      [{ choices: ["One", "Two"], audio: wav, language: "en" }, "language", "invalid"],
      [{ choices: ["One", "Two"], audio: wav, language: "english" }, "language", "invalid"],
      [{ choices: ["One", "Two"], audio: wav }, "language", "missing_field"],
      // choices are required.
      [{ audio: wav, language: "eng" }, "choices", "missing_field"],
      [{ question: "No choices?", language: "eng" }, "choices", "missing_field"],
      // A text part where a file belongs.
      [{ choices: ["One", "Two"], audio: "not a file", language: "eng" }, "audio", "invalid"],
      [
        [
          ["choices", "One"],
          ["choices", "Two"],
          ["audio", wav],
          ["audio", "text"],
          ["language", "eng"],
        ],
        "audio",
        "invalid",
      ],
      [{ id: "bad id", choices: ["One"], audio: wav, language: "eng" }, "id", "invalid"],
    ];
    for (const [fields, field, code] of cases) {
      await test.step(`${field} (${code}): ${JSON.stringify(fields, (_, v) => (v?.buffer ? "<file>" : v))}`, async () => {
        await expectFieldError(await postChallenge(request, world.orgToken, fields), CHALLENGE, field, code);
      });
    }
    expect(await challengeIds(request, world.orgToken)).toEqual([]);
    expect(await storedCopies(bytes)).toBe(0);
  });

  test("every broken or unsupported audio file is 422 on audio; no challenge and no file is stored", async ({
    request,
    world,
  }) => {
    const good = uniqueWav(audio.wav);
    for (const [kind, bytes] of Object.entries(audio.broken)) {
      await test.step(kind, async () => {
        // The broken file is the second part: the valid first one must not be kept either.
        const response = await postChallenge(request, world.orgToken, {
          choices: ["One", "Two"],
          audio: [wavPart(good), { buffer: bytes, name: `${kind}.wav`, mimeType: "audio/wav" }],
          language: "eng",
        });
        await expectFieldError(response, CHALLENGE, "audio", "invalid");
        if (bytes.length > 0) expect(await storedCopies(bytes)).toBe(0);
      });
    }
    await test.step("alone, as the only audio part", async () => {
      for (const kind of ["truncatedOgg", "empty", "riffAvi", "random", "vorbisOgg"] as const) {
        await expectFieldError(
          await postChallenge(request, world.orgToken, {
            choices: "One",
            audio: { buffer: audio.broken[kind], name: "x.opus", mimeType: "audio/ogg" },
            language: "eng",
          }),
          CHALLENGE,
          "audio",
          "invalid",
        );
      }
    });
    expect(await challengeIds(request, world.orgToken)).toEqual([]);
    expect(await storedCopies(good)).toBe(0);
  });
});

// ---- states and preparation ----

test.describe("choice challenges: states", () => {
  test("choices that cannot form a grammar end unprepared; admins see why; a JSON PUT fixes it: preparing → prepared", async ({
    request,
    world,
  }) => {
    const student = await member(request, world, "STUDENT");
    const teacher = await member(request, world, "TEACHER");
    const admin = await member(request, world, "ADMIN");

    // Two choices equal once lower-cased and stripped of punctuation.
    const twins = await newChallenge(request, world.orgToken, { choices: ["Yes.", "yes", "No"] });
    expect(twins.status).toBe("preparing");
    const failed = await settled(request, world.orgToken, twins.id);
    expect(failed).toEqual({ ...twins, status: "unprepared", updated: ISO });

    const view = `${BASE}/${twins.id}/preparation`;
    const why = await expectJson<Preparation>(await request.get(view, { headers: authed(world.orgToken) }), 200);
    expect(why).toEqual({
      status: "unprepared",
      reason: expect.stringMatching(/choices 1 and 2/),
      grammarUrl: null,
      attempts: 1,
    });
    expect(await expectJson<Preparation>(await request.get(view, { headers: authed(admin.token) }), 200)).toEqual(why);
    // Students and teachers may read the challenge but not the admin view.
    await expectError(await request.get(view, { headers: authed(student.token) }), 403);
    await expectError(await request.get(view, { headers: authed(teacher.token) }), 403);
    expect((await getChallenge(request, student.token, twins.id)).status).toBe("unprepared");

    // No recognition while it is not prepared (section 7), and nothing is stored.
    const bytes = uniqueWav(audio.wav);
    await expectError(
      await postRecognition(request, student.token, twins.id, { audio: wavPart(bytes), recognised: "No" }),
      409,
    );
    await expectError(await postRecognition(request, student.token, twins.id, { audio: wavPart(bytes) }), 409);
    expect(await storedCopies(bytes)).toBe(0);
    expect(await recognitionIds(request, world.orgToken, twins.id)).toEqual([]);

    // A JSON PUT with usable choices: 200, Location, preparing, then prepared.
    const response = await putJson(request, world.orgToken, twins.id, { choices: ["Yes", "No"] });
    const updated = await expectJson<Challenge>(response, 200);
    expect(updated).toEqual({
      ...twins,
      choices: [
        { choice: "Yes", audioUrl: null },
        { choice: "No", audioUrl: null },
      ],
      status: "preparing",
      updated: ISO,
    });
    expect(response.headers().location).toBe(`${baseURL()}${BASE}/${twins.id}`);
    expect(Date.parse(updated.updated)).toBeGreaterThanOrEqual(Date.parse(twins.updated));
    const fixed = await settled(request, world.orgToken, twins.id);
    expect(fixed).toEqual({
      ...updated,
      status: "prepared",
      engine: expect.any(String),
      engineNote: fixed.engineNote,
      updated: ISO,
    });

    const ready = await expectJson<Preparation>(await request.get(view, { headers: authed(world.orgToken) }), 200);
    expect(ready).toEqual({ status: "prepared", reason: null, grammarUrl: downloadUrl(), attempts: 1 });
    // The grammar built for the recogniser: the normalised words of each choice.
    const grammar = JSON.parse((await download(request, world.orgToken, ready.grammarUrl!)).toString("utf8")) as {
      language: string;
      choices: { text: string; words: string[] }[];
    };
    expect(grammar).toMatchObject({
      language: "eng",
      choices: [
        { text: "Yes", words: ["yes"] },
        { text: "No", words: ["no"] },
      ],
    });
    // Now recognitions are taken.
    await newRecognition(request, student.token, twins.id, { recognised: "Yes" });

    // prepared → (update) preparing → unprepared again: recognitions are refused again.
    await expectJson<Challenge>(await putJson(request, world.orgToken, twins.id, { choices: ["No!", "no"] }), 200);
    expect((await settled(request, world.orgToken, twins.id)).status).toBe("unprepared");
    await expectError(await postRecognition(request, student.token, twins.id, { audio: oggPart(audio.ogg) }), 409);
    expect(
      (await expectJson<Preparation>(await request.get(view, { headers: authed(world.orgToken) }), 200)).reason,
    ).toMatch(/choices 1 and 2/);
  });

  test("a choice without words ends unprepared with the reason; the preparation view needs a real challenge", async ({
    request,
    world,
  }) => {
    const wordless = await newChallenge(request, world.orgToken, { choices: ["Hello there", "?!"] });
    expect((await settled(request, world.orgToken, wordless.id)).status).toBe("unprepared");
    const why = await expectJson<Preparation>(
      await request.get(`${BASE}/${wordless.id}/preparation`, { headers: authed(world.orgToken) }),
      200,
    );
    expect(why).toMatchObject({
      status: "unprepared",
      reason: expect.stringMatching(/choice 2\b.*no words/),
      grammarUrl: null,
    });
    await expectError(
      await request.get(`${BASE}/${uniqueId("nope")}/preparation`, { headers: authed(world.orgToken) }),
      404,
    );

    // A PUT that changes only the question also re-prepares (any update → preparing); it stays unprepared.
    const asked = await expectJson<Challenge>(
      await putJson(request, world.orgToken, wordless.id, { question: "Say hello" }),
      200,
    );
    expect(asked).toMatchObject({ question: "Say hello", status: "preparing", choices: wordless.choices });
    expect((await settled(request, world.orgToken, wordless.id)).status).toBe("unprepared");
  });

  test("a form-encoded PUT with repeated choices: preparing again; unchanged choices keep their audio, dropped audio is deleted", async ({
    request,
    world,
  }) => {
    // Two unique recordings. Which one a choice holds is read back from the server, so this test
    // does not depend on index matching (tested above), only on audio following its sentence.
    const created = await prepared(request, world.orgToken, {
      choices: [WAV_TEXT, OGG_TEXT],
      audio: [wavPart(uniqueWav(audio.wav)), wavPart(uniqueWav(audio.wav))],
    });
    const [catUrl, dogUrl] = created.choices.map((c) => c.audioUrl!);
    const [catBytes, dogBytes] = [
      await download(request, world.orgToken, catUrl!),
      await download(request, world.orgToken, dogUrl!),
    ];

    // Reordered, one new choice: the audio follows its sentence.
    const response = await putForm(request, world.orgToken, created.id, {
      choices: [OGG_TEXT, "A brand new sentence.", WAV_TEXT],
      question: "Listen",
    });
    const updated = await expectJson<Challenge>(response, 200);
    expect(updated).toEqual({
      ...created,
      question: "Listen",
      choices: [
        { choice: OGG_TEXT, audioUrl: dogUrl },
        { choice: "A brand new sentence.", audioUrl: null },
        { choice: WAV_TEXT, audioUrl: catUrl },
      ],
      status: "preparing",
      updated: ISO,
    });
    expect(response.headers().location).toBe(`${baseURL()}${BASE}/${created.id}`);
    expect((await settled(request, world.orgToken, created.id)).status).toBe("prepared");
    expect(await download(request, world.orgToken, catUrl!)).toEqual(catBytes);
    expect(await download(request, world.orgToken, dogUrl!)).toEqual(dogBytes);

    // A single repeated-name field is a list of one; the dropped choice's audio is gone.
    const single = await expectJson<Challenge>(
      await putForm(request, world.orgToken, created.id, { choices: OGG_TEXT }),
      200,
    );
    expect(single.choices).toEqual([{ choice: OGG_TEXT, audioUrl: dogUrl }]);
    expect(single.question).toBe("Listen");
    await expectError(await request.get(catUrl!, { headers: authed(world.orgToken) }), 404);
    expect(await storedCopies(catBytes)).toBe(0);
    expect(await storedCopies(dogBytes)).toBe(1);
    expect((await settled(request, world.orgToken, created.id)).status).toBe("prepared");
  });

  test("invalid updates are refused and change nothing", async ({ request, world }) => {
    const created = await prepared(request, world.orgToken, { choices: ["Left", "Right"] });
    const cases: [unknown, string][] = [
      [{ choices: [] }, "choices"],
      [{ choices: ["Left", ""] }, "choices"],
      [{ language: "english" }, "language"],
      [{ language: "xx" }, "language"],
    ];
    for (const [data, field] of cases) {
      await test.step(JSON.stringify(data), async () => {
        const body = await expectError(await putJson(request, world.orgToken, created.id, data), 422);
        expect(body.errors).toContainEqual(expect.objectContaining({ resource: CHALLENGE, field }));
      });
    }
    await expectError(await putForm(request, world.orgToken, created.id, { language: "xx" }), 422);
    await expectError(
      await request.put(`${BASE}/${created.id}`, {
        headers: { ...authed(world.orgToken), "content-type": "application/json" },
        data: "{not json",
      }),
      400,
    );
    await expectError(await putJson(request, world.orgToken, uniqueId("missing"), { choices: ["A"] }), 404);
    const now = await settled(request, world.orgToken, created.id);
    expect(now.choices).toEqual(created.choices);
    expect(now.language).toBe("eng");
  });
});

// ---- while preparing: a private instance that runs no background jobs keeps challenges preparing ----

test.describe("while preparing", () => {
  let server: PrivateServer | undefined;
  test.beforeAll(async () => {
    // One private server on a fixed port: run it in one project only.
    test.skip(test.info().project.name !== "api-sqlite", "private SQLite server, run once");
    test.setTimeout(120_000);
    server = await privateServer(PORTS.sqlite + 23, { BACKGROUND_JOBS: "false" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("a challenge that is still preparing takes no recognition (409); an update keeps it preparing", async ({
    request,
  }) => {
    const api = (path: string) => `${server!.url}/api${path}`;
    const token = async (form: Record<string, string>, bearer?: string) =>
      (
        await expectJson<{ access_token: string }>(
          await request.post(api("/tokens"), { form, headers: bearer ? authed(bearer) : {} }),
          200,
        )
      ).access_token;
    const admin = await token({ grant_type: "password", username: "admin", password: ADMIN_PASSWORD });
    const tenantId = uniqueId("t");
    const orgId = uniqueId("o");
    await expectJson(
      await request.post(api("/tenants"), { headers: authed(admin), data: { id: tenantId, name: "T" } }),
      201,
    );
    const tenant = await token({ grant_type: "client_credentials", scope: `tenant/${tenantId}` }, admin);
    await expectJson(
      await request.post(api("/organisation"), { headers: authed(tenant), data: { id: orgId, name: "O" } }),
      201,
    );
    const org = await token(
      { grant_type: "client_credentials", scope: `tenant/${tenantId}/organisation/${orgId}` },
      tenant,
    );
    const user = await expectJson<{ id: string }>(
      await request.post(api("/users"), {
        headers: authed(org),
        data: { firstName: "S", infix: "", lastName: "T", roles: ["STUDENT"] },
      }),
      201,
    );
    const student = await token(
      { grant_type: "client_credentials", scope: `tenant/${tenantId}/organisation/${orgId}/student/${user.id}` },
      org,
    );

    const created = await expectJson<Challenge>(
      await postMultipart(
        request,
        `${server!.url}${BASE}`,
        { choices: ["Yes", "No"], audio: oggPart(audio.ogg), language: "eng" },
        authed(org),
      ),
      202,
    );
    expect(created.status).toBe("preparing");
    const one = `${server!.url}${BASE}/${created.id}`;
    await new Promise((r) => setTimeout(r, 1500));
    expect((await expectJson<Challenge>(await request.get(one, { headers: authed(org) }), 200)).status).toBe(
      "preparing",
    );

    await expectError(
      await postMultipart(
        request,
        `${one}/recognitions`,
        { audio: oggPart(audio.ogg), recognised: "Yes" },
        authed(student),
      ),
      409,
    );
    await expectError(
      await postMultipart(request, `${one}/recognitions`, { audio: wavPart(audio.wav) }, authed(student)),
      409,
    );
    const updated = await expectJson<Challenge>(
      await request.put(one, { headers: authed(org), data: { choices: ["Yes", "No", "Maybe"] } }),
      200,
    );
    expect(updated.status).toBe("preparing");
    await expectError(
      await postMultipart(
        request,
        `${one}/recognitions`,
        { audio: oggPart(audio.ogg), recognised: "Maybe" },
        authed(student),
      ),
      409,
    );
    expect(
      await expectJson<Recognition[]>(await request.get(`${one}/recognitions`, { headers: authed(org) }), 200),
    ).toEqual([]);
    const view = await expectJson<Preparation>(await request.get(`${one}/preparation`, { headers: authed(org) }), 200);
    expect(view).toEqual({ status: "preparing", reason: null, grammarUrl: null, attempts: 0 });
  });
});

// ---- recognitions ----

test.describe("choice recognitions", () => {
  test("a student's recognition on a prepared challenge: 201, Location, the shape; audio byte for byte; recognised null when omitted", async ({
    request,
    world,
  }) => {
    const challenge = await prepared(request, world.orgToken, { choices: ["Yes", "No", "Maybe later"] });
    const student = await member(request, world, "STUDENT");
    const id = uniqueId("rec");
    const response = await postRecognition(request, student.token, challenge.id, {
      id,
      audio: oggPart(audio.ogg),
      recognised: "Maybe later",
    });
    const recognition = await expectJson<Recognition>(response, 201);
    expect(recognition).toEqual({
      id,
      audioUrl: downloadUrl(),
      recognised: "Maybe later",
      challengeId: challenge.id,
      userId: student.id,
      // Posted by an app with its own result: no engine of ours judged it.
      engine: null,
      confidence: null,
      created: ISO,
      updated: ISO,
    });
    expect(Object.keys(recognition).sort()).toEqual(RECOGNITION_FIELDS);
    expect(response.headers().location).toBe(`${baseURL()}${BASE}/${challenge.id}/recognitions/${id}`);
    expect(sha256(await download(request, student.token, recognition.audioUrl))).toBe(sha256(audio.ogg));
    expect(
      await expectJson<Recognition>(
        await request.get(`${BASE}/${challenge.id}/recognitions/${id}`, { headers: authed(student.token) }),
        200,
      ),
    ).toEqual(recognition);

    // Nothing recognised: recognised is omitted and returned as null; a WAV; a generated id.
    const wav = uniqueWav(audio.wav);
    const nothing = await expectJson<Recognition>(
      await postRecognition(request, student.token, challenge.id, { audio: wavPart(wav) }),
      201,
    );
    expect(nothing).toEqual({
      id: expect.any(String),
      audioUrl: downloadUrl(),
      recognised: null,
      challengeId: challenge.id,
      userId: student.id,
      engine: null,
      confidence: null,
      created: ISO,
      updated: ISO,
    });
    expect(await download(request, student.token, nothing.audioUrl)).toEqual(wav);

    expect(await recognitionIds(request, student.token, challenge.id)).toEqual([id, nothing.id].sort());
    // Recognitions do not change the challenge.
    expect(await getChallenge(request, student.token, challenge.id)).toEqual(challenge);
  });

  test("invalid recognitions are 422 naming the field (or 409 for a taken id) and store nothing", async ({
    request,
    world,
  }) => {
    const challenge = await prepared(request, world.orgToken, { choices: ["Yes", "No"] });
    const student = await member(request, world, "STUDENT");
    const bytes = uniqueWav(audio.wav);
    const wav = wavPart(bytes);
    const cases: [MultipartFields, string, string][] = [
      [{ audio: wav, recognised: "Maybe" }, "recognised", "invalid"],
      [{ audio: wav, recognised: "Yes, no" }, "recognised", "invalid"],
      [{ recognised: "Yes" }, "audio", "missing_field"],
      [{ audio: "not a file", recognised: "Yes" }, "audio", "invalid"],
      [{ audio: { buffer: audio.broken.truncatedOgg, name: "t.opus", mimeType: "audio/ogg" } }, "audio", "invalid"],
      [{ audio: { buffer: audio.broken.vorbisOgg, name: "v.ogg", mimeType: "audio/ogg" } }, "audio", "invalid"],
      [{ audio: { buffer: audio.broken.random, name: "r.wav", mimeType: "audio/wav" } }, "audio", "invalid"],
      [{ audio: { buffer: audio.broken.empty, name: "e.wav", mimeType: "audio/wav" } }, "audio", "invalid"],
      [{ id: "no/slash", audio: wav }, "id", "invalid"],
    ];
    for (const [fields, field, code] of cases) {
      await test.step(`${field} (${code}): ${JSON.stringify(fields, (_, v) => (v?.buffer ? "<file>" : v))}`, async () => {
        await expectFieldError(
          await postRecognition(request, student.token, challenge.id, fields),
          RECOGNITION,
          field,
          code,
        );
      });
    }
    const first = await newRecognition(request, student.token, challenge.id, { id: uniqueId("rec") });
    await expectError(await postRecognition(request, student.token, challenge.id, { id: first.id, audio: wav }), 409);
    // Recognition ids are unique within the organisation, across its challenges.
    const other = await prepared(request, world.orgToken, { choices: ["Up", "Down"] });
    await expectError(await postRecognition(request, student.token, other.id, { id: first.id, audio: wav }), 409);
    // An organisation token acts for no user; recognitions belong to the current user.
    await expectError(await postRecognition(request, world.orgToken, challenge.id, { audio: wav }), 403);
    await expectError(await postRecognition(request, student.token, uniqueId("nope"), { audio: wav }), 404);
    expect(await storedCopies(bytes)).toBe(0);
    expect(await recognitionIds(request, world.orgToken, challenge.id)).toEqual([first.id]);
  });

  test("students see only their own recognitions; teachers and the organisation see all", async ({
    request,
    world,
  }) => {
    const challenge = await prepared(request, world.orgToken, { choices: ["Yes", "No"] });
    const other = await prepared(request, world.orgToken, { choices: ["Up", "Down"] });
    const [alice, bob, teacher] = [
      await member(request, world, "STUDENT"),
      await member(request, world, "STUDENT"),
      await member(request, world, "TEACHER"),
    ];
    const a1 = await newRecognition(request, alice.token, challenge.id, { recognised: "Yes" });
    const a2 = await newRecognition(request, alice.token, challenge.id);
    const b1 = await newRecognition(request, bob.token, challenge.id, { recognised: "No" });
    const t1 = await newRecognition(request, teacher.token, challenge.id, { audio: wavPart(audio.wav) });
    const elsewhere = await newRecognition(request, alice.token, other.id, { recognised: "Up" });
    expect([a1.userId, a2.userId, b1.userId, t1.userId]).toEqual([alice.id, alice.id, bob.id, teacher.id]);

    expect(await recognitionIds(request, alice.token, challenge.id)).toEqual([a1.id, a2.id].sort());
    expect(await recognitionIds(request, bob.token, challenge.id)).toEqual([b1.id]);
    await expectError(
      await request.get(`${BASE}/${challenge.id}/recognitions/${b1.id}`, { headers: authed(alice.token) }),
      404,
    );
    await expectError(
      await request.get(`${BASE}/${challenge.id}/recognitions/${a1.id}`, { headers: authed(bob.token) }),
      404,
    );

    const all = [a1.id, a2.id, b1.id, t1.id].sort();
    for (const token of [teacher.token, world.orgToken]) {
      expect(await recognitionIds(request, token, challenge.id)).toEqual(all);
      expect(
        await expectJson<Recognition>(
          await request.get(`${BASE}/${challenge.id}/recognitions/${b1.id}`, { headers: authed(token) }),
          200,
        ),
      ).toEqual(b1);
    }
    // A recognition belongs to its challenge.
    expect(await recognitionIds(request, teacher.token, other.id)).toEqual([elsewhere.id]);
    await expectError(
      await request.get(`${BASE}/${other.id}/recognitions/${a1.id}`, { headers: authed(teacher.token) }),
      404,
    );
    await expectError(
      await request.get(`${BASE}/${challenge.id}/recognitions/${uniqueId("nope")}`, { headers: authed(teacher.token) }),
      404,
    );
  });
});

// ---- delete, permissions, other organisations ----

test("DELETE: 204; then the challenge, its recognitions and every file of it answer 404", async ({
  request,
  world,
}) => {
  const cat = uniqueWav(audio.wav);
  const spoken = uniqueWav(audio.wav);
  const challenge = await prepared(request, world.orgToken, {
    choices: [WAV_TEXT, OGG_TEXT],
    audio: [wavPart(cat), oggPart(audio.ogg)],
  });
  const keep = await prepared(request, world.orgToken, { choices: [OGG_TEXT], audio: oggPart(audio.ogg2) });
  const student = await member(request, world, "STUDENT");
  const recognition = await newRecognition(request, student.token, challenge.id, {
    audio: wavPart(spoken),
    recognised: WAV_TEXT,
  });
  const grammarUrl = (
    await expectJson<Preparation>(
      await request.get(`${BASE}/${challenge.id}/preparation`, { headers: authed(world.orgToken) }),
      200,
    )
  ).grammarUrl!;
  const headers = authed(world.orgToken);

  const response = await request.delete(`${BASE}/${challenge.id}`, { headers });
  expect(response.status()).toBe(204);
  expect(await response.text()).toBe("");

  await expectError(await request.get(`${BASE}/${challenge.id}`, { headers }), 404);
  await expectError(await request.delete(`${BASE}/${challenge.id}`, { headers }), [404, 410]);
  await expectError(await putJson(request, world.orgToken, challenge.id, { choices: ["x"] }), 404);
  await expectError(await request.get(`${BASE}/${challenge.id}/preparation`, { headers }), 404);
  await expectError(await request.get(`${BASE}/${challenge.id}/recognitions`, { headers }), 404);
  await expectError(await request.get(`${BASE}/${challenge.id}/recognitions/${recognition.id}`, { headers }), 404);
  await expectError(await postRecognition(request, student.token, challenge.id, { audio: wavPart(audio.wav) }), 404);
  for (const url of [...challenge.choices.map((c) => c.audioUrl!), recognition.audioUrl, grammarUrl]) {
    await expectError(await request.get(url, { headers }), 404);
  }
  expect(await storedCopies(cat)).toBe(0);
  expect(await storedCopies(spoken)).toBe(0);
  expect(await challengeIds(request, world.orgToken)).toEqual([keep.id]);

  // The other challenge keeps its audio (the same Ogg bytes were used by the deleted one too).
  expect(sha256(await download(request, world.orgToken, keep.choices[0]!.audioUrl!))).toBe(sha256(audio.ogg2));
  // The id is free again; the new challenge starts from nothing.
  const reborn = await newChallenge(request, world.orgToken, { id: challenge.id });
  expect(reborn.choices).toEqual([
    { choice: "Yes", audioUrl: null },
    { choice: "No", audioUrl: null },
  ]);
  expect((await settled(request, world.orgToken, reborn.id)).status).toBe("prepared");
  expect(await recognitionIds(request, world.orgToken, reborn.id)).toEqual([]);
});

test("permissions: only the organisation creates and deletes; students and teachers list and read; students cannot update", async ({
  request,
  world,
}) => {
  const student = await member(request, world, "STUDENT");
  const teacher = await member(request, world, "TEACHER");
  const annotator = await member(request, world, "ANNOTATOR_FULL");
  const challenge = await prepared(request, world.orgToken, { choices: ["Yes", "No"], audio: oggPart(audio.ogg) });
  const bytes = uniqueWav(audio.wav);
  const fields: MultipartFields = { choices: ["Left", "Right"], audio: wavPart(bytes), language: "eng" };

  // CHOICE_CHALLENGE_CREATE is ORGANISATION-only (api-conventions.md permission table).
  await expectError(await postChallenge(request, teacher.token, fields), 403);
  await expectError(await postChallenge(request, student.token, fields), 403);
  await expectError(await postChallenge(request, annotator.token, fields), 403);
  await expectError(await postChallenge(request, world.tenantToken, fields), 403);
  await expectError(await postMultipart(request, BASE, fields), 401);
  expect(await storedCopies(bytes)).toBe(0);

  // CHOICE_CHALLENGE_LIST: students and teachers read; annotators and tenants do not.
  for (const token of [student.token, teacher.token]) {
    expect(await challengeIds(request, token)).toEqual([challenge.id]);
    expect(await getChallenge(request, token, challenge.id)).toEqual(challenge);
    expect(sha256(await download(request, token, challenge.choices[0]!.audioUrl!))).toBe(sha256(audio.ogg));
  }
  await expectError(await request.get(BASE, { headers: authed(annotator.token) }), 403);
  await expectError(await request.get(BASE, { headers: authed(world.tenantToken) }), 403);
  await expectError(await request.get(BASE), 401);
  await expectError(await request.get(`${BASE}/${challenge.id}`), 401);

  // Students cannot update or delete; CHOICE_CHALLENGE_DELETE is ORGANISATION-only.
  await expectError(await putJson(request, student.token, challenge.id, { choices: ["Up", "Down"] }), 403);
  await expectError(await putForm(request, student.token, challenge.id, { choices: ["Up", "Down"] }), 403);
  await expectError(await request.delete(`${BASE}/${challenge.id}`, { headers: authed(student.token) }), 403);
  await expectError(await request.delete(`${BASE}/${challenge.id}`, { headers: authed(teacher.token) }), 403);
  await expectError(await request.delete(`${BASE}/${challenge.id}`, { headers: authed(annotator.token) }), 403);
  // Annotators lack AUDIO_RECOGNITION_CREATE and _LIST.
  await expectError(await postRecognition(request, annotator.token, challenge.id, { audio: wavPart(audio.wav) }), 403);
  await expectError(
    await request.get(`${BASE}/${challenge.id}/recognitions`, { headers: authed(annotator.token) }),
    403,
  );

  expect(await getChallenge(request, world.orgToken, challenge.id)).toEqual(challenge);
});

test("unknown or odd ids are 404 (a NUL may be 400), never a 500", async ({ request, world }) => {
  const challenge = await prepared(request, world.orgToken, { choices: ["Yes", "No"] });
  const student = await member(request, world, "STUDENT");
  const headers = authed(world.orgToken);
  for (const id of [uniqueId("nope"), "%00", "a%00b", "%C3%A9%F0%9F%8E%A7", "x".repeat(300)]) {
    await test.step(id.slice(0, 20), async () => {
      const allowed = id.includes("%00") ? [400, 404] : [404];
      await expectError(await request.get(`${BASE}/${id}`, { headers }), allowed);
      await expectError(await putJson(request, world.orgToken, id, { question: "?" }), allowed);
      await expectError(await request.delete(`${BASE}/${id}`, { headers }), allowed);
      await expectError(await request.get(`${BASE}/${id}/preparation`, { headers }), allowed);
      await expectError(await request.get(`${BASE}/${id}/recognitions`, { headers }), allowed);
      await expectError(await request.get(`${BASE}/${challenge.id}/recognitions/${id}`, { headers }), allowed);
      await expectError(await postRecognition(request, student.token, id, { audio: oggPart(audio.ogg) }), allowed);
    });
  }
  expect(await getChallenge(request, world.orgToken, challenge.id)).toEqual(challenge);
});

test("another organisation or tenant sees none of it: 404 for challenges, recognitions and files", async ({
  request,
  world,
  admin,
}) => {
  const challenge = await prepared(request, world.orgToken, {
    choices: [WAV_TEXT, OGG_TEXT],
    audio: [wavPart(audio.wav), oggPart(audio.ogg)],
  });
  const student = await member(request, world, "STUDENT");
  const recognition = await newRecognition(request, student.token, challenge.id, { recognised: OGG_TEXT });

  const { siblingOrg, siblingTeacher, siblingStudent, elsewhereOrg } = await outsiders(request, world, admin);

  for (const [who, token] of Object.entries({ siblingOrg, siblingTeacher, siblingStudent, elsewhereOrg })) {
    await test.step(who, async () => {
      const headers = authed(token);
      expect(await challengeIds(request, token)).toEqual([]);
      await expectError(await request.get(`${BASE}/${challenge.id}`, { headers }), 404);
      await expectError(await request.get(`${BASE}/${challenge.id}/recognitions`, { headers }), 404);
      await expectError(await request.get(`${BASE}/${challenge.id}/recognitions/${recognition.id}`, { headers }), 404);
      for (const url of [...challenge.choices.map((c) => c.audioUrl!), recognition.audioUrl])
        await expectError(await request.get(url, { headers }), 404);
      const isUser = token === siblingStudent || token === siblingTeacher;
      // Users recognise (the organisation acts for no user); students may not edit, only organisations delete.
      if (isUser)
        await expectError(await postRecognition(request, token, challenge.id, { audio: oggPart(audio.ogg) }), 404);
      if (token !== siblingStudent) {
        await expectError(await putJson(request, token, challenge.id, { choices: ["Hijacked"] }), 404);
        await expectError(await putForm(request, token, challenge.id, { choices: ["Hijacked"] }), 404);
      }
      if (!isUser) {
        await expectError(await request.get(`${BASE}/${challenge.id}/preparation`, { headers }), 404);
        await expectError(await request.delete(`${BASE}/${challenge.id}`, { headers }), 404);
      }
    });
  }

  // The same id is free in the other organisation; nothing in the first one changed.
  const twin = await newChallenge(request, siblingOrg, { id: challenge.id, choices: ["Twin"] });
  expect(twin.id).toBe(challenge.id);
  expect(await getChallenge(request, world.orgToken, challenge.id)).toEqual(challenge);
  expect(await recognitionIds(request, world.orgToken, challenge.id)).toEqual([recognition.id]);
  expect(await challengeIds(request, siblingOrg)).toEqual([twin.id]);
});
