// GET /api/download/:file — the URLs in every ...Url field ({PUBLIC_BASE_URL}/api/download/<id>).
// Contract: service-interface.md section 1.5 (Url fields download the file), 4 ("a URL may carry
// an access_token query parameter") and 5 (bearer header, or ?access_token= where headers cannot
// be used); api-conventions.md (DOWNLOAD permission, 401 for a missing or bad token, 404 across
// organisations and tenants, errors as JSON). Ours: Content-Type of the stored audio,
// Content-Length, a strong ETag (the quoted SHA-256 of the bytes), Accept-Ranges: bytes, single
// byte ranges (206 / 416), If-None-Match (304), and for a token in the query
// Cache-Control: private… plus Referrer-Policy: no-referrer.
// The file under test is uploaded as the audio of a choice challenge (two of them: WAV and Ogg Opus).
import type { APIRequestContext } from "@playwright/test";
import { authed, downloadUrlPattern, expectJson, member, outsiders, uniqueId } from "../support/api";
import { expectError } from "../support/assertions";
import { OGG_TEXT, oggPart, sha256, type TestAudio, testAudio, uniqueWav, WAV_TEXT, wavPart } from "../support/audio";
import { expect, test, type World } from "../support/fixtures";
import { postMultipart } from "../support/multipart";

type Challenge = { id: string; choices: { choice: string; audioUrl: string | null }[] };
type Uploaded = { wavUrl: string; oggUrl: string; wav: Buffer; ogg: Buffer };

let audio: TestAudio;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  audio = await testAudio();
});

/** A unique WAV and an Ogg Opus file, each the audio of its own choice challenge (one audio part per request); their download URLs. */
async function upload(request: APIRequestContext, world: World): Promise<Uploaded> {
  const wav = uniqueWav(audio.wav);
  const urls: string[] = [];
  for (const [choice, part] of [
    [WAV_TEXT, wavPart(wav)],
    [OGG_TEXT, oggPart(audio.ogg)],
  ] as const) {
    const response = await postMultipart(
      request,
      "/api/challenges/choice",
      { choices: choice, audio: part, language: "eng" },
      authed(world.orgToken),
    );
    const url = (await expectJson<Challenge>(response, 202)).choices[0]!.audioUrl!;
    expect(url).toMatch(downloadUrlPattern());
    urls.push(url);
  }
  return { wavUrl: urls[0]!, oggUrl: urls[1]!, wav, ogg: audio.ogg };
}

const withToken = (url: string, token: string) =>
  `${url}${url.includes("?") ? "&" : "?"}access_token=${encodeURIComponent(token)}`;

test("a full GET: Content-Type, Content-Length, ETag (quoted SHA-256), Accept-Ranges, the exact bytes", async ({
  request,
  world,
}) => {
  const { wavUrl, oggUrl, wav, ogg } = await upload(request, world);
  for (const [url, bytes, type] of [
    [wavUrl, wav, "audio/wav"],
    [oggUrl, ogg, "audio/ogg"],
  ] as const) {
    await test.step(type, async () => {
      const response = await request.get(url, { headers: authed(world.orgToken) });
      expect(response.status()).toBe(200);
      const headers = response.headers();
      expect(headers["content-type"]).toMatch(new RegExp(`^${type}(;|$)`));
      expect.soft(headers["content-length"], "Content-Length").toBe(String(bytes.length));
      expect(headers.etag).toBe(`"${sha256(bytes)}"`);
      expect(headers["accept-ranges"]).toBe("bytes");
      // A bearer header needs no referrer protection (that is for tokens in the URL).
      expect(headers["referrer-policy"]).toBeUndefined();
      const body = await response.body();
      expect(body.length).toBe(bytes.length);
      expect(sha256(body)).toBe(sha256(bytes));

      // HEAD: the same headers, no body.
      const head = await request.head(url, { headers: authed(world.orgToken) });
      expect(head.status()).toBe(200);
      expect(head.headers()["content-type"]).toBe(headers["content-type"]);
      expect(head.headers().etag).toBe(headers.etag);
      expect.soft(head.headers()["content-length"], "Content-Length of HEAD").toBe(String(bytes.length));
      expect((await head.body()).length).toBe(0);
    });
  }
  // Every member of the organisation holds DOWNLOAD.
  for (const role of ["STUDENT", "TEACHER", "ANNOTATOR_BASE"]) {
    const { token } = await member(request, world, role);
    const response = await request.get(wavUrl, { headers: authed(token) });
    expect(response.status(), role).toBe(200);
    expect(await response.body()).toEqual(wav);
  }
  // So does the tenant the organisation belongs to.
  const byTenant = await request.get(oggUrl, { headers: authed(world.tenantToken) });
  expect(byTenant.status()).toBe(200);
  expect(sha256(await byTenant.body())).toBe(sha256(ogg));
});

