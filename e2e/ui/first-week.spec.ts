// A school's first week (issue 29), from the user's side: what a school administrator, a teacher
// and two annotators see on screen. Each test seeds its own school (the `world` fixture) through
// the API, then works in Chromium: names instead of codes and ids, a password reset, progress
// counted per answer with every answer playable, the CSV a spreadsheet reads, the editor's
// hand-over summary, a drag just outside a fragment drawing a new one, the base annotator's
// editor read-only after "base done". Screenshots at 1280 and 390 px under test-results/screenshots.
import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { KID_WORDS_NL } from "../../lib/users/import/kid-words";
import {
  annotate,
  assign,
  current,
  dragLaneX,
  fragment,
  openEditor,
  panel,
  person,
  recordings,
  saveStatus,
  signedIn,
  wordsAt,
} from "../support/annotation-ui";
import { addBasicAuth, asUser, authed, createUser, expectJson, signIn, uniqueId } from "../support/api";
import { oggPart, prepareTestAudio, testAudio } from "../support/audio";
import { seriousViolations } from "../support/axe";
import { expect, test, type World } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { category, group, record, speechChallenge, student } from "../support/progress-ui";
import { snap } from "../support/screenshots";
import { orgUserWithPassword, signInToOrganisation } from "../support/ui";

prepareTestAudio();

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const orgScope = (world: World) => `tenant/${world.tenantId}/organisation/${world.orgId}`;

async function bothWidths(page: Page, name: string, ready?: () => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    if (ready) await ready();
    await snap(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a school administrator: the group page names its subcategories, links one made later, and lists roles in words", async ({
  page,
  request,
  world,
}) => {
  const token = world.orgToken;
  const taal = await category(request, token, { name: "Taal groep 5/6" });
  const spelling = await category(request, token, { name: "Spelling", parent: taal });
  const klas = await group(request, token, "Groep 5", [taal, spelling]);
  await student(request, world, "Daan", "Jansen", [klas]);
  const admin = await orgUserWithPassword(request, world, "ORGANISATION");
  await signInToOrganisation(page, world, admin);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`/groups/${klas}`);
  const list = page.getByRole("list", { name: "Categories" });
  await expect(list.getByRole("listitem")).toHaveText(["Taal groep 5/6", "Taal groep 5/6 › Spelling"]);
  await expect(page.getByRole("main")).not.toContainText(UUID);
  // Members' roles in words, not codes.
  const members = page.getByRole("table", { name: "Members of Groep 5" });
  await expect(members.getByRole("row", { name: /Daan Jansen/ })).toContainText("Student");
  await expect(members).not.toContainText("STUDENT");

  // A subcategory made after the group can be linked from the group form.
  const lezen = await category(request, token, { name: "Lezen", parent: taal });
  await page.reload();
  await page.getByRole("button", { name: "Edit group" }).click();
  const box = page.getByRole("checkbox", { name: "Taal groep 5/6 › Lezen" });
  await box.focus();
  await page.keyboard.press("Space");
  await expect(box).toBeChecked();
  await page.getByRole("button", { name: "Save group" }).click();
  await expect(list.getByRole("listitem")).toHaveText([
    "Taal groep 5/6",
    "Taal groep 5/6 › Spelling",
    "Taal groep 5/6 › Lezen",
  ]);
  const saved = await expectJson<{ categories: string[] }>(
    await request.get(`/api/groups/${klas}`, { headers: authed(token) }),
    200,
  );
  expect(saved.categories).toEqual([taal, spelling, lezen]);
  expect(await seriousViolations(page)).toEqual([]);
  await bothWidths(page, "first-week-group-page", () => expect(list).toBeVisible());
});

