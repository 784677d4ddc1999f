// Pronunciation challenges (POST/GET /challenges/pronunciation, GET/PUT/DELETE
// /challenges/pronunciation/:challenge) and their analyses (POST/GET .../analyses, GET
// .../analyses/:analysis), over HTTP with real spoken audio (espeak-ng WAV, opusenc Ogg Opus).
// Contract: service-interface.md sections 2 (fields), 3 (created "preparing", alignment null;
// status and alignment supplied by the client on update), 4, 7 (score and words together) and
// 8 (scores 0..1, verdicts bad|good|moderate, ISO 639-2); api-conventions.md for errors,
// permissions and ids. Failed writes leave no rows (lists) and no files (the server's storage
// directory is searched for the uploaded bytes).
import type { APIRequestContext } from "@playwright/test";
import { authed, download, expectJson, listAll, listIds, member, nextUrl, outsiders, uniqueId } from "../support/api";
import { expectError, expectFieldError, ISO } from "../support/assertions";
import { oggPart, sha256, type TestAudio, testAudio, uniqueWav, wavPart } from "../support/audio";
import { expect, test } from "../support/fixtures";
import type { NamedFilePart } from "../support/multipart";
import { ANALYSIS_WORDS } from "../support/pronunciation";
import { speakOgg } from "../support/speech";
import { storedCopies } from "../support/storage";

const BASE = "/api/challenges/pronunciation";
const CHALLENGE = "PronunciationChallenge";
const ANALYSIS = "PronunciationAnalysis";

// Sent with Playwright's own `multipart` option (one value per name; text parts byte for byte,
// where FormData would turn "\n" into "\r\n").
type Multipart = Record<string, string | number | NamedFilePart>;
type Alignment = {
  confidenceScore: number;
  words: {
    chunks: { graphemes: string; phonemes: { start: number; end: number; confidenceScore: number; ipa: string }[] }[];
  }[];
};
type Challenge = {
  id: string;
  transcription: string;
  referenceAudioUrl: string;
  language: string;
  status: string;
  alignment: Alignment | null;
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

const CHALLENGE_FIELDS = [
  "alignment",
  "created",
  "id",
  "language",
  "referenceAudioUrl",
  "status",
  "transcription",
  "updated",
];
const ANALYSIS_FIELDS = ["audioUrl", "console", "created", "id", "pruningLevel", "score", "updated", "userId", "words"];

const TRANSCRIPTION = "The quick brown fox jumps over the lazy dog.";

const ALIGNMENT: Alignment = {
  confidenceScore: 0.87,
  words: [
    {
      chunks: [
        { graphemes: "th", phonemes: [{ start: 0.1, end: 0.18, confidenceScore: 0.91, ipa: "ð" }] },
        { graphemes: "e", phonemes: [{ start: 0.18, end: 0.25, confidenceScore: 0.8, ipa: "ə" }] },
      ],
    },
    {
      chunks: [
        {
          graphemes: "qu",
          phonemes: [
            { start: 0.3, end: 0.36, confidenceScore: 0.7, ipa: "k" },
            { start: 0.36, end: 0.4, confidenceScore: 0.75, ipa: "w" },
          ],
        },
      ],
    },
  ],
};

// ---- audio: the worker's test audio (e2e/support/audio.ts) ----

let ogg: Buffer;
let ogg2: Buffer;
let wav: Buffer;
let broken: TestAudio["broken"];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ ogg, ogg2, wav, broken } = await testAudio());
});

const jsonPart = (value: unknown, name = "part.json"): NamedFilePart => ({
  name,
  mimeType: "application/json",
  buffer: Buffer.from(typeof value === "string" ? value : JSON.stringify(value)),
});

/** Stored copies of these bytes anywhere in storage, the temp area included: a finished request leaves no file behind. */
const stored = (bytes: Uint8Array) => storedCopies(bytes, { includeTmp: true });

// ---- requests ----

const postChallenge = (request: APIRequestContext, token: string, multipart: Multipart) =>
  request.post(BASE, { headers: authed(token), multipart });

async function newChallenge(request: APIRequestContext, token: string, fields: Multipart = {}): Promise<Challenge> {
  const response = await postChallenge(request, token, {
    transcription: TRANSCRIPTION,
    language: "eng",
    referenceAudio: oggPart(ogg),
    ...fields,
  });
  const created = await expectJson<Challenge>(response, 201);
  // The background job aligns the reference audio (or finds that it cannot): wait until it has,
  // so that what a test compares later is not changed under it.
  for (let i = 0; i < 100; i++) {
    const now = await getChallenge(request, token, created.id);
    if (now.status !== "preparing") return now;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`pronunciation challenge ${created.id} stayed preparing`);
}

const getChallenge = async (request: APIRequestContext, token: string, id: string) =>
  expectJson<Challenge>(await request.get(`${BASE}/${id}`, { headers: authed(token) }), 200);

const postAnalysis = (request: APIRequestContext, token: string, challengeId: string, multipart: Multipart) =>
  request.post(`${BASE}/${challengeId}/analyses`, { headers: authed(token), multipart });

async function newAnalysis(
  request: APIRequestContext,
  token: string,
  challengeId: string,
  fields: Multipart = {},
): Promise<Analysis> {
  return expectJson<Analysis>(await postAnalysis(request, token, challengeId, { audio: oggPart(ogg), ...fields }), 201);
}

const challengeIds = (request: APIRequestContext, token: string) => listIds(request, BASE, token);
const analysisIds = (request: APIRequestContext, token: string, challengeId: string, query = "") =>
  listIds(request, `${BASE}/${challengeId}/analyses${query}`, token);

// ---- challenges ----

