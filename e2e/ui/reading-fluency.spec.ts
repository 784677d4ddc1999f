// Fluency over time for a group (issue 25): WCPM per attempt with links to the review, the
// distribution over the bands the school set (and a teacher editing them), the most misread words, keyboard use and axe;
// screenshots at 1280 and 768 px.
import { authed, expectJson } from "../support/api";
import { testAudio, uniqueWav, wavPart } from "../support/audio";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { group, speechChallenge, student } from "../support/progress-ui";
import { readWord as word } from "../support/reading";
import { snap } from "../support/screenshots";
import { orgUserWithPassword, signInToOrganisation } from "../support/ui";

test("a teacher follows a group's fluency: WCPM per attempt, bands, misread words, to an attempt's review", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(180_000);
  const audio = await testAudio();
  const token = world.orgToken;
  const challenge = await speechChallenge(request, token, "The big dog ran home");
  const klass = await group(request, token, "Grade 3", []);
  const ada = await student(request, world, "Ada", "Alpha", [klass]);
  const bo = await student(request, world, "Bo", "Beta", [klass]);
  const attempt = async (who: { token: string }, labels: string[]) => {
    const texts = ["The", "big", "dog", "ran", "home"];
    const words = texts.map((t, i) => word(i, t, labels[i] === "DW" ? null : t.toLowerCase(), labels[i]!, i * 500));
    const sentence = {
      sentence: 0,
      errors: 0,
      confidence: null,
      currentFrame: null,
      eosFrame: null,
      sessionId: "",
      tokenType: "EOS",
      words,
    };
    return expectJson<{ id: string }>(
      await postMultipart(
        request,
        "/api/feedback",
        {
          audio: wavPart(uniqueWav(audio.wav)),
          challengeId: challenge,
          resultSetId: `rs-${Date.now()}-${Math.random()}`,
          sentences: [JSON.stringify(sentence)],
        },
        authed(who.token),
      ),
      201,
    );
  };
  // Ada: 5 words over 2.4 s, one substitution: 4 correct = 100 WCPM; Bo: "big" and "ran" wrong: 75 WCPM.
  const adaAttempt = await attempt(ada, ["CW", "CW", "CW", "SW", "CW"]);
  await attempt(bo, ["CW", "DW", "CW", "SW", "CW"]);
  const bands = {
    bands: [
      { name: "Needs support", belowWcpm: 80 },
      { name: "Developing", belowWcpm: 110 },
    ],
  };
  expect(
    (await request.put(`/api/groups/${klass}/reading-bands`, { data: bands, headers: authed(token) })).status(),
  ).toBe(200);

  const login = await orgUserWithPassword(request, world, "TEACHER");
  await signInToOrganisation(page, world, login);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The group's page leads to its reading fluency.
  await page.goto(`/groups/${klass}`);
  await page.getByRole("link", { name: "Reading fluency" }).click();
  await expect(page).toHaveURL(new RegExp(`/reading/groups/${klass}$`));
  const view = page.getByTestId("group-fluency");
  await expect(view.getByRole("heading", { name: "Reading fluency · Grade 3" })).toBeVisible();
  const rows = view.getByTestId("fluency-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Ada Alpha" }).getByTestId("student-band")).toHaveText("Developing");
  await expect(rows.filter({ hasText: "Bo Beta" }).getByTestId("student-band")).toHaveText("Needs support");
  const bandsShown = view.getByTestId("band");
  await expect(bandsShown).toHaveCount(3);
  await expect(bandsShown.nth(0)).toContainText("Needs support (below 80 WCPM)");
  await expect(bandsShown.nth(0).getByTestId("band-count")).toHaveText("1 student");
  await expect(bandsShown.nth(1).getByTestId("band-count")).toHaveText("1 student");
  await expect(bandsShown.nth(2).getByTestId("band-count")).toHaveText("0 students");
  await expect(view.getByTestId("misread-word")).toHaveText([
    /^ran · 2 times: (Bo Beta|Ada Alpha)/,
    /^big · 1 time: Bo Beta/,
  ]);

  await snap(page, "reading-fluency-1280");
  await page.setViewportSize({ width: 768, height: 1000 });
  await snap(page, "reading-fluency-768");
  expect(await seriousViolations(page)).toEqual([]);

  // The teacher edits the bands from the keyboard: a problem is named in words and nothing is
  // saved; then one band below 120 WCPM holds both students.
  await view.getByRole("button", { name: "Edit bands" }).focus();
  await page.keyboard.press("Enter");
  await view.getByLabel("Name of band 1").fill("");
  await view.getByLabel("Name of band 1").press("Enter");
  await expect(view.getByTestId("band-problems")).toHaveText("Band 1: give it a name");
  expect(await seriousViolations(page)).toEqual([]);
  await view.getByLabel("Name of band 1").fill("Needs support");
  await view.getByLabel("Below WCPM (band 1)").fill("120");
  await view.getByRole("button", { name: "Remove band 2" }).focus();
  await page.keyboard.press("Enter");
  await view.getByRole("button", { name: "Save bands" }).focus();
  await page.keyboard.press("Enter");
  await expect(view.getByRole("button", { name: "Edit bands" })).toBeVisible();
  await expect(bandsShown).toHaveCount(2);
  await expect(bandsShown.nth(0)).toContainText("Needs support (below 120 WCPM)");
  await expect(bandsShown.nth(0).getByTestId("band-count")).toHaveText("2 students");

  // From the keyboard: Ada's attempt link opens its review.
  const link = view.getByRole("link", { name: /^Ada Alpha, .*: 100\.0 WCPM, accuracy 80%$/ });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/reading/attempts/${adaAttempt.id}$`));
  await expect(page.getByTestId("figure-wcpm")).toHaveText("100.0");
  expect(await seriousViolations(page)).toEqual([]);
});
