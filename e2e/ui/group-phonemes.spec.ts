// Pronunciation results a teacher can read, on the progress page: an analysis's words show their
// grapheme groups and their phonemes coloured by verdict, a word plays its span of the answer, and
// below the grid the shown students' lowest-scoring phonemes of a pronunciation challenge.
import { authed, expectJson } from "../support/api";
import { oggPart, testAudio } from "../support/audio";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { category, group, speechChallenge, student } from "../support/progress-ui";
import { ANALYSIS_WORDS } from "../support/pronunciation";
import { snap } from "../support/screenshots";
import { orgUserWithPassword, signInToOrganisation } from "../support/ui";

/** ANALYSIS_WORDS with every phoneme scored `score` (and judged accordingly) where its symbol is `ipa`. */
const rescored = (ipa: string, score: number) =>
  ANALYSIS_WORDS.map((w) => ({
    chunks: w.chunks.map((c) => ({
      ...c,
      phonemes: c.phonemes.map((p) =>
        p.ipa === ipa ? { ...p, score, verdict: score < 0.4 ? "bad" : score < 0.7 ? "moderate" : "good" } : p,
      ),
    })),
  }));

test("a teacher reads the phonemes of an analysis by colour, plays a word, and sees the group's lowest phonemes", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const audio = await testAudio();
  const token = world.orgToken;
  const challenge = await speechChallenge(request, token, "The queen");
  const root = await category(request, token, { name: "Sounds", speechChallenges: [challenge] });
  const klass = await group(request, token, "Class 3B", [root]);
  const ada = await student(request, world, "Ada", "Alpha", [klass]);
  const bob = await student(request, world, "Bob", "Beta", [klass]);
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/pronunciation",
      { id: challenge, transcription: "The queen", language: "eng", referenceAudio: oggPart(audio.ogg) },
      authed(token),
    ),
    201,
  );
  // Ada as the shared test data (/ə/ 0.2, /w/ 0.5, /k/ 0.7, /ð/ 0.9); Bob says /w/ badly (0.1).
  for (const [who, words] of [
    [ada, ANALYSIS_WORDS],
    [bob, rescored("w", 0.1)],
  ] as const) {
    const part = { buffer: Buffer.from(JSON.stringify(words)), name: "words.json", mimeType: "application/json" };
    await expectJson(
      await postMultipart(
        request,
        `/api/challenges/pronunciation/${challenge}/analyses`,
        { audio: oggPart(audio.ogg), score: "0.5", words: part },
        authed(who.token),
      ),
      201,
    );
  }
  const login = await orgUserWithPassword(request, world, "TEACHER");
  expect(
    (
      await request.post(`/api/groups/${klass}/members`, { data: { users: [login.user.id] }, headers: authed(token) })
    ).status(),
  ).toBe(204);

  await signInToOrganisation(page, world, login);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/progress");
  const grid = page.getByTestId("progress-grid");
  await expect(grid).toHaveAttribute("data-ready", "true");

  // The group's lowest phonemes: /ə/ (0.2 twice: 20%), then /w/ (0.5 and 0.1: 30%), /k/, /ð/.
  const lowest = page.getByTestId("lowest-phoneme");
  await expect(lowest).toHaveCount(4);
  await expect(lowest.locator("th")).toHaveText(["/ə/", "/w/", "/k/", "/ð/"]);
  await expect(lowest.first()).toContainText("20%");
  await expect(lowest.nth(1)).toContainText("30%");
  await expect(lowest.nth(1).locator("td").nth(2)).toHaveText("1×"); // judged bad once (Bob)
  await expect(lowest.first().locator("td").last()).toHaveText("2"); // by both students

  // Bob's analysis from the keyboard: his name opens it; the phonemes are coloured by verdict.
  await grid.locator(`[role="row"][data-user-id="${bob.id}"]`).getByRole("rowheader").focus();
  await page.keyboard.press("Enter");
  const panel = page.getByTestId("pronunciation-panel");
  await expect(panel.getByTestId("analysis")).toHaveCount(1);
  const phonemes = panel.getByTestId("phoneme");
  await expect(phonemes).toHaveCount(4);
  expect(
    await phonemes.evaluateAll((els) =>
      els.map((e) => `${e.firstChild?.textContent}:${e.getAttribute("data-verdict")}`),
    ),
  ).toEqual(["ð:good", "ə:bad", "k:moderate", "w:bad"]);
  // Coloured differently: a bad phoneme's background is not a good one's.
  const background = (i: number) => phonemes.nth(i).evaluate((e) => getComputedStyle(e).backgroundColor);
  expect(await background(1)).not.toBe(await background(0));

  // The word "queen" (its "qu"), played from the keyboard: exactly its span.
  const word = panel.getByRole("button", { name: "Play the word “qu”" });
  await word.focus();
  await page.keyboard.press("Enter");
  await expect
    .poll(() => page.getByTestId("progress-audio").evaluate((a: HTMLAudioElement) => a.src))
    .toMatch(/#t=0\.300,0\.400$/);

  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, "pronunciation-results-1280");
  await page.setViewportSize({ width: 768, height: 1024 });
  await snap(page, "pronunciation-results-768");
  expect(await seriousViolations(page)).toEqual([]);
});
