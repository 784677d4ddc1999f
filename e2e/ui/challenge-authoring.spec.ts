// Authoring the three kinds of challenges in the browser as an organisation administrator:
// audio uploaded as files and recorded with the (fake) microphone as WAV and as Ogg Opus,
// played back in place, checked through the API afterwards; a choice challenge's status
// followed live; validation with the API's schemas; delete with confirmation.
import { authed, download, expectJson, uniqueId } from "../support/api";
import { OGG_TEXT, testAudio, WAV_TEXT } from "../support/audio";
import { expectOggOpus, fourCC, playerDuration, playInPlace, watchStatus, wavFacts } from "../support/challenge-ui";
import { expect, MICROPHONE_TEXT, test } from "../support/fake-microphone";
import { postMultipart } from "../support/multipart";
import { snap } from "../support/screenshots";
import { png, signInAsOrganisationUser } from "../support/ui";

test.use({ permissions: ["microphone"] });

type Choice = {
  id: string;
  question: string | null;
  status: string;
  choices: { choice: string; audioUrl: string | null }[];
};
type Pronunciation = { id: string; referenceAudioUrl: string | null; alignment: unknown };
type Speech = {
  id: string;
  topic: string | null;
  referenceAudioUrl: string | null;
  srtUrl: string | null;
  imageUrl: string | null;
  metadata: string | null;
};

test("choice challenge: uploaded and recorded audio, played in place; the status follows preparation live", async ({
  page,
  request,
  world,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const audio = await testAudio();
  await signInAsOrganisationUser(page, request, world, "ORGANISATION");
  await page.goto("/challenges");
  await expect(page.getByRole("heading", { name: "Challenges", exact: true })).toBeVisible();
  await snap(page, "challenges-overview");
  await page
    .getByRole("navigation", { name: "Kinds of challenges" })
    .getByRole("link", { name: "Choice challenges" })
    .click();
  await expect(page.getByRole("heading", { name: "Choice challenges" })).toBeVisible();
  await page.getByRole("link", { name: "New choice challenge" }).click();
  await expect(page.getByRole("heading", { name: "New choice challenge" })).toBeVisible();

  // Checked in the browser with the API's schema: nothing is sent.
  await page.getByRole("button", { name: "Create choice challenge" }).click();
  await expect(page.getByText("Choices must not be empty")).toBeVisible();

  const id = uniqueId("choice");
  await page.getByLabel("Question").fill("Which sentence do you hear?");
  await page.getByLabel("Id").fill(id);
  const rows = page.getByTestId("choice-row");
  await page.getByLabel("Choice 1", { exact: true }).fill(WAV_TEXT);
  await page.getByLabel("Choice 2", { exact: true }).fill(MICROPHONE_TEXT);
  // Choice 1: an uploaded WAV file. Choice 2: recorded as WAV with the microphone.
  await rows
    .nth(0)
    .getByLabel("Upload audio of choice 1")
    .setInputFiles({ name: "cat.wav", mimeType: "audio/wav", buffer: audio.wav });
  expect(await playerDuration(rows.nth(0))).toBeGreaterThan(1);
  await rows.nth(1).getByRole("button", { name: "Record audio of choice 2" }).click();
  await expect(rows.nth(1).getByTestId("recording")).toBeVisible();
  await page.waitForTimeout(2500);
  await rows.nth(1).getByRole("button", { name: "Stop recording audio of choice 2" }).click();
  await expect(rows.nth(1).getByTestId("audio-file")).toContainText(".wav");
  expect(await playerDuration(rows.nth(1))).toBeGreaterThan(2);
  await playInPlace(rows.nth(1), "audio of choice 2");
  await snap(page, "choice-new");

  const status = await watchStatus(page);
  await page.getByRole("button", { name: "Create choice challenge" }).click();
  // The answer comes once both audio files are ingested: over 5 s on a busy 2-core machine.
  await expect(page).toHaveURL(new RegExp(`/challenges/choice/${id}$`), { timeout: 20_000 });
  const badge = page.getByTestId("challenge-status");
  await expect(badge).toHaveText("Prepared", { timeout: 20_000 });
  // The 202's "preparing", then the poll's "prepared", in the same document: no reload.
  expect(await status.seen()).toEqual(["Preparing", "Prepared"]);
  expect(await status.sameDocument()).toBe(true);

  const created = await expectJson<Choice>(
    await request.get(`/api/challenges/choice/${id}`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(created).toMatchObject({ status: "prepared", question: "Which sentence do you hear?" });
  expect(created.choices.map((c) => c.choice)).toEqual([WAV_TEXT, MICROPHONE_TEXT]);
  const uploaded = await download(request, world.orgToken, created.choices[0].audioUrl!);
  expect(fourCC(uploaded)).toBe("RIFF");
  expect(uploaded.equals(audio.wav)).toBe(true);
  const recorded = wavFacts(await download(request, world.orgToken, created.choices[1].audioUrl!));
  expect(recorded).toMatchObject({ channels: 1, bits: 16 });
  expect(recorded.seconds).toBeGreaterThan(2);
  // The fake microphone speaks: the recording is not silence.
  expect(recorded.rms).toBeGreaterThan(0.01);

  // The stored audio plays in place on the detail page.
  expect(await playerDuration(rows.nth(0))).toBeGreaterThan(1);
  expect(await playerDuration(rows.nth(1))).toBeGreaterThan(2);

  // Editing sends the challenge back to preparation; the badge follows again, live.
  await page.getByLabel("Question").fill("Which one did you hear?");
  const again = await watchStatus(page);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Choice challenge “Which one did you hear?” saved; it is being prepared again" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Which one did you hear?" })).toBeVisible();
  await expect(page).toHaveTitle(/^Which one did you hear\? · /);
  await expect(badge).toHaveText("Prepared", { timeout: 20_000 });
  expect(await again.seen()).toEqual(["Prepared", "Preparing", "Prepared"]);
  expect(await again.sameDocument()).toBe(true);
  const edited = await expectJson<Choice>(
    await request.get(`/api/challenges/choice/${id}`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(edited.question).toBe("Which one did you hear?");
  expect(edited.choices.every((c) => c.audioUrl)).toBe(true);
  await snap(page, "choice-detail");

  await page.getByRole("link", { name: "All choice challenges" }).click();
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: id }) });
  await expect(row.getByTestId("challenge-status")).toHaveText("Prepared");
  await expect(row).toContainText("2 with audio");
  await snap(page, "choice-list");

  // Tablet width: the form fits without sideways scrolling.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto("/challenges/choice/new");
  await expect(page.getByRole("button", { name: "Record audio of choice 1" })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await snap(page, "choice-new-tablet");
  expect(pageErrors).toEqual([]);
});

