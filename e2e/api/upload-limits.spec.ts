// Upload limits and hostile uploads on the audio endpoints (POST /challenges/pronunciation,
// POST /challenges/choice, POST .../choice/:id/recognitions, POST .../pronunciation/:id/analyses):
// a file part over MAX_UPLOAD_BYTES (8 MiB on the test servers) is a 413 JSON error answered
// after reading at most the limit plus a margin; a client that hangs up mid-upload leaves
// nothing; audio is judged by its bytes, not by its declared type or name; broken audio is a
// 422 on the field; the SDK's JSON form of a recognition (base64 or data: URL audio) works and
// a JSON body over MAX_BODY_BYTES (1 MiB) is a 413. Every refusal leaves no rows (lists), no
// stored file (the server's files/ directory is searched for the uploaded bytes) and no upload
// temp files (<dataDir>/tmp). Contract: service-interface.md sections 1 (Ogg Opus or WAV), 4
// and 8; api-conventions.md (errors are JSON; 413 over the size limit; 422 on field audio,
// code invalid, for audio that is neither Ogg Opus nor WAV by its bytes). A private server
// (SQLite project only) with a 12 MiB limit checks uploads over 10 MB, which Next's proxy body
// clone would cut short, and that answering a 413 logs no unhandled rejection.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { authed, createUser, expectJson, impersonate, uniqueId } from "../support/api";
import { oggPart, sha256, type TestAudio, testAudio, uniqueWav, wavPart } from "../support/audio";
import { ADMIN_PASSWORD, PORTS } from "../support/env";
import { expect, test, type World } from "../support/fixtures";
import { type FilePart, type MultipartRecord, postMultipart } from "../support/multipart";
import {
  abandonUpload,
  expectTmpCleared,
  filesDir,
  filesStartingWith,
  multipartFrame,
  streamUpload,
  tmpEntries,
  uploadTmpDir,
} from "../support/raw-upload";
import { type PrivateServer, privateServer } from "../support/server";
import { storedCopies } from "../support/storage";

const MiB = 1024 * 1024;
const MAX_UPLOAD = 8 * MiB; // playwright.config.ts MAX_UPLOAD_BYTES
const MAX_BODY = 1 * MiB; // the default MAX_BODY_BYTES
const PRON = "/api/challenges/pronunciation";
const CHOICE = "/api/challenges/choice";

type ErrorBody = { message: string; errors?: { resource: string; field: string; code: string; message?: string }[] };
type Json = Record<string, unknown>;
type Member = { id: string; token: string };

let audio: TestAudio;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  audio = await testAudio();
});

const baseURL = () => String(test.info().project.use.baseURL).replace(/\/$/, "");

// ---- helpers ----

async function expectError(response: APIResponse, status: number): Promise<ErrorBody> {
  const text = await response.text();
  expect(response.status(), `${response.url()} answered ${response.status()}: ${text.slice(0, 600)}`).toBe(status);
  expect(response.headers()["content-type"]).toContain("application/json");
  const body = JSON.parse(text) as ErrorBody;
  expect(body.message).toEqual(expect.any(String));
  return body;
}

async function expectFieldError(
  response: APIResponse,
  resource: string,
  field: string,
  code = "invalid",
): Promise<ErrorBody> {
  const body = await expectError(response, 422);
  expect(body.errors, JSON.stringify(body)).toContainEqual(expect.objectContaining({ resource, field, code }));
  return body;
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

async function ids(request: APIRequestContext, token: string, path: string): Promise<string[]> {
  const items: string[] = [];
  let url: string | null = `${path}?perPage=100`;
  for (let page = 0; url; page++) {
    expect(page, "pagination does not end").toBeLessThan(100);
    const response: APIResponse = await request.get(url, { headers: authed(token) });
    items.push(...(await expectJson<{ id: string }[]>(response, 200)).map((i) => i.id));
    const link: string | undefined = response.headers().link;
    url = link ? (/<([^>]+)>\s*;\s*rel="?next"?/.exec(link)?.[1] ?? null) : null;
  }
  return items.sort();
}

async function download(
  request: APIRequestContext,
  token: string,
  url: string,
): Promise<{ bytes: Buffer; contentType: string | undefined }> {
  const response = await request.get(url, { headers: authed(token) });
  expect(response.status(), `download ${url}`).toBe(200);
  return { bytes: await response.body(), contentType: response.headers()["content-type"] };
}

async function waitPrepared(request: APIRequestContext, token: string, id: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await expectJson<{ status: string }>(await request.get(`${CHOICE}/${id}`, { headers: authed(token) }), 200))
          .status,
      {
        message: `choice challenge ${id} becomes prepared`,
        timeout: 30_000,
        intervals: [100, 200, 500],
      },
    )
    .toBe("prepared");
}

