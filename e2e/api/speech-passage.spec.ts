// A speech challenge's typed passage (ours: `sentences` on POST/PUT /challenges/speech): stored as
// sentences and, without an uploaded SRT, served at the contract's srtUrl as an SRT generated from
// them (estimated timings, lib/challenges/speech/passage-srt.ts), and the engines read it (forced
// alignment of a recording). An uploaded SRT wins and stays.
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { authed, download, downloadUrlPattern, expectJson, member, uniqueId } from "../support/api";
import { expectError, expectFieldError } from "../support/assertions";
import { testAudio, uniqueWav, WAV_TEXT, wavPart } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { type MultipartFields, sendMultipart } from "../support/multipart";
import { storedCopies } from "../support/storage";

const BASE = "/api/challenges/speech";
type SpeechChallenge = { id: string; srtUrl: string | null; sentences: string[] | null; srtGenerated: boolean };

const send = (
  request: APIRequestContext,
  token: string,
  method: "POST" | "PUT",
  path: string,
  fields: MultipartFields,
) => sendMultipart(request, method, path, fields, authed(token));
const srtText = async (request: APIRequestContext, token: string, url: string) =>
  (await download(request, token, url)).toString("utf8");
/** The cue texts of an SRT, in order (the blocks' third lines on). */
const cueTexts = (srt: string) =>
  srt
    .trim()
    .split(/\n\n/)
    .map((block) => block.split("\n").slice(2).join(" "));

