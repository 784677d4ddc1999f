// Speech challenges (POST/GET /challenges/speech, GET/PUT/DELETE /challenges/speech/:challenge)
// over HTTP with real files: spoken audio (espeak-ng WAV, opusenc Ogg Opus), images made by
// ffmpeg (PNG, JPEG, GIF, WebP) and SubRip transcriptions.
// Contract: service-interface.md sections 2 ("Speech challenge": topic optional, language ISO
// 639-2, referenceAudio/srt/image optional and returned as ...Url or null, metadata verbatim or
// null) and 4 (201 + Location on create; PUT incremental, the example sends only {topic} as JSON,
// 200 + Location); api-conventions.md for errors, permissions (CHALLENGE_CREATE/_EDIT/_DELETE/
// _LIST) and ids. Failed writes leave no rows and no files; replaced and deleted files are gone.
import { execFile } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext } from "@playwright/test";
import {
  authed,
  createOrganisation,
  download,
  downloadUrlPattern,
  expectJson,
  impersonate,
  listAll,
  member,
  nextUrl,
  uniqueId,
} from "../support/api";
import { expectError, expectFieldError, ISO } from "../support/assertions";
import { oggPart, sha256, type TestAudio, testAudio, uniqueWav, wavPart } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { encodeForm, type FilePart, type MultipartFields, sendMultipart } from "../support/multipart";
import { storedCopies } from "../support/storage";

const BASE = "/api/challenges/speech";
const RESOURCE = "SpeechChallenge";
// sentences and srtGenerated are ours (the typed passage: e2e/api/speech-passage.spec.ts), and
// readingStop (where reading is counted up to: e2e/api/reading-stop.spec.ts).
const FIELDS = [
  "created",
  "id",
  "imageUrl",
  "language",
  "metadata",
  "readingStop",
  "referenceAudioUrl",
  "sentences",
  "srtGenerated",
  "srtUrl",
  "topic",
  "updated",
];

type SpeechChallenge = {
  id: string;
  topic: string | null;
  language: string;
  referenceAudioUrl: string | null;
  srtUrl: string | null;
  imageUrl: string | null;
  metadata: string | null;
  sentences: string[] | null;
  srtGenerated: boolean;
  readingStop: string;
  created: string;
  updated: string;
};

const execFileP = promisify(execFile);
let dir: string;
let audio: TestAudio;
let jpeg: Buffer;
let gif: Buffer;
let webp: Buffer;

/** A real image made by ffmpeg: an 8x8 picture of one colour (random unless given). */
async function makeImage(
  ext: "png" | "jpg" | "gif" | "webp",
  color = randomInt(0, 0xffffff).toString(16).padStart(6, "0"),
): Promise<Buffer> {
  const file = path.join(dir, `${randomBytes(6).toString("hex")}.${ext}`);
  await execFileP("ffmpeg", [
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `color=c=0x${color}:s=8x8`,
    "-frames:v",
    "1",
    file,
  ]);
  return fs.readFile(file);
}

/** A PNG no other request sends (random colour, plus a random text chunk keeps it unique). */
async function uniquePng(): Promise<Buffer> {
  const png = await makeImage("png");
  // A tEXt chunk before IEND keeps the file a valid PNG (CRC over type + data).
  const { crc32 } = await import("node:zlib");
  const data = Buffer.from(`Comment\0${randomBytes(8).toString("hex")}`, "latin1");
  const type = Buffer.from("tEXt", "latin1");
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])) >>> 0, 8 + data.length);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

/** A SubRip file (CRLF, BOM) whose text is unique. */
const uniqueSrt = (bom = true) =>
  Buffer.from(
    `${bom ? "\uFEFF" : ""}1\r\n00:00:00,000 --> 00:00:01,250\r\nThe cat sits\r\n\r\n2\r\n00:00:01,300 --> 00:00:02,800\r\non the mat. ${randomBytes(4).toString("hex")}\r\nNaïve café — ünïcode\r\n\r\n`,
    "utf8",
  );