async function preparedChoice(request: APIRequestContext, token: string, choices = ["Yes", "No"]): Promise<string> {
  const created = await expectJson<{ id: string; status: string }>(
    await postMultipart(request, CHOICE, { choices, language: "eng" }, authed(token)),
    202,
  );
  expect(created.status).toBe("preparing");
  await waitPrepared(request, token, created.id);
  return created.id;
}

async function pronunciationChallenge(request: APIRequestContext, token: string): Promise<string> {
  const fields = { transcription: "A dog runs in the park.", language: "eng", referenceAudio: oggPart(audio.ogg) };
  return (await expectJson<{ id: string }>(await postMultipart(request, PRON, fields, authed(token)), 201)).id;
}

/** The first bytes of a RIFF/WAVE file followed by a random marker: a prefix no other upload has. */
function uniqueWavPrefix(): Buffer {
  const header = Buffer.from(audio.wav.subarray(0, 44));
  header.writeUInt32LE(0x7fff0000, 4); // RIFF size: "big"
  header.writeUInt32LE(0x7fff0000 - 36, 40); // data size
  return Buffer.concat([header, randomBytes(4096)]);
}

/** A valid WAV whose first samples are random: its first 52 bytes are unique. */
function wavWithUniqueStart(): { bytes: Buffer; prefix: Buffer } {
  const bytes = Buffer.from(audio.wav);
  const data = bytes.indexOf("data", 12, "latin1") + 8;
  randomBytes(16).copy(bytes, data);
  return { bytes, prefix: bytes.subarray(0, data + 16) };
}

/** Nothing holding these first bytes in storage (files/, including its .tmp) or in the upload temp dir. */
async function expectNoFileStartingWith(prefix: Buffer) {
  await expect
    .poll(
      async () => [
        ...(await filesStartingWith(filesDir(), prefix)),
        ...(await filesStartingWith(uploadTmpDir(), prefix)),
      ],
      {
        message: "files holding the refused upload",
        timeout: 5_000,
        intervals: [100, 250, 500],
      },
    )
    .toEqual([]);
}

// ---- endpoints with an audio part ----

type Endpoint = {
  name: string;
  url: string;
  token: string;
  /** Where its rows are listed (with `listToken`). */
  list: string;
  listToken: string;
  resource: string;
  field: string;
  fields: MultipartRecord;
  status: number;
  audioUrl: (body: Json) => string;
};

async function audioEndpoints(request: APIRequestContext, world: World): Promise<Endpoint[]> {
  const student = await member(request, world, "STUDENT");
  const choiceId = await preparedChoice(request, world.orgToken);
  const pronId = await pronunciationChallenge(request, world.orgToken);
  return [
    {
      name: "POST /challenges/pronunciation",
      url: PRON,
      token: world.orgToken,
      list: PRON,
      listToken: world.orgToken,
      resource: "PronunciationChallenge",
      field: "referenceAudio",
      fields: { transcription: "The cat sits on the mat.", language: "eng" },
      status: 201,
      audioUrl: (b) => b.referenceAudioUrl as string,
    },
    {
      name: "POST /challenges/choice",
      url: CHOICE,
      token: world.orgToken,
      list: CHOICE,
      listToken: world.orgToken,
      resource: "ChoiceChallenge",
      field: "audio",
      fields: { choices: ["The cat sits on the mat.", "A dog runs in the park."], language: "eng" },
      status: 202,
      audioUrl: (b) => (b.choices as { audioUrl: string }[])[0]!.audioUrl,
    },
    {
      name: "POST /challenges/choice/:id/recognitions",
      url: `${CHOICE}/${choiceId}/recognitions`,
      token: student.token,
      list: `${CHOICE}/${choiceId}/recognitions`,
      listToken: world.orgToken,
      resource: "ChoiceRecognition",
      field: "audio",
      fields: { recognised: "Yes" },
      status: 201,
      audioUrl: (b) => b.audioUrl as string,
    },
    {
      name: "POST /challenges/pronunciation/:id/analyses",
      url: `${PRON}/${pronId}/analyses`,
      token: student.token,
      list: `${PRON}/${pronId}/analyses`,
      listToken: world.orgToken,
      resource: "PronunciationAnalysis",
      field: "audio",
      fields: {},
      status: 201,
      audioUrl: (b) => b.audioUrl as string,
    },
  ];
}

