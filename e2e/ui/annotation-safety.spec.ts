// The annotation editor's safety nets, in Chromium: undo and redo over deletes, moves and
// imports (keys and buttons; the keys leave text fields alone); the import preview with its
// tier mapping; the history with restore; unsaved work kept across a reload; conflicts merged
// by themselves when the edits do not meet, and chosen per place when they do. Results are
// checked through the API.
import type { Page } from "@playwright/test";
import {
  annotate,
  assign,
  current,
  dragInLane,
  editorPath,
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
  wordsAt,
} from "../support/annotation-ui";
import { authed, expectJson } from "../support/api";
import { prepareTestAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";

prepareTestAudio();
// Seeding, signing in and the editor's waveform take a while on a loaded machine; some tests reload twice.
test.describe.configure({ timeout: 180_000 });

const textGrid = (tiers: [string, [number, number, string][]][]) =>
  [
    'File type = "ooTextFile"',
    'Object class = "TextGrid"',
    "",
    "0",
    "1",
    "<exists>",
    String(tiers.length),
    ...tiers.flatMap(([name, ivs]) => [
      '"IntervalTier"',
      `"${name}"`,
      "0",
      "1",
      String(ivs.length),
      ...ivs.flatMap(([a, b, t]) => [String(a), String(b), `"${t}"`]),
    ]),
    "",
  ].join("\n");

const localDrafts = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("annotation-draft:")).length);
const save = (page: Page) => page.getByRole("button", { name: "Save", exact: true }).click();

async function editorFor(
  browser: import("@playwright/test").Browser,
  request: import("@playwright/test").APIRequestContext,
  world: import("../support/fixtures").World,
  name: string,
) {
  const [full, { refs }] = await Promise.all([
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    recordings(request, world, 1),
  ]);
  const assignment = await assign(request, world, { name, base: null, full, refs });
  const annotation = await annotate(request, full.token, assignment.id, refs[0], wordsAt(["the", "cat", "sits"]));
  const page = await signedIn(browser, world, full);
  await openEditor(page, assignment.id, refs[0]);
  return { full, refs, assignment, annotation, page };
}

test("undo and redo: delete, move and import, by keys and buttons; keys in text fields stay the field's", async ({
  browser,
  request,
  world,
}) => {
  const { page, annotation, full } = await editorFor(browser, request, world, "Undo");

  // Delete, undo with Ctrl+Z, redo with Ctrl+Shift+Z, undo again with the button.
  await fragment(page, "Words", "sits").click();
  await page.keyboard.press("Delete");
  await expect(fragment(page, "Words", "sits")).toHaveCount(0);
  await page.keyboard.press("Control+z");
  await expect(fragment(page, "Words", "sits")).toBeVisible();
  await page.keyboard.press("Control+Shift+z");
  await expect(fragment(page, "Words", "sits")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Undo: Delete Words “sits”/ })).toBeEnabled();
  await page.getByRole("button", { name: /^Undo: Delete Words “sits”/ }).click();
  await expect(fragment(page, "Words", "sits")).toBeVisible();
  await expect(saveStatus(page)).not.toHaveText("Unsaved changes");

  // A move by keys is one step; Ctrl+Y redoes it.
  await fragment(page, "Words", "the").focus();
  await page.keyboard.press("Shift+ArrowLeft");
  await expect(fragment(page, "Words", "the")).toHaveAccessibleName("Words “the” 0.000 s–0.250 s");
  await page.keyboard.press("Control+z");
  await expect(fragment(page, "Words", "the")).toHaveAccessibleName("Words “the” 0.100 s–0.350 s");
  await page.keyboard.press("Control+y");
  await expect(fragment(page, "Words", "the")).toHaveAccessibleName("Words “the” 0.000 s–0.250 s");

  // In the label field Ctrl+Z is the field's own undo: the move above stays.
  await fragment(page, "Words", "cat").click();
  const label = panel(page).getByLabel("Label");
  await label.fill("cats");
  await label.press("Control+z");
  await expect(fragment(page, "Words", "the")).toHaveAccessibleName("Words “the” 0.000 s–0.250 s");
  await label.fill("cat");

  // An import is one step too, and nothing is saved by it.
  await page.getByLabel("Import TextGrid / EAF…").setInputFiles({
    name: "new.TextGrid",
    mimeType: "text/plain",
    buffer: Buffer.from(
      textGrid([
        [
          "Words",
          [
            [0.1, 0.35, "a"],
            [0.4, 0.65, "dog"],
          ],
        ],
      ]),
    ),
  });
  await page.getByTestId("import-preview").getByRole("button", { name: "Apply import" }).click();
  await expect(fragment(page, "Words", "dog")).toBeVisible();
  await expect(fragment(page, "Words", "sits")).toHaveCount(0);
  expect(labelsOf((await current(request, full.token, annotation.id)).body, "Words")).toEqual(["the", "cat", "sits"]);
  await page.keyboard.press("Control+z");
  await expect(fragment(page, "Words", "dog")).toHaveCount(0);
  await expect(fragment(page, "Words", "sits")).toBeVisible();
  await page.getByRole("button", { name: /^Redo: Import new.TextGrid/ }).click();
  await expect(fragment(page, "Words", "dog")).toBeVisible();
  await save(page);
  await expect(saveStatus(page)).toHaveText(/^Saved at /);
  expect(labelsOf((await current(request, full.token, annotation.id)).body, "Words")).toEqual(["a", "dog"]);
});

