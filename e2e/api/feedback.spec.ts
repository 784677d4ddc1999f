// Feedback results (service-interface.md "Feedback result", section 4 "Feedback", 5.4, 7.5 and
// 7.6) over HTTP with real spoken audio: POST /feedback (multipart: id?, audio, challengeId,
// resultSetId, one JSON part per sentence, extra), GET /feedback/:id (the owner, teachers and the
// organisation's administrators; other users of the organisation 403; other organisations 404)
// and GET /feedback (the caller's own, paginated). Refusals store nothing.
import type { APIRequestContext, APIResponse } from "@playwright/test";
import {
  authed,
  createOrganisation,
  createUser,
  download,
  downloadUrlPattern,
  expectJson,
  impersonate,
  listAll,
  type Member,
  member,
  nextUrl,
  uniqueId,
} from "../support/api";
import { oggPart, type TestAudio, testAudio, uniqueWav, wavPart } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { type MultipartFields, type PartValue, postMultipart } from "../support/multipart";
import { storedCopies } from "../support/storage";

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);

type Feedback = {
  id: string;
  audioUrl: string;
  challengeId: string;
  sentences: Sentence[];
  extra: unknown;
  resultSet: { id: string; combinedAudioUrl: string };
  userId: string;
  created: string;
  updated: string;
};
type Sentence = ReturnType<typeof sentence>;
type ErrorBody = { message: string; errors?: { resource: string; field: string; code: string }[] };

let audio: TestAudio;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  audio = await testAudio();
});

const sentence = (n: number) => ({
  sentence: n,
  errors: 1,
  confidence: 0.87,
  currentFrame: 120 + n,
  eosFrame: 150 + n,
  sessionId: `session-${n}`,
  tokenType: "sentence",
  words: [
    {
      sentenceIndex: n,
      textIndex: 0,
      expected: "the",
      recognized: "the",
      label: "CW",
      description: "Correct",
      explanation: "",
      startTiming: 0,
      endTiming: 20,
    },
    {
      sentenceIndex: n,
      textIndex: 1,
      expected: "cat",
      recognized: "kat",
      label: "PC",
      description: "Phonetic Change",
      explanation: "c sounds as k",
      startTiming: 20,
      endTiming: 45,
    },
  ],
});

/** A JSON part sent as a Blob (what a browser app does with `new Blob([JSON.stringify(x)])`). */
const jsonBlob = (value: unknown) => ({
  buffer: Buffer.from(JSON.stringify(value)),
  name: "blob",
  mimeType: "application/json",
});

async function createChallenge(request: APIRequestContext, token: string): Promise<string> {
  const id = uniqueId("sc");
  await expectJson(
    await postMultipart(request, "/api/challenges/speech", { id, language: "eng", topic: "Read aloud" }, authed(token)),
    201,
  );
  return id;
}

const postFeedback = (request: APIRequestContext, token: string, fields: MultipartFields): Promise<APIResponse> =>
  postMultipart(request, "/api/feedback", fields, authed(token));

async function addFeedback(
  request: APIRequestContext,
  token: string,
  challengeId: string,
  resultSetId: string,
  extra: Record<string, PartValue | PartValue[]> = {},
) {
  return expectJson<Feedback>(
    await postFeedback(request, token, {
      audio: oggPart(audio.ogg),
      challengeId,
      resultSetId,
      sentences: [JSON.stringify(sentence(0))],
      ...extra,
    }),
    201,
  );
}

const getFeedback = (request: APIRequestContext, token: string, id: string) =>
  request.get(`/api/feedback/${id}`, { headers: authed(token) });

