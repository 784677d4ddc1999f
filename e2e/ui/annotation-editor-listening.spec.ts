// Listening and labelling speed in the annotation editor: the playback rate reaches the media
// element with its pitch kept; a fragment loops; the keys drive the transport whenever no text
// field has focus; Ctrl+wheel zooms, the overview bar moves the view, and the zoom is kept per
// person; number keys pick a layer's labels; split at the playhead and merges with either
// neighbour (buttons and keys). Results through the API.

import {
  annotate,
  assign,
  current,
  fragment,
  labelsOf,
  openEditor,
  panel,
  person,
  recordings,
  saveStatus,
  signedIn,
  waveformScroll,
  wordsAt,
} from "../support/annotation-ui";
import { prepareTestAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";

prepareTestAudio();

const media = (page: import("@playwright/test").Page) => page.getByTestId("annotation-audio");
const mediaTime = (page: import("@playwright/test").Page) =>
  media(page).evaluate((el) => (el as HTMLAudioElement).currentTime);
const blur = (page: import("@playwright/test").Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

test("rate with the pitch kept, loops, keyboard transport, Ctrl+wheel zoom, the overview bar, and the zoom remembered", async ({
  browser,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const [full, { refs }] = await Promise.all([
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    recordings(request, world, 1),
  ]);
  const assignment = await assign(request, world, { name: "Listening", base: null, full, refs });
  await annotate(request, full.token, assignment.id, refs[0], wordsAt(["the", "cat", "sits"]));
  const page = await signedIn(browser, world, full, { width: 1280, height: 800 });
  await openEditor(page, assignment.id, refs[0]);

  // The waveform uses the room it has: far taller than the old 95 px at 1280×800.
  expect((await page.getByTestId("waveform").boundingBox())!.height).toBeGreaterThanOrEqual(200);
  await snap(page, "annotation-editor-1280x800");

  // Rate: applied to the media element, pitch kept.
  await page.getByLabel("Rate").selectOption("1.5");
  await expect
    .poll(() =>
      media(page).evaluate((el) => [(el as HTMLAudioElement).playbackRate, (el as HTMLAudioElement).preservesPitch]),
    )
    .toEqual([1.5, true]);
  await blur(page);
  await page.keyboard.press("[");
  await expect.poll(() => media(page).evaluate((el) => (el as HTMLAudioElement).playbackRate)).toBe(1.25);
  await page.getByLabel("Rate").selectOption("1");

  // Loop the selected fragment: playback stays inside "cat" (0.4–0.65 s) and wraps around.
  await fragment(page, "Words", "cat").click();
  await page.getByRole("button", { name: "Loop selection" }).click();
  const samples = await media(page).evaluate(
    (el) =>
      new Promise<number[]>((resolve) => {
        const audio = el as HTMLAudioElement;
        const out: number[] = [];
        const until = performance.now() + 1500;
        const tick = () => {
          if (!audio.paused) out.push(audio.currentTime);
          if (performance.now() < until) requestAnimationFrame(tick);
          else resolve(out);
        };
        tick();
      }),
  );
  expect(samples.length).toBeGreaterThan(10);
  expect(Math.min(...samples.slice(3))).toBeGreaterThanOrEqual(0.35);
  expect(Math.max(...samples)).toBeLessThanOrEqual(0.8);
  expect(
    samples.some((t, i) => i > 0 && t < samples[i - 1] - 0.1),
    "the loop wrapped around",
  ).toBe(true);
  await page.getByRole("button", { name: "Stop loop" }).first().click();
  await page.getByRole("button", { name: /Pause/ }).click();

  // Keyboard transport with no field focused: Home, End, arrows, Space, Tab / Shift+Tab, Esc.
  await blur(page);
  await page.keyboard.press("Escape");
  await expect(page.getByText("No fragment selected")).toBeVisible();
  await page.keyboard.press("End");
  await expect.poll(() => mediaTime(page)).toBeGreaterThan(1.5);
  await page.keyboard.press("Home");
  await expect.poll(() => mediaTime(page)).toBe(0);
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => mediaTime(page)).toBeCloseTo(1, 1);
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => mediaTime(page)).toBe(0);
  await page.keyboard.press("Space");
  await expect.poll(() => media(page).evaluate((el) => (el as HTMLAudioElement).paused)).toBe(false);
  await page.keyboard.press("Space");
  await expect.poll(() => media(page).evaluate((el) => (el as HTMLAudioElement).paused)).toBe(true);
  await page.keyboard.press("Home");
  await page.keyboard.press("Tab");
  await expect(fragment(page, "Words", "the")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Tab");
  await expect(fragment(page, "Words", "cat")).toHaveAttribute("aria-pressed", "true");
  await expect(fragment(page, "Words", "cat")).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(fragment(page, "Words", "the")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Escape");
  await expect(page.getByText("No fragment selected")).toBeVisible();
  // Esc straight after Shift+Tab, in the same task, before the moved focus lands two frames
  // later: the late focus does not select "the" again.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(fragment(page, "Words", "cat")).toBeFocused();
  await page.evaluate(() => {
    const at = document.activeElement!;
    at.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", shiftKey: true, bubbles: true }));
    at.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
  });
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)))),
  );
  await expect(page.getByText("No fragment selected")).toBeVisible();
  await expect(fragment(page, "Words", "the")).toHaveAttribute("aria-pressed", "false");

  // Ctrl+wheel over the lanes zooms in.
  await page.getByTestId("lane-Words").scrollIntoViewIfNeeded();
  const lane = (await page.getByTestId("lane-Words").boundingBox())!;
  await page.mouse.move(lane.x + lane.width / 2, lane.y + lane.height / 2);
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -100);
  await page.keyboard.up("Control");
  await expect(page.getByLabel("Zoom (pixels per second)")).not.toHaveValue("0");

  // The overview bar shows the visible part and moves it.
  await page.getByLabel("Zoom (pixels per second)").selectOption("1600");
  // The zoom keeps the view around where it was; Home on the overview goes to the start.
  await page.getByRole("slider", { name: "Visible part of the recording" }).press("Home");
  await expect.poll(() => waveformScroll(page)).toBe(0);
  await page.getByTestId("overview").scrollIntoViewIfNeeded();
  const overview = (await page.getByTestId("overview").boundingBox())!;
  await page.mouse.click(overview.x + overview.width * 0.8, overview.y + overview.height / 2);
  await expect.poll(() => waveformScroll(page)).toBeGreaterThan(1000);
  const windowBox = (await page.getByTestId("overview-window").boundingBox())!;
  expect(windowBox.x).toBeGreaterThan(overview.x + overview.width * 0.4);
  await page.getByRole("slider", { name: "Visible part of the recording" }).press("Home");
  await expect.poll(() => waveformScroll(page)).toBe(0);

  // The zoom is kept for this person.
  await page.getByLabel("Zoom (pixels per second)").selectOption("1600");
  await page.reload();
  await expect(page.getByTestId("waveform")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  await expect(page.getByLabel("Zoom (pixels per second)")).toHaveValue("1600");
});