test.describe("pronunciation challenges", () => {
  test("create with Ogg Opus: 201, Location, status preparing, alignment null; the reference audio downloads byte for byte", async ({
    request,
    world,
  }) => {
    const id = uniqueId("pc");
    const bytes = uniqueWav(wav);
    const response = await postChallenge(request, world.orgToken, {
      id,
      transcription: TRANSCRIPTION,
      language: "eng",
      referenceAudio: oggPart(ogg),
    });
    const created = await expectJson<Challenge>(response, 201);
    expect(created).toEqual({
      id,
      transcription: TRANSCRIPTION,
      referenceAudioUrl: expect.stringMatching(/^http:\/\/[^/]+\/api\/download\/[^/?]+$/),
      language: "eng",
      status: "preparing",
      alignment: null,
      created: ISO,
      updated: ISO,
    });
    expect(Object.keys(created).sort()).toEqual(CHALLENGE_FIELDS);
    expect(new URL(response.headers().location!).pathname).toBe(`${BASE}/${id}`);
    expect(sha256(await download(request, world.orgToken, created.referenceAudioUrl))).toBe(sha256(ogg));
    expect(await getChallenge(request, world.orgToken, id)).toEqual(created);

    // A WAV reference, a generated id, a language code in capitals.
    const fromWav = await expectJson<Challenge>(
      await postChallenge(request, world.orgToken, {
        transcription: "Ship or sheep?",
        language: "NLD",
        referenceAudio: wavPart(bytes),
      }),
      201,
    );
    expect(fromWav).toMatchObject({
      transcription: "Ship or sheep?",
      language: "nld",
      status: "preparing",
      alignment: null,
    });
    expect(fromWav.id).toMatch(/^[A-Za-z0-9][A-Za-z0-9._~@-]*$/);
    expect(await download(request, world.orgToken, fromWav.referenceAudioUrl)).toEqual(bytes);
    expect(await stored(bytes), "the original is stored once, unchanged").toBe(1);
    expect(await challengeIds(request, world.orgToken)).toEqual([id, fromWav.id].sort());
  });

  test("teachers create; students list and read but may not create, edit or delete; tenants must impersonate", async ({
    request,
    world,
  }) => {
    const teacher = await member(request, world, "TEACHER");
    const student = await member(request, world, "STUDENT");
    const challenge = await newChallenge(request, teacher.token);
    expect(await challengeIds(request, student.token)).toEqual([challenge.id]);
    expect(await getChallenge(request, student.token, challenge.id)).toEqual(challenge);

    await expectError(
      await postChallenge(request, student.token, {
        transcription: "x",
        language: "eng",
        referenceAudio: oggPart(ogg),
      }),
      403,
    );
    await expectError(
      await request.put(`${BASE}/${challenge.id}`, { headers: authed(student.token), data: { status: "prepared" } }),
      403,
    );
    await expectError(await request.delete(`${BASE}/${challenge.id}`, { headers: authed(student.token) }), 403);
    await expectError(
      await postChallenge(request, world.tenantToken, {
        transcription: "x",
        language: "eng",
        referenceAudio: oggPart(ogg),
      }),
      403,
    );
    await expectError(await request.get(BASE, { headers: authed(world.tenantToken) }), 403);
    await expectError(await request.get(BASE), 401);
    expect(await getChallenge(request, world.orgToken, challenge.id)).toEqual(challenge);
  });

  test("a taken id is 409 and stores nothing; of two concurrent creates with one id, one wins and the other's files are gone", async ({
    request,
    world,
  }) => {
    const id = uniqueId("taken");
    const first = await newChallenge(request, world.orgToken, { id });
    const bytes = uniqueWav(wav);
    const body = await expectError(
      await postChallenge(request, world.orgToken, {
        id,
        transcription: "Other",
        language: "eng",
        referenceAudio: wavPart(bytes),
      }),
      409,
    );
    expect(body.errors ?? [{ field: "id" }]).toContainEqual(expect.objectContaining({ field: "id" }));
    expect(await stored(bytes)).toBe(0);
    expect(await getChallenge(request, world.orgToken, id)).toEqual(first);

    const raced = uniqueId("race");
    const uploads = [uniqueWav(wav), uniqueWav(wav), uniqueWav(wav)];
    const responses = await Promise.all(
      uploads.map((b) =>
        postChallenge(request, world.orgToken, {
          id: raced,
          transcription: "Race",
          language: "eng",
          referenceAudio: wavPart(b),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status()).sort();
    expect(statuses).toEqual([201, 409, 409]);
    const winner = uploads[responses.findIndex((r) => r.status() === 201)]!;
    for (const b of uploads) expect(await stored(b)).toBe(b === winner ? 1 : 0);
    expect(
      await download(request, world.orgToken, (await getChallenge(request, world.orgToken, raced)).referenceAudioUrl),
    ).toEqual(winner);
    expect(await challengeIds(request, world.orgToken)).toEqual([id, raced].sort());
  });

  test("missing or invalid fields are 422 naming the field, and store nothing", async ({ request, world }) => {
    const bytes = uniqueWav(wav);
    const audio = wavPart(bytes);
    const cases: [Multipart, string, string][] = [
      [{ language: "eng", referenceAudio: audio }, "transcription", "missing_field"],
      [{ transcription: "", language: "eng", referenceAudio: audio }, "transcription", "missing_field"],
      [{ transcription: "   ", language: "eng", referenceAudio: audio }, "transcription", "invalid"],
      [{ transcription: TRANSCRIPTION, referenceAudio: audio }, "language", "missing_field"],
      [{ transcription: TRANSCRIPTION, language: "en", referenceAudio: audio }, "language", "invalid"],
      [{ transcription: TRANSCRIPTION, language: "english", referenceAudio: audio }, "language", "invalid"],
      [{ id: "no/slashes", transcription: TRANSCRIPTION, language: "eng", referenceAudio: audio }, "id", "invalid"],
      [{ transcription: TRANSCRIPTION, language: "eng" }, "referenceAudio", "missing_field"],
      // A text part where the file belongs.
      [{ transcription: TRANSCRIPTION, language: "eng", referenceAudio: "not a file" }, "referenceAudio", "invalid"],
    ];
    for (const [fields, field, code] of cases) {
      await test.step(`${field}: ${JSON.stringify({ ...fields, referenceAudio: typeof fields.referenceAudio === "string" ? fields.referenceAudio : fields.referenceAudio ? "<file>" : undefined })}`, async () => {
        await expectFieldError(await postChallenge(request, world.orgToken, fields), CHALLENGE, field, code);
      });
    }
    // JSON cannot carry the reference audio.
    await expectFieldError(
      await request.post(BASE, {
        headers: authed(world.orgToken),
        data: { transcription: TRANSCRIPTION, language: "eng" },
      }),
      CHALLENGE,
      "referenceAudio",
      "missing_field",
    );
    expect(await challengeIds(request, world.orgToken)).toEqual([]);
    expect(await stored(bytes)).toBe(0);
  });

  test("every broken or unsupported audio file is 422 on referenceAudio and stores nothing", async ({
    request,
    world,
  }) => {
    for (const [kind, bytes] of Object.entries(broken)) {
      await test.step(kind, async () => {
        const error = await expectFieldError(
          await postChallenge(request, world.orgToken, {
            transcription: TRANSCRIPTION,
            language: "eng",
            referenceAudio: { name: `${kind}.bin`, mimeType: "audio/wav", buffer: bytes },
          }),
          CHALLENGE,
          "referenceAudio",
        );
        expect(error.message).toEqual(expect.any(String));
        if (bytes.length > 0) expect(await stored(bytes)).toBe(0);
      });
    }
    expect(await challengeIds(request, world.orgToken)).toEqual([]);
  });

  test("lists are paginated with a Link header", async ({ request, world }) => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await newChallenge(request, world.orgToken, { id: `page-${i}` })).id);
    const first = await request.get(`${BASE}?perPage=2`, { headers: authed(world.orgToken) });
    expect((await expectJson<Challenge[]>(first, 200)).map((c) => c.id)).toEqual(["page-0", "page-1"]);
    expect(nextUrl(first)).toBeTruthy();
    expect((await listAll<Challenge>(request, BASE, world.orgToken, 2)).map((c) => c.id)).toEqual(ids);
    await expectError(await request.get(`${BASE}?perPage=0`, { headers: authed(world.orgToken) }), 422);
    await expectError(await request.get(`${BASE}?startCursor=garbage`, { headers: authed(world.orgToken) }), 400);
  });

  test("unknown challenges are 404 for every method; unsupported methods are a JSON 405", async ({
    request,
    world,
  }) => {
    const nobody = uniqueId("none");
    await expectError(await request.get(`${BASE}/${nobody}`, { headers: authed(world.orgToken) }), 404);
    await expectError(
      await request.put(`${BASE}/${nobody}`, { headers: authed(world.orgToken), data: { status: "prepared" } }),
      404,
    );
    await expectError(await request.delete(`${BASE}/${nobody}`, { headers: authed(world.orgToken) }), 404);
    await expectError(await request.get(`${BASE}/${nobody}/analyses`, { headers: authed(world.orgToken) }), 404);
    await expectError(
      await request.get(`${BASE}/${nobody}/analyses/${nobody}`, { headers: authed(world.orgToken) }),
      404,
    );
    const student = await member(request, world, "STUDENT");
    await expectError(await postAnalysis(request, student.token, nobody, { audio: oggPart(ogg) }), 404);
    await expectError(await request.patch(BASE, { headers: authed(world.orgToken), data: {} }), 405);
    await expectError(await request.post(`${BASE}/${nobody}`, { headers: authed(world.orgToken), data: {} }), 405);
    await expectError(await request.delete(`${BASE}/${nobody}/analyses`, { headers: authed(world.orgToken) }), 405);
  });
});

