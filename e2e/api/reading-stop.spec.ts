// Where reading stops, per speech challenge (ours, issue 25): `readingStop` on create and update,
// the feedback figures counted with the challenge's stop, and a change of it recounting the
// figures stored with the challenge's feedback (the group view reads those).
import type { APIRequestContext } from "@playwright/test";
import { authed, expectJson, member, uniqueId } from "../support/api";
import { testAudio, uniqueWav, wavPart } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { readSentence, readWord as word } from "../support/reading";

type Reading = { wcpm: number | null; accuracy: number | null; expectedWords: number; stop: string };

// A slow reader: "three" misread at 40 s, "four" read after the minute (70 s), "five" not reached.
const SENTENCE = readSentence(
  [
    word(0, "one", "one", "CW", 0),
    word(1, "two", "two", "CW", 20_000),
    word(2, "three", "tree", "SW", 40_000),
    word(3, "four", "four", "CW", 70_000),
    word(4, "five", null, "DW", 70_400),
  ],
  2,
);
// Up to the last word read: E 4, 3 correct over 70.4 s. One minute: E 3, 2 correct over the
// minute. End of the text: E 5 ("five" an error), 3 correct over 70.4 s.
const LAST_READ = { stop: "lastRead", expectedWords: 4, accuracy: 0.75, wcpm: 2.6 };
const ONE_MINUTE = { stop: "oneMinute", expectedWords: 3, accuracy: 0.667, wcpm: 2 };
const END_OF_TEXT = { stop: "endOfText", expectedWords: 5, accuracy: 0.6, wcpm: 2.6 };

async function feedback(request: APIRequestContext, token: string, challengeId: string) {
  const audio = await testAudio();
  const answer = await postMultipart(
    request,
    "/api/feedback",
    {
      audio: wavPart(uniqueWav(audio.wav)),
      challengeId,
      resultSetId: uniqueId("rs"),
      sentences: [JSON.stringify(SENTENCE)],
    },
    authed(token),
  );
  return expectJson<{ id: string; reading: Reading }>(answer, 201);
}

test("a one-minute challenge counts the same words differently; changing the stop recounts the stored figures", async ({
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const org = authed(world.orgToken);
  const [plain, timed] = [uniqueId("sc"), uniqueId("sc")];
  const created = await expectJson<{ readingStop: string }>(
    await postMultipart(request, "/api/challenges/speech", { id: plain, language: "eng" }, org),
    201,
  );
  expect(created.readingStop).toBe("lastRead");
  const oneMinute = await expectJson<{ readingStop: string }>(
    await postMultipart(
      request,
      "/api/challenges/speech",
      { id: timed, language: "eng", readingStop: "oneMinute" },
      org,
    ),
    201,
  );
  expect(oneMinute.readingStop).toBe("oneMinute");
  const refused = await request.put(`/api/challenges/speech/${plain}`, {
    data: { readingStop: "twoMinutes" },
    headers: org,
  });
  expect(refused.status()).toBe(422);

  const student = await member(request, world, "STUDENT");
  const [onPlain, onTimed] = [
    await feedback(request, student.token, plain),
    await feedback(request, student.token, timed),
  ];
  expect(onPlain.reading).toMatchObject(LAST_READ);
  expect(onTimed.reading).toMatchObject(ONE_MINUTE);

  const groupId = uniqueId("grp");
  await expectJson(
    await request.post("/api/groups", { data: { id: groupId, name: "Slow readers" }, headers: org }),
    201,
  );
  const joined = await request.post(`/api/groups/${groupId}/members`, { data: { users: [student.id] }, headers: org });
  expect(joined.status()).toBe(204);
  const groupFigures = async () => {
    type Fluency = { students: { attempts: Record<string, unknown>[] }[] };
    const fluency = await expectJson<Fluency>(
      await request.get(`/api/groups/${groupId}/reading?challenge=${plain}`, { headers: org }),
      200,
    );
    return fluency.students[0]!.attempts.map((a) => ({
      expectedWords: a.expectedWords,
      accuracy: a.accuracy,
      wcpm: a.wcpm,
    }));
  };
  const figures = ({ stop: _, ...rest }: Record<string, unknown>) => rest;
  expect(await groupFigures()).toEqual([figures(LAST_READ)]);

  // The plain challenge becomes a one-minute one: its feedback now reads as the timed one's.
  for (const [stop, expected] of [
    ["oneMinute", ONE_MINUTE],
    ["endOfText", END_OF_TEXT],
  ] as const) {
    const updated = await expectJson<{ readingStop: string }>(
      await request.put(`/api/challenges/speech/${plain}`, { data: { readingStop: stop }, headers: org }),
      200,
    );
    expect(updated.readingStop).toBe(stop);
    const read = await expectJson<{ reading: Reading }>(
      await request.get(`/api/feedback/${onPlain.id}`, { headers: authed(student.token) }),
      200,
    );
    expect(read.reading).toMatchObject(expected);
    expect(await groupFigures()).toEqual([figures(expected)]);
  }
});
