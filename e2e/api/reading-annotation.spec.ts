// A reviewed reading attempt prepared for annotation (ours, issue 25 item 6): POST
// /feedback/:id/recording copies the attempt's audio into a speech recording of its student in its
// speech challenge (201, then the same one with 200), which lists and reads with its feedbackId and
// downloads its own copy of the audio. Who may: the student's teachers and administrators, as
// for corrections; the student 403, another organisation 404. An annotator assigned to the
// recording reads the attempt's words, labels as corrected, in the recording's context.
import { assign, person } from "../support/annotation-ui";
import { authed, createOrganisation, expectJson, impersonate, member, uniqueId } from "../support/api";
import { testAudio, uniqueWav, wavPart } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { readSentence, readWord as word } from "../support/reading";

type Recording = { id: string; audioUrl: string; userId: string; feedbackId: string | null };

test("a teacher prepares a reading attempt for annotation: one recording of the student, with its own copy of the audio", async ({
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const [student, teacher] = await Promise.all([member(request, world, "STUDENT"), member(request, world, "TEACHER")]);
  const challenge = uniqueId("sc");
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/speech",
      { id: challenge, language: "eng", topic: "The dog ran" },
      authed(world.orgToken),
    ),
    201,
  );
  const audio = await testAudio();
  const sentence = readSentence(
    [word(0, "The", "the", "CW", 0), word(1, "dog", "dot", "SW", 400), word(2, "ran", "ran", "CW", 800)],
    1,
  );
  const feedback = await expectJson<{ id: string; audioUrl: string }>(
    await postMultipart(
      request,
      "/api/feedback",
      {
        audio: wavPart(uniqueWav(audio.wav)),
        challengeId: challenge,
        resultSetId: uniqueId("rs"),
        sentences: [JSON.stringify(sentence)],
      },
      authed(student.token),
    ),
    201,
  );
  const prepare = (token: string) => request.post(`/api/feedback/${feedback.id}/recording`, { headers: authed(token) });

  // The student may read the attempt but not prepare it (403); another organisation never finds it.
  expect((await prepare(student.token)).status()).toBe(403);
  const org2 = await createOrganisation(request, world.tenantToken);
  const org2Token = await impersonate(request, world.tenantToken, `tenant/${world.tenantId}/organisation/${org2.id}`);
  expect((await prepare(org2Token)).status()).toBe(404);
  expect(
    (await request.post(`/api/feedback/${uniqueId("nope")}/recording`, { headers: authed(teacher.token) })).status(),
  ).toBe(404);

  type Review = { annotationRecording: { id: string; challengeId: string } | null };
  const review = async (token: string) =>
    (
      await expectJson<Review>(
        await request.get(`/api/feedback/${feedback.id}/review`, { headers: authed(token) }),
        200,
      )
    ).annotationRecording;
  expect(await review(teacher.token), "not prepared yet").toBeNull();

  const first = await prepare(teacher.token);
  const made = await expectJson<Recording>(first, 201);
  // The review screen's read names the recording from now on (those who may correct see it).
  expect(await review(teacher.token)).toEqual({ id: made.id, challengeId: challenge });
  expect(await review(student.token)).toBeNull();
  expect(made).toMatchObject({ userId: student.id, feedbackId: feedback.id });
  expect(first.headers().location).toMatch(new RegExp(`/api/challenges/speech/${challenge}/recordings/${made.id}$`));
  // Idempotent: the administrator asking again gets the same recording.
  const again = await expectJson<Recording>(await prepare(world.orgToken), 200);
  expect(again.id).toBe(made.id);

  const listed = await expectJson<Recording[]>(
    await request.get(`/api/challenges/speech/${challenge}/recordings?userId=${student.id}`, {
      headers: authed(teacher.token),
    }),
    200,
  );
  expect(listed.map((r) => [r.id, r.feedbackId])).toEqual([[made.id, feedback.id]]);
  const read = await expectJson<Recording>(
    await request.get(`/api/challenges/speech/${challenge}/recordings/${made.id}`, { headers: authed(student.token) }),
    200,
  );
  expect(read.feedbackId).toBe(feedback.id);

  // A copy: the same bytes under another file.
  expect(made.audioUrl).not.toBe(feedback.audioUrl);
  const [copy, original] = await Promise.all(
    [made.audioUrl, feedback.audioUrl].map((url) => request.get(url, { headers: authed(teacher.token) })),
  );
  expect(copy!.status()).toBe(200);
  expect(original!.status()).toBe(200);
  const copied = await copy!.body();
  expect(copied.length).toBeGreaterThan(1000);
  expect(copied.equals(await original!.body())).toBe(true);

  // A full annotator (not a teacher) assigned to the recording reads the attempt's words, with the
  // teacher's correction, in the editor's context: what the pre-fill fills Words and Error from.
  await expectJson(
    await request.post(`/api/feedback/${feedback.id}/corrections`, {
      headers: authed(teacher.token),
      data: { sentence: 0, word: 2, label: "PC" },
    }),
    200,
  );
  const annotator = await person(request, world, "ANNOTATOR_FULL", "Fay");
  const ref = { tenant: world.tenantId, organisation: world.orgId, challenge, recording: made.id };
  await assign(request, world, { name: "Attempts", base: null, full: annotator, refs: [ref] });
  const context = await expectJson<{ attempt: { words: { expected: string; label: string; startTiming: number }[] } }>(
    await request.get(
      `/api/organisations/${world.orgId}/challenges/speech/${challenge}/recordings/${made.id}/context`,
      { headers: authed(annotator.token) },
    ),
    200,
  );
  expect(context.attempt.words.map((w) => [w.expected, w.label, w.startTiming])).toEqual([
    ["The", "CW", 0],
    ["dog", "SW", 400],
    ["ran", "PC", 800],
  ]);
});