// ---- over the size limit ----

const bigTargets = [
  {
    name: "POST /challenges/pronunciation",
    url: PRON,
    fields: [
      ["transcription", "The cat sits on the mat."],
      ["language", "eng"],
    ] as [string, string][],
    file: "referenceAudio",
  },
  {
    name: "POST /challenges/choice",
    url: CHOICE,
    fields: [
      ["choices", "Yes"],
      ["choices", "No"],
      ["language", "eng"],
    ] as [string, string][],
    file: "audio",
  },
];

test.describe("a file part over the upload limit", () => {
  for (const target of bigTargets) {
    test(`${target.name}: a 9 MiB audio part is a 413 JSON error and leaves no rows and no files`, async ({
      request,
      world,
    }) => {
      const before = await ids(request, world.orgToken, target.url);
      const tmpBefore = await tmpEntries();
      const prefix = uniqueWavPrefix();
      const frame = multipartFrame(target.fields, { name: target.file, filename: "big.wav", mimeType: "audio/wav" });
      const result = await streamUpload(`${baseURL()}${target.url}`, {
        headers: authed(world.orgToken),
        frame,
        first: prefix,
        filler: randomBytes(256 * 1024),
        fileBytes: 9 * MiB,
        pauseMs: 1,
      });
      const tmpDuring = await tmpEntries();
      expect(
        result.status,
        `answer to a 9 MiB part: ${JSON.stringify({ ...result, body: result.body.slice(0, 300) })}`,
      ).toBe(413);
      expect(result.contentType).toContain("application/json");
      expect(JSON.parse(result.body)).toEqual({ message: expect.any(String) });

      expect(await ids(request, world.orgToken, target.url), "no new rows").toEqual(before);
      await expectNoFileStartingWith(prefix);
      await expectTmpCleared(tmpBefore, tmpDuring);
    });

    test(`${target.name}: 64 MiB streamed slowly is answered 413 after reading little more than the 8 MiB limit`, async ({
      request,
      world,
    }) => {
      test.setTimeout(120_000);
      const before = await ids(request, world.orgToken, target.url);
      const tmpBefore = await tmpEntries();
      const prefix = uniqueWavPrefix();
      const frame = multipartFrame(target.fields, { name: target.file, filename: "huge.wav", mimeType: "audio/wav" });
      const result = await streamUpload(`${baseURL()}${target.url}`, {
        headers: authed(world.orgToken),
        frame,
        first: prefix,
        filler: randomBytes(128 * 1024),
        fileBytes: 64 * MiB,
        pauseMs: 3,
        timeoutMs: 90_000,
      });
      const tmpDuring = await tmpEntries();
      const summary = JSON.stringify({ ...result, body: result.body.slice(0, 300) });
      expect(result.status, `answer to a 64 MiB part: ${summary}`).toBe(413);
      expect(result.contentType).toContain("application/json");
      expect(JSON.parse(result.body)).toEqual({ message: expect.any(String) });
      // The server stops reading at the limit (or refuses at once by Content-Length): the answer
      // comes long before the 64 MiB are sent.
      expect(result.sentAll, `the whole 64 MiB body was sent before the answer: ${summary}`).toBe(false);
      expect(
        result.writtenAtResponse!,
        `bytes sent when the 413 arrived (limit ${MAX_UPLOAD}): ${summary}`,
      ).toBeLessThan(16 * MiB);

      expect(await ids(request, world.orgToken, target.url), "no new rows").toEqual(before);
      await expectNoFileStartingWith(prefix);
      await expectTmpCleared(tmpBefore, tmpDuring);
      // The server is fine afterwards.
      expect((await request.get("/api/health")).status()).toBe(200);
    });
  }
});

// ---- clients that hang up ----

