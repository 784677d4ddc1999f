// Reference annotations by forced alignment (issue "Judging pronunciation and reading aloud", item 4):
// a speech recording of a challenge with SRT sentences gets its reference annotation (Words layer,
// one fragment per word, with timings) from a background job; where no engine aligns the language,
// or the challenge has no text, the recording says so in words. A person's save replaces the
// engine's, and only a person's reference holds up erasing the student.
import type { APIRequestContext } from "@playwright/test";
import { authed, expectJson, member, uniqueId } from "../support/api";
import { prepareTestAudio, testAudio, uniqueWav, WAV_TEXT, wavPart } from "../support/audio";
import { expect, test, type World } from "../support/fixtures";
import { postMultipart } from "../support/multipart";

prepareTestAudio();

type Reference = {
  status: "aligned" | "saved" | "pending" | "unavailable";
  engine: string | null;
  note: string | null;
};
type Recording = { id: string; referenceAnnotation: Reference };
type Fragment = { start: number; end: number; labels: { layer: string; label: string }[] };

const SRT = `1\r\n00:00:00,100 --> 00:00:00,900\r\nThe cat sits\r\n\r\n2\r\n00:00:00,900 --> 00:00:01,700\r\non the mat.\r\n\r\n`;

async function challenge(request: APIRequestContext, world: World, language: string, withSrt: boolean) {
  const id = uniqueId("sc");
  const srt = { buffer: Buffer.from(SRT), name: "text.srt", mimeType: "application/x-subrip" };
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/speech",
      { id, language, topic: "Read the sentences aloud", ...(withSrt ? { srt } : {}) },
      authed(world.orgToken),
    ),
    201,
  );
  return id;
}

async function record(request: APIRequestContext, challengeId: string, token: string) {
  const { wav } = await testAudio();
  const fields = { audio: wavPart(uniqueWav(wav)), resultSetId: uniqueId("rs") };
  return expectJson<Recording>(
    await postMultipart(request, `/api/challenges/speech/${challengeId}/recordings`, fields, authed(token)),
    201,
  );
}

/** The recording's reference state once the background job is done with it. */
async function settled(request: APIRequestContext, world: World, challengeId: string, recordingId: string) {
  let state: Reference = { status: "pending", engine: null, note: null };
  await expect
    .poll(
      async () => {
        const r = await expectJson<Recording>(
          await request.get(`/api/challenges/speech/${challengeId}/recordings/${recordingId}`, {
            headers: authed(world.orgToken),
          }),
          200,
        );
        state = r.referenceAnnotation;
        return state.status;
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .not.toBe("pending");
  return state;
}

const referencePath = (world: World, challengeId: string, recordingId: string) =>
  `/api/organisations/${world.orgId}/challenges/speech/${challengeId}/recordings/${recordingId}/reference`;

test("an English recording of SRT sentences gets a Words reference annotation by forced alignment", async ({
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const student = await member(request, world, "STUDENT");
  const id = await challenge(request, world, "eng", true);
  const created = await record(request, id, student.token);
  expect(created.referenceAnnotation).toEqual({ status: "pending", engine: null, note: null });

  const state = await settled(request, world, id, created.id);
  expect(state).toEqual({ status: "aligned", engine: expect.stringContaining("pocketsphinx"), note: null });
  const reference = await expectJson<{ fragments: Fragment[] }>(
    await request.get(referencePath(world, id, created.id), { headers: authed(world.orgToken) }),
    200,
  );
  const words = reference.fragments.filter((f) => f.labels.some((l) => l.layer === "Words"));
  expect(words.map((f) => f.labels[0]!.label.toLowerCase())).toEqual(
    WAV_TEXT.toLowerCase().replace(/[.]/g, "").split(" "),
  );
  // In order, each a span of its own, inside the recording (about 1.5 s of espeak-ng speech).
  for (const [i, f] of words.entries()) {
    expect(f.end).toBeGreaterThan(f.start);
    if (i > 0) expect(f.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
  }
  expect(words[0]!.start).toBeGreaterThanOrEqual(0);
  expect(words.at(-1)!.end).toBeGreaterThan(1);
  expect(words.at(-1)!.end).toBeLessThan(3);

  // The student may be erased: an engine's reference goes with the recording.
  const erased = await request.delete(`/api/users/${student.id}`, { headers: authed(world.orgToken) });
  expect(erased.status(), await erased.text()).toBe(204);
});

test("a person's save replaces the engine's reference, and then holds up erasing the student", async ({
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const student = await member(request, world, "STUDENT");
  const id = await challenge(request, world, "eng", true);
  const created = await record(request, id, student.token);
  expect((await settled(request, world, id, created.id)).status).toBe("aligned");

  const corrected = [{ start: 0.2, end: 0.5, labels: [{ layer: "Words", label: "the", comment: "" }] }];
  await expectJson(
    await request.put(referencePath(world, id, created.id), {
      data: { annotations: corrected },
      headers: authed(world.orgToken),
    }),
    200,
  );
  expect((await settled(request, world, id, created.id)).status).toBe("saved");
  const refused = await request.delete(`/api/users/${student.id}`, { headers: authed(world.orgToken) });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("reference annotation");
});

test("where nothing can align, the recording says why in words and no reference is made", async ({
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const student = await member(request, world, "STUDENT");
  const dutch = await challenge(request, world, "nld", true);
  const topicOnly = await challenge(request, world, "eng", false);
  const [nl, plain] = await Promise.all([
    record(request, dutch, student.token),
    record(request, topicOnly, student.token),
  ]);

  expect(plain.referenceAnnotation).toEqual({
    status: "unavailable",
    engine: null,
    note: "the challenge has no SRT sentences to align",
  });
  const state = await settled(request, world, dutch, nl.id);
  expect(state).toEqual({ status: "unavailable", engine: null, note: expect.stringContaining('"nld"') });
  for (const [c, r] of [
    [dutch, nl.id],
    [topicOnly, plain.id],
  ] as const) {
    const missing = await request.get(referencePath(world, c, r), { headers: authed(world.orgToken) });
    expect(missing.status()).toBe(404);
  }
});