const pngPart = (buffer: Buffer, name = "picture.png"): FilePart => ({ buffer, name, mimeType: "image/png" });
const srtPart = (buffer: Buffer, name = "transcript.srt"): FilePart => ({
  buffer,
  name,
  mimeType: "application/x-subrip",
});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  audio = await testAudio();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "speech-spec-"));
  [jpeg, gif, webp] = await Promise.all([
    makeImage("jpg", "ff0000"),
    makeImage("gif", "00ff00"),
    makeImage("webp", "0000ff"),
  ]);
});

test.afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const post = (request: APIRequestContext, token: string, fields: MultipartFields) =>
  sendMultipart(request, "POST", BASE, fields, authed(token));
const put = (request: APIRequestContext, token: string, id: string, fields: MultipartFields) =>
  sendMultipart(request, "PUT", `${BASE}/${id}`, fields, authed(token));

async function newChallenge(
  request: APIRequestContext,
  token: string,
  fields: Record<string, string | FilePart> = {},
): Promise<SpeechChallenge> {
  return expectJson<SpeechChallenge>(await post(request, token, { language: "eng", ...fields }), 201);
}

const getOne = async (request: APIRequestContext, token: string, id: string) =>
  expectJson<SpeechChallenge>(await request.get(`${BASE}/${id}`, { headers: authed(token) }), 200);
const challengeIds = async (request: APIRequestContext, token: string) =>
  (await listAll<SpeechChallenge>(request, BASE, token)).map((c) => c.id).sort();