test("a school administrator: users by name (no id column, groups by name, search), roles in words, a password reset in Dutch that ends the old sign-ins", async ({
  page,
  request,
  world,
}) => {
  const token = world.orgToken;
  // A Dutch school: its challenges are in Dutch.
  await expectJson(
    await postMultipart(request, "/api/challenges/speech", { language: "nld", topic: "De kat" }, authed(token)),
    201,
  );
  const klas = await group(request, token, "Groep 5");
  const daan = await createUser(request, token, {
    firstName: "Daan",
    infix: "",
    lastName: "Jansen",
    roles: ["STUDENT"],
    groups: [klas],
  });
  await createUser(request, token, { firstName: "Emma", infix: "", lastName: "Visser", roles: ["STUDENT"] });
  const username = uniqueId("daan");
  await addBasicAuth(request, await asUser(request, world, daan.id), username, "oud-wachtwoord-1");
  const daansToken = (
    await expectJson<{ access_token: string }>(
      await request.post("/api/tokens", {
        form: { grant_type: "password", username, password: "oud-wachtwoord-1", scope: orgScope(world) },
      }),
      200,
    )
  ).access_token;
  const admin = await orgUserWithPassword(request, world, "ORGANISATION");
  await signInToOrganisation(page, world, admin);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The dashboard footer in words: no scope string, no ids.
  await expect(page.getByRole("main")).toContainText("Roles: School administrator · working as a user of a school");
  await expect(page.getByRole("main")).not.toContainText("tenant/");

  await page.goto("/users");
  const table = page.getByTestId("users-table");
  await expect(table).toHaveAttribute("data-ready", "true");
  await expect(table.getByRole("columnheader", { name: "Id", exact: true })).toHaveCount(0);
  await expect(table.getByRole("row", { name: /Daan Jansen/ })).toContainText("Groep 5");
  await expect(table).not.toContainText(UUID);
  const roleOptions = await page.getByLabel("Role").locator("option").allTextContents();
  expect(roleOptions).toContain("Student");
  expect(roleOptions).toContain("School administrator");
  expect(roleOptions.join(" ")).not.toMatch(/STUDENT|ANNOTATOR_BASE|ORGANISATION/);
  await page.getByLabel("Search by name").fill("jans");
  await expect(table.getByRole("row", { name: /Emma Visser/ })).toHaveCount(0);
  await expect(table.getByRole("row", { name: /Daan Jansen/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The password reset: from the user's page, with the keyboard; the new password is shown once.
  await table.getByRole("link", { name: "Daan Jansen" }).click();
  await expect(page.getByRole("heading", { name: "Sign-in credentials" })).toBeVisible();
  page.once("dialog", (d) => void d.accept());
  const reset = page.getByRole("button", { name: `Reset password of ${username}` });
  await reset.focus();
  await page.keyboard.press("Enter");
  const shown = page.getByTestId("one-time-password");
  await expect(shown).toBeVisible();
  const password = await shown.inputValue();
  const m = /^([a-z]+)-([a-z]+)-[2-9]{2}$/.exec(password);
  expect(m, password).not.toBeNull();
  expect(KID_WORDS_NL).toContain(m![1]);
  expect(KID_WORDS_NL).toContain(m![2]);
  expect(await signIn(request, username, password, orgScope(world))).toBe(daan.id);
  expect(await signIn(request, username, "oud-wachtwoord-1", orgScope(world))).toBe(400);
  expect((await request.get("/api/user", { headers: authed(daansToken) })).status()).toBe(401);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, "first-week-password-reset-1280");
  // Printed (credential cards, this page), the dark navigation bar stays off the paper.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByTestId("one-time-password")).toBeVisible();
  await page.emulateMedia({ media: "screen" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("a teacher: attempts per answer, every answer playable, details in view at 1280×800 and 390 px, whole percentages, names, and the CSV", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(180_000);
  const audio = await testAudio();
  const token = world.orgToken;
  const [c1, c2, c3] = [
    await speechChallenge(request, token, "De kat zit", audio.wav),
    await speechChallenge(request, token, "Het huis"),
    await speechChallenge(request, token, "De boom"),
  ];
  const taal = await category(request, token, { name: "Taal groep 5/6", speechChallenges: [c1, c2, c3] });
  const klas = await group(request, token, "Groep 5", [taal]);
  const ada = await student(request, world, "Ada", "Alpha", [klas]);
  await student(request, world, "Ben", "Bravo", [klas]);
  // Ada: one answer of three sentences, then a second answer of one.
  const first = uniqueId("rs");
  for (let i = 0; i < 3; i++) await record(request, ada.token, c1, audio.wav, first);
  await new Promise((r) => setTimeout(r, 20));
  const second = uniqueId("rs");
  await record(request, ada.token, c1, audio.wav, second);
  // A pronunciation challenge: its selector shows the word, not the id.
  const pc = uniqueId("pc");
  await expectJson(
    await postMultipart(
      request,
      "/api/challenges/pronunciation",
      { id: pc, transcription: "kat", language: "nld", referenceAudio: oggPart(audio.ogg) },
      authed(token),
    ),
    201,
  );

  const teacher = await orgUserWithPassword(request, world, "TEACHER");
  await request.post(`/api/groups/${klas}/members`, { data: { users: [teacher.user.id] }, headers: authed(token) });
  await signInToOrganisation(page, world, teacher);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/progress");
  const grid = page.getByTestId("progress-grid");
  await expect(grid).toHaveAttribute("data-ready", "true");
  const row = grid.locator(`[role="row"][data-user-id="${ada.id}"]`);
  await expect(row.getByTestId("percentage")).toHaveText("33%");
  await expect(page.getByTestId("completion").first()).toContainText("completed by 1/2 · 50%");
  const cell = row.locator('[role="gridcell"][data-state="recorded"]').first();
  await expect(cell.getByTestId("cell-attempts")).toHaveText(/^2× /);
  await expect(cell).toHaveAccessibleName(/^Ada Alpha, De kat zit: 2 attempts, /);

  // Opened from the keyboard: the details come into view, with both answers, each playable.
  await cell.focus();
  await page.keyboard.press("Enter");
  const details = page.getByTestId("cell-details");
  await expect(details).toContainText("2 attempts (one per answer");
  await expect(details).toContainText("2 answers, newest first");
  await expect(details.getByTestId("cell-answer")).toHaveCount(2);
  await expect(details.getByTestId("cell-answer").nth(1)).toContainText("3 recordings");
  await expect(details).toBeInViewport();
  await details.getByRole("button", { name: /^▶ Play answer 1$/ }).click();
  await expect(page.getByTestId("progress-player")).toContainText("answer 1");
  expect(await page.getByTestId("progress-audio").evaluate((a: HTMLAudioElement) => a.src)).toMatch(
    new RegExp(`/api/resultsets/${first}/audio$`),
  );
  await page.getByTestId("progress-audio").evaluate((a: HTMLAudioElement) => a.pause());
  // The pronunciation challenge by its word only.
  await expect(page.getByLabel("Pronunciation challenge").locator("option")).toHaveText(["kat"]);
  await expect(page.getByRole("main")).not.toContainText(UUID);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, "first-week-progress-details-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await details.scrollIntoViewIfNeeded();
  const box = (await details.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(details.getByRole("button", { name: /^▶ Play answer 2$/ })).toBeInViewport();
  await snap(page, "first-week-progress-details-390");
  await page.setViewportSize({ width: 1280, height: 800 });

  // The CSV: names, group, attempts, last answer and score per challenge; no ids anywhere.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^progress-taal-groep-5-6-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await fs.readFile((await file.path())!, "utf8");
  expect(text).not.toMatch(UUID);
  const lines = text.trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "First name,Infix,Last name,Group,Completed (%),De kat zit: attempts,De kat zit: last answer,De kat zit: score (%),Het huis: attempts,Het huis: last answer,Het huis: score (%),De boom: attempts,De boom: last answer,De boom: score (%)",
  );
  expect(lines[1]).toMatch(/^Ada,,Alpha,Groep 5,33,2,\d{4}-\d{2}-\d{2} \d{2}:\d{2},,0,,,0,,$/);
  expect(lines[2]).toBe("Ben,,Bravo,Groep 5,0,0,,,0,,,0,,");
  // The CSV opened as text, for the screenshots.
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  await page.setContent(`<title>${file.suggestedFilename()}</title><pre style="white-space:pre-wrap">${escaped}</pre>`);
  await bothWidths(page, "first-week-progress-csv");
});

test("annotators: the hand-over summary is right on opening and after a reload; colleagues by name; a drag just after a word draws a new one; the base annotator's view is read-only after base done", async ({
  browser,
  request,
  world,
}) => {
  test.setTimeout(180_000);
  const [base, full, { refs }] = await Promise.all([
    person(request, world, "ANNOTATOR_BASE", "Bea"),
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    recordings(request, world, 2),
  ]);
  const assignment = await assign(request, world, { name: "Week 1", base, full, refs });
  const seven = wordsAt(["de", "kat", "zit", "op", "de", "mat", "nu"], 0.05, 0.12);
  const handed = await annotate(request, base.token, assignment.id, refs[0], seven);
  await expectJson(
    await request.put(`/api/annotation/${handed.id}`, { data: { doneBase: true }, headers: authed(base.token) }),
    200,
  );

  // The full annotator opens it: nothing was removed, all seven are unchanged; the same after a reload.
  const fay = await signedIn(browser, world, full);
  await fay.goto(`/assignments/${assignment.id}`);
  // Colleagues by name, not pseudonym or id.
  await expect(fay.getByRole("main")).toContainText("Bea Annotator");
  await expect(fay.getByRole("main")).not.toContainText(/User [0-9A-F]{6}/);
  await openEditor(fay, assignment.id, refs[0]);
  const summary = fay.getByTestId("comparison-summary");
  await expect(summary).toContainText("0 added, 0 removed, 0 changed, 7 unchanged");
  await fay.reload();
  await expect(summary).toContainText("0 added, 0 removed, 0 changed, 7 unchanged");
  await expect(fay.getByTestId("editor-header")).not.toContainText(UUID, { useInnerText: true });
  expect(await seriousViolations(fay)).toEqual([]);
  await bothWidths(fay, "first-week-editor-handover", () => expect(summary).toBeVisible());

  // The base annotator's view after base done: read-only, nothing deleted; Reopen stays.
  const bea = await signedIn(browser, world, base);
  await openEditor(bea, assignment.id, refs[0]);
  await expect(bea.getByTestId("read-only-banner")).toContainText("You have handed this recording over");
  await expect(bea.getByTestId("lane-Words")).toHaveAttribute("data-editable", "false");
  await fragment(bea, "Words", "kat").click();
  await bea.keyboard.press("Delete");
  await expect(fragment(bea, "Words", "kat")).toBeVisible();
  await expect(bea.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
  expect((await current(request, world.orgToken, handed.id)).body.fragments).toHaveLength(7);
  await expect(bea.getByRole("button", { name: "Reopen" })).toBeVisible();
  await bea.getByRole("button", { name: "Reopen" }).click();
  await expect(bea.getByTestId("markers")).toContainText("Base: not done");
  await expect(bea.getByTestId("read-only-banner")).toHaveCount(0);

  // A drag that starts just after a word's end draws a new fragment, at the default zoom.
  const second = await annotate(request, base.token, assignment.id, refs[1], [
    { start: 0.1, end: 0.4, labels: [{ layer: "Words", label: "dek", comment: "" }] },
    { start: 0.9, end: 1.0, labels: [{ layer: "Noise", label: "Noise", comment: "" }] },
  ]);
  await openEditor(bea, assignment.id, refs[1]);
  const lane = bea.getByTestId("lane-Words");
  // The mouse works in viewport coordinates: the lane must be on screen.
  await lane.scrollIntoViewIfNeeded();
  const laneBox = (await lane.boundingBox())!;
  const dek = (await fragment(bea, "Words", "dek").boundingBox())!;
  const endX = dek.x + dek.width - laneBox.x;
  // The cursor says what a press would do: resize on the handle inside, draw just outside.
  const y = laneBox.y + laneBox.height / 2;
  await bea.mouse.move(laneBox.x + endX - 2, y);
  await expect(lane).toHaveAttribute("data-pointer", "resize");
  await bea.mouse.move(laneBox.x + endX + 4, y);
  await expect(lane).toHaveAttribute("data-pointer", "draw");
  await bea.mouse.move(dek.x + dek.width / 2, y);
  await expect(lane).toHaveAttribute("data-pointer", "move");
  const before = await fragment(bea, "Words", "dek").getAttribute("aria-label");
  await dragLaneX(bea, "Words", endX + 4, endX + 60);
  await expect(panel(bea).getByLabel("Label")).toBeFocused();
  await bea.keyboard.type("at");
  await expect(fragment(bea, "Words", "at")).toBeVisible();
  expect(await fragment(bea, "Words", "dek").getAttribute("aria-label")).toBe(before);
  await bea.keyboard.press("Control+s");
  await expect(saveStatus(bea)).toHaveText(/^Saved at /);
  const words = (await current(request, world.orgToken, second.id)).body.fragments
    .flatMap((f) => f.labels)
    .filter((l) => l.layer === "Words")
    .map((l) => l.label);
  expect(words).toEqual(["dek", "at"]);

  // Tab goes on from the last word to the next lane's first fragment, Shift+Tab back.
  await fragment(bea, "Words", "at").click();
  await bea.keyboard.press("Tab");
  await expect(fragment(bea, "Noise", "Noise")).toBeFocused();
  await expect(fragment(bea, "Noise", "Noise")).toHaveAttribute("aria-pressed", "true");
  await bea.keyboard.press("Shift+Tab");
  await expect(fragment(bea, "Words", "at")).toBeFocused();
});