test("import preview: changes per layer before anything changes; an unknown tier is skipped or mapped; finished work takes no import", async ({
  browser,
  request,
  world,
}) => {
  const { page, annotation, full } = await editorFor(browser, request, world, "Import");
  const file = textGrid([
    [
      "Words",
      [
        [0.1, 0.35, "the"],
        [0.4, 0.65, "hat"],
        [0.96, 1, "on"],
      ],
    ],
    ["Mistakes", [[0.4, 0.65, "Grammar"]]],
  ]);
  await page
    .getByLabel("Import TextGrid / EAF…")
    .setInputFiles({ name: "mistakes.TextGrid", mimeType: "text/plain", buffer: Buffer.from(file) });
  const preview = page.getByTestId("import-preview");
  await expect(preview).toContainText("nothing has changed yet");
  const row = (layer: string) =>
    preview.getByTestId("import-changes").getByRole("row", { name: new RegExp(`^${layer}`) });
  // Words: "on" added, "sits" removed, "cat" → "hat" changed, "the" unchanged.
  await expect(row("Words")).toHaveText(/Words\s*1\s*1\s*1\s*1/);
  const mistakes = preview.getByLabel(/“Mistakes”/);
  await expect(mistakes).toHaveValue("");
  await expect(row("Error")).toHaveCount(0);
  await snap(page, "annotation-import-preview");
  await mistakes.selectOption("Error");
  await expect(row("Error")).toHaveText(/Error\s*1\s*0\s*0\s*0/);
  await expect(fragment(page, "Words", "cat")).toBeVisible();
  await preview.getByRole("button", { name: "Apply import" }).click();
  await expect(preview).toHaveCount(0);
  await expect(fragment(page, "Error", "Grammar")).toBeVisible();
  await save(page);
  await expect(saveStatus(page)).toHaveText(/^Saved at /);
  const saved = (await current(request, full.token, annotation.id)).body;
  expect(labelsOf(saved, "Words")).toEqual(["the", "hat", "on"]);
  expect(labelsOf(saved, "Error")).toEqual(["Grammar"]);

  // Marked done: the import asks for reopening first (the API refuses it too).
  await page.getByRole("button", { name: "Mark done (full)" }).click();
  await expect(page.getByTestId("import-blocked")).toContainText("reopen");
  await expect(page.getByLabel("Import TextGrid / EAF…")).toHaveCount(0);
});

test("history: every save listed with who and when; an older version compared and restored as a new save", async ({
  browser,
  request,
  world,
}) => {
  const { page, annotation, full } = await editorFor(browser, request, world, "History");
  await fragment(page, "Words", "cat").click();
  await panel(page).getByLabel("Label").fill("hat");
  await save(page);
  await expect(saveStatus(page)).toHaveText(/^Saved at /);

  await page.getByRole("button", { name: "History" }).click();
  const history = page.getByTestId("history");
  await expect(history.getByTestId("revision-2")).toContainText("Fay Annotator");
  await expect(history.getByTestId("revision-2")).toContainText("current");
  await history.getByRole("button", { name: "Compare version 1 with the draft" }).click();
  await expect(history.getByTestId("revision-compare").getByRole("row", { name: /^Words/ })).toHaveText(
    /Words\s*0\s*0\s*1\s*2/,
  );
  await snap(page, "annotation-history");
  await history.getByRole("button", { name: "Restore version 1" }).click();
  await expect(fragment(page, "Words", "cat")).toBeVisible();
  await expect(saveStatus(page)).toHaveText(/^Saved at /);
  const restored = (await current(request, full.token, annotation.id)).body;
  expect(restored.version).toBe(3);
  expect(labelsOf(restored, "Words")).toEqual(["the", "cat", "sits"]);
  const revisions = await expectJson<{ version: number; savedBy: string }[]>(
    await request.get(`/api/annotations/${annotation.id}/revisions`, { headers: authed(full.token) }),
    200,
  );
  expect(revisions.map((r) => [r.version, r.savedBy])).toEqual([
    [3, full.id],
    [2, full.id],
    [1, full.id],
  ]);
  // The restore is one undoable step of the draft.
  await expect(page.getByRole("button", { name: /^Undo: Restore version 1/ })).toBeEnabled();
});

