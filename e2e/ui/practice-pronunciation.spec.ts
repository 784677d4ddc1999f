// A pronunciation exercise spoken in the browser (fake microphone, real synthesised speech): the
// sentence's words coloured by the engine's verdict, a play button for the student's own span of
// each word and the example's, and the analysis stored as an app's (the REST list has it).
import { authed, expectJson } from "../support/api";
import { oggPart, prepareTestAudio, testAudio } from "../support/audio";
import { seriousViolations } from "../support/axe";
import { postMultipart } from "../support/multipart";
import { passMicrophoneTest, signInAsStudent } from "../support/practice";
import { expect, SPOKEN, test } from "../support/practice-microphone";
import { snap } from "../support/screenshots";

prepareTestAudio();

test("a student says a pronunciation exercise and sees each word coloured by verdict", async ({
  page,
  request,
  world,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  const audio = await testAudio();
  const created = await expectJson<{ id: string }>(
    await postMultipart(
      request,
      "/api/challenges/pronunciation",
      { transcription: SPOKEN, language: "eng", referenceAudio: oggPart(audio.ogg) },
      authed(world.orgToken),
    ),
    201,
  );
  const path = `/api/challenges/pronunciation/${created.id}`;
  await expect
    .poll(
      async () =>
        (await expectJson<{ status: string }>(await request.get(path, { headers: authed(world.orgToken) }), 200))
          .status,
      { timeout: 90_000 },
    )
    .toBe("prepared");

  const login = await signInAsStudent(page, request, world);
  const exercise = page.getByRole("link", { name: new RegExp(SPOKEN.replace(".", "\\.")) });
  await expect(exercise).toContainText("Say it well");
  await exercise.click();
  await expect(page.getByRole("heading", { level: 1, name: "Say it well" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Hear how it sounds" })).toBeVisible();
  await passMicrophoneTest(page);
  await page.getByRole("button", { name: "Speak the sentence" }).press("Enter");
  await expect(page.getByRole("status")).toContainText("Listening");
  await page.waitForTimeout(3000);
  await page.getByRole("button", { name: "I am done" }).press("Enter");
  const result = page.getByTestId("practice-result");
  await expect(result).toBeVisible({ timeout: 60_000 });

  const analyses = await expectJson<{ userId: string; score: number | null }[]>(
    await request.get(`${path}/analyses`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(analyses).toEqual([expect.objectContaining({ userId: login.user.id })]);
  if (analyses[0]!.score !== null) {
    // Judged: the words with their verdicts, and a play button per word for each voice.
    await expect(result).toContainText(`Your score: ${Math.round(analyses[0]!.score * 100)}%`);
    const graphemes = result.getByTestId("grapheme");
    expect(await graphemes.count()).toBeGreaterThan(3);
    for (const verdict of await graphemes.evaluateAll((gs) => gs.map((g) => (g as HTMLElement).dataset.verdict)))
      expect(["good", "moderate", "bad"]).toContain(verdict);
    await expect(result.getByRole("button", { name: /^Hear me say “/ }).first()).toBeVisible();
    await expect(result.getByRole("button", { name: /in the example$/ }).first()).toBeVisible();
  } else {
    await expect(result).toContainText("could not be scored");
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, "practice-pronunciation-390");
  expect(pageErrors).toEqual([]);
});
