// Reach (the trust issue, defects 7–9): tenant-wide and organisation-wide reach belong to
// administrators only; a file is reachable by exactly those who may read the row that owns it;
// a list shows exactly what its caller may read by id.
import type { APIRequestContext } from "@playwright/test";
import { putReference, referencePath, setup, tenantUser, words } from "../support/annotations";
import { authed, expectJson, listAll, member } from "../support/api";
import { oggPart, prepareTestAudio, testAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";

prepareTestAudio();

type Feedback = { id: string; audioUrl: string; userId: string };

async function addFeedback(request: APIRequestContext, token: string, challengeId: string): Promise<Feedback> {
  const { ogg } = await testAudio();
  const response = await postMultipart(
    request,
    "/api/feedback",
    { audio: oggPart(ogg), challengeId, resultSetId: `rs-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    authed(token),
  );
  return expectJson<Feedback>(response, 201);
}

const get = (request: APIRequestContext, token: string, url: string) => request.get(url, { headers: authed(token) });

test("tenant-level users who administer nothing reach none of the tenant's recordings, audio, references or exports", async ({
  request,
  world,
}) => {
  const s = await setup(request, world, 2);
  const r = s.refs[0];
  await expectJson(await putReference(request, world.orgToken, r, words(["the", "cat"], 0.05, 0.2)), 200);
  const tenantAdmin = await tenantUser(request, world, "TENANT");
  expect(
    (await listAll<{ id: string }>(request, "/api/recordings", tenantAdmin.token)).map((x) => x.id).sort(),
  ).toEqual(s.refs.map((x) => x.recording).sort());

  for (const role of ["ANNOTATOR_FULL", "ANNOTATOR_BASE", "STUDENT", "TEACHER"]) {
    await test.step(role, async () => {
      const user = await tenantUser(request, world, role);
      const listed = await get(request, user.token, "/api/recordings");
      if (listed.status() === 200) expect(await listed.json()).toEqual([]);
      else expect(listed.status()).toBe(403);
      for (const rec of s.recordings) expect((await get(request, user.token, rec.audioUrl)).status()).toBe(404);
      expect((await get(request, user.token, referencePath(r))).status()).toBe(404);
      expect((await get(request, user.token, `${referencePath(r)}/export?format=textgrid`)).status()).toBe(404);
    });
  }
});

test("downloads follow the owning row: another student gets 404 for a recording's or feedback's audio; owner, teacher and administrators get it", async ({
  request,
  world,
}) => {
  const s = await setup(request, world, 1);
  const [other, teacher] = await Promise.all([member(request, world, "STUDENT"), member(request, world, "TEACHER")]);
  const feedback = await addFeedback(request, s.student.token, s.challenge);
  const recording = await expectJson<{ audioUrl: string; resultSet: { combinedAudioUrl: string } }>(
    await get(request, s.student.token, `/api/challenges/speech/${s.challenge}/recordings/${s.refs[0].recording}`),
    200,
  );
  const urls = [recording.audioUrl, feedback.audioUrl, recording.resultSet.combinedAudioUrl];
  for (const url of urls) {
    expect((await get(request, other.token, url)).status(), `${url} for another student`).toBe(404);
    for (const token of [s.student.token, teacher.token, world.orgToken])
      expect((await get(request, token, url)).status(), url).toBe(200);
  }
  // The tenant's administrators reach the stored files of its organisations.
  for (const url of urls.slice(0, 2)) expect((await get(request, world.tenantToken, url)).status(), url).toBe(200);
  // The same holds with the token in the URL (media elements).
  expect((await request.get(`${recording.audioUrl}?access_token=${encodeURIComponent(other.token)}`)).status()).toBe(
    404,
  );
  // And the recording itself is as hidden from the other student as its audio.
  expect(
    (
      await get(request, other.token, `/api/challenges/speech/${s.challenge}/recordings/${s.refs[0].recording}`)
    ).status(),
  ).toBe(404);
});

test("GET /feedback lists exactly what its caller may read by id: a teacher and the organisation see the student's, another student none", async ({
  request,
  world,
}) => {
  const s = await setup(request, world, 1);
  const [other, teacher] = await Promise.all([member(request, world, "STUDENT"), member(request, world, "TEACHER")]);
  const feedback = await addFeedback(request, s.student.token, s.challenge);
  const ids = async (token: string) => (await listAll<Feedback>(request, "/api/feedback", token)).map((f) => f.id);
  expect(await ids(teacher.token)).toContain(feedback.id);
  expect(await ids(world.orgToken)).toContain(feedback.id);
  expect(await ids(s.student.token)).toEqual([feedback.id]);
  expect(await ids(other.token)).toEqual([]);
  // Each listed item reads by id for that caller; the unlisted one does not.
  for (const token of [teacher.token, world.orgToken, s.student.token])
    expect((await get(request, token, `/api/feedback/${feedback.id}`)).status()).toBe(200);
  expect((await get(request, other.token, `/api/feedback/${feedback.id}`)).status()).toBe(403);
});
