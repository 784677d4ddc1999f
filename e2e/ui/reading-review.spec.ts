// The review screen of one read-aloud attempt (issue 25): the passage coloured by label, a word's
// audio span played from a click and from the keyboard, a teacher's correction recounting WCPM and
// accuracy, the engine's unsure words marked; axe, and screenshots at 1280 and 768 px. Then the
// attempt is prepared for annotation, and the editor's pre-fill puts its words into the Words layer.
import type { APIRequestContext } from "@playwright/test";
import { annotate, assign, openEditor, person, signedIn } from "../support/annotation-ui";
import { authed, expectJson } from "../support/api";
import { testAudio, uniqueWav, wavPart } from "../support/audio";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { group, speechChallenge, student } from "../support/progress-ui";
import { readSentence, readWord as word } from "../support/reading";
import { snap } from "../support/screenshots";
import { orgUserWithPassword, signInToOrganisation } from "../support/ui";

/** A student's read-aloud attempt as an app stores it: audio, one sentence, and the app's extra. */
async function postAttempt(
  request: APIRequestContext,
  token: string,
  challengeId: string,
  sentence: unknown,
  extra: object,
) {
  const audio = await testAudio();
  return expectJson<{ id: string }>(
    await postMultipart(
      request,
      "/api/feedback",
      {
        audio: wavPart(uniqueWav(audio.wav)),
        challengeId,
        resultSetId: `rs-${Date.now()}`,
        sentences: [JSON.stringify(sentence)],
        extra: JSON.stringify(extra),
      },
      authed(token),
    ),
    201,
  );
}