test.describe("updating a pronunciation challenge", () => {
  test("JSON, form-encoded and multipart updates change only what is given; status is the client's; 200 with Location", async ({
    request,
    world,
  }) => {
    const challenge = await newChallenge(request, world.orgToken);
    const url = `${BASE}/${challenge.id}`;
    const headers = authed(world.orgToken);

    const json = await request.put(url, { headers, data: { transcription: "A new sentence.", language: "DEU" } });
    const afterJson = await expectJson<Challenge>(json, 200);
    // A new transcription is aligned again (no status given): preparing, until the job has run.
    expect(afterJson).toEqual({
      ...challenge,
      transcription: "A new sentence.",
      language: "deu",
      status: "preparing",
      alignment: null,
      updated: ISO,
    });
    expect(new URL(json.headers().location!).pathname).toBe(url);
    expect(Date.parse(afterJson.updated)).toBeGreaterThanOrEqual(Date.parse(challenge.updated));

    for (const status of ["prepared", "unprepared", "preparing", "prepared"]) {
      expect((await expectJson<Challenge>(await request.put(url, { headers, form: { status } }), 200)).status).toBe(
        status,
      );
    }

    // alignment as a JSON part (a Blob, as browsers send it), together with the status.
    const withAlignment = await expectJson<Challenge>(
      await request.put(url, { headers, multipart: { status: "prepared", alignment: jsonPart(ALIGNMENT) } }),
      200,
    );
    expect(withAlignment).toEqual({ ...afterJson, status: "prepared", alignment: ALIGNMENT, updated: ISO });
    expect(await getChallenge(request, world.orgToken, challenge.id)).toEqual(withAlignment);

    // ... or as a plain text part, or in a JSON body; an empty update changes nothing.
    const shifted = { ...ALIGNMENT, confidenceScore: 0.5 };
    expect(
      (
        await expectJson<Challenge>(
          await request.put(url, { headers, multipart: { alignment: JSON.stringify(shifted) } }),
          200,
        )
      ).alignment,
    ).toEqual(shifted);
    expect(
      (await expectJson<Challenge>(await request.put(url, { headers, data: { alignment: ALIGNMENT } }), 200)).alignment,
    ).toEqual(ALIGNMENT);
    const unchanged = await expectJson<Challenge>(await request.put(url, { headers, data: {} }), 200);
    expect({ ...unchanged, updated: "" }).toEqual({ ...withAlignment, updated: "" });

    // null clears it (JSON, or the JSON text null in a part).
    expect(
      (await expectJson<Challenge>(await request.put(url, { headers, data: { alignment: null } }), 200)).alignment,
    ).toBeNull();
    await expectJson<Challenge>(await request.put(url, { headers, data: { alignment: ALIGNMENT } }), 200);
    expect(
      (
        await expectJson<Challenge>(
          await request.put(url, { headers, multipart: { alignment: jsonPart("null") } }),
          200,
        )
      ).alignment,
    ).toBeNull();

    // The reference audio is untouched by all of this.
    const final = await getChallenge(request, world.orgToken, challenge.id);
    expect(final.referenceAudioUrl).toBe(challenge.referenceAudioUrl);
    expect(final.created).toBe(challenge.created);
  });

  test("a new transcription, language or reference audio is aligned again, unless the client sets status or alignment", async ({
    request,
    world,
  }) => {
    const spoken = "The cat sat on the mat.";
    const challenge = await newChallenge(request, world.orgToken, {
      transcription: spoken,
      referenceAudio: oggPart(await speakOgg(spoken)),
    });
    test.skip(challenge.status !== "prepared", "no engine here aligns English (pocketsphinx is not installed)");
    const url = `${BASE}/${challenge.id}`;
    const headers = authed(world.orgToken);
    // A word of the alignment is its grapheme chunks.
    const wordsOf = (c: Challenge) =>
      (c.alignment as { words: { chunks: { graphemes: string }[] }[] } | null)?.words.map((w) =>
        w.chunks.map((ch) => ch.graphemes).join(""),
      );
    expect(wordsOf(challenge)).toEqual(["The", "cat", "sat", "on", "the", "mat"]);

    // The same text again changes nothing; a new one is aligned again by the background job.
    expect(
      (await expectJson<Challenge>(await request.put(url, { headers, data: { transcription: spoken } }), 200)).status,
    ).toBe("prepared");
    const renamed = await expectJson<Challenge>(
      await request.put(url, { headers, data: { transcription: "THE CAT SAT ON THE MAT!" } }),
      200,
    );
    expect(renamed).toMatchObject({ status: "preparing", alignment: null });
    await expect
      .poll(async () => wordsOf(await getChallenge(request, world.orgToken, challenge.id)), { timeout: 60_000 })
      .toEqual(["THE", "CAT", "SAT", "ON", "THE", "MAT"]);
    expect((await getChallenge(request, world.orgToken, challenge.id)).status).toBe("prepared");

    // A client that sets the status itself keeps it, and nothing is aligned behind its back.
    const own = await expectJson<Challenge>(
      await request.put(url, { headers, data: { transcription: "The dog sat.", status: "unprepared" } }),
      200,
    );
    expect(own).toMatchObject({ status: "unprepared", transcription: "The dog sat." });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await getChallenge(request, world.orgToken, challenge.id)).toMatchObject({ status: "unprepared" });
  });

  test("invalid updates are 422 naming the field (and where inside alignment) and change nothing", async ({
    request,
    world,
  }) => {
    const challenge = await newChallenge(request, world.orgToken);
    const url = `${BASE}/${challenge.id}`;
    const headers = authed(world.orgToken);
    const stored = await expectJson<Challenge>(
      await request.put(url, { headers, data: { status: "prepared", alignment: ALIGNMENT } }),
      200,
    );

    const phoneme = (p: Record<string, unknown>) => ({
      confidenceScore: 0.9,
      words: [
        { chunks: [{ graphemes: "a", phonemes: [{ start: 0.1, end: 0.2, confidenceScore: 0.9, ipa: "a", ...p }] }] },
      ],
    });
    const alignments: [unknown, RegExp][] = [
      [phoneme({ start: 0.5, end: 0.2 }), /words\.0\.chunks\.0\.phonemes\.0\.end/],
      [phoneme({ start: -0.1 }), /phonemes\.0\.start/],
      [phoneme({ end: "later" }), /phonemes\.0\.end/],
      [phoneme({ ipa: undefined }), /phonemes\.0\.ipa/],
      [phoneme({ confidenceScore: "high" }), /phonemes\.0\.confidenceScore/],
      [{ confidenceScore: 0.9, words: [{ chunks: [{ phonemes: [] }] }] }, /chunks\.0\.graphemes/],
      [{ confidenceScore: 0.9, words: [{ chunks: "none" }] }, /words\.0\.chunks/],
      [{ confidenceScore: 0.9, words: {} }, /words/],
      [{ words: [] }, /confidenceScore/],
      [[], /object/],
      ["just text", /JSON/],
      [42, /object/],
    ];
    for (const [alignment, where] of alignments) {
      await test.step(`alignment ${JSON.stringify(alignment)}`, async () => {
        const error = await expectFieldError(
          await request.put(url, { headers, data: { alignment, transcription: "must not be stored" } }),
          CHALLENGE,
          "alignment",
        );
        expect(`${error.message}`).toMatch(where);
        // The same as a JSON part.
        await expectFieldError(
          await request.put(url, {
            headers,
            multipart: { alignment: jsonPart(alignment ?? null), status: "unprepared" },
          }),
          CHALLENGE,
          "alignment",
        );
      });
    }
    // Malformed JSON in the part.
    for (const text of ["{", '{"confidenceScore": 0.5,', "not json"]) {
      await expectFieldError(
        await request.put(url, { headers, multipart: { alignment: jsonPart(text) } }),
        CHALLENGE,
        "alignment",
      );
      await expectFieldError(await request.put(url, { headers, form: { alignment: text } }), CHALLENGE, "alignment");
    }
    const others: [Record<string, unknown>, string][] = [
      [{ status: "ready" }, "status"],
      [{ status: null }, "status"],
      [{ transcription: "  " }, "transcription"],
      [{ transcription: null }, "transcription"],
      [{ transcription: 12 }, "transcription"],
      [{ language: "xx" }, "language"],
      [{ language: null }, "language"],
    ];
    for (const [data, field] of others) {
      await expectFieldError(await request.put(url, { headers, data: { ...data, alignment: null } }), CHALLENGE, field);
    }
    await expectFieldError(
      await request.put(url, { headers, multipart: { referenceAudio: "text, not a file", status: "unprepared" } }),
      CHALLENGE,
      "referenceAudio",
    );
    await expectError(
      await request.put(url, { headers: { ...headers, "Content-Type": "application/json" }, data: "{not json" }),
      400,
    );
    expect(await getChallenge(request, world.orgToken, challenge.id)).toEqual(stored);
  });

  test("a new referenceAudio replaces the old one, whose files are removed; broken audio changes nothing", async ({
    request,
    world,
  }) => {
    const first = uniqueWav(wav);
    const challenge = await newChallenge(request, world.orgToken, { referenceAudio: wavPart(first) });
    const url = `${BASE}/${challenge.id}`;
    const headers = authed(world.orgToken);
    expect(await stored(first)).toBe(1);

    for (const [kind, bytes] of Object.entries(broken)) {
      await test.step(kind, async () => {
        await expectFieldError(
          await request.put(url, {
            headers,
            multipart: {
              referenceAudio: { name: kind, mimeType: "audio/ogg", buffer: bytes },
              transcription: "not stored",
            },
          }),
          CHALLENGE,
          "referenceAudio",
        );
      });
    }
    expect(await getChallenge(request, world.orgToken, challenge.id)).toEqual(challenge);
    expect(await download(request, world.orgToken, challenge.referenceAudioUrl)).toEqual(first);

    const response = await request.put(url, {
      headers,
      multipart: { referenceAudio: oggPart(ogg2), transcription: "She sells sea shells by the sea shore." },
    });
    const replaced = await expectJson<Challenge>(response, 200);
    // New reference audio: aligned again (preparing until the background job has run).
    expect(replaced).toEqual({
      ...challenge,
      transcription: "She sells sea shells by the sea shore.",
      referenceAudioUrl: expect.any(String),
      status: "preparing",
      alignment: null,
      updated: ISO,
    });
    expect(replaced.referenceAudioUrl).not.toBe(challenge.referenceAudioUrl);
    expect(sha256(await download(request, world.orgToken, replaced.referenceAudioUrl))).toBe(sha256(ogg2));
    await expectError(await request.get(challenge.referenceAudioUrl, { headers }), 404);
    expect(await stored(first), "the replaced original is deleted from storage").toBe(0);

    // Replaced again, with a WAV.
    const third = uniqueWav(wav);
    const again = await expectJson<Challenge>(
      await request.put(url, { headers, multipart: { referenceAudio: wavPart(third) } }),
      200,
    );
    expect(await download(request, world.orgToken, again.referenceAudioUrl)).toEqual(third);
    await expectError(await request.get(replaced.referenceAudioUrl, { headers }), 404);
  });
});

