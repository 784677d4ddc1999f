// GET /organisations/:organisation/challenges/speech/:challenge/recordings/:recording/context:
// what the annotation editor shows around a recording. Administrators, teachers and the
// student see the student's name; annotators a stable pseudonym; others of the organisation
// who do not see the recording get 404.

import { assign, person } from "../support/annotation-ui";
import type { Ref } from "../support/annotations";
import { authed, expectJson, member } from "../support/api";
import { prepareTestAudio } from "../support/audio";
import { CUES, promptedRecording, TOPIC } from "../support/context-ui";
import { expect, test } from "../support/fixtures";

prepareTestAudio();

type Context = {
  recording: {
    id: string;
    duration: number | null;
    audioUrl: string | null;
    normalisedAudioUrl: string | null;
    peaksUrl: string | null;
  };
  challenge: { id: string; topic: string | null; language: string; srtUrl: string | null };
  student: { name: string; pseudonym: boolean };
};
const contextPath = (ref: Ref) =>
  `/api/organisations/${ref.organisation}/challenges/speech/${ref.challenge}/recordings/${ref.recording}/context`;

test("the context names the prompt, the duration and the student (a pseudonym for annotators)", async ({
  request,
  world,
}) => {
  const [base, full, { ref, student }] = await Promise.all([
    person(request, world, "ANNOTATOR_BASE", "Bea"),
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    promptedRecording(request, world),
  ]);
  const users = await expectJson<{ id: string; firstName: string; infix: string | null; lastName: string }>(
    await request.get(`/api/users/${student}`, { headers: authed(world.orgToken) }),
    200,
  );
  const realName = [users.firstName, users.infix, users.lastName].filter(Boolean).join(" ");

  const asAdmin = await expectJson<Context>(
    await request.get(contextPath(ref), { headers: authed(world.orgToken) }),
    200,
  );
  expect(asAdmin).toMatchObject({
    recording: { id: ref.recording },
    challenge: { id: ref.challenge, topic: TOPIC, language: "eng" },
    student: { name: realName, pseudonym: false },
  });
  expect(asAdmin.recording.duration).toBeGreaterThan(1);
  expect(asAdmin.recording.duration).toBeLessThan(5);
  await expectJson(await request.get(contextPath(ref), { headers: authed(base.token) }), 404);

  await assign(request, world, { name: "Context", base, full, refs: [ref] });
  const asBase = await expectJson<Context>(await request.get(contextPath(ref), { headers: authed(base.token) }), 200);
  const asFull = await expectJson<Context>(await request.get(contextPath(ref), { headers: authed(full.token) }), 200);
  expect(asBase.student).toEqual({ name: expect.stringMatching(/^Student [0-9A-F]{6}$/), pseudonym: true });
  expect(asFull.student).toEqual(asBase.student);
  expect(asBase.student.name).not.toContain(users.firstName);
  expect(asBase.recording.audioUrl).toBe(asAdmin.recording.audioUrl);
  // The prompt file is readable by the annotators (the challenge's files policy) and holds the cues.
  const prompt = await request.get(asBase.challenge.srtUrl!, { headers: authed(base.token) });
  expect(prompt.status()).toBe(200);
  for (const cue of CUES) expect(await prompt.text()).toContain(cue);

  // Another student of the organisation does not see the recording at all.
  const other = await member(request, world, "STUDENT");
  await expectJson(await request.get(contextPath(ref), { headers: authed(other.token) }), 404);
  // Unknown recordings answer like missing ones.
  await expectJson(
    await request.get(contextPath({ ...ref, recording: "no-such-recording" }), { headers: authed(world.orgToken) }),
    404,
  );
});