test.describe("a client that disconnects mid-upload", () => {
  test("POST .../recognitions and POST /challenges/pronunciation: no rows, no files, no temp files; the server answers normally after", async ({
    request,
    world,
  }) => {
    test.setTimeout(90_000);
    const student = await member(request, world, "STUDENT");
    const choiceId = await preparedChoice(request, world.orgToken);
    const targets = [
      {
        name: "recognition",
        url: `${CHOICE}/${choiceId}/recognitions`,
        token: student.token,
        list: `${CHOICE}/${choiceId}/recognitions`,
        fields: [["recognised", "Yes"]] as [string, string][],
        file: "audio",
        status: 201,
        urlField: "audioUrl",
      },
      {
        name: "pronunciation challenge",
        url: PRON,
        token: world.orgToken,
        list: PRON,
        fields: [
          ["transcription", "The cat sits on the mat."],
          ["language", "eng"],
        ] as [string, string][],
        file: "referenceAudio",
        status: 201,
        urlField: "referenceAudioUrl",
      },
    ];
    for (const target of targets) {
      await test.step(target.name, async () => {
        const before = await ids(request, world.orgToken, target.list);
        const { bytes, prefix } = wavWithUniqueStart();
        const frame = multipartFrame(target.fields, {
          name: target.file,
          filename: "speech.wav",
          mimeType: "audio/wav",
        });
        const tmpBefore = await tmpEntries();
        const { status } = await abandonUpload(`${baseURL()}${target.url}`, {
          headers: authed(target.token),
          contentType: frame.contentType,
          declaredLength: frame.head.length + bytes.length + frame.tail.length,
          head: frame.head,
          partial: bytes.subarray(0, Math.floor(bytes.length / 2)),
          waitMs: 500,
        });
        const tmpDuring = await tmpEntries();
        expect(status, "no answer before the body was complete").toBeNull();

        await expectTmpCleared(tmpBefore, tmpDuring);
        await expectNoFileStartingWith(prefix);
        expect(await storedCopies(bytes)).toBe(0);
        expect(await ids(request, world.orgToken, target.list), "no new rows").toEqual(before);

        // The same upload, complete, is stored normally.
        const fields: MultipartRecord = {};
        for (const [name, value] of target.fields) fields[name] = value;
        fields[target.file] = wavPart(bytes);
        const created = await expectJson<Json>(
          await postMultipart(request, target.url, fields, authed(target.token)),
          target.status,
        );
        const got = await download(request, target.token, created[target.urlField] as string);
        expect(got.bytes.equals(bytes), "the download equals the upload").toBe(true);
        expect(await ids(request, world.orgToken, target.list)).toEqual([...before, created.id as string].sort());
      });
    }
  });
});

// ---- audio judged by its bytes ----