test.describe("creating speech challenges", () => {
  test("multipart with every field: 201, Location, the files stored as sent and downloadable", async ({
    request,
    world,
  }) => {
    const reference = uniqueWav(audio.wav);
    const srt = uniqueSrt();
    const png = await uniquePng();
    // Verbatim, spaces and line break included (FormData sends line breaks as CRLF, so this one is CRLF already).
    const metadata = '  {"level": "B1", "tags": ["日本語", "ελληνικά", "😀"], "note": "  keep  \\n  spacing "}\r\n';
    const id = uniqueId("speech");
    const response = await post(request, world.orgToken, {
      id,
      topic: "Describe your favourite café",
      language: "nld",
      referenceAudio: wavPart(reference),
      srt: srtPart(srt),
      image: pngPart(png),
      metadata,
    });
    const challenge = await expectJson<SpeechChallenge>(response, 201);
    expect(response.headers().location).toBe(`${new URL(response.url()).origin}${BASE}/${id}`);
    expect(Object.keys(challenge).sort()).toEqual(FIELDS);
    expect(challenge).toEqual({
      id,
      topic: "Describe your favourite café",
      language: "nld",
      referenceAudioUrl: expect.stringMatching(downloadUrlPattern()),
      srtUrl: expect.stringMatching(downloadUrlPattern()),
      imageUrl: expect.stringMatching(downloadUrlPattern()),
      metadata,
      sentences: null,
      srtGenerated: false,
      readingStop: "lastRead",
      created: ISO,
      updated: ISO,
    });
    expect(await getOne(request, world.orgToken, id)).toEqual(challenge);

    expect(sha256(await download(request, world.orgToken, challenge.referenceAudioUrl!))).toBe(sha256(reference));
    const srtResponse = await request.get(challenge.srtUrl!, { headers: authed(world.orgToken) });
    expect(srtResponse.status()).toBe(200);
    expect(srtResponse.headers()["content-type"]).toContain("application/x-subrip");
    expect((await srtResponse.body()).equals(srt)).toBe(true);
    const imageResponse = await request.get(challenge.imageUrl!, { headers: authed(world.orgToken) });
    expect(imageResponse.headers()["content-type"]).toBe("image/png");
    expect((await imageResponse.body()).equals(png)).toBe(true);
    for (const bytes of [reference, srt, png]) expect(await storedCopies(bytes)).toBe(1);
  });

  test("only a language: a generated id, every other field null; metadata absent is null", async ({
    request,
    world,
  }) => {
    const challenge = await newChallenge(request, world.orgToken);
    expect(challenge).toEqual({
      id: expect.any(String),
      topic: null,
      language: "eng",
      referenceAudioUrl: null,
      srtUrl: null,
      imageUrl: null,
      metadata: null,
      sentences: null,
      srtGenerated: false,
      readingStop: "lastRead",
      created: ISO,
      updated: ISO,
    });
    expect(challenge.id.length).toBeGreaterThan(0);
    expect(await challengeIds(request, world.orgToken)).toEqual([challenge.id]);
  });

  test("images are taken by their bytes (PNG, JPEG, GIF, WebP) and served with the sniffed type; Ogg Opus reference audio", async ({
    request,
    world,
  }) => {
    for (const [bytes, type] of [
      [jpeg, "image/jpeg"],
      [gif, "image/gif"],
      [webp, "image/webp"],
    ] as const) {
      // The declared part type is ignored: the bytes decide.
      const challenge = await newChallenge(request, world.orgToken, {
        image: { buffer: bytes, name: "x.bin", mimeType: "application/octet-stream" },
      });
      const response = await request.get(challenge.imageUrl!, { headers: authed(world.orgToken) });
      expect(response.headers()["content-type"]).toBe(type);
      expect((await response.body()).equals(bytes)).toBe(true);
    }
    const withOgg = await newChallenge(request, world.orgToken, {
      referenceAudio: oggPart(audio.ogg),
      srt: srtPart(uniqueSrt(false)),
    });
    expect(sha256(await download(request, world.orgToken, withOgg.referenceAudioUrl!))).toBe(sha256(audio.ogg));
  });

  test("JSON bodies work too (what the SDK sends for a plain object); metadata is kept verbatim", async ({
    request,
    world,
  }) => {
    const metadata = JSON.stringify({ ключ: "значение", emoji: "🎙️", nested: { a: [1, 2, 3] } });
    const response = await request.post(BASE, {
      data: { topic: "  Trimmed topic  ", language: "ENG", metadata },
      headers: authed(world.orgToken),
    });
    const challenge = await expectJson<SpeechChallenge>(response, 201);
    expect(challenge).toMatchObject({ topic: "Trimmed topic", language: "eng", metadata, srtUrl: null });
    expect(response.headers().location).toMatch(new RegExp(`${BASE}/${challenge.id}$`));
    // Base64 file fields in JSON are files too.
    const png = await uniquePng();
    const withImage = await expectJson<SpeechChallenge>(
      await request.post(BASE, {
        data: { language: "fra", image: `data:image/png;base64,${png.toString("base64")}` },
        headers: authed(world.orgToken),
      }),
      201,
    );
    expect((await download(request, world.orgToken, withImage.imageUrl!)).equals(png)).toBe(true);
  });

  test("a taken id is 409; the first challenge is unchanged and nothing new is stored", async ({ request, world }) => {
    const first = await newChallenge(request, world.orgToken, { id: uniqueId("speech"), topic: "Original" });
    const png = await uniquePng();
    const body = await expectError(
      await post(request, world.orgToken, { id: first.id, language: "eng", topic: "Impostor", image: pngPart(png) }),
      409,
    );
    expect(body.errors).toContainEqual(
      expect.objectContaining({ resource: RESOURCE, field: "id", code: "already_exists" }),
    );
    expect(await getOne(request, world.orgToken, first.id)).toEqual(first);
    expect(await storedCopies(png)).toBe(0);
  });

  test("refusals are 422 on the field and store nothing: language, SubRip, image, audio, ids", async ({
    request,
    world,
  }) => {
    const png = await uniquePng();
    const reference = uniqueWav(audio.wav);
    const keep = { image: pngPart(png), referenceAudio: wavPart(reference) };
    const expectRefused = async (fields: MultipartFields, field: string, code = "invalid") =>
      expectFieldError(await post(request, world.orgToken, fields), RESOURCE, field, code);

    await expectRefused({ topic: "No language", ...keep }, "language", "missing_field");
    await expectRefused({ language: "english", ...keep }, "language");
    await expectRefused({ language: "xx", ...keep }, "language");
    await expectRefused({ language: "eng", id: "has/slash", ...keep }, "id");

    const badSrts: [string, string | Buffer][] = [
      ["plain text", "Hello, this is not a subtitle file.\n"],
      ["dots in the timing", "1\n00:00:01.000 --> 00:00:02.000\nHello\n"],
      ["start after end", "1\n00:00:05,000 --> 00:00:02,000\nHello\n"],
      ["missing timing", "1\nHello\n\n2\n00:00:01,000 --> 00:00:02,000\nWorld\n"],
      ["no cue number", "00:00:01,000 --> 00:00:02,000\nHello\n"],
      ["minutes out of range", "1\n00:61:01,000 --> 00:62:02,000\nHello\n"],
      ["empty", ""],
      ["WebVTT", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n"],
      ["not UTF-8", Buffer.from([0x31, 0x0a, 0xff, 0xfe, 0x00, 0x41])],
    ];
    for (const [what, content] of badSrts) {
      const error = await expectRefused({ language: "eng", srt: srtPart(Buffer.from(content)), ...keep }, "srt");
      expect(error.message, what).toEqual(expect.any(String));
    }
    await expectRefused(
      { language: "eng", srt: "1\n00:00:01,000 --> 00:00:02,000\nText, not a file part\n", ...keep },
      "srt",
    );

    const notImages: [string, Buffer][] = [
      ["text", Buffer.from("I am not a picture")],
      ["WAV audio", audio.wav],
      ["empty", Buffer.alloc(0)],
      ["PDF", Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n", "latin1")],
    ];
    for (const [, bytes] of notImages) {
      await expectRefused(
        {
          language: "eng",
          image: { buffer: bytes, name: "fake.png", mimeType: "image/png" },
          referenceAudio: wavPart(reference),
        },
        "image",
      );
    }
    await expectRefused(
      {
        language: "eng",
        referenceAudio: { buffer: audio.broken.mp3AsWav, name: "x.wav", mimeType: "audio/wav" },
        image: pngPart(png),
      },
      "referenceAudio",
    );
    await expectRefused(
      { language: "eng", referenceAudio: wavPart(Buffer.from("RIFF....WAVEnope")), image: pngPart(png) },
      "referenceAudio",
    );

    expect(await challengeIds(request, world.orgToken)).toEqual([]);
    expect(await storedCopies(png, { includeTmp: true })).toBe(0);
    expect(await storedCopies(reference, { includeTmp: true })).toBe(0);
  });
});

test.describe("listing speech challenges", () => {
  test("a plain list in creation order, paginated with Link rel=next", async ({ request, world }) => {
    const created: SpeechChallenge[] = [];
    for (let i = 0; i < 5; i++) created.push(await newChallenge(request, world.orgToken, { topic: `Topic ${i}` }));
    const first = await request.get(`${BASE}?perPage=2`, { headers: authed(world.orgToken) });
    const page = await expectJson<SpeechChallenge[]>(first, 200);
    expect(page).toEqual(created.slice(0, 2));
    expect(nextUrl(first)).toEqual(expect.stringContaining("startCursor="));
    expect(await listAll<SpeechChallenge>(request, BASE, world.orgToken, 2)).toEqual(created);
    expect(
      await expectJson<SpeechChallenge[]>(await request.get(BASE, { headers: authed(world.orgToken) }), 200),
    ).toEqual(created);
  });
});

test.describe("updating speech challenges", () => {
  test("JSON {topic} (the contract's example): 200, Location, only the topic changes", async ({ request, world }) => {
    const challenge = await newChallenge(request, world.orgToken, {
      topic: "Before",
      metadata: "meta",
      srt: srtPart(uniqueSrt()),
    });
    const response = await request.put(`${BASE}/${challenge.id}`, {
      data: { topic: "After" },
      headers: authed(world.orgToken),
    });
    const updated = await expectJson<SpeechChallenge>(response, 200);
    expect(response.headers().location).toBe(`${new URL(response.url()).origin}${BASE}/${challenge.id}`);
    expect(updated).toEqual({ ...challenge, topic: "After", updated: ISO });
    expect(Date.parse(updated.updated)).toBeGreaterThanOrEqual(Date.parse(challenge.updated));
    expect(await getOne(request, world.orgToken, challenge.id)).toEqual(updated);
  });

  test("form-encoded and JSON: language, metadata; null clears topic and metadata; an empty body changes nothing", async ({
    request,
    world,
  }) => {
    const challenge = await newChallenge(request, world.orgToken, { topic: "Topic", metadata: "old" });
    const form = await request.put(`${BASE}/${challenge.id}`, {
      data: encodeForm({ language: "deu", metadata: "  neue Metadaten ✓ " }),
      headers: { ...authed(world.orgToken), "content-type": "application/x-www-form-urlencoded" },
    });
    expect(await expectJson<SpeechChallenge>(form, 200)).toMatchObject({
      topic: "Topic",
      language: "deu",
      metadata: "  neue Metadaten ✓ ",
    });
    const cleared = await expectJson<SpeechChallenge>(
      await request.put(`${BASE}/${challenge.id}`, {
        data: { topic: null, metadata: null },
        headers: authed(world.orgToken),
      }),
      200,
    );
    expect(cleared).toMatchObject({ topic: null, metadata: null, language: "deu" });
    const same = await expectJson<SpeechChallenge>(
      await request.put(`${BASE}/${challenge.id}`, { data: {}, headers: authed(world.orgToken) }),
      200,
    );
    expect({ ...same, updated: cleared.updated }).toEqual(cleared);
    await expectFieldError(
      await request.put(`${BASE}/${challenge.id}`, { data: { language: "zzz" }, headers: authed(world.orgToken) }),
      RESOURCE,
      "language",
    );
    expect((await getOne(request, world.orgToken, challenge.id)).language).toBe("deu");
  });

  test("multipart with new files replaces them: the old files are gone, the others untouched", async ({
    request,
    world,
  }) => {
    const [oldAudio, oldSrt, oldPng] = [uniqueWav(audio.wav), uniqueSrt(), await uniquePng()];
    const challenge = await newChallenge(request, world.orgToken, {
      referenceAudio: wavPart(oldAudio),
      srt: srtPart(oldSrt),
      image: pngPart(oldPng),
    });
    const [newSrt, newPng] = [uniqueSrt(), await uniquePng()];
    const updated = await expectJson<SpeechChallenge>(
      await put(request, world.orgToken, challenge.id, {
        srt: srtPart(newSrt),
        image: pngPart(newPng),
        topic: "New files",
      }),
      200,
    );
    expect(updated.referenceAudioUrl).toBe(challenge.referenceAudioUrl);
    expect(updated.srtUrl).not.toBe(challenge.srtUrl);
    expect(updated.imageUrl).not.toBe(challenge.imageUrl);
    expect(updated.topic).toBe("New files");
    for (const url of [challenge.srtUrl!, challenge.imageUrl!])
      await expectError(await request.get(url, { headers: authed(world.orgToken) }), 404);
    expect(await storedCopies(oldSrt)).toBe(0);
    expect(await storedCopies(oldPng)).toBe(0);
    expect(await storedCopies(oldAudio)).toBe(1);
    expect((await download(request, world.orgToken, updated.srtUrl!)).equals(newSrt)).toBe(true);
    expect((await download(request, world.orgToken, updated.imageUrl!)).equals(newPng)).toBe(true);

    const newAudio = uniqueWav(audio.wav);
    const again = await expectJson<SpeechChallenge>(
      await put(request, world.orgToken, challenge.id, { referenceAudio: wavPart(newAudio) }),
      200,
    );
    expect(await storedCopies(oldAudio)).toBe(0);
    expect(sha256(await download(request, world.orgToken, again.referenceAudioUrl!))).toBe(sha256(newAudio));
    await expectError(await request.get(challenge.referenceAudioUrl!, { headers: authed(world.orgToken) }), 404);
    expect({ ...again, updated: updated.updated, referenceAudioUrl: updated.referenceAudioUrl }).toEqual(updated);
  });

  test("a refused update changes nothing and stores nothing", async ({ request, world }) => {
    const png = await uniquePng();
    const challenge = await newChallenge(request, world.orgToken, { topic: "Stays", image: pngPart(png) });
    const newPng = await uniquePng();
    await expectFieldError(
      await put(request, world.orgToken, challenge.id, {
        topic: "Changed",
        image: pngPart(newPng),
        srt: srtPart(Buffer.from("garbage")),
      }),
      RESOURCE,
      "srt",
    );
    await expectFieldError(
      await put(request, world.orgToken, challenge.id, {
        topic: "Changed",
        srt: srtPart(uniqueSrt()),
        image: { buffer: Buffer.from("not a gif at all"), name: "x.gif" },
      }),
      RESOURCE,
      "image",
    );
    expect(await getOne(request, world.orgToken, challenge.id)).toEqual(challenge);
    expect(await storedCopies(newPng, { includeTmp: true })).toBe(0);
    expect(await storedCopies(png)).toBe(1);
  });
});

test.describe("deleting speech challenges", () => {
  test("204; then 404 everywhere; its files are gone, other challenges untouched; the id may be reused", async ({
    request,
    world,
  }) => {
    const files = { audio: uniqueWav(audio.wav), srt: uniqueSrt(), png: await uniquePng() };
    const challenge = await newChallenge(request, world.orgToken, {
      referenceAudio: wavPart(files.audio),
      srt: srtPart(files.srt),
      image: pngPart(files.png),
    });
    const keep = await newChallenge(request, world.orgToken, { topic: "Kept" });
    const headers = authed(world.orgToken);
    const response = await request.delete(`${BASE}/${challenge.id}`, { headers });
    expect(response.status()).toBe(204);
    expect(await response.text()).toBe("");
    await expectError(await request.get(`${BASE}/${challenge.id}`, { headers }), 404);
    await expectError(await request.put(`${BASE}/${challenge.id}`, { data: { topic: "x" }, headers }), 404);
    await expectError(await request.delete(`${BASE}/${challenge.id}`, { headers }), 404);
    for (const url of [challenge.referenceAudioUrl!, challenge.srtUrl!, challenge.imageUrl!])
      await expectError(await request.get(url, { headers }), 404);
    for (const bytes of Object.values(files)) expect(await storedCopies(bytes)).toBe(0);
    expect(await challengeIds(request, world.orgToken)).toEqual([keep.id]);
    const reborn = await newChallenge(request, world.orgToken, { id: challenge.id });
    expect(reborn.srtUrl).toBeNull();
  });
});

test.describe("deleting a speech challenge with recordings", () => {
  test("its recordings, their result set and all their audio go with it; another challenge's recordings stay", async ({
    request,
    world,
  }) => {
    const student = await member(request, world, "STUDENT");
    const challenge = await newChallenge(request, world.orgToken, { referenceAudio: wavPart(uniqueWav(audio.wav)) });
    const keep = await newChallenge(request, world.orgToken);
    const uploads = [uniqueWav(audio.wav), uniqueWav(audio.wav)];
    const resultSetId = uniqueId("set");
    type Recording = { id: string; audioUrl: string; resultSet: { id: string; combinedAudioUrl: string } };
    const recordings: Recording[] = [];
    for (const bytes of uploads) {
      const response = await sendMultipart(
        request,
        "POST",
        `${BASE}/${challenge.id}/recordings`,
        { audio: wavPart(bytes), resultSetId },
        authed(student.token),
      );
      recordings.push(await expectJson<Recording>(response, 201));
    }
    const kept = uniqueWav(audio.wav);
    const keptRecording = await expectJson<Recording>(
      await sendMultipart(
        request,
        "POST",
        `${BASE}/${keep.id}/recordings`,
        { audio: wavPart(kept), resultSetId: uniqueId("set") },
        authed(student.token),
      ),
      201,
    );
    for (const bytes of [...uploads, kept]) expect(await storedCopies(bytes)).toBe(1);

    expect((await request.delete(`${BASE}/${challenge.id}`, { headers: authed(world.orgToken) })).status()).toBe(204);
    for (const bytes of uploads) expect(await storedCopies(bytes)).toBe(0);
    for (const r of recordings)
      await expectError(await request.get(r.audioUrl, { headers: authed(world.orgToken) }), 404);
    await expectError(
      await request.get(`${BASE}/${challenge.id}/recordings/${recordings[0]!.id}`, { headers: authed(world.orgToken) }),
      404,
    );
    expect(await storedCopies(kept)).toBe(1);
    expect(sha256(await download(request, world.orgToken, keptRecording.audioUrl))).toBe(sha256(kept));
    // The result set's id is free again (its row is gone): a new challenge's recording may start it afresh.
    const again = await newChallenge(request, world.orgToken);
    const fresh = await sendMultipart(
      request,
      "POST",
      `${BASE}/${again.id}/recordings`,
      { audio: wavPart(uniqueWav(audio.wav)), resultSetId },
      authed(student.token),
    );
    expect((await expectJson<Recording>(fresh, 201)).resultSet.id).toBe(resultSetId);
  });
});

test.describe("who may do what", () => {
  test("permissions: teachers create, edit and delete; students only read; a tenant must impersonate an organisation; no token is 401", async ({
    request,
    world,
  }) => {
    const teacher = await member(request, world, "TEACHER");
    const student = await member(request, world, "STUDENT");
    const byTeacher = await newChallenge(request, teacher.token, { topic: "Teacher's" });
    expect(
      (
        await expectJson<SpeechChallenge>(
          await request.put(`${BASE}/${byTeacher.id}`, { data: { topic: "Edited" }, headers: authed(teacher.token) }),
          200,
        )
      ).topic,
    ).toBe("Edited");

    await expectError(await post(request, student.token, { language: "eng" }), 403);
    await expectError(
      await request.put(`${BASE}/${byTeacher.id}`, { data: { topic: "Student" }, headers: authed(student.token) }),
      403,
    );
    await expectError(await request.delete(`${BASE}/${byTeacher.id}`, { headers: authed(student.token) }), 403);
    expect((await getOne(request, student.token, byTeacher.id)).topic).toBe("Edited");
    expect(await challengeIds(request, student.token)).toEqual([byTeacher.id]);

    await expectError(await post(request, world.tenantToken, { language: "eng" }), 403);
    await expectError(await request.get(BASE, { headers: authed(world.tenantToken) }), 403);
    await expectError(await request.get(BASE), 401);
    await expectError(await post(request, "not-a-token", { language: "eng" }), 401);

    expect((await request.delete(`${BASE}/${byTeacher.id}`, { headers: authed(teacher.token) })).status()).toBe(204);
    expect(await challengeIds(request, world.orgToken)).toEqual([]);
  });

  test("another organisation sees none of it: 404 for the challenge and its files, and an empty list", async ({
    request,
    world,
  }) => {
    const challenge = await newChallenge(request, world.orgToken, {
      srt: srtPart(uniqueSrt()),
      image: pngPart(await uniquePng()),
    });
    const other = await createOrganisation(request, world.tenantToken);
    const otherToken = await impersonate(
      request,
      world.tenantToken,
      `tenant/${world.tenantId}/organisation/${other.id}`,
    );
    const headers = authed(otherToken);
    await expectError(await request.get(`${BASE}/${challenge.id}`, { headers }), 404);
    await expectError(await request.put(`${BASE}/${challenge.id}`, { data: { topic: "Hijack" }, headers }), 404);
    await expectError(await request.delete(`${BASE}/${challenge.id}`, { headers }), 404);
    for (const url of [challenge.srtUrl!, challenge.imageUrl!])
      await expectError(await request.get(url, { headers }), 404);
    expect(await challengeIds(request, otherToken)).toEqual([]);
    // The same id is free in the other organisation.
    expect((await newChallenge(request, otherToken, { id: challenge.id })).id).toBe(challenge.id);
    expect(await getOne(request, world.orgToken, challenge.id)).toEqual(challenge);
  });

  test("methods the routes do not have are JSON 405s", async ({ request, world }) => {
    const challenge = await newChallenge(request, world.orgToken);
    await expectError(await request.put(BASE, { data: {}, headers: authed(world.orgToken) }), 405);
    await expectError(await request.delete(BASE, { headers: authed(world.orgToken) }), 405);
    await expectError(
      await request.post(`${BASE}/${challenge.id}`, { data: {}, headers: authed(world.orgToken) }),
      405,
    );
  });
});
