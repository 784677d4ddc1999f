// Speech recordings and result sets (service-interface.md: "Speech recording", "Recording result
// set", section 4 "Speech recordings"), over HTTP with real spoken audio (espeak-ng WAV, opusenc
// Ogg Opus). The combined audio of a result set (GET /resultsets/:id/audio) must be ONE logical
// Ogg Opus stream holding every recording in order: ffprobe sees one stream, ffmpeg decodes it to
// the sum of the parts' lengths (within one 20 ms packet per join, lib/recordings/combine.ts).

import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { writeSegmentPeaks } from "../../lib/audio/segment-peaks";
import { decodedSampleCount, makeSpeechOgg } from "../../lib/audio/test-audio";
import { authed, createOrganisation, createUser, expectJson, impersonate, uniqueId } from "../support/api";
import { OGG_TEXT, oggPart, type TestAudio, testAudio, uniqueWav, wavPart } from "../support/audio";
import { expect, test, type World } from "../support/fixtures";
import { type FilePart, postMultipart } from "../support/multipart";
import { storedCopies } from "../support/storage";

const execFileAsync = promisify(execFile);
const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const PACKET = 960; // 20 ms at 48 kHz

type Recording = {
  id: string;
  audioUrl: string;
  resultSet: { id: string; combinedAudioUrl: string };
  userId: string;
  created: string;
  updated: string;
};
type Member = { id: string; token: string };

let audio: TestAudio;
let tmp: string;
const lengths = new Map<Buffer, number>();

test.beforeAll(async () => {
  test.setTimeout(120_000);
  audio = await testAudio();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "recordings-spec-"));
});
test.afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

/** ffmpeg's decoded length (48 kHz samples) of some bytes. */
async function decodedLength(bytes: Buffer): Promise<number> {
  const known = lengths.get(bytes);
  if (known !== undefined) return known;
  const file = path.join(tmp, `${uniqueId("part")}.bin`);
  await fs.writeFile(file, bytes);
  const n = await decodedSampleCount(file);
  lengths.set(bytes, n);
  return n;
}

async function member(request: APIRequestContext, world: World, role: string): Promise<Member> {
  const user = await createUser(request, world.orgToken, { roles: [role] });
  const token = await impersonate(
    request,
    world.orgToken,
    `tenant/${world.tenantId}/organisation/${world.orgId}/student/${user.id}`,
  );
  return { id: user.id, token };
}

async function createChallenge(request: APIRequestContext, token: string): Promise<string> {
  const id = uniqueId("sc");
  const response = await postMultipart(
    request,
    "/api/challenges/speech",
    { id, language: "eng", topic: "Describe your day" },
    authed(token),
  );
  await expectJson(response, 201);
  return id;
}

const recordingsPath = (challenge: string) => `/api/challenges/speech/${challenge}/recordings`;

function postRecording(
  request: APIRequestContext,
  token: string,
  challenge: string,
  fields: { audio: FilePart; resultSetId: string; id?: string },
): Promise<APIResponse> {
  return postMultipart(request, recordingsPath(challenge), fields, authed(token));
}

async function addRecording(
  request: APIRequestContext,
  token: string,
  challenge: string,
  fields: { audio: FilePart; resultSetId: string; id?: string },
) {
  return expectJson<Recording>(await postRecording(request, token, challenge, fields), 201);
}

/** The combined audio: bytes, ETag, and ffprobe's / ffmpeg's view of it. */
async function combined(request: APIRequestContext, token: string, setId: string) {
  const response = await request.get(`/api/resultsets/${setId}/audio`, { headers: authed(token) });
  expect(response.status(), await response.text().catch(() => "")).toBe(200);
  expect(response.headers()["content-type"]).toBe("audio/ogg");
  const bytes = await response.body();
  const file = path.join(tmp, `${uniqueId("combined")}.ogg`);
  await fs.writeFile(file, bytes);
  const { stdout } = await execFileAsync("ffprobe", [
    "-v",
    "error",
    "-show_entries",
    "stream=index,codec_name,channels,sample_rate:format=duration",
    "-of",
    "json",
    file,
  ]);
  const probe = JSON.parse(stdout) as {
    streams: { codec_name: string; channels: number }[];
    format: { duration: string };
  };
  return { bytes, etag: response.headers().etag, probe, samples: await decodedSampleCount(file) };
}