test("unsaved work survives a reload; a stale draft saves through the merge, never over someone else's save", async ({
  browser,
  request,
  world,
}) => {
  const { page, annotation, full } = await editorFor(browser, request, world, "Drafts");
  await fragment(page, "Words", "sits").click();
  await page.keyboard.press("Delete");
  await expect.poll(() => localDrafts(page)).toBe(1);
  page.on("dialog", (d) => void d.accept());
  await page.reload();
  await waveformReady(page);
  await expect(page.getByTestId("restored-draft")).toContainText("were restored from this browser");
  await expect(fragment(page, "Words", "sits")).toHaveCount(0);
  await expect(saveStatus(page)).toHaveText("Unsaved changes");
  await snap(page, "annotation-draft-restored");

  // Someone saves meanwhile; the reloaded draft still starts from version 1.
  await saveBehind(request, world, annotation.id, [...wordsAt(["a", "cat", "sits"])]);
  await page.reload();
  await waveformReady(page);
  await expect(page.getByTestId("restored-draft")).toContainText("Version 2 has been saved since");
  await save(page);
  await expect(page.getByTestId("merged-notice")).toContainText("both were kept");
  const merged = (await current(request, full.token, annotation.id)).body;
  expect(labelsOf(merged, "Words")).toEqual(["a", "cat"]);
  expect(merged.version).toBe(3);
  await expect.poll(() => localDrafts(page)).toBe(0);
});

test("a just-started annotation: fragments drawn but never saved survive a reload", async ({
  browser,
  request,
  world,
}) => {
  const [full, { refs }] = await Promise.all([
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    recordings(request, world, 1),
  ]);
  const assignment = await assign(request, world, { name: "New draft", base: null, full, refs });
  const page = await signedIn(browser, world, full);
  await page.goto(editorPath(assignment.id, refs[0]));
  await page.getByRole("button", { name: "Start annotating" }).click();
  await waveformReady(page);
  await dragInLane(page, "Words", 0.1, 0.35);
  await expect(panel(page).getByLabel("Label")).toBeFocused();
  await page.keyboard.type("first");
  await dragInLane(page, "Words", 0.45, 0.75);
  await panel(page).getByLabel("Label").fill("second");
  await expect
    .poll(() =>
      page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith("annotation-draft:"))?.[1] ?? ""),
    )
    .toContain('"second"');
  const started = await expectJson<{ annotations: { id: number }[] }>(
    await request.get(`/api/assignment/${assignment.id}`, { headers: authed(world.orgToken) }),
    200,
  );
  const id = started.annotations[0].id;
  expect((await current(request, full.token, id)).body.fragments).toEqual([]);

  page.on("dialog", (d) => void d.accept());
  await page.reload();
  await waveformReady(page);
  await expect(page.getByTestId("restored-draft")).toContainText("were restored from this browser");
  await expect(fragment(page, "Words", "first")).toBeVisible();
  await expect(fragment(page, "Words", "second")).toBeVisible();
  await expect(saveStatus(page)).toHaveText("Unsaved changes");
  await save(page);
  await expect(saveStatus(page)).toHaveText(/^Saved at /);
  expect(labelsOf((await current(request, full.token, id)).body, "Words")).toEqual(["first", "second"]);
  await expect.poll(() => localDrafts(page)).toBe(0);
});

test("conflicts: edits that do not meet merge by themselves; where they meet, the annotator chooses per place", async ({
  browser,
  request,
  world,
}) => {
  const { page, annotation, full } = await editorFor(browser, request, world, "Merge");
  await saveBehind(request, world, annotation.id, wordsAt(["a", "cat", "sits"]));
  await fragment(page, "Words", "sits").click();
  await panel(page).getByLabel("Label").fill("sat");
  await save(page);
  await expect(page.getByTestId("merged-notice")).toContainText("did not overlap");
  expect(labelsOf((await current(request, full.token, annotation.id)).body, "Words")).toEqual(["a", "cat", "sat"]);

  // Now both change "cat"; theirs also adds a Noise label, mine also changes "sat".
  await saveBehind(request, world, annotation.id, [
    ...wordsAt(["a", "dog", "sat"]),
    { start: 0.05, end: 0.3, labels: [{ layer: "Noise", label: "Breath", comment: "" }] },
  ]);
  await fragment(page, "Words", "cat").click();
  await panel(page).getByLabel("Label").fill("bat");
  await fragment(page, "Words", "sat").click();
  await panel(page).getByLabel("Label").fill("set");
  await save(page);
  const conflict = page.getByTestId("conflict-panel");
  await expect(conflict).toContainText("In one place");
  await expect(conflict.getByTestId("conflict-0")).toContainText("Keep mine: Words “bat”");
  await expect(conflict.getByTestId("conflict-0")).toContainText("Keep theirs: Words “dog”");
  await snap(page, "annotation-conflict-choice");
  expect(labelsOf((await current(request, full.token, annotation.id)).body, "Words")).toEqual(["a", "dog", "sat"]);
  await conflict.getByLabel(/Keep theirs/).check();
  await conflict.getByRole("button", { name: "Save merged version" }).click();
  await expect(conflict).toHaveCount(0);
  await expect(saveStatus(page)).toHaveText(/^Saved at /);
  const saved = (await current(request, full.token, annotation.id)).body;
  expect(labelsOf(saved, "Words")).toEqual(["a", "dog", "set"]);
  expect(labelsOf(saved, "Noise")).toEqual(["Breath"]);
  await expect(fragment(page, "Noise", "Breath")).toBeVisible();
});