test("a teacher reviews an attempt: coloured words, a word's audio from click and keyboard, a correction recounting the figures", async ({
  browser,
  page,
  request,
  world,
}) => {
  test.setTimeout(180_000);
  const token = world.orgToken;
  const challenge = await speechChallenge(request, token, "The big dog ran home");
  const klass = await group(request, token, "Class 3B", []);
  const ada = await student(request, world, "Ada", "Alpha", [klass]);
  const sentence = readSentence(
    [
      word(0, "The", "the", "CW", 0, 0.95),
      word(1, "big", null, "DW", 400),
      word(2, "dog", "dog", "CW", 500, 0.9),
      word(3, "ran", "run", "SW", 1000, 0.3),
      word(4, "home", "home", "CW", 1500, 0.9),
    ],
    2,
  );
  const feedback = await postAttempt(request, ada.token, challenge, sentence, { engine: "pocketsphinx" });
  const login = await orgUserWithPassword(request, world, "TEACHER");
  await signInToOrganisation(page, world, login);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/reading/attempts/${feedback.id}`);

  const review = page.getByTestId("reading-review");
  await expect(review.getByRole("heading", { name: "Reading of Ada Alpha" })).toBeVisible();
  await expect(review.getByTestId("engine")).toHaveText("Labelled by the pocketsphinx engine");
  // E 5, errors 2 (big deleted, ran substituted): 3 correct over 0 .. 1900 ms = 94.7 WCPM, 60%.
  await expect(review.getByTestId("figure-wcpm")).toHaveText("94.7");
  await expect(review.getByTestId("figure-accuracy")).toHaveText("60%");
  const words = review.getByTestId("passage-word");
  await expect(words).toHaveCount(5);
  expect(await words.evaluateAll((els) => els.map((e) => e.getAttribute("data-label")))).toEqual([
    "CW",
    "DW",
    "CW",
    "SW",
    "CW",
  ]);
  await expect(words.nth(3)).toHaveClass(/bg-red-100/);
  await expect(words.nth(0)).toHaveClass(/bg-emerald-100/);
  // The engine was unsure of "ran" only.
  await expect(review.locator("[data-unsure]")).toHaveText(["ran?"]);
  await expect(review.getByTestId("unsure-count")).toContainText("1 word");

  // A click plays exactly "dog": 0.5 to 0.9 s.
  const player = page.getByTestId("progress-audio");
  const source = () => player.evaluate((a: HTMLAudioElement) => a.src);
  await words.nth(2).click();
  await expect.poll(source).toMatch(/#t=0\.500,0\.900$/);
  await expect(page.getByTestId("progress-player")).toHaveAttribute("data-status", /playing|paused/, {
    timeout: 20_000,
  });

  // From the keyboard: the passage is one tab stop; arrows move, Enter plays "ran" (1.0 to 1.4 s).
  await page.keyboard.press("ArrowRight");
  await expect(words.nth(3)).toBeFocused();
  await expect(words.nth(2)).toHaveAttribute("tabindex", "-1");
  await page.keyboard.press("Enter");
  await expect.poll(source).toMatch(/#t=1\.000,1\.400$/);

  await snap(page, "reading-review-1280");
  await page.setViewportSize({ width: 768, height: 1000 });
  await snap(page, "reading-review-768");
  expect(await seriousViolations(page)).toEqual([]);

  // The teacher hears "ran": SW becomes CW, from the keyboard; the figures recount at once.
  await page.getByTestId("word-label").focus();
  await page.getByTestId("word-label").selectOption("CW");
  await expect(review.getByTestId("figure-wcpm")).toHaveText("126.3");
  await expect(review.getByTestId("figure-accuracy")).toHaveText("80%");
  await expect(words.nth(3)).toHaveAttribute("data-label", "CW");
  await expect(words.nth(3)).toHaveAccessibleName(/corrected; engine: Substitution/);
  await expect(review.getByTestId("correction-history")).toContainText("Substitution → Correct");
  // The correction is stored: a reload shows it.
  await page.reload();
  await expect(review.getByTestId("figure-accuracy")).toHaveText("80%");

  // Prepared for annotation: a recording of Ada's, whose annotation starts from the reviewed words.
  const prepare = page.getByTestId("prepare-annotation");
  await prepare.getByRole("button", { name: "Prepare for annotation" }).click();
  await expect(prepare.getByRole("status")).toContainText("ready as a recording of Ada Alpha");
  const recording = await expectJson<{ id: string }>(
    await request.post(`/api/feedback/${feedback.id}/recording`, { headers: authed(token) }),
    200,
  );
  const newAssignment = `/assignments/new?challenge=${challenge}&recording=${recording.id}`;
  await expect(prepare.getByRole("link", { name: "new assignment with this recording" })).toHaveAttribute(
    "href",
    newAssignment,
  );
  // Coming back, the screen knows the attempt is prepared: no second "Prepare for annotation".
  await page.reload();
  await expect(page.getByTestId("prepare-annotation").getByRole("status")).toContainText("ready as a recording");
  await expect(page.getByRole("button", { name: "Prepare for annotation" })).toHaveCount(0);
  const admin = await person(request, world, "ADMIN", "Ann");
  const ref = { tenant: world.tenantId, organisation: world.orgId, challenge, recording: recording.id };
  const assignment = await assign(request, world, { name: "Reading", base: null, full: admin, refs: [ref] });
  await annotate(request, admin.token, assignment.id, ref, []);
  // One more correction first: "home" mispronounced, a mark the pre-fill brings to the Error layer.
  await expectJson(
    await request.post(`/api/feedback/${feedback.id}/corrections`, {
      headers: authed(token),
      data: { sentence: 0, word: 4, label: "PC" },
    }),
    200,
  );
  const editor = await signedIn(browser, world, admin);
  // The link opens a new assignment with this recording chosen, its challenge's recordings shown.
  await editor.goto(newAssignment);
  await expect(editor.getByTestId("chosen-count")).toHaveText("1 recording chosen");
  await expect(editor.getByLabel("Speech challenge")).toHaveValue(challenge);
  await expect(editor.getByRole("checkbox", { name: /Ada Alpha/ }).first()).toBeChecked();
  await openEditor(editor, assignment.id, ref);
  const box = editor.getByTestId("prefill");
  const fromAttempt = box.getByRole("radio", {
    name: /^The reviewed reading attempt \(4 words, at their times, 1 mark on Error/,
  });
  await expect(fromAttempt).toBeChecked();
  await box.getByRole("button", { name: "Pre-fill Words" }).click();
  await expect(editor.getByTestId("lane-Error").getByRole("button", { name: /^Error “Pronunciation”/ })).toHaveCount(1);
  // "big" was deleted (no time in the audio); "ran" is as heard ("run"), now labelled correct.
  const shown = editor.getByTestId("lane-Words").getByRole("button", { name: /^Words “/ });
  await expect
    .poll(() =>
      shown.evaluateAll((els) =>
        els
          .map((e) => ({
            x: e.getBoundingClientRect().left,
            label: /“(.*?)”/.exec(e.getAttribute("aria-label") ?? "")?.[1],
          }))
          .sort((a, b) => a.x - b.x)
          .map((e) => e.label),
      ),
    )
    .toEqual(["the", "dog", "run", "home"]);
});

test("an attempt no engine judged: the screen says why and what was measured instead, and each word's note", async ({
  page,
  request,
  world,
}) => {
  const challenge = await speechChallenge(request, world.orgToken, "De fiets is rood");
  const ada = await student(request, world, "Ada", "Alpha", []);
  const note =
    "No engine on this server judges reading aloud in this language (nld) yet. Similarity of this sentence to the reference recording: 39 % (template-mfcc-dtw/1). It measures likeness to one speaker, not reading.";
  const words = ["De", "fiets", "is", "rood"].map((w, i) => ({ ...word(i, w, null, "NA", 0), explanation: note }));
  const feedback = await postAttempt(request, ada.token, challenge, readSentence(words, 0), {
    assessed: false,
    notAssessed: "no engine on this server judges reading aloud in nld",
    measured: "similarity per sentence to the reference recording (template-mfcc-dtw/1)",
  });
  const login = await orgUserWithPassword(request, world, "TEACHER");
  await signInToOrganisation(page, world, login);
  await page.goto(`/reading/attempts/${feedback.id}`);
  const review = page.getByTestId("reading-review");
  await expect(review.getByTestId("engine")).toHaveText(
    "Not judged by an engine: no engine on this server judges reading aloud in nld. Measured instead: similarity per sentence to the reference recording (template-mfcc-dtw/1)",
  );
  await review.getByTestId("passage-word").nth(1).focus();
  await page.keyboard.press("Enter");
  await expect(review.getByRole("heading", { name: "“fiets”" })).toBeVisible();
  await expect(review.getByTestId("word-explanation")).toHaveText(note);
  expect(await seriousViolations(page)).toEqual([]);
});