test("pronunciation challenge: uploaded Ogg Opus, keyboard playback, phonemes over the waveform", async ({
  page,
  request,
  world,
  pageErrors,
}) => {
  test.setTimeout(90_000);
  const audio = await testAudio();
  await signInAsOrganisationUser(page, request, world, "ORGANISATION");
  await page.goto("/challenges/pronunciation/new");
  await page.getByRole("button", { name: "Create pronunciation challenge" }).click();
  await expect(page.getByText("Transcription must not be empty")).toBeVisible();
  await expect(page.getByText("Reference audio is required")).toBeVisible();

  const field = page.getByRole("group", { name: "Reference audio" });
  // Neither WAV nor Ogg Opus: refused before upload.
  await field
    .getByLabel("Upload reference audio")
    .setInputFiles({ name: "picture.png", mimeType: "image/png", buffer: await png() });
  await expect(field.getByRole("alert")).toHaveText(
    "picture.png could not be used: it is not audio this browser can read. Choose an audio file (WAV, Ogg Opus, MP3, M4A/AAC, WebM or FLAC).",
  );
  await field
    .getByLabel("Upload reference audio")
    .setInputFiles({ name: "dog.opus", mimeType: "audio/ogg", buffer: audio.ogg });
  const duration = await playerDuration(field);
  expect(duration).toBeGreaterThan(1);
  await page.getByLabel("Transcription").fill(OGG_TEXT);

  // The waveform is a slider: End and Home seek, Space plays and pauses.
  const slider = field.getByRole("slider", { name: "reference audio position" });
  await slider.focus();
  await page.keyboard.press("End");
  await expect(slider).toHaveAttribute("aria-valuenow", String(Math.round(duration * 10) / 10));
  await page.keyboard.press("Home");
  await expect(slider).toHaveAttribute("aria-valuenow", "0");
  await page.keyboard.press(" ");
  await expect(field.getByRole("button", { name: "Pause reference audio" })).toBeVisible();
  await page.keyboard.press(" ");
  await expect(field.getByRole("button", { name: "Play reference audio" })).toBeVisible();
  await snap(page, "pronunciation-new");

  await page.getByRole("button", { name: "Create pronunciation challenge" }).click();
  // No id given: the API makes one, and the page moves to it.
  await expect(page).toHaveURL(/\/challenges\/pronunciation\/(?!new$)[^/]+$/, { timeout: 20_000 });
  const id = decodeURIComponent(page.url().split("/").pop()!);
  const created = await expectJson<Pronunciation>(
    await request.get(`/api/challenges/pronunciation/${id}`, { headers: authed(world.orgToken) }),
    200,
  );
  const stored = await download(request, world.orgToken, created.referenceAudioUrl!);
  expectOggOpus(stored);
  expect(stored.equals(audio.ogg)).toBe(true);
  await expect(page.getByTestId("alignment-summary")).toContainText("No alignment yet");

  // An alignment (as the recognition service stores it) shows as phonemes over the waveform.
  const words: [string, string[]][] = [
    ["A", ["ə"]],
    ["dog", ["d", "ɒ", "ɡ"]],
    ["runs", ["r", "ʌ", "n", "z"]],
    ["in", ["ɪ", "n"]],
    ["the", ["ð", "ə"]],
    ["park.", ["p", "ɑː", "k"]],
  ];
  const step = (duration - 0.2) / words.flatMap(([, p]) => p).length;
  let t = 0.1;
  const alignment = {
    confidenceScore: 0.87,
    words: words.map(([graphemes, ipa]) => ({
      chunks: [
        {
          graphemes,
          phonemes: ipa.map((p, i) => ({ ipa: p, start: t, end: (t += step), confidenceScore: i === 0 ? 0.4 : 0.9 })),
        },
      ],
    })),
  };
  await expectJson(
    await request.put(`/api/challenges/pronunciation/${id}`, { data: { alignment }, headers: authed(world.orgToken) }),
    200,
  );
  await page.reload();
  const current = page.getByRole("group", { name: "Reference audio" });
  expect(await playerDuration(current)).toBeGreaterThan(1);
  await expect(current.getByTestId("phoneme")).toHaveCount(15);
  await expect(current.getByTestId("phoneme").nth(1)).toHaveText("d");
  await expect(current.getByTestId("alignment")).toContainText("dog");
  await expect(page.getByTestId("alignment-summary")).toContainText("6 words, 15 phonemes, confidence 0.87");
  await snap(page, "pronunciation-detail");

  await page.getByRole("link", { name: "All pronunciation challenges" }).click();
  await expect(page.getByRole("row").filter({ has: page.getByRole("link", { name: id }) })).toContainText(OGG_TEXT);
  await snap(page, "pronunciation-list");
  expect(pageErrors).toEqual([]);
});