test.describe("deleting a pronunciation challenge", () => {
  test("204; then 404 everywhere; its analyses and every file of it and them are gone", async ({ request, world }) => {
    const student = await member(request, world, "STUDENT");
    const reference = uniqueWav(wav);
    const challenge = await newChallenge(request, world.orgToken, { referenceAudio: wavPart(reference) });
    const keep = await newChallenge(request, world.orgToken);
    const uploads = [uniqueWav(wav), uniqueWav(wav)];
    const analyses: Analysis[] = [];
    for (const b of uploads)
      analyses.push(
        await newAnalysis(request, student.token, challenge.id, {
          audio: wavPart(b),
          score: 0.5,
          words: jsonPart(ANALYSIS_WORDS),
        }),
      );
    const kept = await newAnalysis(request, student.token, keep.id);
    for (const b of [reference, ...uploads]) expect(await stored(b)).toBe(1);

    const headers = authed(world.orgToken);
    const response = await request.delete(`${BASE}/${challenge.id}`, { headers });
    expect(response.status()).toBe(204);
    expect(await response.text()).toBe("");

    await expectError(await request.get(`${BASE}/${challenge.id}`, { headers }), 404);
    await expectError(await request.delete(`${BASE}/${challenge.id}`, { headers }), 404);
    await expectError(await request.get(`${BASE}/${challenge.id}/analyses`, { headers }), 404);
    await expectError(await request.get(`${BASE}/${challenge.id}/analyses/${analyses[0]!.id}`, { headers }), 404);
    for (const u of [challenge.referenceAudioUrl, ...analyses.map((a) => a.audioUrl)])
      await expectError(await request.get(u, { headers }), 404);
    for (const b of [reference, ...uploads]) expect(await stored(b)).toBe(0);
    expect(await challengeIds(request, world.orgToken)).toEqual([keep.id]);

    // Another challenge and its analysis are untouched; a new challenge may take the id again.
    expect(await analysisIds(request, world.orgToken, keep.id)).toEqual([kept.id]);
    expect(sha256(await download(request, world.orgToken, kept.audioUrl))).toBe(sha256(ogg));
    const reborn = await newChallenge(request, world.orgToken, { id: challenge.id });
    expect(reborn.alignment).toBeNull();
    expect(await analysisIds(request, world.orgToken, reborn.id)).toEqual([]);
  });
});

