// GET /api/download/:file/spectrogram?tile=N (ours): 10-second tiles of the spectrogram of a
// recording's normalised audio (lib/audio/spectrogram-format.ts), made on the first request and
// then served from storage. Who may read a tile is who may download the audio (the "file" policy).
// The recording: 2 s of silence, a spoken sentence (espeak-ng), then 5 s of silence, as Ogg Opus
// (opusenc), uploaded by a student.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parseSpectrogramTile, SPECTROGRAM_VERSION, type SpectrogramTile } from "../../lib/audio/spectrogram-format";
import { makeSpeechWav } from "../../lib/audio/test-audio";
import { createSpeechChallenge } from "../support/annotations";
import { authed, expectJson, member, outsiders, uniqueId } from "../support/api";
import { expectError, expectFieldError } from "../support/assertions";
import { oggPart } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";

const run = promisify(execFile);
const LEAD_S = 2;
const TAIL_S = 5;
let ogg: Buffer;
let speechS: number;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "spectrogram-"));
  try {
    const speech = await makeSpeechWav(
      dir,
      "Seven silver swans sang softly across the shining sea, while the children watched and listened.",
    );
    speechS = Number((await run("soxi", ["-D", speech])).stdout.trim());
    await run("sox", ["-R", speech, path.join(dir, "padded.wav"), "pad", String(LEAD_S), String(TAIL_S)]);
    await run("opusenc", ["--quiet", "--bitrate", "32", path.join(dir, "padded.wav"), path.join(dir, "padded.opus")]);
    ogg = await fs.readFile(path.join(dir, "padded.opus"));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  expect(LEAD_S + speechS + TAIL_S, "the recording spans two tiles").toBeGreaterThan(10);
});

/** A speech challenge with one recording of the test audio; its audio URL (the original upload). */
async function recording(
  request: Parameters<Parameters<typeof test>[2]>[0]["request"],
  world: Parameters<Parameters<typeof test>[2]>[0]["world"],
) {
  const student = await member(request, world, "STUDENT");
  const challenge = await createSpeechChallenge(request, world.orgToken);
  const response = await postMultipart(
    request,
    `/api/challenges/speech/${challenge}/recordings`,
    { id: uniqueId("rec"), audio: oggPart(ogg), resultSetId: uniqueId("rs") },
    authed(student.token),
  );
  return (await expectJson<{ audioUrl: string }>(response, 201)).audioUrl;
}

/** Mean intensity (0..255) of the tile's columns between two times (s from the tile's start), over bins from..to. */
function mean(t: SpectrogramTile, fromS: number, toS: number, bins: [number, number] = [0, t.bins]): number {
  let sum = 0;
  let n = 0;
  for (
    let c = Math.max(0, Math.round(fromS * t.columnsPerSecond));
    c < Math.min(t.columns, Math.round(toS * t.columnsPerSecond));
    c++
  ) {
    for (let b = bins[0]; b < bins[1]; b++, n++) sum += t.data[c * t.bins + b]!;
  }
  return sum / n;
}

