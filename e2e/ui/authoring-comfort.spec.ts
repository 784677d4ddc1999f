// Authoring comfort: the language is chosen by name from a searchable ISO 639-2 list (an ARIA
// combobox used from the keyboard), and any audio the browser decodes (here an MP3 made with
// espeak-ng and ffmpeg) is converted to Ogg Opus in the browser before upload: the stored
// reference audio is Ogg Opus. A file that is no audio is refused with a clear message.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { authed, download, expectJson, uniqueId } from "../support/api";
import { expectOggOpus, playerDuration } from "../support/challenge-ui";
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";
import { signInAsOrganisationUser } from "../support/ui";

const run = promisify(execFile);

/** Spoken English as MP3 (espeak-ng WAV → ffmpeg libmp3lame). */
async function spokenMp3(text: string): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mp3-"));
  try {
    await run("espeak-ng", ["-v", "en", "-w", path.join(dir, "in.wav"), text]);
    await run("ffmpeg", [
      "-hide_banner",
      "-loglevel",
      "error",
      "-i",
      path.join(dir, "in.wav"),
      "-c:a",
      "libmp3lame",
      "-b:a",
      "64k",
      path.join(dir, "out.mp3"),
    ]);
    return await fs.readFile(path.join(dir, "out.mp3"));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

test("a teacher picks the language by name and uploads an MP3, stored as Ogg Opus", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const mp3 = await spokenMp3("The quick brown fox jumps over the lazy dog.");
  expect(mp3.subarray(0, 3).toString("latin1") === "ID3" || (mp3[0] === 0xff && (mp3[1]! & 0xe0) === 0xe0)).toBe(true);
  await signInAsOrganisationUser(page, request, world, "TEACHER");
  await page.goto("/challenges/speech/new");
  const id = uniqueId("speech");
  await page.getByLabel("Topic").fill("Animals at the farm");
  await page.getByLabel("Id").fill(id);

  // The language: typed, chosen with the arrow keys and Enter.
  const language = page.getByRole("combobox", { name: "Language" });
  await expect(language).toHaveValue("English");
  await expect(language).toHaveAttribute("aria-expanded", "false");
  await language.fill("dutc");
  await expect(language).toHaveAttribute("aria-expanded", "true");
  const options = page.getByRole("listbox", { name: "Language options" }).getByRole("option");
  // Living languages first: Dutch before Middle Dutch.
  await expect(options).toHaveText([/^Dutch; Flemish/, /^Dutch, Middle/]);
  await snap(page, "language-combobox-1280");
  await expect(language).toHaveAttribute("aria-activedescendant", /nld$/);
  await language.press("ArrowDown");
  await expect(language).toHaveAttribute("aria-activedescendant", /dum$/);
  await language.press("ArrowDown");
  await language.press("ArrowUp");
  await expect(language).toHaveAttribute("aria-activedescendant", /nld$/);
  await language.press("Enter");
  await expect(language).toHaveValue("Dutch; Flemish");
  await expect(language).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("language-code")).toHaveText("nld");
  // Escape closes the list without changing the choice; a code typed in full is taken too.
  await language.fill("ger");
  await language.press("Escape");
  await expect(language).toHaveAttribute("aria-expanded", "false");
  await language.press("Escape");
  await expect(language).toHaveValue("Dutch; Flemish");

  // The MP3 is converted in the browser; what would be sent is Ogg Opus.
  const field = page.getByRole("group", { name: "Reference audio" });
  await field
    .getByLabel("Upload reference audio")
    .setInputFiles({ name: "fox.mp3", mimeType: "audio/mpeg", buffer: mp3 });
  await expect(field.getByTestId("audio-file")).toContainText("fox.opus", { timeout: 30_000 });
  await expect(field.getByTestId("audio-file")).toContainText("Ogg Opus converted from fox.mp3 (MP3)");
  expect(await playerDuration(field)).toBeGreaterThan(1.5);
  await snap(page, "audio-converted-1280");
  await page.getByRole("button", { name: "Create speech challenge" }).click();
  await expect(page).toHaveURL(new RegExp(`/challenges/speech/${id}$`), { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Animals at the farm" })).toBeVisible();

  const created = await expectJson<{ language: string; referenceAudioUrl: string }>(
    await request.get(`/api/challenges/speech/${id}`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(created.language).toBe("nld");
  expectOggOpus(await download(request, world.orgToken, created.referenceAudioUrl));

  // Not audio at all: a clear message, nothing chosen.
  await page.goto("/challenges/pronunciation/new");
  const reference = page.getByRole("group", { name: "Reference audio" });
  await reference.getByLabel("Upload reference audio").setInputFiles({
    name: "notes.m4a",
    mimeType: "audio/mp4",
    buffer: Buffer.from("these are not the sounds you are looking for"),
  });
  await expect(reference.getByRole("alert")).toHaveText(
    /^notes\.m4a could not be used: it is not audio this browser can read\./,
  );
  await expect(reference.getByTestId("audio-file")).toHaveCount(0);
  await page.setViewportSize({ width: 768, height: 1024 });
  await snap(page, "audio-refused-768");
});
