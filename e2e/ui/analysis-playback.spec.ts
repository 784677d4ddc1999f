// A pronunciation analysis on the progress page: each word has a play button and each grapheme
// group is a button, and either plays exactly its stretch of the student's answer (a media
// fragment of the analysis's audio), from the mouse and from the keyboard.
import AxeBuilder from "@axe-core/playwright";
import { authed, expectJson } from "../support/api";
import { oggPart, testAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { category, group, speechChallenge, student } from "../support/progress-ui";
import { ANALYSIS_WORDS } from "../support/pronunciation";
import { orgUserWithPassword, signInToOrganisation } from "../support/ui";

test("a teacher plays one word, or one grapheme group, of a student's pronunciation analysis", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const audio = await testAudio();
  const token = world.orgToken;
  const challenge = await speechChallenge(request, token, "The queen");
  const root = await category(request, token, { name: "Sounds", speechChallenges: [challenge] });
  const klass = await group(request, token, "Class 2A", [root]);
  const ada = await student(request, world, "Ada", "Alpha", [klass]);
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/pronunciation",
      { id: challenge, transcription: "The queen", language: "eng", referenceAudio: oggPart(audio.ogg) },
      authed(token),
    ),
    201,
  );
  const words = {
    buffer: Buffer.from(JSON.stringify(ANALYSIS_WORDS)),
    name: "words.json",
    mimeType: "application/json",
  };
  await expectJson(
    await postMultipart(
      request,
      `/api/challenges/pronunciation/${challenge}/analyses`,
      { audio: oggPart(audio.ogg), score: "0.57", words },
      authed(ada.token),
    ),
    201,
  );
  const login = await orgUserWithPassword(request, world, "TEACHER");
  const joined = await request.post(`/api/groups/${klass}/members`, {
    data: { users: [login.user.id] },
    headers: authed(token),
  });
  expect(joined.status()).toBe(204);

  await signInToOrganisation(page, world, login);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/progress");
  const grid = page.getByTestId("progress-grid");
  await expect(grid).toHaveAttribute("data-ready", "true");
  await grid.locator(`[role="row"][data-user-id="${ada.id}"]`).getByRole("rowheader").click();
  const panel = page.getByTestId("pronunciation-panel");
  await expect(panel.getByTestId("analysis")).toHaveCount(1);

  const player = page.getByTestId("progress-audio");
  const source = () => player.evaluate((a: HTMLAudioElement) => a.src);
  const started = () =>
    expect(page.getByTestId("progress-player")).toHaveAttribute("data-status", /playing|paused/, { timeout: 20_000 });

  // The word "the" (graphemes "th" and "e"): 0.1 to 0.25 s of Ada's answer.
  await panel.getByRole("button", { name: "Play the word “the”" }).click();
  await expect.poll(source).toMatch(/#t=0\.100,0\.250$/);
  await started();
  await expect(page.getByTestId("progress-player")).toContainText("Ada Alpha, “the” of");

  // The grapheme group "qu", from the keyboard: its two phonemes, 0.3 to 0.4 s.
  const qu = panel.getByRole("button", { name: /^Play “qu”: moderate, 60%$/ });
  await qu.focus();
  await expect(panel.getByTestId("phoneme-scores").nth(2)).toBeVisible(); // its phonemes show on focus
  await page.keyboard.press("Enter");
  await expect.poll(source).toMatch(/#t=0\.300,0\.400$/);
  await started();

  const axe = await new AxeBuilder({ page }).include('[data-testid="pronunciation-panel"]').analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
});
