// Reading a passage aloud in the browser (fake microphone, real synthesised speech): the first
// sentence's words coloured once the engine has judged it, a pause and a resume on the way, and
// the feedback stored as an app's (the student's GET /api/feedback has it, with its sentences).
import fs from "node:fs/promises";
import { asUser, authed, expectJson, uniqueId } from "../support/api";
import { seriousViolations } from "../support/axe";
import { postMultipart } from "../support/multipart";
import { passMicrophoneTest, signInAsStudent } from "../support/practice";
import { expect, SPOKEN, test } from "../support/practice-microphone";
import { snap } from "../support/screenshots";

const SECOND = "The cat sits on the mat.";
const SRT = `1\n00:00:00,000 --> 00:00:02,000\n${SPOKEN}\n\n2\n00:00:02,000 --> 00:00:04,000\n${SECOND}\n`;

test("a student reads a passage aloud, pauses and goes on, and sees each sentence's words judged", async ({
  page,
  request,
  world,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  const id = uniqueId("read");
  const srt = { name: "text.srt", mimeType: "application/x-subrip", buffer: Buffer.from(SRT) };
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/speech",
      { id, topic: "Read the story aloud", language: "eng", srt },
      authed(world.orgToken),
    ),
    201,
  );
  const login = await signInAsStudent(page, request, world);
  await page.goto(`/practice/speech/${id}`);
  const passage = page.getByRole("region", { name: "Read this aloud" });
  await expect(passage).toContainText(SPOKEN);
  await expect(passage).toContainText(SECOND);
  await passMicrophoneTest(page);

  await page.getByRole("button", { name: "Start reading" }).press("Enter");
  await expect(page.getByRole("status")).toContainText("Listening");
  await page.waitForTimeout(2500);
  await page.getByRole("button", { name: "Pause" }).press("Enter");
  await expect(page.getByRole("status")).toContainText("Paused");
  await page.waitForTimeout(1000);
  await page.getByRole("button", { name: "Go on" }).press("Enter");
  await expect(page.getByRole("status")).toContainText("Listening");
  await page.waitForTimeout(2000);
  await page.getByRole("button", { name: "I am done" }).press("Enter");
  await expect(page.getByRole("status")).toContainText("Done!", { timeout: 60_000 });

  // The first sentence, judged word by word (a label on each expected word).
  const first = passage.getByTestId("judged-sentence").first();
  await expect(first).toBeVisible();
  const labels = await first
    .getByTestId("read-word")
    .evaluateAll((ws) => ws.map((w) => (w as HTMLElement).dataset.label));
  expect(labels.length).toBeGreaterThanOrEqual(5);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, "practice-read-aloud-1280");

  // Stored as an app's feedback.
  const token = await asUser(request, world, login.user.id);
  const feedback = await expectJson<{ challengeId: string | null; sentences: unknown[] }[]>(
    await request.get("/api/feedback", { headers: authed(token) }),
    200,
  );
  expect(feedback).toEqual([expect.objectContaining({ challengeId: id })]);
  expect(feedback[0]!.sentences.length).toBeGreaterThanOrEqual(1);
  expect(pageErrors).toEqual([]);
});

test("a passage in a language no engine reads: its words grey, and a note with the likeness to the teacher's recording", async ({
  page,
  request,
  world,
  pageErrors,
  microphoneWav,
}) => {
  test.setTimeout(120_000);
  const id = uniqueId("read-nld");
  // A typed passage (its SRT generated, so without real timings) and the teacher's recording, which
  // is what the microphone says: the reading is compared with it as a whole.
  const referenceAudio = { name: "r.wav", mimeType: "audio/wav", buffer: await fs.readFile(microphoneWav) };
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/speech",
      { id, topic: "Lees voor", sentences: SPOKEN, language: "nld", referenceAudio },
      authed(world.orgToken),
    ),
    201,
  );
  await signInAsStudent(page, request, world);
  await page.goto(`/practice/speech/${id}`);
  const passage = page.getByRole("region", { name: "Read this aloud" });
  await expect(passage).toContainText(SPOKEN);
  await passMicrophoneTest(page);
  await page.getByRole("button", { name: "Start reading" }).press("Enter");
  await expect(page.getByRole("status")).toContainText("Listening");
  await page.waitForTimeout(3500);
  await page.getByRole("button", { name: "I am done" }).press("Enter");
  await expect(page.getByRole("status")).toContainText("Done!", { timeout: 60_000 });

  const labels = await passage
    .getByTestId("read-word")
    .evaluateAll((ws) => ws.map((w) => (w as HTMLElement).dataset.label));
  expect(labels.length).toBeGreaterThanOrEqual(5);
  expect(new Set(labels)).toEqual(new Set(["NA"]));
  await expect(passage.getByTestId("sentence-note")).toHaveText(
    /^No engine on this server judges reading aloud in this language \(nld\) yet\. Similarity of the whole reading to the reference recording: \d{1,3} % .* It measures likeness to one speaker, not reading\.$/,
  );
  expect(await seriousViolations(page)).toEqual([]);
  expect(pageErrors).toEqual([]);
});
