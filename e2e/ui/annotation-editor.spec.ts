// The waveform annotation editor and the assignments pages, in the browser: an administrator
// creates an assignment; the base annotator draws and labels Words fragments and marks them
// done; the full annotator corrects a word, adds an Error label (which the base annotator is
// never offered) and marks it done, after which the base annotator's view is read-only; a stale
// save meets the conflict panel; exports and imports go through the API. Results are checked
// through the API (GET /api/annotation/:id).
import fs from "node:fs/promises";
import {
  type Assignment,
  annotate,
  assign,
  current,
  dragInLane,
  dropLabel,
  fragment,
  labelsOf,
  openEditor,
  panel,
  person,
  recordings,
  saveBehind,
  saveStatus,
  signedIn,
  waveformReady,
  waveformScroll,
  wordsAt,
} from "../support/annotation-ui";
import { authed, expectJson } from "../support/api";
import { prepareTestAudio } from "../support/audio";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";

prepareTestAudio();

test("an administrator creates an assignment from the organisation's recordings", async ({
  browser,
  request,
  world,
}) => {
  const [admin, base, full, { challenge, refs }] = await Promise.all([
    person(request, world, "ADMIN", "Ada"),
    person(request, world, "ANNOTATOR_BASE", "Bea"),
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    recordings(request, world, 2),
  ]);
  const page = await signedIn(browser, world, admin);
  await page.goto("/assignments");
  await expect(page.getByRole("heading", { name: "Assignments" })).toBeVisible();
  await page.getByRole("link", { name: "New assignment" }).click();

  await page.getByLabel("Name").fill("Week 12 batch");
  await page.getByLabel(/^Full annotator( \*)?$/).selectOption(full.id);
  await page.getByLabel(/^Base annotator$/).selectOption(base.id);
  await page.getByLabel("Full annotator due date").fill("2026-10-31");
  await page.getByLabel("Base annotator due date").fill("2026-10-15");
  await page.getByLabel("Speech challenge").selectOption(challenge);
  await page.getByLabel("All 2 recordings of this challenge").check();
  await expect(page.getByTestId("chosen-count")).toHaveText("2 recordings chosen");
  await page.getByRole("button", { name: "Create assignment" }).click();

  await expect(page).toHaveURL(/\/assignments\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByRole("heading", { name: "Week 12 batch" })).toBeVisible();
  await expect(page.getByTestId("assignment-recordings").getByText("Not started")).toHaveCount(2);

  const created = await expectJson<Assignment>(
    await request.get(`/api/assignment/${id}`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(created).toMatchObject({
    name: "Week 12 batch",
    fullAnnotator: full.id,
    baseAnnotator: base.id,
    baseDueDate: "2026-10-15",
    fullDueDate: "2026-10-31",
  });
  expect(created.recordings.map(({ digest, ...ref }) => ref)).toEqual(refs);

  await page.goto("/assignments");
  const row = page.getByRole("row", { name: /Week 12 batch/ });
  await expect(row).toContainText("0/2 annotated");
  await expect(page.getByTestId("assignments-table")).toHaveAttribute("data-ready", "true");
  await snap(page, "annotation-assignments-list");
});

test("base annotator labels words, full annotator corrects and finishes, then the base view is read-only", async ({
  browser,
  request,
  world,
}) => {
  test.setTimeout(180_000);
  const [base, full, { refs }] = await Promise.all([
    person(request, world, "ANNOTATOR_BASE", "Bea"),
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    recordings(request, world, 1),
  ]);
  const assignment = await assign(request, world, { name: "Two stages", base, full, refs });

  // The base annotator finds the assignment and starts the recording's annotation.
  const bea = await signedIn(browser, world, base);
  await bea.goto("/annotations");
  await expect(bea.getByRole("row", { name: /Two stages/ })).toContainText("Base annotator");
  await bea.getByRole("link", { name: "Two stages" }).click();
  // The recording is listed by student (a pseudonym for an annotator), topic, date and duration; the id is secondary.
  const listedRow = bea.getByTestId("assignment-recording");
  await expect(bea.getByTestId("assignment-recordings")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  await expect(listedRow.getByTestId("recording-student")).toHaveText(/^Student [0-9A-F]{6}$/);
  await expect(listedRow.getByTestId("recording-secondary")).toContainText(refs[0].recording);
  await expect(listedRow.getByTestId("recording-student")).not.toContainText(refs[0].recording);
  expect(await seriousViolations(bea)).toEqual([]);
  await bea
    .getByRole("link", {
      name: new RegExp(`^(Open|Annotate) Student [0-9A-F]{6}, .+ \\(recording ${refs[0].recording}\\)$`),
    })
    .click();
  await bea.getByRole("button", { name: "Start annotating" }).click();
  await waveformReady(bea);

  // Base annotators get their subset: no Error lane, layer or label anywhere.
  await expect(bea.getByTestId("lane-Words")).toBeVisible();
  await expect(bea.getByTestId("lane-Error")).toHaveCount(0);
  await dragInLane(bea, "Words", 0.1, 0.35);
  await expect(panel(bea).getByLabel("Label")).toBeFocused();
  await bea.keyboard.type("the");
  await dragInLane(bea, "Words", 0.45, 0.75);
  await panel(bea).getByLabel("Label").fill("cat");
  const layers = await panel(bea).getByLabel("Layer").locator("option").allTextContents();
  expect(layers).toEqual(["Words", "Prompt", "OutOfPrompt", "Noise"]);
  await panel(bea).getByLabel("Layer").selectOption("Noise");
  const noiseLabels = await panel(bea).getByLabel("Label").locator("option").allTextContents();
  expect(noiseLabels).toEqual(["Noise", "Silence", "Breath", "Laughter", "Background"]);
  for (const error of ["Pronunciation", "Substitution", "Deletion", "Insertion", "Grammar"])
    expect(noiseLabels).not.toContain(error);
  await panel(bea).getByLabel("Layer").selectOption("Words");
  await panel(bea).getByLabel("Label").fill("cat");
  await expect(fragment(bea, "Words", "the")).toBeVisible();
  await expect(fragment(bea, "Words", "cat")).toBeVisible();
  await expect(saveStatus(bea)).toHaveText("Unsaved changes");
  await bea.getByRole("button", { name: "Save", exact: true }).click();
  await expect(saveStatus(bea)).toHaveText(/^Saved at /);
  await snap(bea, "annotation-editor-base");

  const listed = await expectJson<Assignment>(
    await request.get(`/api/assignment/${assignment.id}`, { headers: authed(world.orgToken) }),
    200,
  );
  const id = listed.annotations[0].id;
  let saved = (await current(request, world.orgToken, id)).body;
  expect(labelsOf(saved, "Words")).toEqual(["the", "cat"]);
  const [the, cat] = saved.fragments;
  expect(the.start).toBeGreaterThanOrEqual(0);
  expect(the.end).toBeLessThanOrEqual(cat.start);
  expect(cat.end).toBeLessThanOrEqual(saved.duration);

  await bea.getByRole("button", { name: "Mark done (base)" }).click();
  await expect(bea.getByTestId("markers")).toContainText(/Base: done/);
  expect((await current(request, world.orgToken, id)).body.doneBase).not.toBeNull();

  // The full annotator corrects a word and adds an Error label.
  const fay = await signedIn(browser, world, full);
  await fay.goto(`/assignments/${assignment.id}`);
  await expect(fay.getByTestId("assignment-recordings")).toContainText("Done (base)");
  await fay.getByRole("link", { name: new RegExp(`\\(recording ${refs[0].recording}\\)$`) }).click();
  await waveformReady(fay);
  await fragment(fay, "Words", "cat").click();
  await panel(fay).getByLabel("Label").fill("hat");
  await dragInLane(fay, "Error", 0.45, 0.75);
  await expect(panel(fay).getByLabel("Label")).toHaveValue("Pronunciation");
  await panel(fay).getByLabel("Label").selectOption("Substitution");
  await panel(fay).getByLabel("Comment").fill("said hat, not cat");
  await fay.keyboard.press("Control+s");
  await expect(saveStatus(fay)).toHaveText(/^Saved at /);
  await snap(fay, "annotation-editor-lanes");
  await fay.getByRole("button", { name: "Mark done (full)" }).click();
  await expect(fay.getByTestId("markers")).toContainText(/Full: done/);

  saved = (await current(request, world.orgToken, id)).body;
  expect(labelsOf(saved, "Words")).toEqual(["the", "hat"]);
  expect(saved.fragments.flatMap((f) => f.labels).find((l) => l.layer === "Error")).toEqual({
    layer: "Error",
    label: "Substitution",
    comment: "said hat, not cat",
  });
  expect(saved.doneFull).not.toBeNull();

  // The base annotator's part is over.
  await bea.reload();
  await waveformReady(bea);
  await expect(bea.getByTestId("read-only-banner")).toContainText("The full annotator has marked this recording done");
  await expect(bea.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
  await expect(bea.getByRole("button", { name: /Mark done|Reopen/ })).toHaveCount(0);
  await expect(bea.getByTestId("lane-Words")).toHaveAttribute("data-editable", "false");
  await fragment(bea, "Words", "hat").click();
  await expect(panel(bea).getByLabel("Label")).toBeDisabled();
  await snap(bea, "annotation-read-only");
});

test("a stale save meets the conflict panel (load theirs, merge keeping mine); a 422 the browser could not foresee is shown", async ({
  browser,
  request,
  world,
}) => {
  test.setTimeout(180_000);
  const [full, { refs }] = await Promise.all([
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    recordings(request, world, 1),
  ]);
  const assignment = await assign(request, world, { name: "Conflicts", base: null, full, refs });
  const annotation = await annotate(request, full.token, assignment.id, refs[0], wordsAt(["the", "cat"]));
  const page = await signedIn(browser, world, full);
  await openEditor(page, assignment.id, refs[0]);
  await expect(fragment(page, "Words", "cat")).toBeVisible();

  // Someone saves through the API in between.
  await saveBehind(request, world, annotation.id, [
    ...wordsAt(["the", "dog"]),
    { start: 0.05, end: 0.6, labels: [{ layer: "Noise", label: "Breath", comment: "" }] },
  ]);

  await fragment(page, "Words", "cat").click();
  await panel(page).getByLabel("Label").fill("bat");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const conflict = page.getByTestId("conflict-panel");
  await expect(conflict).toContainText("Someone else saved this annotation while you were editing");
  // Both changed "cat": the place to choose; their Noise label meets nothing of mine and merges.
  await expect(conflict.getByTestId("conflict-0")).toContainText("Keep theirs: Words “dog”");
  await snap(page, "annotation-conflict");
  const untouched = await current(request, full.token, annotation.id);
  expect(labelsOf(untouched.body, "Words")).toEqual(["the", "dog"]);

  await conflict.getByRole("button", { name: "Load their version" }).click();
  await expect(conflict).toHaveCount(0);
  await expect(fragment(page, "Words", "dog")).toBeVisible();
  await expect(fragment(page, "Noise", "Breath")).toBeVisible();
  await expect(fragment(page, "Words", "bat")).toHaveCount(0);
  await expect(saveStatus(page)).not.toHaveText("Unsaved changes");

  // Again, and this time mine wins where both changed "dog"; their other changes ("the" → "a",
  // the Noise label removed) merge as they are.
  await fragment(page, "Words", "dog").click();
  await panel(page).getByLabel("Label").fill("hog");
  const again = await saveBehind(request, world, annotation.id, wordsAt(["a", "fox"]));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await conflict.getByRole("button", { name: "Save merged version" }).click();
  await expect(saveStatus(page)).toHaveText(/^Saved at /);
  const kept = await current(request, full.token, annotation.id);
  expect(labelsOf(kept.body, "Words")).toEqual(["a", "hog"]);
  expect(labelsOf(kept.body, "Noise")).toEqual([]);
  expect(kept.body.version).toBe(again.version + 1);

  // The scheme changes under the open editor: the API's 422 is shown where the browser's checks did not know.
  await dropLabel(request, world, "Noise", "Laughter");
  await dragInLane(page, "Noise", 0.7, 0.9);
  await panel(page).getByLabel("Label").selectOption("Laughter");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("server-problems")).toContainText('"Laughter" is not a label of layer Noise');
  // Named by tier, label and time, never by its place in the request ("fragments.3.labels.0").
  await expect(page.getByTestId("server-problems")).toContainText(
    /Noise fragment “Laughter” at 0:0\d\.\d+–0:0\d\.\d+: /,
  );
  await expect(page.getByTestId("server-problems")).not.toContainText("fragments.");
  await expect(saveStatus(page)).toHaveText("Unsaved changes");
  expect(labelsOf((await current(request, full.token, annotation.id)).body, "Noise")).toEqual([]);
});

test("at tablet width: peaks drawn, audio streamed, lanes follow zoom and scroll; export, import, keys and the unsaved guard", async ({
  browser,
  request,
  world,
}) => {
  const [full, { refs }] = await Promise.all([
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    recordings(request, world, 1),
  ]);
  const assignment = await assign(request, world, { name: "Exports", base: null, full, refs });
  const annotation = await annotate(request, full.token, assignment.id, refs[0], wordsAt(["the", "cat", "sits"]));
  const page = await signedIn(browser, world, full, { width: 820, height: 1180 });
  const downloads: { path: string; type: string; range: string | undefined }[] = [];
  page.on(
    "request",
    (r) =>
      r.url().includes("/api/download/") &&
      downloads.push({ path: new URL(r.url()).pathname, type: r.resourceType(), range: r.headers().range }),
  );
  await openEditor(page, assignment.id, refs[0]);

  // The waveform comes from the peaks (fetched); the audio is streamed by the <audio> element, never fetched whole to decode.
  const path = (url: string | null) => new URL(url!).pathname;
  expect(downloads.filter((d) => d.path === path(annotation.peaksUrl)).map((d) => d.type)).toContain("fetch");
  // Same-origin, by the session cookie: the URL carries no token.
  await expect(page.getByTestId("annotation-audio")).toHaveAttribute("src", annotation.normalisedAudioUrl!);
  // Other reads of the audio (the fine waveform of the visible window at deep zoom) are ranged reads of that window.
  expect(
    downloads.filter(
      (d) =>
        [path(annotation.normalisedAudioUrl), path(annotation.audioUrl)].includes(d.path) &&
        d.type !== "media" &&
        !d.range?.startsWith("bytes="),
    ),
  ).toEqual([]);

  // Zoom: 800 px/s between the starts of "the" (0.1 s) and "sits" (0.7 s); a sideways wheel over the lanes scrolls both.
  await page.getByLabel("Zoom (pixels per second)").selectOption("800");
  const x = async (label: string) => (await fragment(page, "Words", label).boundingBox())!.x;
  await expect.poll(async () => Math.round((await x("sits")) - (await x("the")))).toBeGreaterThanOrEqual(478);
  expect(Math.round((await x("sits")) - (await x("the")))).toBeLessThanOrEqual(482);
  const before = await x("sits");
  await page.getByTestId("lane-Noise").scrollIntoViewIfNeeded();
  const lane = (await page.getByTestId("lane-Noise").boundingBox())!;
  await page.mouse.move(lane.x + 50, lane.y + lane.height / 2);
  await page.mouse.wheel(150, 0);
  await expect.poll(() => waveformScroll(page)).toBe(150);
  await expect.poll(async () => Math.round(before - (await x("sits")))).toBe(150);
  await snap(page, "annotation-editor-tablet");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export TextGrid" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.TextGrid$/i);
  const text = await fs.readFile((await download.path())!, "utf8");
  expect(text).toContain('"Words"');
  for (const word of ["the", "cat", "sits"]) expect(text).toContain(`"${word}"`);

  const edited = text.replace('"cat"', '"hat"');
  await page
    .getByLabel("Import TextGrid / EAF…")
    .setInputFiles({ name: "edited.TextGrid", mimeType: "text/plain", buffer: Buffer.from(edited) });
  await page.getByTestId("import-preview").getByRole("button", { name: "Apply import" }).click();
  await expect(fragment(page, "Words", "hat")).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(saveStatus(page)).toHaveText(/^Saved at /);
  expect(labelsOf((await current(request, full.token, annotation.id)).body, "Words")).toEqual(["the", "hat", "sits"]);

  // Keys: Shift+arrow moves a fragment by 100 ms inside its free gap, Alt+arrow moves its end.
  await fragment(page, "Words", "hat").focus();
  await page.keyboard.press("Shift+ArrowRight");
  await expect(fragment(page, "Words", "hat")).toHaveAccessibleName("Words “hat” 0.450 s–0.700 s");
  await page.keyboard.press("Alt+ArrowLeft");
  await expect(fragment(page, "Words", "hat")).toHaveAccessibleName("Words “hat” 0.450 s–0.690 s");

  // Delete removes the selected fragment; leaving with that unsaved asks first.
  await fragment(page, "Words", "sits").click();
  await page.keyboard.press("Delete");
  await expect(fragment(page, "Words", "sits")).toHaveCount(0);
  await expect(saveStatus(page)).toHaveText("Unsaved changes");
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
});
