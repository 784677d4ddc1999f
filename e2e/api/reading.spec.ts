// Reading assessment (ours, issue 25): the `reading` figures on feedback answers, feedback words
// shaped as the design note says (a deletion with recognized null, an insertion with an empty
// expected), teachers' corrections of a word's label (POST /feedback/:id/corrections) recounting
// the figures, and their history (GET /feedback/:id/corrections). Who may correct: the
// student's teachers and administrators; the owner reads the corrections but may not make them.
import type { APIRequestContext } from "@playwright/test";
import { authed, createOrganisation, expectJson, impersonate, member, uniqueId } from "../support/api";
import { testAudio, uniqueWav, wavPart } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { readSentence, readWord as word } from "../support/reading";

type Reading = {
  wcpm: number | null;
  accuracy: number | null;
  expectedWords: number;
  errors: number;
  labels: Record<string, number>;
};
type Feedback = { id: string; sentences: unknown[]; reading: Reading; corrections: Record<string, unknown>[] };

// "The big dog um ran home" for "The big dog ran home fast": CW, DW (big, recognized null),
// CW, IW (um, expected ""), SW (ran read as run), CW, then "fast" not reached (DW).
const SENTENCE = readSentence(
  [
    word(0, "The", "the", "CW", 0),
    word(1, "big", null, "DW", 400),
    word(2, "dog", "dog", "CW", 500),
    word(2, "", "um", "IW", 1000),
    word(3, "ran", "run", "SW", 1500),
    word(4, "home", "home", "CW", 2000),
    word(5, "fast", null, "DW", 2400),
  ],
  3,
);

async function seed(request: APIRequestContext, orgToken: string, studentToken: string) {
  const challenge = uniqueId("sc");
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/speech",
      { id: challenge, language: "eng", topic: "The big dog ran home fast" },
      authed(orgToken),
    ),
    201,
  );
  const audio = await testAudio();
  return expectJson<Feedback>(
    await postMultipart(
      request,
      "/api/feedback",
      {
        audio: wavPart(uniqueWav(audio.wav)),
        challengeId: challenge,
        resultSetId: uniqueId("rs"),
        sentences: [JSON.stringify(SENTENCE)],
      },
      authed(studentToken),
    ),
    201,
  );
}

const correct = (request: APIRequestContext, token: string, id: string, body: unknown) =>
  request.post(`/api/feedback/${id}/corrections`, { data: body, headers: authed(token) });

