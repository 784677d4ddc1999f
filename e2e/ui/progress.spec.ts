// The progress page (/progress) on our compact grid (GET /api/categories/:id/progress/grid): a
// teacher opens it and sees their own group's students (STUDENT role) in the first category linked
// to that group; students uploaded real recordings through the API beforehand. Checked: the
// defaults, the cells (attempts, day, duration, pronunciation score), the completion row, the
// date range, sorting, arrow keys (roving focus), playback, the CSV download, no hydration error
// (React #418) on server-rendered loads with a slowed-down CPU, axe (0 serious/critical), screenshots at 1280 and 768 px.
import fs from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { asUser, authed, expectJson } from "../support/api";
import { oggPart, testAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { category, group, type Recording, record, speechChallenge, student } from "../support/progress-ui";
import { ANALYSIS_WORDS } from "../support/pronunciation";
import { snap } from "../support/screenshots";
import { orgUserWithPassword, signInAsOrganisationUser, signInToOrganisation } from "../support/ui";

/** Console errors and uncaught page errors (a hydration mismatch shows as React error #418). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
  page.on("pageerror", (e) => void errors.push(String(e)));
  return errors;
}

async function seriousAxe(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("a teacher's progress page: own group by default, cells, completion, date range, sorting, arrow keys, playback, CSV", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(240_000);
  const audio = await testAudio();
  const token = world.orgToken;
  const [c1, c2, c3] = [
    await speechChallenge(request, token, "Introduce yourself", audio.wav),
    await speechChallenge(request, token, "Your hobby"),
    await speechChallenge(request, token, "Your town"),
  ];
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
  recs.a1 = [
    await record(request, alpha.token, c1, audio.wav, set1),
    await record(request, alpha.token, c1, audio.wav, set1),
  ];
  recs.a2 = [await record(request, alpha.token, c2, audio.wav)];
  recs.a3 = [await record(request, alpha.token, c3, audio.wav)];
  recs.b1 = [await record(request, bravo.token, c1, audio.wav)];
  // A pronunciation challenge with c1's id, analysed by Alpha: the score shows in Alpha's c1 cell.
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/pronunciation",
      { id: c1, transcription: "The queen", language: "eng", referenceAudio: oggPart(audio.ogg) },
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
      `/api/challenges/pronunciation/${c1}/analyses`,
      { audio: oggPart(audio.ogg), score: "0.57", words },
      authed(alpha.token),
    ),
    201,
  );

  // The teacher is a member of Class 3B.
  const login = await orgUserWithPassword(request, world, "TEACHER");
  expect(
    (
      await request.post(`/api/groups/${klass}/members`, { data: { users: [login.user.id] }, headers: authed(token) })
    ).status(),
  ).toBe(204);
  await signInToOrganisation(page, world, login);
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Defaults: the own group, STUDENT, the group's linked category: no clicks needed.
  await page.goto("/progress");
  const grid = page.getByTestId("progress-grid");
  await expect(grid).toHaveAttribute("data-ready", "true");
  await expect(grid).toHaveAttribute("data-rows", "3"); // Delta is in the other class; the teacher is no STUDENT
  await expect(page.getByRole("checkbox", { name: /Class 3B/ })).toBeChecked();
  await expect(page.getByLabel("Category")).toHaveValue(root);
  await expect(page.getByLabel("Role")).toHaveValue("STUDENT");

  const rowOf = (id: string) => grid.locator(`[role="row"][data-user-id="${id}"]`);
  const names = () =>
    grid
      .locator('[role="row"][data-user-id]')
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.userId));
  expect(await names()).toEqual([alpha.id, bravo.id, charlie.id]);
  await expect(grid.getByRole("rowheader")).toHaveText(["Completed by", "Ada Alpha", "Ben Bravo", "Cas Charlie"]); // names, not ids
  await expect(grid.getByRole("columnheader")).toHaveText([
    /Student/,
    /Done/,
    /Introduce yourself/,
    /Your hobby/,
    /Your town/,
  ]);
  await expect(rowOf(alpha.id).getByTestId("percentage")).toHaveText("100%");
  await expect(rowOf(bravo.id).getByTestId("percentage")).toHaveText("33%"); // whole numbers
  await expect(rowOf(charlie.id).getByTestId("percentage")).toHaveText("0%");
  await expect(page.getByTestId("progress-summary")).toContainText("3 students · 3 challenges · mean 44%");
  // The completion row: per challenge, how many of the students recorded it.
  await expect(page.getByTestId("completion")).toHaveText([
    /: completed by 2\/3 · 67%$/,
    /: completed by 1\/3 · 33%$/,
    /: completed by 1\/3 · 33%$/,
  ]);

  // Cells: attempts, the day of the last recording, the duration, and the pronunciation score.
  const cells = (id: string) => rowOf(id).locator('[role="gridcell"][data-state]');
  await expect(cells(alpha.id).nth(0)).toHaveAttribute("data-time", recs.a1![1]!.created);
  // Two recordings in one answer (result set): one attempt.
  await expect(cells(alpha.id).nth(0)).toHaveAttribute("data-attempts", "1");
  await expect(cells(alpha.id).nth(0).getByTestId("cell-attempts")).toHaveText(/^1× · 0:0\d$/);
  await expect(cells(alpha.id).nth(0)).toHaveAccessibleName(
    /^Ada Alpha, .+: 1 attempt, last .+, 0:0\d, pronunciation 57%; Enter plays it$/,
  );
  await expect(cells(alpha.id).nth(0).getByTestId("cell-score")).toHaveText("★ 57%");
  await expect(cells(alpha.id).nth(1).getByTestId("cell-score")).toHaveCount(0);
  await expect(cells(bravo.id).nth(0)).toHaveAttribute("data-time", recs.b1![0]!.created);
  const day = await page.evaluate(
    (iso) => new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" }).format(new Date(iso)),
    recs.b1![0]!.created,
  );
  await expect(cells(bravo.id).nth(0).getByTestId("cell-day")).toHaveText(day);
  expect(await cells(bravo.id).evaluateAll((cs) => cs.map((c) => (c as HTMLElement).dataset.state))).toEqual([
    "recorded",
    "empty",
    "empty",
  ]);
  expect(await cells(charlie.id).evaluateAll((cs) => cs.map((c) => (c as HTMLElement).dataset.state))).toEqual([
    "empty",
    "empty",
    "empty",
  ]);
  await snap(page, "progress-grid-1280");
  expect(await seriousAxe(page)).toEqual([]);

  // Sorting by percentage, both ways; by a challenge's last recording; then back by name.
  await grid.getByRole("button", { name: /Done/ }).click();
  await expect.poll(names).toEqual([alpha.id, bravo.id, charlie.id]);
  await grid.getByRole("button", { name: /Done/ }).click();
  await expect.poll(names).toEqual([charlie.id, bravo.id, alpha.id]);
  await expect(grid.getByRole("columnheader", { name: /Done/ })).toHaveAttribute("aria-sort", "ascending");
  await grid.getByRole("button", { name: /Introduce yourself/ }).click(); // newest first: Bravo recorded c1 after Alpha
  await expect.poll(names).toEqual([bravo.id, alpha.id, charlie.id]);
  await grid.getByRole("button", { name: /Student/ }).click();
  await expect.poll(names).toEqual([alpha.id, bravo.id, charlie.id]);

  // Arrow keys: one tab stop in the grid's body; the arrows move it; Enter plays the cell.
  await rowOf(alpha.id).getByRole("rowheader").click();
  await expect(rowOf(alpha.id).getByRole("rowheader")).toBeFocused();
  await expect(page.getByTestId("pronunciation-panel")).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(cells(alpha.id).nth(0)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(cells(bravo.id).nth(0)).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(cells(bravo.id).nth(1)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowLeft");
  await expect(cells(alpha.id).nth(0)).toBeFocused();
  expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
  await page.keyboard.press("Enter");
  const player = page.getByTestId("progress-audio");
  await expect(page.getByTestId("progress-player")).toHaveAttribute("data-status", "playing", { timeout: 20_000 });
  expect(await player.evaluate((a: HTMLAudioElement) => a.src)).toMatch(new RegExp(`/api/resultsets/${set1}/audio$`));
  await expect(page.getByTestId("cell-details")).toContainText("1 answer, newest first");
  await expect(page.getByTestId("cell-answer")).toContainText("2 recordings");
  await player.evaluate((a: HTMLAudioElement) => a.pause());

  // The CSV download: the contract route's text/csv form, a line per student.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^progress-unit-one-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await fs.readFile((await file.path())!, "utf8")).trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    [
      "First name,Infix,Last name,Group,Completed (%)",
      ...["Introduce yourself", "Your hobby", "Your town"].map(
        (t) => `${t}: attempts,${t}: last answer,${t}: score (%)`,
      ),
    ].join(","),
  );
  expect(lines.slice(1).map((l) => l.split(",").slice(0, 6).join(","))).toEqual([
    "Ada,,Alpha,Class 3B,100,1",
    "Ben,,Bravo,Class 3B,33,1",
    "Cas,,Charlie,Class 3B,0,0",
  ]);

  // The date range: up to yesterday nothing counts; from today everything does.
  const today = await page.evaluate(() => new Date().toLocaleDateString("sv-SE"));
  const yesterday = await page.evaluate(() => new Date(Date.now() - 86_400_000).toLocaleDateString("sv-SE"));
  await page.getByLabel("To", { exact: true }).fill(yesterday);
  await expect(rowOf(alpha.id).getByTestId("percentage")).toHaveText("0%");
  await expect(page.getByTestId("completion")).toHaveText([
    /: completed by 0\/3 · 0%$/,
    /: completed by 0\/3 · 0%$/,
    /: completed by 0\/3 · 0%$/,
  ]);
  await page.getByRole("button", { name: "Any date" }).click();
  await page.getByLabel("From", { exact: true }).fill(today);
  await expect(rowOf(alpha.id).getByTestId("percentage")).toHaveText("100%");
  await expect(page).toHaveURL(new RegExp(`from=${today}`));

  // 768 px: the grid keeps the page's width and scrolls inside.
  await page.setViewportSize({ width: 768, height: 1000 });
  await expect(grid).toBeVisible();
  await snap(page, "progress-grid-768");
  expect(await seriousAxe(page)).toEqual([]);

  // Server-rendered loads, on a CPU slowed down as on a busy machine: no hydration mismatch (React
  // error #418), no console error. React hydrates the page's Suspense boundary after the shell,
  // whose effects may have filled the query cache by then; a fast CPU rarely shows that.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
  for (const url of [page.url(), "/progress", page.url(), "/progress"]) {
    await page.goto(url);
    await expect(page.getByTestId("progress-grid")).toHaveAttribute("data-rows", "3", { timeout: 30_000 });
    await page.waitForTimeout(300);
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
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