test.describe("concurrent writes", () => {
  test("concurrent replacements of the reference audio leave exactly the winner's files", async ({
    request,
    world,
  }) => {
    const original = uniqueWav(wav);
    const challenge = await newChallenge(request, world.orgToken, { referenceAudio: wavPart(original) });
    const uploads = [uniqueWav(wav), uniqueWav(wav), uniqueWav(wav)];
    const responses = await Promise.all(
      uploads.map((b) =>
        request.put(`${BASE}/${challenge.id}`, {
          headers: authed(world.orgToken),
          multipart: { referenceAudio: wavPart(b) },
        }),
      ),
    );
    expect(responses.map((r) => r.status())).toEqual([200, 200, 200]);
    const final = await getChallenge(request, world.orgToken, challenge.id);
    const current = await download(request, world.orgToken, final.referenceAudioUrl);
    expect(uploads.some((b) => b.equals(current))).toBe(true);
    expect(await stored(original)).toBe(0);
    for (const b of uploads)
      expect(await stored(b), "only the last replacement is stored").toBe(b.equals(current) ? 1 : 0);
  });

  test("analyses created while the challenge is deleted are 201 or 404, and leave no files behind", async ({
    request,
    world,
  }) => {
    const student = await member(request, world, "STUDENT");
    const challenge = await newChallenge(request, world.orgToken);
    const early = uniqueWav(wav);
    await newAnalysis(request, student.token, challenge.id, { audio: wavPart(early) });
    const uploads = [uniqueWav(wav), uniqueWav(wav), uniqueWav(wav), uniqueWav(wav)];
    const [deleted, ...created] = await Promise.all([
      request.delete(`${BASE}/${challenge.id}`, { headers: authed(world.orgToken) }),
      ...uploads.map((b) => postAnalysis(request, student.token, challenge.id, { audio: wavPart(b) })),
    ]);
    expect(deleted!.status()).toBe(204);
    for (const r of created) expect([201, 404], await r.text()).toContain(r.status());
    await expectError(await request.get(`${BASE}/${challenge.id}/analyses`, { headers: authed(world.orgToken) }), 404);
    for (const b of [early, ...uploads]) expect(await stored(b)).toBe(0);
  });
});