test("speech challenge: recorded Ogg Opus, SRT, image and metadata; deleted after confirming", async ({
  page,
  request,
  world,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const audio = await testAudio();
  const other = uniqueId("speech");
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/speech",
      { id: other, topic: "An older challenge", language: "nld" },
      authed(world.orgToken),
    ),
    201,
  );
  await signInAsOrganisationUser(page, request, world, "ORGANISATION");
  await page.goto("/challenges/speech/new");
  const id = uniqueId("speech");
  await page.getByLabel("Topic").fill("Describe the picture");
  await page.getByLabel("Id").fill(id);

  // Recorded with MediaRecorder (WebM/Opus) and remuxed to Ogg Opus in the page.
  const field = page.getByRole("group", { name: "Reference audio" });
  await field.getByLabel("Record as").selectOption("ogg");
  await field.getByRole("button", { name: "Record reference audio" }).click();
  await expect(field.getByTestId("recording")).toBeVisible();
  await page.waitForTimeout(2500);
  await field.getByRole("button", { name: "Stop recording reference audio" }).click();
  await expect(field.getByTestId("audio-file")).toContainText(".ogg");
  expect(await playerDuration(field)).toBeGreaterThan(2);
  await playInPlace(field, "reference audio");

  const srt = `1\n00:00:00,000 --> 00:00:01,800\n${MICROPHONE_TEXT}\n`;
  await page
    .getByLabel("Upload subtitles (srt)")
    .setInputFiles({ name: "dog.srt", mimeType: "application/x-subrip", buffer: Buffer.from(srt) });
  await page
    .getByLabel("Upload image")
    .setInputFiles({ name: "pattern.png", mimeType: "image/png", buffer: await png() });
  await expect(page.getByLabel("New subtitles (srt)", { exact: true })).toContainText(MICROPHONE_TEXT);
  await expect(page.getByRole("img", { name: "New image" })).toBeVisible();

  await page.getByLabel("Metadata (JSON)").fill('{"level": A2}');
  await page.getByRole("button", { name: "Create speech challenge" }).click();
  await expect(page.getByText(/^Metadata must be valid JSON/)).toBeVisible();
  await page.getByLabel("Metadata (JSON)").fill('{"level": "A2"}');
  await snap(page, "speech-new");
  await page.getByRole("button", { name: "Create speech challenge" }).click();
  await expect(page).toHaveURL(new RegExp(`/challenges/speech/${id}$`), { timeout: 20_000 });

  const created = await expectJson<Speech>(
    await request.get(`/api/challenges/speech/${id}`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(created).toMatchObject({ topic: "Describe the picture", metadata: '{"level": "A2"}' });
  expectOggOpus(await download(request, world.orgToken, created.referenceAudioUrl!));
  expect((await download(request, world.orgToken, created.srtUrl!)).toString()).toBe(srt);
  expect(fourCC(await download(request, world.orgToken, created.imageUrl!), 1)).toBe("PNG\r");

  // Named by its topic, not its id: heading, browser tab and toast.
  await expect(page.getByRole("heading", { level: 1, name: "Describe the picture" })).toBeVisible();
  await expect(page).toHaveTitle(/^Describe the picture · /);
  await expect(
    page.getByRole("status").filter({ hasText: "Speech challenge “Describe the picture” created" }),
  ).toBeVisible();

  // Stored files show in place.
  expect(await playerDuration(page.getByRole("group", { name: "Reference audio" }))).toBeGreaterThan(2);
  await expect(page.getByRole("img", { name: "Current image" })).toBeVisible();
  await expect(page.getByLabel("Current subtitles (srt)", { exact: true })).toContainText(MICROPHONE_TEXT);
  await snap(page, "speech-detail");

  // The uploaded subtitles can be removed (and kept after all, until saved); the image stays.
  const subtitles = page.getByRole("group", { name: "Subtitles (SRT)" });
  await subtitles.getByRole("button", { name: "Remove the current subtitles (srt)" }).click();
  await expect(subtitles.getByRole("status")).toContainText("will be removed when you save");
  await subtitles.getByRole("button", { name: "Keep the current subtitles (srt)" }).click();
  await expect(page.getByLabel("Current subtitles (srt)", { exact: true })).toContainText(MICROPHONE_TEXT);
  await subtitles.getByRole("button", { name: "Remove the current subtitles (srt)" }).press("Enter");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Speech challenge “Describe the picture” saved" }),
  ).toBeVisible();
  await expect(subtitles.getByText("None yet.")).toBeVisible();
  const saved = await expectJson<Speech>(
    await request.get(`/api/challenges/speech/${id}`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(saved).toMatchObject({ srtUrl: null, imageUrl: created.imageUrl });

  // Delete asks first; cancelling keeps the challenge.
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Delete speech challenge “Describe the picture”?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await request.get(`/api/challenges/speech/${id}`, { headers: authed(world.orgToken) })).status()).toBe(200);
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await dialog.getByRole("button", { name: "Delete speech challenge" }).click();
  await expect(page).toHaveURL(/\/challenges\/speech$/);
  await expect(
    page.getByRole("status").filter({ hasText: "The speech challenge “Describe the picture” was deleted" }),
  ).toBeVisible();
  expect((await request.get(`/api/challenges/speech/${id}`, { headers: authed(world.orgToken) })).status()).toBe(404);
  await expect(page.getByRole("link", { name: `An older challenge ${other}`, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: id })).toHaveCount(0);
  await snap(page, "speech-list");
  expect(pageErrors).toEqual([]);
});