test("a tile shows energy where the speech is and little in the silence; a second request is served from storage", async ({
  request,
  world,
}) => {
  const audioUrl = await recording(request, world);
  const url = `${audioUrl}/spectrogram?tile=0`;
  const first = await request.get(url, { headers: authed(world.orgToken) });
  expect(first.status()).toBe(200);
  expect(first.headers()["content-type"]).toBe("application/octet-stream");
  expect(first.headers()["cache-control"]).toContain("immutable");
  const etag = first.headers().etag;
  expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
  const body = await first.body();
  const tile = parseSpectrogramTile(new Uint8Array(body));
  expect(tile).toMatchObject({ tile: 0, tileMs: 10_000, columnsPerSecond: 100, bins: 128, columns: 1000, maxHz: 8000 });

  // Silence before the speech (away from its edges) against the middle of the sentence.
  const silence = mean(tile, 0.2, LEAD_S - 0.3);
  const speech = mean(tile, LEAD_S + 0.3, Math.min(10, LEAD_S + speechS - 0.3));
  expect(silence, "silence").toBeLessThan(30);
  expect(speech - silence, `speech ${speech.toFixed(1)} against silence ${silence.toFixed(1)}`).toBeGreaterThan(50);
  // Speech energy sits mostly below 4 kHz (the lower half of the bins).
  expect(mean(tile, LEAD_S + 0.3, LEAD_S + speechS - 0.3, [0, 64])).toBeGreaterThan(
    mean(tile, LEAD_S + 0.3, LEAD_S + speechS - 0.3, [64, 128]),
  );

  // The last tile holds the rest: speech (if any) then the 5 s of silence, shorter than 10 s.
  const totalS = LEAD_S + speechS + TAIL_S;
  const last = parseSpectrogramTile(
    new Uint8Array(
      await (await request.get(`${audioUrl}/spectrogram?tile=1`, { headers: authed(world.orgToken) })).body(),
    ),
  );
  expect(last.columns).toBe(Math.ceil((totalS - 10) * 100));
  expect(mean(last, totalS - 10 - TAIL_S + 0.5, totalS - 10 - 0.2)).toBeLessThan(30);

  // Again: the same bytes and ETag, and a conditional request gets 304 without a body.
  const again = await request.get(url, { headers: authed(world.orgToken) });
  expect(again.status()).toBe(200);
  expect(again.headers().etag).toBe(etag);
  expect(Buffer.compare(await again.body(), body)).toBe(0);
  const conditional = await request.get(url, { headers: { ...authed(world.orgToken), "If-None-Match": etag! } });
  expect(conditional.status()).toBe(304);
  expect((await conditional.body()).length).toBe(0);

  // Concurrent first requests for a new tile all get the same complete tile.
  const other = await recording(request, world);
  const answers = await Promise.all(
    Array.from({ length: 4 }, () => request.get(`${other}/spectrogram?tile=1`, { headers: authed(world.orgToken) })),
  );
  const bodies = await Promise.all(answers.map((a) => a.body()));
  for (const [i, a] of answers.entries()) {
    expect(a.status()).toBe(200);
    expect(Buffer.compare(bodies[i]!, bodies[0]!)).toBe(0);
  }
  expect(bodies[0]!.length).toBe(32 + last.columns * 128);
});

test("bad tile numbers are 422; anonymous is 401; other organisations and tenants get 404", async ({
  request,
  world,
  admin,
}) => {
  const audioUrl = await recording(request, world);
  for (const tile of ["2", "-1", "1.5", "abc", "", "99999999999"]) {
    await test.step(`tile=${tile}`, async () => {
      const body = await expectError(
        await request.get(`${audioUrl}/spectrogram?tile=${tile}`, { headers: authed(world.orgToken) }),
        422,
      );
      expect(body.errors).toContainEqual(expect.objectContaining({ resource: "Spectrogram", field: "tile" }));
    });
  }
  const missing = await expectError(
    await request.get(`${audioUrl}/spectrogram`, { headers: authed(world.orgToken) }),
    422,
  );
  expect(missing.errors).toContainEqual(expect.objectContaining({ resource: "Spectrogram", field: "tile" }));
  // Past the last tile: the message says how many there are.
  await expectFieldError(
    await request.get(`${audioUrl}/spectrogram?tile=2`, { headers: authed(world.orgToken) }),
    "Spectrogram",
    "tile",
    "invalid",
  );
  // The format version in the URL (the web client sends it: tiles are cached for good): the
  // server's own is served, any other is refused rather than answered with other bytes.
  const versioned = await request.get(`${audioUrl}/spectrogram?tile=0&v=${SPECTROGRAM_VERSION}`, {
    headers: authed(world.orgToken),
  });
  expect(versioned.status()).toBe(200);
  const plain = await request.get(`${audioUrl}/spectrogram?tile=0`, { headers: authed(world.orgToken) });
  expect(Buffer.compare(await versioned.body(), await plain.body())).toBe(0);
  for (const v of [String(SPECTROGRAM_VERSION + 1), "0", "x"]) {
    await expectFieldError(
      await request.get(`${audioUrl}/spectrogram?tile=0&v=${v}`, { headers: authed(world.orgToken) }),
      "Spectrogram",
      "v",
      "invalid",
    );
  }

  const anonymous = await request.get(`${audioUrl}/spectrogram?tile=0`);
  await expectError(anonymous, 401);

  const { siblingOrg, siblingStudent, otherTenant, elsewhereOrg } = await outsiders(request, world, admin);
  for (const [who, token] of Object.entries({ siblingOrg, siblingStudent, otherTenant, elsewhereOrg })) {
    await expectError(await request.get(`${audioUrl}/spectrogram?tile=0`, { headers: authed(token) }), 404, who);
  }
  await expectError(
    await request.get(`/api/download/${uniqueId("nofile")}/spectrogram?tile=0`, { headers: authed(world.orgToken) }),
    404,
  );
  // A teacher of the organisation may read it, as they may the audio.
  const teacher = await member(request, world, "TEACHER");
  expect((await request.get(`${audioUrl}/spectrogram?tile=0`, { headers: authed(teacher.token) })).status()).toBe(200);
});