// ---- analyses ----

test.describe("pronunciation analyses", () => {
  test("create as the current user (Ogg Opus and WAV): 201, Location, the shape; the audio downloads byte for byte", async ({
    request,
    world,
  }) => {
    const challenge = await newChallenge(request, world.orgToken);
    const student = await member(request, world, "STUDENT");
    const id = uniqueId("pa");
    const response = await postAnalysis(request, student.token, challenge.id, {
      id,
      audio: oggPart(ogg),
      console: "aligner: 12 frames pruned\nok",
      pruningLevel: "3",
      score: "0.72",
      words: jsonPart(ANALYSIS_WORDS, "words.json"),
    });
    const analysis = await expectJson<Analysis>(response, 201);
    expect(analysis).toEqual({
      id,
      audioUrl: expect.stringMatching(/^http:\/\/[^/]+\/api\/download\/[^/?]+$/),
      console: "aligner: 12 frames pruned\nok",
      pruningLevel: 3,
      score: 0.72,
      words: ANALYSIS_WORDS,
      userId: student.id,
      created: ISO,
      updated: ISO,
    });
    expect(Object.keys(analysis).sort()).toEqual(ANALYSIS_FIELDS);
    expect(new URL(response.headers().location!).pathname).toBe(`${BASE}/${challenge.id}/analyses/${id}`);
    expect(sha256(await download(request, student.token, analysis.audioUrl))).toBe(sha256(ogg));
    const one = await request.get(`${BASE}/${challenge.id}/analyses/${id}`, { headers: authed(student.token) });
    expect(await expectJson<Analysis>(one, 200)).toEqual(analysis);

    // Only the audio: everything else null; words as a plain text part with score; a WAV.
    const bare = await newAnalysis(request, student.token, challenge.id, { audio: wavPart(wav) });
    expect(bare).toEqual({
      id: expect.any(String),
      audioUrl: expect.any(String),
      console: null,
      pruningLevel: null,
      score: null,
      words: null,
      userId: student.id,
      created: ISO,
      updated: ISO,
    });
    expect(await download(request, student.token, bare.audioUrl)).toEqual(wav);
    const edges = await newAnalysis(request, student.token, challenge.id, {
      audio: wavPart(wav),
      score: "0",
      pruningLevel: 0,
      words: JSON.stringify([]),
    });
    expect(edges).toMatchObject({ score: 0, pruningLevel: 0, words: [] });
    const top = await newAnalysis(request, student.token, challenge.id, {
      score: 1,
      words: JSON.stringify(ANALYSIS_WORDS),
    });
    expect(top).toMatchObject({ score: 1, words: ANALYSIS_WORDS });

    expect(await analysisIds(request, student.token, challenge.id)).toEqual([id, bare.id, edges.id, top.id].sort());
    // A teacher reads it too, and may download it.
    const teacher = await member(request, world, "TEACHER");
    expect(
      await expectJson<Analysis>(
        await request.get(`${BASE}/${challenge.id}/analyses/${id}`, { headers: authed(teacher.token) }),
        200,
      ),
    ).toEqual(analysis);
    expect(sha256(await download(request, teacher.token, analysis.audioUrl))).toBe(sha256(ogg));
  });

  test("score and words come together; invalid fields are 422 naming the field; nothing is stored", async ({
    request,
    world,
  }) => {
    const challenge = await newChallenge(request, world.orgToken);
    const student = await member(request, world, "STUDENT");
    const bytes = uniqueWav(wav);
    const audio = wavPart(bytes);
    const phoneme = (p: Record<string, unknown>) => [
      {
        chunks: [
          {
            graphemes: "a",
            score: 0.5,
            verdict: "good",
            phonemes: [{ ipa: "a", score: 0.5, verdict: "good", start: 0.1, end: 0.2, ...p }],
          },
        ],
      },
    ];
    const chunk = (c: Record<string, unknown>) => [
      { chunks: [{ graphemes: "a", score: 0.5, verdict: "good", phonemes: [], ...c }] },
    ];
    const cases: [Multipart, string, string, RegExp?][] = [
      // Section 7: score without words, words without score.
      [{ audio, score: "0.5" }, "words", "missing_field"],
      [{ audio, words: jsonPart(ANALYSIS_WORDS) }, "score", "missing_field"],
      [{ audio, score: "1.5", words: jsonPart(ANALYSIS_WORDS) }, "score", "invalid"],
      [{ audio, score: "-0.1", words: jsonPart(ANALYSIS_WORDS) }, "score", "invalid"],
      [{ audio, score: "good", words: jsonPart(ANALYSIS_WORDS) }, "score", "invalid"],
      [{ audio, pruningLevel: "-1" }, "pruningLevel", "invalid"],
      [{ audio, pruningLevel: "1.5" }, "pruningLevel", "invalid"],
      [{ audio, pruningLevel: "many" }, "pruningLevel", "invalid"],
      [{ audio, id: "bad id" }, "id", "invalid"],
      [{ audio, score: 0.5, words: jsonPart("[{") }, "words", "invalid"],
      [{ audio, score: 0.5, words: jsonPart({ chunks: [] }) }, "words", "invalid"],
      [
        { audio, score: 0.5, words: jsonPart(phoneme({ verdict: "excellent" })) },
        "words",
        "invalid",
        /0\.chunks\.0\.phonemes\.0\.verdict/,
      ],
      [{ audio, score: 0.5, words: jsonPart(phoneme({ score: 2 })) }, "words", "invalid", /phonemes\.0\.score/],
      [
        { audio, score: 0.5, words: jsonPart(phoneme({ start: 0.3, end: 0.2 })) },
        "words",
        "invalid",
        /phonemes\.0\.end/,
      ],
      [{ audio, score: 0.5, words: jsonPart(phoneme({ start: undefined })) }, "words", "invalid", /phonemes\.0\.start/],
      [{ audio, score: 0.5, words: jsonPart(phoneme({ end: undefined })) }, "words", "invalid", /phonemes\.0\.end/],
      [{ audio, score: 0.5, words: jsonPart(phoneme({ ipa: undefined })) }, "words", "invalid", /phonemes\.0\.ipa/],
      [{ audio, score: 0.5, words: jsonPart(chunk({ verdict: "fine" })) }, "words", "invalid", /chunks\.0\.verdict/],
      [{ audio, score: 0.5, words: jsonPart(chunk({ score: -1 })) }, "words", "invalid", /chunks\.0\.score/],
      [
        { audio, score: 0.5, words: jsonPart(chunk({ graphemes: undefined })) },
        "words",
        "invalid",
        /chunks\.0\.graphemes/,
      ],
      [
        { audio, score: 0.5, words: jsonPart(chunk({ phonemes: undefined })) },
        "words",
        "invalid",
        /chunks\.0\.phonemes/,
      ],
      [{ score: 0.5, words: jsonPart(ANALYSIS_WORDS) }, "audio", "missing_field"],
      [{ audio: "text, not a file" }, "audio", "invalid"],
    ];
    for (const [fields, field, code, where] of cases) {
      await test.step(`${field} (${code}) ${where ?? ""}`, async () => {
        const error = await expectFieldError(
          await postAnalysis(request, student.token, challenge.id, fields),
          ANALYSIS,
          field,
          code,
        );
        if (where) expect(error.message).toMatch(where);
      });
    }
    for (const [kind, broke] of Object.entries(broken)) {
      await test.step(`audio: ${kind}`, async () => {
        await expectFieldError(
          await postAnalysis(request, student.token, challenge.id, {
            audio: { name: kind, mimeType: "audio/ogg", buffer: broke },
            score: 0.5,
            words: jsonPart(ANALYSIS_WORDS),
          }),
          ANALYSIS,
          "audio",
        );
        if (broke.length > 0) expect(await stored(broke)).toBe(0);
      });
    }
    expect(await analysisIds(request, world.orgToken, challenge.id)).toEqual([]);
    expect(await stored(bytes)).toBe(0);
  });

  test("ids: a taken id is 409 and stores nothing; organisations and users without a user are refused", async ({
    request,
    world,
  }) => {
    const challenge = await newChallenge(request, world.orgToken);
    const other = await newChallenge(request, world.orgToken);
    const student = await member(request, world, "STUDENT");
    const id = uniqueId("pa");
    const first = await newAnalysis(request, student.token, challenge.id, { id });
    const bytes = uniqueWav(wav);
    await expectError(await postAnalysis(request, student.token, challenge.id, { id, audio: wavPart(bytes) }), 409);
    // Analysis ids are unique within the organisation, across its challenges.
    await expectError(await postAnalysis(request, student.token, other.id, { id, audio: wavPart(bytes) }), 409);
    expect(await stored(bytes)).toBe(0);
    // The analysis is not reachable through another challenge.
    await expectError(await request.get(`${BASE}/${other.id}/analyses/${id}`, { headers: authed(student.token) }), 404);
    // An organisation token acts for no user: analyses are created as the current user.
    await expectError(await postAnalysis(request, world.orgToken, challenge.id, { audio: wavPart(bytes) }), 403);
    // Annotators lack AUDIO_ANALYSIS_CREATE and _LIST.
    const annotator = await member(request, world, "ANNOTATOR_FULL");
    await expectError(await postAnalysis(request, annotator.token, challenge.id, { audio: wavPart(bytes) }), 403);
    await expectError(await request.get(`${BASE}/${challenge.id}/analyses`, { headers: authed(annotator.token) }), 403);
    expect(await stored(bytes)).toBe(0);
    expect(await analysisIds(request, world.orgToken, challenge.id)).toEqual([first.id]);
  });

  test("students see only their own analyses; teachers and the organisation see all, filtered by userId", async ({
    request,
    world,
  }) => {
    const challenge = await newChallenge(request, world.orgToken);
    const [alice, bob, teacher] = [
      await member(request, world, "STUDENT"),
      await member(request, world, "STUDENT"),
      await member(request, world, "TEACHER"),
    ];
    const a1 = await newAnalysis(request, alice.token, challenge.id);
    const a2 = await newAnalysis(request, alice.token, challenge.id, {
      audio: wavPart(wav),
      score: 0.4,
      words: jsonPart(ANALYSIS_WORDS),
    });
    const b1 = await newAnalysis(request, bob.token, challenge.id);
    const t1 = await newAnalysis(request, teacher.token, challenge.id);
    expect([a1.userId, a2.userId, b1.userId, t1.userId]).toEqual([alice.id, alice.id, bob.id, teacher.id]);
    const all = [a1.id, a2.id, b1.id, t1.id].sort();

    expect(await analysisIds(request, alice.token, challenge.id)).toEqual([a1.id, a2.id].sort());
    expect(await analysisIds(request, alice.token, challenge.id, `?userId=${alice.id}`)).toEqual([a1.id, a2.id].sort());
    expect(await analysisIds(request, alice.token, challenge.id, `?userId=${bob.id}`)).toEqual([]);
    expect(await analysisIds(request, bob.token, challenge.id)).toEqual([b1.id]);
    await expectError(
      await request.get(`${BASE}/${challenge.id}/analyses/${b1.id}`, { headers: authed(alice.token) }),
      404,
    );
    await expectError(
      await request.get(`${BASE}/${challenge.id}/analyses/${a1.id}`, { headers: authed(bob.token) }),
      404,
    );

    for (const token of [teacher.token, world.orgToken]) {
      expect(await analysisIds(request, token, challenge.id)).toEqual(all);
      expect(await analysisIds(request, token, challenge.id, `?userId=${bob.id}`)).toEqual([b1.id]);
      expect(await analysisIds(request, token, challenge.id, `?userId=${alice.id}&userId=${teacher.id}`)).toEqual(
        [a1.id, a2.id, t1.id].sort(),
      );
      expect(await analysisIds(request, token, challenge.id, `?userId=${uniqueId("nobody")}`)).toEqual([]);
      const read = await expectJson<Analysis>(
        await request.get(`${BASE}/${challenge.id}/analyses/${a2.id}`, { headers: authed(token) }),
        200,
      );
      expect(read).toEqual(a2);
    }

    // Paginated like every list.
    const first = await request.get(`${BASE}/${challenge.id}/analyses?perPage=3`, { headers: authed(teacher.token) });
    expect(await expectJson<Analysis[]>(first, 200)).toHaveLength(3);
    expect(nextUrl(first)).toBeTruthy();
    expect(
      (await listAll<Analysis>(request, `${BASE}/${challenge.id}/analyses`, teacher.token, 1)).map((a) => a.id).sort(),
    ).toEqual(all);
  });
});