async function expectCombinedOf(request: APIRequestContext, token: string, setId: string, parts: Buffer[]) {
  const c = await combined(request, token, setId);
  const sum = (await Promise.all(parts.map(decodedLength))).reduce((a, b) => a + b, 0);
  // One logical stream, Opus, mono; never a chained Ogg (ffprobe would still see one stream
  // but report only the first link's duration, which the duration check catches).
  expect(c.probe.streams).toHaveLength(1);
  expect(c.probe.streams[0]).toMatchObject({ codec_name: "opus", channels: 1 });
  expect(c.bytes.subarray(0, 4).toString("latin1")).toBe("OggS");
  const tolerance = PACKET * Math.max(1, parts.length - 1);
  expect(Math.abs(c.samples - sum), `decoded ${c.samples} vs sum of parts ${sum}`).toBeLessThanOrEqual(tolerance);
  // ffprobe 5.1 counts the 312-sample pre-skip in its duration.
  expect(Math.abs(Number(c.probe.format.duration) - (sum + 312) / 48000)).toBeLessThanOrEqual(
    tolerance / 48000 + 0.001,
  );
  return c;
}

test.describe("speech recordings", () => {
  test("an Ogg Opus answer already in the segment's framing is stored once, as its own normalised segment", async ({
    request,
    world,
  }) => {
    const challenge = await createChallenge(request, world.orgToken);
    const student = await member(request, world, "STUDENT");
    // Bytes of this test's own (a tag of its own), so that the count below sees no other test's copy.
    const source = await makeSpeechOgg(tmp, OGG_TEXT, {
      name: `${uniqueId("own")}.opus`,
      comment: `ANSWER=${uniqueId("a")}`,
    });
    const ogg = await fs.readFile(source);
    const wav = uniqueWav(audio.wav);
    const setId = uniqueId("set");
    const made = await addRecording(request, student.token, challenge, { audio: oggPart(ogg), resultSetId: setId });
    await addRecording(request, student.token, challenge, { audio: wavPart(wav), resultSetId: setId });
    // One object holds the Ogg (it was two, the second a link to the first); the WAV is kept as sent.
    expect(await storedCopies(ogg)).toBe(1);
    expect(await storedCopies(wav)).toBe(1);
    const whole = await request.get(made.audioUrl, { headers: authed(student.token) });
    expect(whole.status()).toBe(200);
    expect((await whole.body()).equals(ogg)).toBe(true);
    // What reads the normalised segment reads the upload: the annotation editor's audio and the set's.
    const context = await expectJson<{ recording: { normalisedAudioUrl: string | null; peaksUrl: string | null } }>(
      await request.get(
        `/api/organisations/${world.orgId}/challenges/speech/${challenge}/recordings/${made.id}/context`,
        {
          headers: authed(world.orgToken),
        },
      ),
      200,
    );
    const segment = await request.get(context.recording.normalisedAudioUrl!, { headers: authed(world.orgToken) });
    expect(segment.status()).toBe(200);
    expect((await segment.body()).equals(ogg)).toBe(true);
    // Never decoded at upload: its peaks are made on the first request, as ingest makes them when it
    // decodes (here, from the same bytes on this side), then kept and read with the same ETag.
    expect(context.recording.peaksUrl).toBe(`${made.audioUrl}/peaks`);
    const peaks = await request.get(context.recording.peaksUrl!, { headers: authed(world.orgToken) });
    expect(peaks.status()).toBe(200);
    const expected = path.join(tmp, `${uniqueId("peaks")}.dat`);
    await writeSegmentPeaks(source, expected);
    expect((await peaks.body()).equals(await fs.readFile(expected))).toBe(true);
    const etag = peaks.headers().etag!;
    const cached = await request.get(context.recording.peaksUrl!, {
      headers: { ...authed(student.token), "If-None-Match": etag },
    });
    expect(cached.status()).toBe(304);
    await expectCombinedOf(request, student.token, setId, [ogg, wav]);
  });

  test("create, list and get; students see their own, teachers all", async ({ request, world }) => {
    const challenge = await createChallenge(request, world.orgToken);
    const student = await member(request, world, "STUDENT");
    const other = await member(request, world, "STUDENT");
    const teacher = await member(request, world, "TEACHER");
    const setId = uniqueId("rs");
    const id = uniqueId("rec");
    const response = await postRecording(request, student.token, challenge, {
      id,
      audio: wavPart(audio.wav),
      resultSetId: setId,
    });
    const created = await expectJson<Recording>(response, 201);
    expect(response.headers().location).toMatch(new RegExp(`/api/challenges/speech/${challenge}/recordings/${id}$`));
    expect(Object.keys(created).sort()).toEqual([
      "audioUrl",
      "created",
      "feedbackId",
      "id",
      "referenceAnnotation",
      "resultSet",
      "updated",
      "userId",
    ]);
    expect(created).toMatchObject({ id, userId: student.id, created: ISO, updated: ISO });
    expect(created.audioUrl).toMatch(/\/api\/download\/[^/]+$/);
    expect(created.resultSet).toEqual({
      id: setId,
      combinedAudioUrl: expect.stringMatching(new RegExp(`/api/resultsets/${setId}/audio$`)),
    });

    // The original downloads byte for byte.
    const original = await request.get(created.audioUrl, { headers: authed(student.token) });
    expect(Buffer.compare(await original.body(), audio.wav)).toBe(0);

    // Without a client id; a taken id is a 409.
    const second = await addRecording(request, student.token, challenge, {
      audio: oggPart(audio.ogg),
      resultSetId: setId,
    });
    expect(second.id).toBeTruthy();
    await expectJson(
      await postRecording(request, student.token, challenge, { id, audio: oggPart(audio.ogg), resultSetId: setId }),
      409,
    );

    const mine = await expectJson<Recording[]>(
      await request.get(recordingsPath(challenge), { headers: authed(student.token) }),
      200,
    );
    expect(mine.map((r) => r.id)).toEqual([id, second.id]);
    expect(mine[0]).toEqual(created);
    expect(
      await expectJson(
        await request.get(`${recordingsPath(challenge)}/${id}`, { headers: authed(student.token) }),
        200,
      ),
    ).toEqual(created);

    const theirs = await expectJson<Recording[]>(
      await request.get(recordingsPath(challenge), { headers: authed(other.token) }),
      200,
    );
    expect(theirs).toEqual([]);
    await expectJson(await request.get(`${recordingsPath(challenge)}/${id}`, { headers: authed(other.token) }), 404);
    await expectJson(await request.get(`/api/resultsets/${setId}/audio`, { headers: authed(other.token) }), 404);

    const all = await expectJson<Recording[]>(
      await request.get(recordingsPath(challenge), { headers: authed(teacher.token) }),
      200,
    );
    expect(all.map((r) => r.id)).toEqual([id, second.id]);
    expect(
      await expectJson(
        await request.get(`${recordingsPath(challenge)}/${id}`, { headers: authed(teacher.token) }),
        200,
      ),
    ).toEqual(created);

    // Paginated.
    const page = await request.get(`${recordingsPath(challenge)}?perPage=1`, { headers: authed(teacher.token) });
    expect((await expectJson<Recording[]>(page, 200)).map((r) => r.id)).toEqual([id]);
    expect(page.headers().link).toContain('rel="next"');

    // Missing fields, bad audio, unknown challenge.
    await expectJson(
      await postMultipart(request, recordingsPath(challenge), { audio: wavPart(audio.wav) }, authed(student.token)),
      422,
    );
    await expectJson(
      await postMultipart(request, recordingsPath(challenge), { resultSetId: setId }, authed(student.token)),
      422,
    );
    await expectJson(
      await postRecording(request, student.token, challenge, {
        audio: wavPart(audio.broken.random),
        resultSetId: setId,
      }),
      422,
    );
    await expectJson(
      await postRecording(request, student.token, "no-such-challenge", {
        audio: wavPart(audio.wav),
        resultSetId: setId,
      }),
      404,
    );
  });

  test("mixed WAV and Ogg Opus appends: the combined audio is one Ogg Opus stream of every part in order", async ({
    request,
    world,
  }) => {
    test.setTimeout(90_000);
    const challenge = await createChallenge(request, world.orgToken);
    const student = await member(request, world, "STUDENT");
    const setId = uniqueId("rs");
    const parts = [audio.wav, audio.ogg, audio.ogg2, audio.wav, audio.ogg];
    for (const [i, part] of parts.entries()) {
      await addRecording(request, student.token, challenge, {
        audio: i % 3 === 0 ? wavPart(part) : oggPart(part),
        resultSetId: setId,
      });
    }
    await expectCombinedOf(request, student.token, setId, parts);

    // Its peaks: the parts' peaks concatenated (10 ms pixels).
    const peaks = await request.get(`/api/resultsets/${setId}/peaks`, { headers: authed(student.token) });
    expect(peaks.status()).toBe(200);
    const body = await peaks.body();
    expect(body.readInt32LE(0)).toBe(2);
    const pixels = body.readUInt32LE(16);
    const sum = (await Promise.all(parts.map(decodedLength))).reduce((a, b) => a + b, 0);
    expect(Math.abs(pixels - sum / 480)).toBeLessThanOrEqual(parts.length + 1);
    expect(body.length).toBe(24 + pixels * 4);

    // A Range request (what <audio> seeks with) gets a 206.
    const range = await request.get(`/api/resultsets/${setId}/audio`, {
      headers: { ...authed(student.token), Range: "bytes=100-199" },
    });
    expect(range.status()).toBe(206);
    expect((await range.body()).length).toBe(100);
  });

  test("10 concurrent appends to one set: every recording present, positions 0..9, combined = sum", async ({
    request,
    world,
  }) => {
    test.setTimeout(90_000);
    const challenge = await createChallenge(request, world.orgToken);
    const student = await member(request, world, "STUDENT");
    const setId = uniqueId("rs");
    const parts = Array.from({ length: 10 }, (_, i) => (i % 2 ? audio.ogg : uniqueWav(audio.wav)));
    const created = await Promise.all(
      parts.map((part, i) =>
        addRecording(request, student.token, challenge, {
          id: `${setId}-${i}`,
          audio: i % 2 ? oggPart(part) : wavPart(part),
          resultSetId: setId,
        }),
      ),
    );
    expect(new Set(created.map((r) => r.resultSet.id))).toEqual(new Set([setId]));
    const listed = await expectJson<Recording[]>(
      await request.get(`${recordingsPath(challenge)}?perPage=100`, { headers: authed(student.token) }),
      200,
    );
    expect(listed.map((r) => r.id).sort()).toEqual(created.map((r) => r.id).sort());
    // The build refuses a set whose positions are not exactly 0..n-1 (a 500), and duplicates
    // cannot exist (unique per set): a combined file of all ten parts' length proves both.
    await expectCombinedOf(request, student.token, setId, parts);
  });

  test("the combined file is cached: same ETag until an append changes it", async ({ request, world }) => {
    test.setTimeout(60_000);
    const challenge = await createChallenge(request, world.orgToken);
    const student = await member(request, world, "STUDENT");
    const setId = uniqueId("rs");
    await addRecording(request, student.token, challenge, { audio: wavPart(audio.wav), resultSetId: setId });
    const url = `/api/resultsets/${setId}/audio`;
    const first = await request.get(url, { headers: authed(student.token) });
    const etag = first.headers().etag;
    expect(etag).toBeTruthy();
    // Concurrent requests for a stale set: one build, the same file for all.
    const [a, b] = await Promise.all([
      request.get(url, { headers: authed(student.token) }),
      request.get(url, { headers: authed(student.token) }),
    ]);
    expect([a.headers().etag, b.headers().etag]).toEqual([etag, etag]);
    expect((await request.get(url, { headers: { ...authed(student.token), "If-None-Match": etag } })).status()).toBe(
      304,
    );

    await addRecording(request, student.token, challenge, { audio: oggPart(audio.ogg), resultSetId: setId });
    const [c, d] = await Promise.all([
      request.get(url, { headers: authed(student.token) }),
      request.get(url, { headers: authed(student.token) }),
    ]);
    expect(c.headers().etag).not.toBe(etag);
    expect(d.headers().etag).toBe(c.headers().etag);
    await expectCombinedOf(request, student.token, setId, [audio.wav, audio.ogg]);
    // With ?access_token= (the SDK's download URLs).
    const token = await request.get(`${url}?access_token=${student.token}`);
    expect(token.status()).toBe(200);
    expect(token.headers()["cache-control"]).toContain("no-store");
  });

  test("another user's set, another challenge's set: refused, nothing stored", async ({ request, world }) => {
    const challenge = await createChallenge(request, world.orgToken);
    const otherChallenge = await createChallenge(request, world.orgToken);
    const owner = await member(request, world, "STUDENT");
    const intruder = await member(request, world, "STUDENT");
    const setId = uniqueId("rs");
    await addRecording(request, owner.token, challenge, { audio: wavPart(audio.wav), resultSetId: setId });
    const before = await combined(request, owner.token, setId);

    const refused = await expectJson<{ message: string }>(
      await postRecording(request, intruder.token, challenge, { audio: oggPart(audio.ogg), resultSetId: setId }),
      403,
    );
    expect(refused.message).toMatch(/another user/);
    const wrongChallenge = await expectJson<{ message: string }>(
      await postRecording(request, owner.token, otherChallenge, { audio: oggPart(audio.ogg), resultSetId: setId }),
      409,
    );
    expect(wrongChallenge.message).toMatch(/another speech challenge/);

    expect(
      await expectJson<Recording[]>(
        await request.get(recordingsPath(challenge), { headers: authed(intruder.token) }),
        200,
      ),
    ).toEqual([]);
    expect(
      await expectJson<Recording[]>(
        await request.get(recordingsPath(otherChallenge), { headers: authed(owner.token) }),
        200,
      ),
    ).toEqual([]);
    const after = await combined(request, owner.token, setId);
    expect(after.etag).toBe(before.etag);
  });

  test("another organisation: 404 for its recordings and its result set", async ({ request, world }) => {
    const challenge = await createChallenge(request, world.orgToken);
    const student = await member(request, world, "STUDENT");
    const setId = uniqueId("rs");
    const rec = await addRecording(request, student.token, challenge, {
      audio: wavPart(audio.wav),
      resultSetId: setId,
    });

    const org2 = await createOrganisation(request, world.tenantToken);
    const org2Token = await impersonate(request, world.tenantToken, `tenant/${world.tenantId}/organisation/${org2.id}`);
    const teacher2 = await createUser(request, org2Token, { roles: ["TEACHER"] });
    const t2 = await impersonate(
      request,
      org2Token,
      `tenant/${world.tenantId}/organisation/${org2.id}/student/${teacher2.id}`,
    );
    await expectJson(await request.get(`${recordingsPath(challenge)}/${rec.id}`, { headers: authed(t2) }), 404);
    await expectJson(await request.get(recordingsPath(challenge), { headers: authed(t2) }), 404);
    await expectJson(await request.get(`/api/resultsets/${setId}/audio`, { headers: authed(t2) }), 404);
    await expectJson(await request.get(`/api/resultsets/${setId}/peaks`, { headers: authed(t2) }), 404);
    await expectJson(
      await postRecording(request, t2, challenge, { audio: wavPart(audio.wav), resultSetId: setId }),
      404,
    );
  });
});