test.describe("audio is judged by its bytes", () => {
  test("on every audio endpoint: a WAV declared audio/ogg named .opus is stored as WAV, an Ogg declared audio/wav named .wav as Ogg; random bytes named .wav are a 422 on the field", async ({
    request,
    world,
  }) => {
    test.setTimeout(90_000);
    for (const endpoint of await audioEndpoints(request, world)) {
      await test.step(endpoint.name, async () => {
        const wav = uniqueWav(audio.wav);
        const asOgg: FilePart = { buffer: wav, name: "speech.opus", mimeType: "audio/ogg" };
        const first = await expectJson<Json>(
          await postMultipart(
            request,
            endpoint.url,
            { ...endpoint.fields, [endpoint.field]: asOgg },
            authed(endpoint.token),
          ),
          endpoint.status,
        );
        const wavDownload = await download(request, endpoint.token, endpoint.audioUrl(first));
        expect(wavDownload.bytes.equals(wav), "the WAV is stored byte for byte").toBe(true);
        expect(wavDownload.contentType).toMatch(/^audio\/(wav|x-wav|wave|vnd\.wave)\b/);

        const asWav: FilePart = { buffer: audio.ogg2, name: "speech.wav", mimeType: "audio/wav" };
        const second = await expectJson<Json>(
          await postMultipart(
            request,
            endpoint.url,
            { ...endpoint.fields, [endpoint.field]: asWav },
            authed(endpoint.token),
          ),
          endpoint.status,
        );
        const oggDownload = await download(request, endpoint.token, endpoint.audioUrl(second));
        expect(sha256(oggDownload.bytes)).toBe(sha256(audio.ogg2));
        expect(oggDownload.contentType).toMatch(/^audio\/ogg\b/);

        const before = await ids(request, endpoint.listToken, endpoint.list);
        const random = randomBytes(48 * 1024);
        await expectFieldError(
          await postMultipart(
            request,
            endpoint.url,
            { ...endpoint.fields, [endpoint.field]: { buffer: random, name: "x.wav", mimeType: "audio/wav" } },
            authed(endpoint.token),
          ),
          endpoint.resource,
          endpoint.field,
        );
        expect(await storedCopies(random)).toBe(0);
        expect(await ids(request, endpoint.listToken, endpoint.list), "no new rows").toEqual(before);
      });
    }
  });

  test("on every audio endpoint: truncated Ogg, RIFF that is not WAVE, a 0-byte file, a text part, no part at all: 422 on the field, nothing stored", async ({
    request,
    world,
  }) => {
    test.setTimeout(90_000);
    for (const endpoint of await audioEndpoints(request, world)) {
      await test.step(endpoint.name, async () => {
        const before = await ids(request, endpoint.listToken, endpoint.list);
        const tmpBefore = await tmpEntries();
        const cases: [string, MultipartRecord, string][] = [
          [
            "truncated Ogg",
            { [endpoint.field]: { buffer: audio.broken.truncatedOgg, name: "t.opus", mimeType: "audio/ogg" } },
            "invalid",
          ],
          [
            "RIFF AVI named .wav",
            { [endpoint.field]: { buffer: audio.broken.riffAvi, name: "r.wav", mimeType: "audio/wav" } },
            "invalid",
          ],
          [
            "0-byte file",
            { [endpoint.field]: { buffer: audio.broken.empty, name: "e.wav", mimeType: "audio/wav" } },
            "invalid",
          ],
          [
            "a text part",
            { [endpoint.field]: "UklGRiQAAABXQVZFZm10IBAAAAABAAEAIlYAAESsAAACABAAZGF0YQAAAAA=" },
            "invalid",
          ],
        ];
        // The choice challenge's audio is optional; elsewhere a missing part is a missing_field.
        if (endpoint.resource !== "ChoiceChallenge") cases.push(["no audio part", {}, "missing_field"]);
        for (const [what, part, code] of cases) {
          await test.step(what, async () => {
            await expectFieldError(
              await postMultipart(request, endpoint.url, { ...endpoint.fields, ...part }, authed(endpoint.token)),
              endpoint.resource,
              endpoint.field,
              code,
            );
          });
        }
        expect(await storedCopies(audio.broken.truncatedOgg)).toBe(0);
        expect(await storedCopies(audio.broken.riffAvi)).toBe(0);
        expect(await ids(request, endpoint.listToken, endpoint.list), "no new rows").toEqual(before);
        await expectTmpCleared(tmpBefore, await tmpEntries());
      });
    }
  });
});

// ---- the SDK's JSON form of a recognition ----

test.describe("recognitions sent as JSON (as the SDK does)", () => {
  test("base64 and data: URL audio are stored byte for byte; audio {} is a 422; a JSON body over 1 MiB is a 413; failures store nothing", async ({
    request,
    world,
  }) => {
    test.setTimeout(90_000);
    const student = await member(request, world, "STUDENT");
    const choiceId = await preparedChoice(request, world.orgToken, ["Yes", "No"]);
    const url = `${CHOICE}/${choiceId}/recognitions`;
    const post = (data: unknown) =>
      request.post(url, {
        headers: { ...authed(student.token), "content-type": "application/json" },
        data: JSON.stringify(data),
      });

    const wav = uniqueWav(audio.wav);
    const id = uniqueId("json-rec");
    const plain = await expectJson<Json>(await post({ id, audio: wav.toString("base64"), recognised: "No" }), 201);
    expect(plain).toEqual(
      expect.objectContaining({
        id,
        recognised: "No",
        challengeId: choiceId,
        userId: student.id,
        audioUrl: expect.stringMatching(/^http/),
      }),
    );
    const plainDownload = await download(request, student.token, plain.audioUrl as string);
    expect(plainDownload.bytes.equals(wav), "base64 audio downloads byte for byte").toBe(true);
    expect(plainDownload.contentType).toMatch(/^audio\/(wav|x-wav|wave|vnd\.wave)\b/);

    const dataUrl = await expectJson<Json>(
      await post({ audio: `data:audio/ogg;base64,${audio.ogg.toString("base64")}`, recognised: "Yes" }),
      201,
    );
    expect(dataUrl).toEqual(
      expect.objectContaining({ id: expect.any(String), recognised: "Yes", challengeId: choiceId, userId: student.id }),
    );
    const dataDownload = await download(request, student.token, dataUrl.audioUrl as string);
    expect(sha256(dataDownload.bytes)).toBe(sha256(audio.ogg));
    expect(dataDownload.contentType).toMatch(/^audio\/ogg\b/);

    const before = await ids(request, world.orgToken, url);
    expect(before).toEqual([id, dataUrl.id as string].sort());

    // What JSON.stringify makes of a Blob, and other non-audio.
    await expectFieldError(await post({ audio: {}, recognised: "Yes" }), "ChoiceRecognition", "audio", "invalid");
    await expectFieldError(await post({ audio: 12345, recognised: "Yes" }), "ChoiceRecognition", "audio", "invalid");
    const random = randomBytes(32 * 1024);
    await expectFieldError(
      await post({ audio: random.toString("base64"), recognised: "Yes" }),
      "ChoiceRecognition",
      "audio",
      "invalid",
    );
    await expectFieldError(await post({ recognised: "Yes" }), "ChoiceRecognition", "audio", "missing_field");

    // Over MAX_BODY_BYTES: 413, whatever the audio.
    const bigWav = Buffer.concat([audio.wav, randomBytes(MAX_BODY)]);
    const tmpBefore = await tmpEntries();
    const tooBig = await post({ audio: bigWav.toString("base64"), recognised: "Yes" });
    const tmpDuring = await tmpEntries();
    await expectError(tooBig, 413);
    expect(await storedCopies(bigWav)).toBe(0);
    await expectTmpCleared(tmpBefore, tmpDuring);

    expect(await ids(request, world.orgToken, url), "no new rows").toEqual(before);
  });
});

