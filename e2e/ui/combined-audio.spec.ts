// The combined audio of a result set in Chromium's <audio>: a finite duration equal to the sum
// of the parts, and seeking to the middle works (the file is one Ogg stream, not a chain).
import { authed, createUser, expectJson, impersonate, uniqueId } from "../support/api";
import { oggPart, testAudio, wavPart } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";

test("combined audio plays and seeks in Chromium", async ({ page, request, world }) => {
  test.setTimeout(90_000);
  const audio = await testAudio();
  const challenge = uniqueId("sc");
  await expectJson(
    await postMultipart(request, "/api/challenges/speech", { id: challenge, language: "eng" }, authed(world.orgToken)),
    201,
  );
  const user = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
  const token = await impersonate(
    request,
    world.orgToken,
    `tenant/${world.tenantId}/organisation/${world.orgId}/student/${user.id}`,
  );
  const setId = uniqueId("rs");
  const parts = [wavPart(audio.wav), oggPart(audio.ogg), oggPart(audio.ogg2), wavPart(audio.wav)];
  let url = "";
  for (const part of parts) {
    const rec = await expectJson<{ resultSet: { combinedAudioUrl: string } }>(
      await postMultipart(
        request,
        `/api/challenges/speech/${challenge}/recordings`,
        { audio: part, resultSetId: setId },
        authed(token),
      ),
      201,
    );
    url = rec.resultSet.combinedAudioUrl;
  }
  const src = `${url}?access_token=${encodeURIComponent(token)}`;
  await page.goto("/api/health");
  const result = await page.evaluate(async (src) => {
    const el = document.createElement("audio");
    el.preload = "auto";
    el.src = src;
    document.body.appendChild(el);
    await new Promise<void>((resolve, reject) => {
      el.addEventListener("loadedmetadata", () => resolve(), { once: true });
      el.addEventListener("error", () => reject(new Error(`media error ${el.error?.code}`)), { once: true });
    });
    const duration = el.duration;
    const target = duration / 2;
    const seeked = new Promise<void>((resolve) => el.addEventListener("seeked", () => resolve(), { once: true }));
    el.currentTime = target;
    await seeked;
    return { duration, currentTime: el.currentTime, target };
  }, src);
  // The parts: espeak WAV (twice) and two opusenc files; their lengths from the API side.
  const { decodedSampleCount } = await import("../../lib/audio/test-audio");
  const fs = await import("node:fs/promises");
  const os = await import("node:os");
  const path = await import("node:path");
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "ui-combined-"));
  let sum = 0;
  for (const [i, p] of parts.entries()) {
    const f = path.join(dir, `p${i}`);
    await fs.writeFile(f, p.buffer);
    sum += await decodedSampleCount(f);
  }
  await fs.rm(dir, { recursive: true, force: true });
  expect(Number.isFinite(result.duration)).toBe(true);
  expect(Math.abs(result.duration - sum / 48000)).toBeLessThanOrEqual(0.02 * parts.length);
  expect(Math.abs(result.currentTime - result.target)).toBeLessThan(0.05);
});