test("typed sentences (multipart, one part each): stored tidied, and srtUrl serves an SRT of them", async ({
  request,
  world,
}) => {
  const created = await expectJson<SpeechChallenge>(
    await send(request, world.orgToken, "POST", BASE, {
      language: "nld",
      sentences: ["  De kat zit\r\nop de mat.", "", "Hij slaapt."],
    }),
    201,
  );
  expect(created).toMatchObject({ sentences: ["De kat zit op de mat.", "Hij slaapt."], srtGenerated: true });
  expect(created.srtUrl).toMatch(downloadUrlPattern());
  const srt = await srtText(request, world.orgToken, created.srtUrl!);
  expect(srt).toBe(
    "1\n00:00:00,000 --> 00:00:02,400\nDe kat zit op de mat.\n\n2\n00:00:02,400 --> 00:00:03,400\nHij slaapt.\n",
  );
  const listed = await expectJson<SpeechChallenge>(
    await request.get(`${BASE}/${created.id}`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(listed).toEqual(created);
});

test("updating the sentences (JSON) regenerates the SRT and removes the old one; null clears both", async ({
  request,
  world,
}) => {
  const marker = randomBytes(4).toString("hex");
  const created = await expectJson<SpeechChallenge>(
    await request.post(BASE, {
      headers: authed(world.orgToken),
      data: { language: "eng", sentences: [`One ${marker}.`] },
    }),
    201,
  );
  const first = await download(request, world.orgToken, created.srtUrl!);
  const updated = await expectJson<SpeechChallenge>(
    await request.put(`${BASE}/${created.id}`, {
      headers: authed(world.orgToken),
      data: { sentences: [`One ${marker}, changed.`, "Two more words."] },
    }),
    200,
  );
  expect(updated).toMatchObject({ sentences: [`One ${marker}, changed.`, "Two more words."], srtGenerated: true });
  expect(updated.srtUrl).not.toBe(created.srtUrl);
  expect(cueTexts(await srtText(request, world.orgToken, updated.srtUrl!))).toEqual(updated.sentences);
  expect(await storedCopies(first)).toBe(0);
  await expectError(await request.get(created.srtUrl!, { headers: authed(world.orgToken) }), 404);

  // Another field alone leaves passage and SRT as they are.
  const topic = await expectJson<SpeechChallenge>(
    await request.put(`${BASE}/${created.id}`, { headers: authed(world.orgToken), data: { topic: "Read" } }),
    200,
  );
  expect(topic).toMatchObject({ sentences: updated.sentences, srtUrl: updated.srtUrl, srtGenerated: true });

  const second = await download(request, world.orgToken, updated.srtUrl!);
  const cleared = await expectJson<SpeechChallenge>(
    await request.put(`${BASE}/${created.id}`, { headers: authed(world.orgToken), data: { sentences: null } }),
    200,
  );
  expect(cleared).toMatchObject({ sentences: null, srtUrl: null, srtGenerated: false });
  expect(await storedCopies(second)).toBe(0);
});

test("an uploaded SRT wins over typed sentences and is kept when they change; a later upload replaces a generated one", async ({
  request,
  world,
}) => {
  const uploaded = Buffer.from(`1\n00:00:01,000 --> 00:00:03,000\nTimed by hand ${randomBytes(4).toString("hex")}\n`);
  const srt = { buffer: uploaded, name: "timed.srt", mimeType: "application/x-subrip" };
  const both = await expectJson<SpeechChallenge>(
    await send(request, world.orgToken, "POST", BASE, { language: "eng", sentences: "Typed text.", srt }),
    201,
  );
  expect(both).toMatchObject({ sentences: ["Typed text."], srtGenerated: false });
  expect((await download(request, world.orgToken, both.srtUrl!)).equals(uploaded)).toBe(true);
  const retyped = await expectJson<SpeechChallenge>(
    await request.put(`${BASE}/${both.id}`, { headers: authed(world.orgToken), data: { sentences: ["Retyped."] } }),
    200,
  );
  expect(retyped).toMatchObject({ sentences: ["Retyped."], srtUrl: both.srtUrl, srtGenerated: false });
  const keptEmpty = await expectJson<SpeechChallenge>(
    await request.put(`${BASE}/${both.id}`, { headers: authed(world.orgToken), data: { sentences: [] } }),
    200,
  );
  expect(keptEmpty).toMatchObject({ sentences: null, srtUrl: both.srtUrl, srtGenerated: false });

  const typed = await expectJson<SpeechChallenge>(
    await send(request, world.orgToken, "POST", BASE, { language: "eng", sentences: "Typed first." }),
    201,
  );
  const generated = await download(request, world.orgToken, typed.srtUrl!);
  const replaced = await expectJson<SpeechChallenge>(
    await send(request, world.orgToken, "PUT", `${BASE}/${typed.id}`, { srt }),
    200,
  );
  expect(replaced).toMatchObject({ sentences: ["Typed first."], srtGenerated: false });
  expect((await download(request, world.orgToken, replaced.srtUrl!)).equals(uploaded)).toBe(true);
  expect(await storedCopies(generated)).toBe(0);
});

test("removing an uploaded SRT (remove=srt): the passage's generated SRT serves again, or none without a passage; the file is gone", async ({
  request,
  world,
}) => {
  const uploaded = Buffer.from(`1\n00:00:01,000 --> 00:00:03,000\nTimed by hand ${randomBytes(4).toString("hex")}\n`);
  const srt = { buffer: uploaded, name: "timed.srt", mimeType: "application/x-subrip" };
  const withPassage = await expectJson<SpeechChallenge>(
    await send(request, world.orgToken, "POST", BASE, { language: "eng", sentences: "Typed text.", srt }),
    201,
  );
  // Uploading and removing the same file at once is refused, and changes nothing.
  await expectFieldError(
    await send(request, world.orgToken, "PUT", `${BASE}/${withPassage.id}`, { srt, remove: "srt" }),
    "SpeechChallenge",
    "remove",
  );
  expect(await storedCopies(uploaded)).toBe(1);
  // Multipart, one "remove" part: the passage's SRT takes over.
  const followed = await expectJson<SpeechChallenge>(
    await send(request, world.orgToken, "PUT", `${BASE}/${withPassage.id}`, { remove: "srt" }),
    200,
  );
  expect(followed).toMatchObject({ sentences: ["Typed text."], srtGenerated: true });
  expect(cueTexts(await srtText(request, world.orgToken, followed.srtUrl!))).toEqual(["Typed text."]);
  expect(await storedCopies(uploaded)).toBe(0);

  // JSON, without a passage: no SRT at all.
  const bare = await expectJson<SpeechChallenge>(
    await send(request, world.orgToken, "POST", BASE, { language: "eng", srt }),
    201,
  );
  const none = await expectJson<SpeechChallenge>(
    await request.put(`${BASE}/${bare.id}`, { headers: authed(world.orgToken), data: { remove: ["srt"] } }),
    200,
  );
  expect(none).toMatchObject({ srtUrl: null, srtGenerated: false, sentences: null });
  expect(await storedCopies(uploaded)).toBe(0);
  await expectFieldError(
    await request.put(`${BASE}/${bare.id}`, { headers: authed(world.orgToken), data: { remove: ["video"] } }),
    "SpeechChallenge",
    "remove",
  );
});

test("bad sentences are refused with 422 naming the field, and nothing is stored", async ({ request, world }) => {
  for (const sentences of [[42], "x".repeat(2001), Array.from({ length: 501 }, () => "a"), { a: 1 }]) {
    await expectFieldError(
      await request.post(BASE, { headers: authed(world.orgToken), data: { language: "eng", sentences } }),
      "SpeechChallenge",
      "sentences",
    );
  }
  const list = await expectJson<unknown[]>(await request.get(BASE, { headers: authed(world.orgToken) }), 200);
  expect(list).toEqual([]);
});

test("the engines read the typed passage: a recording of it is aligned word by word (reference annotation)", async ({
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const { wav } = await testAudio();
  const student = await member(request, world, "STUDENT");
  const challenge = await expectJson<SpeechChallenge>(
    await send(request, world.orgToken, "POST", BASE, { language: "eng", sentences: ["The cat sits", "on the mat."] }),
    201,
  );
  type Recording = { id: string; referenceAnnotation: { status: string; engine: string | null } };
  const recording = await expectJson<Recording>(
    await send(request, student.token, "POST", `${BASE}/${challenge.id}/recordings`, {
      audio: wavPart(uniqueWav(wav)),
      resultSetId: uniqueId("rs"),
    }),
    201,
  );
  await expect
    .poll(
      async () =>
        (
          await expectJson<Recording>(
            await request.get(`${BASE}/${challenge.id}/recordings/${recording.id}`, {
              headers: authed(world.orgToken),
            }),
            200,
          )
        ).referenceAnnotation.status,
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe("aligned");
  const reference = await expectJson<{ fragments: { labels: { layer: string; label: string }[] }[] }>(
    await request.get(
      `/api/organisations/${world.orgId}/challenges/speech/${challenge.id}/recordings/${recording.id}/reference`,
      { headers: authed(world.orgToken) },
    ),
    200,
  );
  const words = reference.fragments.flatMap((f) => f.labels.filter((l) => l.layer === "Words").map((l) => l.label));
  expect(words.map((w) => w.toLowerCase())).toEqual(WAV_TEXT.toLowerCase().replace(/[.]/g, "").split(" "));
});