test("number keys pick labels; split at the playhead and merge with either neighbour", async ({
  browser,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const [full, { refs }] = await Promise.all([
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    recordings(request, world, 1),
  ]);
  const assignment = await assign(request, world, { name: "Labelling", base: null, full, refs });
  const noise = { start: 1, end: 1.5, labels: [{ layer: "Noise", label: "Noise", comment: "" }] };
  const annotation = await annotate(request, full.token, assignment.id, refs[0], [
    ...wordsAt(["the", "cat", "sits"]),
    noise,
  ]);
  const page = await signedIn(browser, world, full, { width: 768, height: 1024 });
  await openEditor(page, assignment.id, refs[0]);

  // 1..9: the layer's nth label (Noise, Silence, Breath, ...).
  await fragment(page, "Noise", "Noise").click();
  await page.keyboard.press("3");
  await expect(panel(page).getByLabel("Label")).toHaveValue("Breath");
  await page.keyboard.press("2");
  await expect(fragment(page, "Noise", "Silence")).toBeVisible();

  // Split "cat" (0.4–0.65 s) at the playhead.
  await fragment(page, "Words", "cat").click();
  await page.getByTestId("annotation-audio").evaluate((el) => ((el as HTMLAudioElement).currentTime = 0.5));
  await expect(page.getByTestId("time-readout")).toContainText("0:00.500");
  await panel(page).getByRole("button", { name: "Split at playhead" }).click();
  await expect(fragment(page, "Words", "cat")).toHaveCount(2);
  await expect(fragment(page, "Words", "cat").first()).toHaveAccessibleName("Words “cat” 0.400 s–0.500 s");
  await expect(fragment(page, "Words", "cat").last()).toHaveAccessibleName("Words “cat” 0.500 s–0.650 s");
  await snap(page, "annotation-editor-768");

  // Merge "the" with the next (the first half of "cat"), then "sits" with the previous (by key).
  await fragment(page, "Words", "the").click();
  await panel(page).getByRole("button", { name: "Merge with next" }).click();
  await expect(fragment(page, "Words", "the cat")).toHaveAccessibleName("Words “the cat” 0.100 s–0.500 s");
  await fragment(page, "Words", "sits").click();
  await page.keyboard.press("Shift+J");
  await expect(fragment(page, "Words", "cat sits")).toHaveAccessibleName("Words “cat sits” 0.500 s–0.950 s");
  // X splits by key too.
  await page.getByTestId("annotation-audio").evaluate((el) => ((el as HTMLAudioElement).currentTime = 0.7));
  await expect(page.getByTestId("time-readout")).toContainText("0:00.700");
  await page.keyboard.press("x");
  await expect(fragment(page, "Words", "cat sits")).toHaveCount(2);

  await page.keyboard.press("Control+s");
  await expect(saveStatus(page)).toHaveText(/^Saved at /);
  const saved = (await current(request, full.token, annotation.id)).body;
  expect(labelsOf(saved, "Words")).toEqual(["the cat", "cat sits", "cat sits"]);
  expect(labelsOf(saved, "Noise")).toEqual(["Silence"]);
  expect(saved.fragments.filter((f) => f.labels[0].layer === "Words").map((f) => [f.start, f.end])).toEqual([
    [0.1, 0.5],
    [0.5, 0.7],
    [0.7, 0.95],
  ]);
});