test("single byte ranges: 206 with Content-Range and exactly those bytes; unsatisfiable ranges are 416", async ({
  request,
  world,
}) => {
  const { wavUrl, wav } = await upload(request, world);
  const size = wav.length;
  expect(size).toBeGreaterThan(4000);
  const etag = `"${sha256(wav)}"`;
  const cases: [string, number, number][] = [
    ["bytes=0-99", 0, 99],
    ["bytes=1000-2999", 1000, 2999],
    [`bytes=${size - 1}-${size - 1}`, size - 1, size - 1],
    ["bytes=-100", size - 100, size - 1],
    ["bytes=100-", 100, size - 1],
    // An end past the file is clipped to the last byte (RFC 9110 14.1.2).
    [`bytes=${size - 10}-${size + 5000}`, size - 10, size - 1],
  ];
  for (const [range, start, end] of cases) {
    await test.step(range, async () => {
      const response = await request.get(wavUrl, { headers: { ...authed(world.orgToken), Range: range } });
      expect(response.status()).toBe(206);
      const headers = response.headers();
      expect(headers["content-range"]).toBe(`bytes ${start}-${end}/${size}`);
      expect.soft(headers["content-length"], "Content-Length").toBe(String(end - start + 1));
      expect(headers["content-type"]).toMatch(/^audio\/wav/);
      expect(headers.etag).toBe(etag);
      expect(headers["accept-ranges"]).toBe("bytes");
      expect(await response.body()).toEqual(wav.subarray(start, end + 1));
    });
  }
  for (const range of [`bytes=${size}-`, `bytes=${size + 100}-${size + 200}`]) {
    await test.step(`unsatisfiable ${range}`, async () => {
      const response = await request.get(wavUrl, { headers: { ...authed(world.orgToken), Range: range } });
      expect(response.status()).toBe(416);
      expect(response.headers()["content-range"]).toBe(`bytes */${size}`);
    });
  }
  // If-Range with the current ETag keeps the range; with another validator the whole file comes.
  const kept = await request.get(wavUrl, {
    headers: { ...authed(world.orgToken), Range: "bytes=0-9", "If-Range": etag },
  });
  expect(kept.status()).toBe(206);
  expect(await kept.body()).toEqual(wav.subarray(0, 10));
  const stale = await request.get(wavUrl, {
    headers: { ...authed(world.orgToken), Range: "bytes=0-9", "If-Range": '"stale"' },
  });
  expect(stale.status()).toBe(200);
  expect(await stale.body()).toEqual(wav);
});

test("If-None-Match with the ETag is 304 without a body; another ETag gets the file", async ({ request, world }) => {
  const { oggUrl, ogg } = await upload(request, world);
  const first = await request.get(oggUrl, { headers: authed(world.orgToken) });
  const etag = first.headers().etag!;
  expect(etag).toBe(`"${sha256(ogg)}"`);
  for (const match of [etag, `"other", ${etag}`, "*"]) {
    const response = await request.get(oggUrl, { headers: { ...authed(world.orgToken), "If-None-Match": match } });
    expect(response.status(), match).toBe(304);
    expect(response.headers().etag).toBe(etag);
    expect((await response.body()).length).toBe(0);
  }
  const changed = await request.get(oggUrl, {
    headers: { ...authed(world.orgToken), "If-None-Match": `"${"0".repeat(64)}"` },
  });
  expect(changed.status()).toBe(200);
  expect(sha256(await changed.body())).toBe(sha256(ogg));
});

test("?access_token= authorises the download and makes it private with no referrer", async ({ request, world }) => {
  const { wavUrl, wav } = await upload(request, world);
  const { token: student } = await member(request, world, "STUDENT");
  const response = await request.get(withToken(wavUrl, student));
  expect(response.status()).toBe(200);
  expect(await response.body()).toEqual(wav);
  const headers = response.headers();
  expect(headers["cache-control"]).toMatch(/(^|,\s*)private(\s*,|$)/);
  expect(headers["referrer-policy"]).toBe("no-referrer");
  expect(headers["content-type"]).toMatch(/^audio\/wav/);
  expect(headers.etag).toBe(`"${sha256(wav)}"`);

  // Ranges work the same with the token in the query (how <audio src=...> seeks).
  const ranged = await request.get(withToken(wavUrl, student), { headers: { Range: "bytes=-64" } });
  expect(ranged.status()).toBe(206);
  expect(ranged.headers()["content-range"]).toBe(`bytes ${wav.length - 64}-${wav.length - 1}/${wav.length}`);
  expect(ranged.headers()["referrer-policy"]).toBe("no-referrer");
  expect(await ranged.body()).toEqual(wav.subarray(wav.length - 64));

  // A bad token in the query is refused like a bad header.
  await expectError(await request.get(withToken(wavUrl, "not-a-real-token")), 401);
});

test("no token or a garbage token is 401; another organisation or tenant, or an unknown id, is 404", async ({
  request,
  world,
  admin,
}) => {
  const { wavUrl, oggUrl } = await upload(request, world);

  const anonymous = await request.get(wavUrl);
  await expectError(anonymous, 401);
  expect(anonymous.headers()["www-authenticate"]).toMatch(/^Bearer/);
  await expectError(await request.get(wavUrl, { headers: authed("garbage") }), 401);
  await expectError(await request.get(wavUrl, { headers: { Authorization: "Basic dXNlcjpwYXNz" } }), 401);

  const { siblingOrg, siblingStudent, otherTenant, elsewhereOrg } = await outsiders(request, world, admin);

  for (const [who, token] of Object.entries({ siblingOrg, siblingStudent, otherTenant, elsewhereOrg })) {
    await test.step(who, async () => {
      for (const url of [wavUrl, oggUrl]) {
        await expectError(await request.get(url, { headers: authed(token) }), 404);
        const viaQuery = await request.get(withToken(url, token));
        expect(viaQuery.status()).toBe(404);
      }
    });
  }

  // Unknown ids, for a caller who may download: 404 whatever the id looks like (a NUL may be 400; never a 500).
  for (const id of [
    uniqueId("nofile"),
    "0",
    "..%2F..%2Fapp.db",
    "%00",
    "a%00b",
    "%C3%A9%F0%9F%8E%A7",
    "x".repeat(300),
  ]) {
    await test.step(`id ${id.slice(0, 24)}`, async () => {
      await expectError(
        await request.get(`/api/download/${id}`, { headers: authed(world.orgToken) }),
        id.includes("%00") ? [400, 404] : 404,
      );
    });
  }
  // The owner still gets it.
  expect((await request.get(wavUrl, { headers: authed(world.orgToken) })).status()).toBe(200);
});