// ---- uploads larger than Next's 10 MB proxy body clone (a private server with a 12 MiB limit) ----

/** A valid mono 48 kHz s16 WAV of `bytes` bytes (a quiet tone with random noise): unique, and unique from its first samples. */
function toneWav(bytes: number): Buffer {
  const dataBytes = bytes - 44;
  const wav = Buffer.alloc(bytes);
  wav.write("RIFF", 0, "latin1");
  wav.writeUInt32LE(bytes - 8, 4);
  wav.write("WAVEfmt ", 8, "latin1");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(48000, 24);
  wav.writeUInt32LE(96000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "latin1");
  wav.writeUInt32LE(dataBytes, 40);
  const noise = randomBytes(dataBytes / 2);
  for (let i = 0; i < dataBytes / 2; i++) {
    wav.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / 48000)) + (noise[i]! - 128), 44 + 2 * i);
  }
  return wav;
}

test.describe("uploads over 10 MB (a private server with MAX_UPLOAD_BYTES 12 MiB)", () => {
  const LIMIT = 12 * MiB;
  let server: PrivateServer | undefined;

  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  test("an 11 MiB WAV is stored whole; a 64 MiB part is a 413 soon after the limit; restarted with 8 MiB, a 9 MiB part is a 413; no unhandled errors logged", async ({}, testInfo) => {
    test.skip(testInfo.project.name !== "api-sqlite", "a private SQLite server: runs once, in the SQLite project");
    test.setTimeout(300_000);
    server = await privateServer(PORTS.sqlite + 50, { MAX_UPLOAD_BYTES: String(LIMIT) });
    const srv = server;
    let logMark = 0;
    const problems = () =>
      srv
        .log()
        .slice(logMark)
        .split("\n")
        .filter((line) => /unhandledRejection|TypeError|Request body exceeded|"level":"error"/.test(line));

    const token = async (fields: Record<string, string>, bearer?: string) => {
      const r = await fetch(`${srv.url}/api/tokens`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...(bearer ? authed(bearer) : {}) },
        body: new URLSearchParams(fields),
      });
      expect(r.status).toBe(200);
      return ((await r.json()) as { access_token: string }).access_token;
    };
    const postJson = async (url: string, bearer: string, data: Json) => {
      const r = await fetch(`${srv.url}/api${url}`, {
        method: "POST",
        headers: { ...authed(bearer), "content-type": "application/json" },
        body: JSON.stringify(data),
      });
      expect(r.status, await r.text()).toBe(201);
    };
    const admin = await token({ grant_type: "password", username: "admin", password: ADMIN_PASSWORD });
    await postJson("/tenants", admin, { id: "big-t", name: "Big uploads" });
    const tenant = await token({ grant_type: "client_credentials", scope: "tenant/big-t" }, admin);
    await postJson("/organisation", tenant, { id: "big-o", name: "Big uploads" });
    const orgToken = await token(
      { grant_type: "client_credentials", scope: "tenant/big-t/organisation/big-o" },
      tenant,
    );

    await test.step("a valid 11 MiB WAV (under the limit, over 10 MB) is stored whole: 201, and the download equals it", async () => {
      logMark = srv.log().length;
      const wav = toneWav(11 * MiB);
      const form = new FormData();
      form.append("transcription", "A long tone.");
      form.append("language", "eng");
      form.append("referenceAudio", new Blob([new Uint8Array(wav)], { type: "audio/wav" }), "long.wav");
      const response = await fetch(`${srv.url}${PRON}`, { method: "POST", headers: authed(orgToken), body: form });
      const text = await response.text();
      expect
        .soft(
          response.status,
          `POST ${PRON} with an 11 MiB referenceAudio (limit ${LIMIT}) answered: ${text}\nserver log:\n${problems().join("\n")}`,
        )
        .toBe(201);
      if (response.status === 201) {
        const created = JSON.parse(text) as { referenceAudioUrl: string };
        const download = await fetch(created.referenceAudioUrl, { headers: authed(orgToken) });
        expect.soft(download.status).toBe(200);
        expect
          .soft(Buffer.from(await download.arrayBuffer()).equals(wav), "the download equals the 11 MiB upload")
          .toBe(true);
      }
      expect.soft(problems(), "server log").toEqual([]);
    });

    await test.step("a 64 MiB part: 413 JSON, answered before much more than the 12 MiB limit was sent; nothing left behind", async () => {
      logMark = srv.log().length;
      const prefix = uniqueWavPrefix();
      const frame = multipartFrame(
        [
          ["transcription", "Too long."],
          ["language", "eng"],
        ],
        { name: "referenceAudio", filename: "huge.wav", mimeType: "audio/wav" },
      );
      const result = await streamUpload(`${srv.url}${PRON}`, {
        headers: authed(orgToken),
        frame,
        first: prefix,
        filler: randomBytes(128 * 1024),
        fileBytes: 64 * MiB,
        pauseMs: 3,
        timeoutMs: 90_000,
      });
      const summary = `${JSON.stringify({ ...result, body: result.body.slice(0, 300) })}\nserver log:\n${problems().join("\n")}`;
      expect.soft(result.status, summary).toBe(413);
      expect.soft(result.contentType, summary).toContain("application/json");
      expect
        .soft(result.writtenAtResponse ?? Infinity, `bytes sent when the answer arrived: ${summary}`)
        .toBeLessThan(LIMIT + 8 * MiB);
      await expect
        .poll(
          async () => [
            ...(await filesStartingWith(path.join(srv.dataDir, "files"), prefix)),
            ...(await filesStartingWith(path.join(srv.dataDir, "tmp"), prefix)),
          ],
          { timeout: 5_000 },
        )
        .toEqual([]);
      await expect
        .poll(async () => (await fs.readdir(path.join(srv.dataDir, "tmp")).catch(() => [])).length, {
          message: "upload temp dirs left",
          timeout: 5_000,
        })
        .toBe(0);
      expect.soft(problems(), "server log").toEqual([]);
    });

    await test.step("restarted with an 8 MiB limit: a 9 MiB part is a 413 JSON error, and answering it logs no unhandled rejection", async () => {
      await srv.kill9();
      await srv.start({ MAX_UPLOAD_BYTES: String(MAX_UPLOAD) });
      logMark = srv.log().length;
      const prefix = uniqueWavPrefix();
      const frame = multipartFrame(
        [
          ["transcription", "Too long."],
          ["language", "eng"],
        ],
        { name: "referenceAudio", filename: "nine.wav", mimeType: "audio/wav" },
      );
      const result = await streamUpload(`${srv.url}${PRON}`, {
        headers: authed(orgToken),
        frame,
        first: prefix,
        filler: randomBytes(256 * 1024),
        fileBytes: 9 * MiB,
        pauseMs: 1,
      });
      expect.soft(result.status, JSON.stringify({ ...result, body: result.body.slice(0, 300) })).toBe(413);
      // Give late rejections a moment to reach the log.
      await new Promise((r) => setTimeout(r, 500));
      expect.soft(problems(), "unhandled errors in the server log after the 413").toEqual([]);
    });
  });
});