test.describe("feedback", () => {
  test("create with sentences and extra; owner, teacher and organisation read it; another student 403; GET /feedback lists what the caller may read", async ({
    request,
    world,
  }) => {
    const challenge = await createChallenge(request, world.orgToken);
    const student = await member(request, world, "STUDENT");
    const other = await member(request, world, "STUDENT");
    const teacher = await member(request, world, "TEACHER");
    const id = uniqueId("fb");
    const setId = uniqueId("rs");
    const wav = uniqueWav(audio.wav);
    const extra = { app: "reader", level: 3, tags: ["a", "ü"] };
    const response = await postFeedback(request, student.token, [
      ["id", id],
      ["audio", wavPart(wav)],
      ["challengeId", challenge],
      ["resultSetId", setId],
      ["sentences", JSON.stringify(sentence(0))],
      ["sentences", jsonBlob(sentence(1))],
      ["extra", jsonBlob(extra)],
    ]);
    const created = await expectJson<Feedback>(response, 201);
    expect(response.headers().location).toMatch(new RegExp(`/api/feedback/${id}$`));
    expect(Object.keys(created).sort()).toEqual([
      "audioUrl",
      "challengeId",
      "corrections",
      "created",
      "extra",
      "id",
      "reading",
      "resultSet",
      "sentences",
      "updated",
      "userId",
    ]);
    expect(created).toEqual({
      id,
      audioUrl: expect.stringMatching(downloadUrlPattern()),
      challengeId: challenge,
      sentences: [sentence(0), sentence(1)],
      extra,
      resultSet: { id: setId, combinedAudioUrl: expect.stringMatching(new RegExp(`/api/resultsets/${setId}/audio$`)) },
      userId: student.id,
      created: ISO,
      updated: ISO,
      // Ours: the reading figures of the two sentences (the, cat: CW, PC each), no corrections yet.
      reading: {
        wcpm: 2666.7,
        accuracy: 0.5,
        readingSeconds: 0.045,
        expectedWords: 4,
        errors: 2,
        correctWords: 2,
        labels: { CW: 2, PC: 2, SW: 0, DW: 0, IW: 0, RW: 0, SC: 0, NA: 0 },
        notAssessed: 0,
        stop: "lastRead",
      },
      corrections: [],
    });
    expect((await download(request, student.token, created.audioUrl)).equals(wav)).toBe(true);

    // Read: the owner, a teacher, the organisation itself; another student is refused.
    expect(await expectJson(await getFeedback(request, student.token, id), 200)).toEqual(created);
    expect(await expectJson(await getFeedback(request, teacher.token, id), 200)).toEqual(created);
    expect(await expectJson(await getFeedback(request, world.orgToken, id), 200)).toEqual(created);
    await expectJson(await getFeedback(request, other.token, id), 403);
    await expectJson(await getFeedback(request, student.token, "no-such-feedback"), 404);

    // Without an id, without sentences and extra: sentences [] and extra null; same set joined.
    const second = await addFeedback(request, student.token, challenge, setId, { sentences: [] });
    expect(second).toMatchObject({
      challengeId: challenge,
      sentences: [],
      extra: null,
      resultSet: { id: setId },
      userId: student.id,
    });
    expect(second.id).toBeTruthy();
    const plain = await expectJson<Feedback>(
      await postFeedback(request, student.token, {
        audio: oggPart(audio.ogg),
        challengeId: challenge,
        resultSetId: setId,
      }),
      201,
    );
    expect(plain).toMatchObject({ sentences: [], extra: null });
    // extra may be any JSON value.
    const scalar = await addFeedback(request, student.token, challenge, setId, { extra: "42" });
    expect(scalar.extra).toBe(42);

    // The caller's own list, paginated; the others see none of it.
    const mine = await listAll<Feedback>(request, "/api/feedback", student.token, 1);
    expect(mine.map((f) => f.id)).toEqual([id, second.id, plain.id, scalar.id]);
    expect(mine[0]).toEqual(created);
    const first = await request.get("/api/feedback?perPage=2", { headers: authed(student.token) });
    expect((await expectJson<Feedback[]>(first, 200)).map((f) => f.id)).toEqual([id, second.id]);
    expect(nextUrl(first)).toContain("startCursor=");
    expect(await expectJson(await request.get("/api/feedback", { headers: authed(other.token) }), 200)).toEqual([]);
    // A list shows what its caller may read by id: the teacher and the organisation see all four.
    for (const token of [teacher.token, world.orgToken]) {
      expect((await listAll<Feedback>(request, "/api/feedback", token)).map((f) => f.id)).toEqual([
        id,
        second.id,
        plain.id,
        scalar.id,
      ]);
    }

    // A taken id is a 409; a teacher has no FEEDBACK_CREATE.
    await expectJson(
      await postFeedback(request, student.token, {
        id,
        audio: oggPart(audio.ogg),
        challengeId: challenge,
        resultSetId: setId,
      }),
      409,
    );
    await expectJson(
      await postFeedback(request, teacher.token, {
        audio: oggPart(audio.ogg),
        challengeId: challenge,
        resultSetId: uniqueId("rs"),
      }),
      403,
    );
  });

  test("refused: missing audio or challengeId, malformed or ill-shaped sentences, unknown challenge, another user's or challenge's set; nothing stored", async ({
    request,
    world,
  }) => {
    const challenge = await createChallenge(request, world.orgToken);
    const otherChallenge = await createChallenge(request, world.orgToken);
    const student = await member(request, world, "STUDENT");
    const intruder: Member = await member(request, world, "STUDENT");
    const setId = uniqueId("rs");
    const kept = await addFeedback(request, student.token, challenge, setId);
    // Every refused request carries these bytes: none of them may leave a stored copy.
    const refusedWav = uniqueWav(audio.wav);
    const base = { audio: wavPart(refusedWav), challengeId: challenge, resultSetId: setId };
    const refused = async (fields: MultipartFields, status: number, token = student.token) =>
      expectJson<ErrorBody>(await postFeedback(request, token, fields), status);
    const fieldOf = (body: ErrorBody) => body.errors?.map((e) => [e.field, e.code]);

    const noAudio = await refused({ challengeId: challenge, resultSetId: setId }, 422);
    expect(fieldOf(noAudio)).toEqual([["audio", "missing_field"]]);
    const noChallenge = await refused({ audio: wavPart(refusedWav), resultSetId: setId }, 422);
    expect(fieldOf(noChallenge)).toEqual([["challengeId", "missing_field"]]);
    const noSet = await refused({ audio: wavPart(refusedWav), challengeId: challenge }, 422);
    expect(fieldOf(noSet)).toEqual([["resultSetId", "missing_field"]]);

    const malformed = await refused({ ...base, sentences: [JSON.stringify(sentence(0)), "{not json"] }, 422);
    expect(fieldOf(malformed)).toEqual([["sentences", "invalid"]]);
    const { words: _words, ...noWords } = sentence(0);
    expect(fieldOf(await refused({ ...base, sentences: JSON.stringify(noWords) }, 422))).toEqual([
      ["sentences", "invalid"],
    ]);
    const backwards = sentence(0);
    backwards.words[1] = { ...backwards.words[1]!, startTiming: 50, endTiming: 10 };
    expect(fieldOf(await refused({ ...base, sentences: JSON.stringify(backwards) }, 422))).toEqual([
      ["sentences", "invalid"],
    ]);
    const fractional = { ...sentence(0), errors: 1.5 };
    expect(fieldOf(await refused({ ...base, sentences: JSON.stringify(fractional) }, 422))).toEqual([
      ["sentences", "invalid"],
    ]);
    expect(fieldOf(await refused({ ...base, extra: "{oops" }, 422))).toEqual([["extra", "invalid"]]);
    expect(fieldOf(await refused({ ...base, audio: wavPart(audio.broken.random) }, 422))).toEqual([
      ["audio", "invalid"],
    ]);

    const unknown = await refused({ ...base, challengeId: "no-such-challenge" }, 422);
    expect(unknown.errors).toEqual([
      expect.objectContaining({ resource: "Feedback", field: "challengeId", code: "missing" }),
    ]);

    const foreign = await refused({ ...base }, 403, intruder.token);
    expect(foreign.message).toMatch(/another user/);
    const wrongChallenge = await refused({ ...base, challengeId: otherChallenge }, 409);
    expect(wrongChallenge.message).toMatch(/another speech challenge/);

    // Nothing stored by any of them.
    expect((await listAll<Feedback>(request, "/api/feedback", student.token)).map((f) => f.id)).toEqual([kept.id]);
    expect(await listAll<Feedback>(request, "/api/feedback", intruder.token)).toEqual([]);
    expect(await storedCopies(refusedWav, { includeTmp: true })).toBe(0);
    expect(
      await expectJson<{ count: number }>(
        await request.get("/api/recordings?count=true", { headers: authed(world.orgToken) }),
        200,
      ),
    ).toEqual({ count: 0 });
  });

  test("another organisation: 404 for the feedback, 422 for the challenge", async ({ request, world }) => {
    const challenge = await createChallenge(request, world.orgToken);
    const student = await member(request, world, "STUDENT");
    const created = await addFeedback(request, student.token, challenge, uniqueId("rs"));

    const org2 = await createOrganisation(request, world.tenantToken);
    const org2Token = await impersonate(request, world.tenantToken, `tenant/${world.tenantId}/organisation/${org2.id}`);
    const teacher2 = await createUser(request, org2Token, { roles: ["TEACHER"] });
    const t2 = await impersonate(
      request,
      org2Token,
      `tenant/${world.tenantId}/organisation/${org2.id}/student/${teacher2.id}`,
    );
    const student2 = await createUser(request, org2Token, { roles: ["STUDENT"] });
    const s2 = await impersonate(
      request,
      org2Token,
      `tenant/${world.tenantId}/organisation/${org2.id}/student/${student2.id}`,
    );
    await expectJson(await getFeedback(request, t2, created.id), 404);
    await expectJson(await getFeedback(request, org2Token, created.id), 404);
    await expectJson(await getFeedback(request, s2, created.id), 404);
    const refused = await expectJson<ErrorBody>(
      await postFeedback(request, s2, {
        audio: oggPart(audio.ogg),
        challengeId: challenge,
        resultSetId: uniqueId("rs"),
      }),
      422,
    );
    expect(refused.errors?.[0]).toMatchObject({ field: "challengeId", code: "missing" });
    // The owner still reads it.
    expect(await expectJson(await getFeedback(request, student.token, created.id), 200)).toEqual(created);
  });

  test("concurrent feedback and recordings creating one new result set: all stored in that one set", async ({
    request,
    world,
  }) => {
    test.setTimeout(60_000);
    const challenge = await createChallenge(request, world.orgToken);
    const student = await member(request, world, "STUDENT");
    const setId = uniqueId("rs");
    const results = await Promise.all([
      ...[0, 1, 2].map(() => addFeedback(request, student.token, challenge, setId)),
      ...[audio.ogg, audio.ogg2].map(async (bytes) =>
        expectJson<{ id: string; resultSet: { id: string } }>(
          await postMultipart(
            request,
            `/api/challenges/speech/${challenge}/recordings`,
            { audio: oggPart(bytes), resultSetId: setId },
            authed(student.token),
          ),
          201,
        ),
      ),
    ]);
    expect(new Set(results.map((r) => r.resultSet.id))).toEqual(new Set([setId]));
    const feedbackIds = results.slice(0, 3).map((r) => r.id);
    const listed = await expectJson<{ id: string; resultSet: { id: string; combinedFeedback: string[] } }[]>(
      await request.get("/api/recordings", { headers: authed(student.token) }),
      200,
    );
    expect(listed).toHaveLength(2);
    for (const r of listed) expect(r.resultSet.combinedFeedback.sort()).toEqual([...feedbackIds].sort());
    expect((await request.get(`/api/resultsets/${setId}/audio`, { headers: authed(student.token) })).status()).toBe(
      200,
    );
  });

  test("feedback joins the caller's recording result set", async ({ request, world }) => {
    const challenge = await createChallenge(request, world.orgToken);
    const student = await member(request, world, "STUDENT");
    const setId = uniqueId("rs");
    await expectJson(
      await postMultipart(
        request,
        `/api/challenges/speech/${challenge}/recordings`,
        { audio: oggPart(audio.ogg), resultSetId: setId },
        authed(student.token),
      ),
      201,
    );
    const fb = await addFeedback(request, student.token, challenge, setId);
    expect(fb.resultSet.id).toBe(setId);
    // A recording can still join the set afterwards; its combined audio is the recordings'.
    await expectJson(
      await postMultipart(
        request,
        `/api/challenges/speech/${challenge}/recordings`,
        { audio: wavPart(audio.wav), resultSetId: setId },
        authed(student.token),
      ),
      201,
    );
    const combined = await request.get(fb.resultSet.combinedAudioUrl, { headers: authed(student.token) });
    expect(combined.status()).toBe(200);
    expect(combined.headers()["content-type"]).toBe("audio/ogg");
  });
});
