// "Pre-fill words" in Chromium: the Words layer filled from the challenge's SRT cues, its topic
// and the recording's reference annotation, each as ONE undoable step; words already there are
// replaced only once confirmed; sources that are missing are disabled with the reason. Driven
// from the keyboard where it matters; axe finds nothing serious. The result is saved and read
// back through the API.
import type { Page } from "@playwright/test";
import {
  annotate,
  assign,
  current,
  labelsOf,
  openEditor,
  person,
  recordings,
  saveStatus,
  signedIn,
  wordsAt,
} from "../support/annotation-ui";
import { prepareTestAudio } from "../support/audio";
import { seriousViolations } from "../support/axe";
import { CUES, promptedRecording, putReference, TOPIC } from "../support/context-ui";
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";

prepareTestAudio();
test.describe.configure({ timeout: 180_000 });

/** The labels of the Words lane's fragments, in time order. */
const wordsShown = (page: Page) =>
  page
    .getByTestId("lane-Words")
    .getByRole("button", { name: /^Words “/ })
    .evaluateAll((els) =>
      els
        .map((el) => ({
          x: el.getBoundingClientRect().left,
          label: /^Words “(.*?)”/.exec(el.getAttribute("aria-label") ?? "")?.[1] ?? "",
        }))
        .sort((a, b) => a.x - b.x)
        .map((e) => e.label),
    );
const words = (text: string) => text.split(" ");

test("pre-fill words from the prompt, the topic and the reference: each one undoable step, replacing only when confirmed", async ({
  browser,
  request,
  world,
}) => {
  const [full, { ref }] = await Promise.all([
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    promptedRecording(request, world),
  ]);
  await putReference(request, world, ref, wordsAt(["ref-the", "ref-cat"]));
  const assignment = await assign(request, world, { name: "Prefill", base: null, full, refs: [ref] });
  const noise = { start: 0.05, end: 0.3, labels: [{ layer: "Noise", label: "Breath", comment: "" }] };
  const annotation = await annotate(request, full.token, assignment.id, ref, [...wordsAt(["old"]), noise]);
  const page = await signedIn(browser, world, full, { width: 1280, height: 800 });
  await openEditor(page, assignment.id, ref);

  const box = page.getByTestId("prefill");
  await expect(box.getByRole("radio", { name: /^The challenge's prompt \(2 cues/ })).toBeChecked();
  await expect(box.getByRole("radio", { name: /^The challenge's topic \(6 words/ })).toBeEnabled();
  await expect(
    box.getByRole("radio", { name: /^The recording's reference annotation \(2 Words fragments\)/ }),
  ).toBeEnabled();
  await expect.poll(() => wordsShown(page)).toEqual(["old"]);

  // Words are there: it explains and waits; "Keep them" changes nothing.
  await box.getByRole("button", { name: "Pre-fill Words" }).click();
  const confirm = page.getByTestId("prefill-confirm");
  await expect(confirm).toContainText("The Words layer already has 1 fragment.");
  await confirm.getByRole("button", { name: "Keep them" }).click();
  await expect(confirm).toHaveCount(0);
  expect(await wordsShown(page)).toEqual(["old"]);
  await expect(saveStatus(page)).not.toHaveText("Unsaved changes");

  // From the prompt's cues, confirmed: the cue words replace "old"; the Noise fragment stays.
  await box.getByRole("button", { name: "Pre-fill Words" }).click();
  await confirm.getByRole("button", { name: "Replace the Words fragments" }).click();
  await expect.poll(() => wordsShown(page)).toEqual(words(CUES.join(" ")));
  await expect(page.getByTestId("lane-Noise").getByRole("button", { name: /^Noise “Breath”/ })).toHaveCount(1);
  await expect(page.getByRole("button", { name: /^Undo: Pre-fill Words from the challenge's prompt/ })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, "annotation-prefill-prompt");

  // Ctrl+Z takes the whole pre-fill back in one step.
  await page.keyboard.press("Control+z");
  await expect.poll(() => wordsShown(page)).toEqual(["old"]);
  await expect(saveStatus(page)).not.toHaveText("Unsaved changes");

  // From the keyboard: the topic's words spread over the speech.
  await box.getByRole("radio", { name: /^The challenge's prompt/ }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(box.getByRole("radio", { name: /^The challenge's topic/ })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(box.getByRole("button", { name: "Pre-fill Words" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(confirm.getByRole("button", { name: "Replace the Words fragments" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect.poll(() => wordsShown(page)).toEqual(words(TOPIC));
  await page.keyboard.press("Control+z");
  await expect.poll(() => wordsShown(page)).toEqual(["old"]);

  // From the reference annotation, then saved: the server holds the reference's words.
  await box.getByRole("radio", { name: /^The recording's reference annotation/ }).check();
  await box.getByRole("button", { name: "Pre-fill Words" }).click();
  await confirm.getByRole("button", { name: "Replace the Words fragments" }).click();
  await expect.poll(() => wordsShown(page)).toEqual(["ref-the", "ref-cat"]);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(saveStatus(page)).toHaveText(/^Saved at /);
  const saved = (await current(request, full.token, annotation.id)).body;
  expect(labelsOf(saved, "Words")).toEqual(["ref-the", "ref-cat"]);
  expect(labelsOf(saved, "Noise")).toEqual(["Breath"]);
  expect(saved.fragments.filter((f) => f.labels.some((l) => l.layer === "Words")).map((f) => [f.start, f.end])).toEqual(
    [
      [0.1, 0.35],
      [0.4, 0.65],
    ],
  );
});

test("without a prompt or a reference, those sources are disabled with the reason; an empty Words layer is filled at once", async ({
  browser,
  request,
  world,
}) => {
  const [full, { refs }] = await Promise.all([
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    recordings(request, world, 1),
  ]);
  const assignment = await assign(request, world, { name: "Prefill plain", base: null, full, refs });
  await annotate(request, full.token, assignment.id, refs[0], []);
  const page = await signedIn(browser, world, full, { width: 1280, height: 800 });
  await openEditor(page, assignment.id, refs[0]);

  const box = page.getByTestId("prefill");
  const prompt = box.getByRole("radio", { name: /^The challenge's prompt/ });
  await expect(prompt).toBeDisabled();
  await expect(box.getByText("Not available: the challenge has no SRT prompt.")).toBeVisible();
  await expect(box.getByRole("radio", { name: /^The recording's reference annotation/ })).toBeDisabled();
  await expect(box.getByText("Not available: the recording has no reference annotation.")).toBeVisible();
  const topic = box.getByRole("radio", { name: /^The challenge's topic/ });
  await expect(topic).toBeChecked();
  const topicWords = Number(
    /\((\d+) words?/.exec((await topic.evaluate((el) => el.closest("label")?.textContent)) ?? "")?.[1],
  );
  expect(topicWords).toBeGreaterThan(0);

  // Nothing to replace: no confirmation, one step.
  await box.getByRole("button", { name: "Pre-fill Words" }).click();
  await expect(page.getByTestId("prefill-confirm")).toHaveCount(0);
  await expect.poll(async () => (await wordsShown(page)).length).toBe(topicWords);
  await expect(saveStatus(page)).toHaveText("Unsaved changes");
  await page.keyboard.press("Control+z");
  await expect.poll(() => wordsShown(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});