test("deletions and insertions are stored as they come; reading counts up to the last word read; a teacher's correction recounts and is kept in the history", async ({
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const [student, otherStudent, teacher] = await Promise.all([
    member(request, world, "STUDENT"),
    member(request, world, "STUDENT"),
    member(request, world, "TEACHER"),
  ]);
  const created = await seed(request, world.orgToken, student.token);
  expect(created.sentences).toEqual([SENTENCE]);
  // E = 5 (fast not reached), errors DW + IW + SW = 3; 2 correct over 0 .. 2400 ms = 50 WCPM.
  expect(created.reading).toMatchObject({ expectedWords: 5, errors: 3, correctWords: 2, accuracy: 0.4, wcpm: 50 });
  expect(created.corrections).toEqual([]);

  // The owner and another student may not correct (403); bad corrections are 422 and store nothing.
  for (const token of [student.token, otherStudent.token]) {
    expect((await correct(request, token, created.id, { sentence: 0, word: 4, label: "CW" })).status()).toBe(403);
  }
  const bad = [
    { sentence: 0, word: 7, label: "CW" },
    { sentence: 1, word: 0, label: "CW" },
    { sentence: 0, word: 0, label: "IW" },
    { sentence: 0, word: 3, label: "CW" },
    { sentence: 0, word: 0, label: "XX" },
    { sentence: -1, word: 0, label: "CW" },
  ];
  for (const body of bad)
    expect((await correct(request, teacher.token, created.id, body)).status(), JSON.stringify(body)).toBe(422);

  // The teacher hears "ran" where the engine heard "run": SW becomes CW; then the organisation
  // (an administrator) marks "big" as read after all.
  const once = await expectJson<Feedback>(
    await correct(request, teacher.token, created.id, { sentence: 0, word: 4, label: "CW" }),
    200,
  );
  expect(once.reading).toMatchObject({ expectedWords: 5, errors: 2, correctWords: 3, accuracy: 0.6, wcpm: 75 });
  expect(once.corrections).toEqual([
    expect.objectContaining({ sentence: 0, word: 4, label: "CW", engineLabel: "SW", by: teacher.id }),
  ]);
  expect(once.sentences).toEqual([SENTENCE]);
  const twice = await expectJson<Feedback>(
    await correct(request, world.orgToken, created.id, { sentence: 0, word: 1, label: "CW" }),
    200,
  );
  expect(twice.reading).toMatchObject({ errors: 1, correctWords: 4, accuracy: 0.8 });
  // The teacher changes their mind on "ran": the label before is the corrected one.
  await expectJson(await correct(request, teacher.token, created.id, { sentence: 0, word: 4, label: "PC" }), 200);

  // Everyone who reads the feedback reads the same figures and the history, oldest first, paged.
  const read = await expectJson<Feedback>(
    await request.get(`/api/feedback/${created.id}`, { headers: authed(student.token) }),
    200,
  );
  expect(read.reading).toMatchObject({ errors: 2, accuracy: 0.6 });
  expect(read.corrections).toHaveLength(2);
  const history = await expectJson<Record<string, unknown>[]>(
    await request.get(`/api/feedback/${created.id}/corrections`, { headers: authed(student.token) }),
    200,
  );
  expect(history.map((h) => [h.word, h.previousLabel, h.label, h.by])).toEqual([
    [4, "SW", "CW", teacher.id],
    [1, "DW", "CW", null],
    [4, "CW", "PC", teacher.id],
  ]);
  expect(history[0]).toMatchObject({ id: "1", byName: expect.any(String), created: expect.any(String) });
  const first = await request.get(`/api/feedback/${created.id}/corrections?perPage=2`, {
    headers: authed(teacher.token),
  });
  expect(((await first.json()) as unknown[]).length).toBe(2);
  const next = /<([^>]+)>;\s*rel="next"/.exec(first.headers().link ?? "")?.[1];
  expect(next).toBeTruthy();
  const rest = await expectJson<Record<string, unknown>[]>(
    await request.get(next!, { headers: authed(teacher.token) }),
    200,
  );
  expect(rest.map((h) => h.id)).toEqual(["3"]);
  expect(
    (await request.get(`/api/feedback/${created.id}/corrections`, { headers: authed(otherStudent.token) })).status(),
  ).toBe(403);

  // Another organisation's callers never find it.
  const org2 = await createOrganisation(request, world.tenantToken);
  const org2Token = await impersonate(request, world.tenantToken, `tenant/${world.tenantId}/organisation/${org2.id}`);
  expect((await correct(request, org2Token, created.id, { sentence: 0, word: 4, label: "CW" })).status()).toBe(404);
  expect((await request.get(`/api/feedback/${created.id}/corrections`, { headers: authed(org2Token) })).status()).toBe(
    404,
  );
});

test("fluency of a group: per student the attempts' WCPM and accuracy, bands the school sets, the most misread words, CSV", async ({
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const groupId = uniqueId("grp");
  await expectJson(
    await request.post("/api/groups", { data: { id: groupId, name: "Grade 3" }, headers: authed(world.orgToken) }),
    201,
  );
  const [ada, bo, teacher] = await Promise.all([
    member(request, world, "STUDENT"),
    member(request, world, "STUDENT"),
    member(request, world, "TEACHER"),
  ]);
  const joined = await request.post(`/api/groups/${groupId}/members`, {
    data: { users: [ada.id, bo.id] },
    headers: authed(world.orgToken),
  });
  expect(joined.status()).toBe(204);
  // Ada reads twice (50 WCPM, 40%; then a teacher corrects "ran": 75 WCPM, 60%); Bo not at all.
  const first = await seed(request, world.orgToken, ada.token);
  const second = await seed(request, world.orgToken, ada.token);
  await expectJson(await correct(request, teacher.token, second.id, { sentence: 0, word: 4, label: "CW" }), 200);

  const bands = {
    bands: [
      { name: "On track", belowWcpm: 100 },
      { name: "Needs support", belowWcpm: 60 },
    ],
  };
  const put = await request.put(`/api/groups/${groupId}/reading-bands`, {
    data: bands,
    headers: authed(world.orgToken),
  });
  expect(await expectJson(put, 200)).toEqual({ bands: [bands.bands[1], bands.bands[0]] });
  const dup = await request.put(`/api/groups/${groupId}/reading-bands`, {
    data: {
      bands: [
        { name: "A", belowWcpm: 60 },
        { name: "B", belowWcpm: 60 },
      ],
    },
    headers: authed(world.orgToken),
  });
  expect(dup.status()).toBe(422);

  type Fluency = {
    bands: unknown[];
    mayEditBands: boolean;
    students: {
      id: string;
      name: string;
      attempts: Record<string, unknown>[];
      latestWcpm: number | null;
      band: string | null;
      trend: number | null;
    }[];
    distribution: { band: string | null; students: number }[];
    unmeasured: number;
    misread: { word: string; count: number; attempts: { feedbackId: string }[] }[];
  };
  const fluency = await expectJson<Fluency>(
    await request.get(`/api/groups/${groupId}/reading`, { headers: authed(teacher.token) }),
    200,
  );
  const adaRow = fluency.students.find((s) => s.id === ada.id)!;
  expect(adaRow.attempts.map((a) => [a.feedbackId, a.wcpm, a.accuracy])).toEqual([
    [first.id, 50, 0.4],
    [second.id, 75, 0.6],
  ]);
  // Two attempts within a minute: no trend; the latest (75) is "On track" (below 100, not below 60).
  expect(adaRow).toMatchObject({ latestWcpm: 75, band: "On track", trend: null });
  expect(fluency.mayEditBands).toBe(true);
  expect(fluency.students.find((s) => s.id === bo.id)).toMatchObject({ attempts: [], band: null, latestWcpm: null });
  expect(fluency.distribution).toEqual([
    { band: "Needs support", students: 0 },
    { band: "On track", students: 1 },
    { band: null, students: 0 },
  ]);
  expect(fluency.unmeasured).toBe(1);
  // "big" is deleted in both attempts (fast was never reached: not counted), "ran" only in the first now.
  expect(fluency.misread.map((m) => [m.word, m.count, m.attempts.map((a) => a.feedbackId)])).toEqual([
    ["big", 2, [second.id, first.id]],
    ["ran", 1, [first.id]],
  ]);

  // A student sees only themselves.
  const own = await expectJson<Fluency>(
    await request.get(`/api/groups/${groupId}/reading`, { headers: authed(bo.token) }),
    200,
  );
  expect(own.students.map((s) => s.id)).toEqual([bo.id]);
  expect(own.mayEditBands).toBe(false);

  // The CSV: one line per attempt, a line for a student without any.
  const csv = await request.get(`/api/groups/${groupId}/reading`, {
    headers: { ...authed(teacher.token), Accept: "text/csv" },
  });
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toMatch(
    /^attachment; filename="reading-grade-3-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const lines = (await csv.text()).trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "Student,Challenge,Date (UTC),WCPM,Accuracy (%),Errors,Words counted,Not assessed,Trend (WCPM per week),Band",
  );
  expect(lines).toHaveLength(4);
  expect(lines.filter((l) => l.includes(",50,40,3,5,0,,On track"))).toHaveLength(1);
  expect(lines.filter((l) => l.includes(",75,60,2,5,0,,On track"))).toHaveLength(1);
});