// ---- other organisations and tenants ----

test("another organisation or tenant sees none of it: 404 for challenges, analyses and files", async ({
  request,
  world,
  admin,
}) => {
  const challenge = await newChallenge(request, world.orgToken);
  const student = await member(request, world, "STUDENT");
  const analysis = await newAnalysis(request, student.token, challenge.id);

  const { siblingOrg, siblingTeacher, elsewhereOrg } = await outsiders(request, world, admin);

  for (const token of [siblingOrg, siblingTeacher, elsewhereOrg]) {
    const headers = authed(token);
    expect(await challengeIds(request, token)).toEqual([]);
    await expectError(await request.get(`${BASE}/${challenge.id}`, { headers }), 404);
    await expectError(await request.put(`${BASE}/${challenge.id}`, { headers, data: { status: "prepared" } }), 404);
    await expectError(
      await request.put(`${BASE}/${challenge.id}`, { headers, multipart: { referenceAudio: oggPart(ogg2) } }),
      404,
    );
    await expectError(await request.delete(`${BASE}/${challenge.id}`, { headers }), 404);
    await expectError(await request.get(`${BASE}/${challenge.id}/analyses`, { headers }), 404);
    await expectError(await request.get(`${BASE}/${challenge.id}/analyses/${analysis.id}`, { headers }), 404);
    await expectError(await request.get(challenge.referenceAudioUrl, { headers }), 404);
    await expectError(await request.get(analysis.audioUrl, { headers }), 404);
  }
  await expectError(await postAnalysis(request, siblingTeacher, challenge.id, { audio: oggPart(ogg) }), 404);

  // The same id is free in the other organisation; nothing in the first one changed.
  const twin = await newChallenge(request, siblingOrg, { id: challenge.id, transcription: "Twin" });
  expect(twin.id).toBe(challenge.id);
  expect(await getChallenge(request, world.orgToken, challenge.id)).toEqual(challenge);
  expect(await analysisIds(request, world.orgToken, challenge.id)).toEqual([analysis.id]);
  expect(await analysisIds(request, siblingOrg, challenge.id)).toEqual([]);
  expect(sha256(await download(request, world.orgToken, challenge.referenceAudioUrl))).toBe(sha256(ogg));
});
