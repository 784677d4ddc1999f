// The progress dashboard (/progress): a teacher picks a category (its subtree's challenges are
// the columns), a group and the STUDENT role; students uploaded real recordings through the API
// beforehand. The grid shows which cells hold a recording and when (the newest recording of the
// cell's result set), the percentages, sorts, and a click plays the combined audio (<audio>, by
// the session cookie). A student's pronunciation analysis shows per grapheme, coloured by verdict.
import { asUser, authed, expectJson } from "../support/api";
import { testAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { category, group, record, speechChallenge, student, type Recording } from "../support/progress-ui";
import { ANALYSIS_WORDS } from "../support/pronunciation";
import { snap } from "../support/screenshots";
import { signInAsOrganisationUser } from "../support/ui";

test("a teacher reads the grid of a nested category: presence, times, percentages, sorting, playback, pronunciation", async ({ page, request, world }) => {
  test.setTimeout(150_000);
  const audio = await testAudio();
  const token = world.orgToken;
  const [c1, c2, c3] = [await speechChallenge(request, token, "Introduce yourself", audio.wav), await speechChallenge(request, token, "Your hobby"), await speechChallenge(request, token, "Your town")];
  const root = await category(request, token, { name: "Unit one", speechChallenges: [c1, c2] });
  await category(request, token, { name: "Lesson", parent: root, speechChallenges: [c3] });
  const klass = await group(request, token, "Class 3B", [root]);
  const other = await group(request, token, "Other class");
  const alpha = await student(request, world, "Ada", "Alpha", [klass]);
  const bravo = await student(request, world, "Ben", "Bravo", [klass]);
  const charlie = await student(request, world, "Cas", "Charlie", [klass]);
  await student(request, world, "Dee", "Delta", [other]);

  // Alpha records everything (c1 twice in one result set), Bravo only c1, Charlie nothing.
  const recs: Record<string, Recording[]> = {};
  const set1 = `rs-${alpha.id}-c1`;
  recs.a1 = [await record(request, alpha.token, c1, audio.wav, set1), await record(request, alpha.token, c1, audio.wav, set1)];
  recs.a2 = [await record(request, alpha.token, c2, audio.wav)];
  recs.a3 = [await record(request, alpha.token, c3, audio.wav)];
  recs.b1 = [await record(request, bravo.token, c1, audio.wav)];

  // A pronunciation analysis by Alpha.
  const pc = await expectJson<{ id: string }>(
    await postMultipart(request, "/api/challenges/pronunciation", { transcription: "The queen", language: "eng", referenceAudio: { buffer: audio.ogg, name: "ref.opus", mimeType: "audio/ogg" } }, authed(token)),
    201,
  );
  const words = { buffer: Buffer.from(JSON.stringify(ANALYSIS_WORDS)), name: "words.json", mimeType: "application/json" };
  await expectJson(await postMultipart(request, `/api/challenges/pronunciation/${pc.id}/analyses`, { audio: { buffer: audio.ogg, name: "a.opus", mimeType: "audio/ogg" }, score: "0.57", words }, authed(alpha.token)), 201);

  await signInAsOrganisationUser(page, request, world, "TEACHER");
  await page.goto("/progress");
  await expect(page.getByText("Choose a category", { exact: true })).toBeVisible();
  await page.getByLabel("Category").selectOption(root);
  await expect(page.getByText("(linked)")).toBeVisible(); // Class 3B is linked to the category
  await page.getByRole("checkbox", { name: /Class 3B/ }).click(); // the URL holds the choice: it shows once the route has updated
  await expect(page.getByRole("checkbox", { name: /Class 3B/ })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`category=${root}.*group=${klass}`));
  const grid = page.getByTestId("progress-grid");
  await expect(grid).toHaveAttribute("data-ready", "true");
  await expect(grid).toHaveAttribute("data-rows", "3"); // Delta is in the other class; the teacher is no STUDENT

  const rowOf = (id: string) => grid.locator(`[role="row"][data-user-id="${id}"]`);
  const names = () => grid.locator('[role="row"][data-user-id]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.userId));
  expect(await names()).toEqual([alpha.id, bravo.id, charlie.id]);
  await expect(grid.getByRole("columnheader")).toHaveText([/Student/, /Done/, "Introduce yourself", "Your hobby", "Your town"]);
  await expect(rowOf(alpha.id).getByTestId("percentage")).toHaveText("100%");
  await expect(rowOf(bravo.id).getByTestId("percentage")).toHaveText("33.33%");
  await expect(rowOf(charlie.id).getByTestId("percentage")).toHaveText("0%");
  await expect(page.getByTestId("progress-summary")).toContainText("3 students · 3 challenges · mean 44.44%");

  // Presence and time: a cell's time is its result set's newest recording.
  const cells = (id: string) => rowOf(id).locator('[role="gridcell"][data-state]');
  await expect(cells(alpha.id).nth(0)).toHaveAttribute("data-time", recs.a1![1]!.created);
  await expect(cells(alpha.id).nth(1)).toHaveAttribute("data-time", recs.a2![0]!.created);
  await expect(cells(alpha.id).nth(2)).toHaveAttribute("data-time", recs.a3![0]!.created);
  await expect(cells(bravo.id).nth(0)).toHaveAttribute("data-time", recs.b1![0]!.created);
  expect(await cells(bravo.id).evaluateAll((cs) => cs.map((c) => (c as HTMLElement).dataset.state))).toEqual(["recorded", "empty", "empty"]);
  expect(await cells(charlie.id).evaluateAll((cs) => cs.map((c) => (c as HTMLElement).dataset.state))).toEqual(["empty", "empty", "empty"]);
  const shown = await page.evaluate((iso) => new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(new Date(iso)), recs.b1![0]!.created);
  await expect(cells(bravo.id).nth(0)).toContainText(shown);

  // Sorting by percentage, both ways; then back by name.
  await grid.getByRole("button", { name: /Done/ }).click();
  await expect.poll(names).toEqual([alpha.id, bravo.id, charlie.id]);
  await grid.getByRole("button", { name: /Done/ }).click();
  await expect.poll(names).toEqual([charlie.id, bravo.id, alpha.id]);
  await expect(grid.getByRole("columnheader", { name: /Done/ })).toHaveAttribute("aria-sort", "ascending");
  await grid.getByRole("button", { name: /Student/ }).click();
  await expect.poll(names).toEqual([alpha.id, bravo.id, charlie.id]);

  // One click plays the cell's combined audio.
  const player = page.getByTestId("progress-audio");
  await rowOf(alpha.id).getByRole("button", { name: /Introduce yourself: recorded/ }).click();
  await expect(page.getByTestId("progress-player")).toHaveAttribute("data-status", "playing", { timeout: 20_000 });
  // Same-origin, by the session cookie: the URL carries no token.
  expect(await player.evaluate((a: HTMLAudioElement) => a.src)).toMatch(new RegExp(`/api/resultsets/${set1}/audio$`));
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 10_000 }).toBeGreaterThan(1);
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.2);
  // The cell's details: its two recordings, each playable.
  const details = page.getByTestId("cell-details");
  await expect(details).toContainText("2 recordings");
  await details.getByRole("button", { name: "▶ Recording 2" }).click();
  await expect
    .poll(() => player.evaluate((a: HTMLAudioElement) => a.src.includes("/api/download/") && a.currentTime > 0.2), { timeout: 20_000 })
    .toBe(true);
  await player.evaluate((a: HTMLAudioElement) => a.pause());

  // Alpha's pronunciation analysis: graphemes coloured by verdict, phoneme scores on hover.
  await rowOf(alpha.id).getByRole("button", { name: "Ada Alpha", exact: true }).click();
  const panel = page.getByTestId("pronunciation-panel");
  await expect(panel.getByTestId("analysis")).toHaveCount(1);
  await expect(panel.getByText("Score 57%")).toBeVisible();
  const graphemes = panel.getByTestId("grapheme");
  await expect(graphemes).toHaveText(["th", "e", "qu"]);
  expect(await graphemes.evaluateAll((gs) => gs.map((g) => (g as HTMLElement).dataset.verdict))).toEqual(["good", "bad", "moderate"]);
  await graphemes.nth(2).hover();
  const tip = panel.getByTestId("phoneme-scores").nth(2);
  await expect(tip).toBeVisible();
  await expect(tip).toContainText("/k/ 70% moderate");
  await expect(tip).toContainText("/w/ 50% moderate");
  // Cell and student side by side for the screenshot (the cell's click plays it again).
  await rowOf(alpha.id).getByRole("button", { name: /Introduce yourself: recorded/ }).click();
  await expect(details).toContainText("2 recordings");
  await graphemes.nth(2).hover();
  await expect(tip).toBeVisible();
  await snap(page, "progress-grid");
  await player.evaluate((a: HTMLAudioElement) => a.pause());

  // The selection is in the URL: a reload shows the same grid.
  await page.reload();
  await expect(page.getByTestId("progress-grid")).toHaveAttribute("data-rows", "3");
});

test("a student sees only their own row", async ({ page, request, world }) => {
  const audio = await testAudio();
  const c1 = await speechChallenge(request, world.orgToken, "Only one");
  const root = await category(request, world.orgToken, { name: "Solo", speechChallenges: [c1] });
  const { user: me } = await signInAsOrganisationUser(page, request, world, "STUDENT");
  await record(request, await asUser(request, world, me.id), c1, audio.wav);
  await page.goto(`/progress?category=${root}`);
  const grid = page.getByTestId("progress-grid");
  await expect(grid).toHaveAttribute("data-rows", "1");
  await expect(grid.locator(`[role="row"][data-user-id="${me.id}"]`).getByTestId("percentage")).toHaveText("100%");
});
