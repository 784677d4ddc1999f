// The annotation editor at the zooms of a long recording: at 10 px/s words are a few pixels
// wide and packed close, and a press on one fragment's end handle must move that end and
// nothing else (hits are resolved by time, not by overlapping boxes); the boundary two
// touching fragments share moves both (Alt: only one); at fit zoom a lane with too many
// fragments shows their coverage instead of a bare "zoom in". Results through the API.

import {
  annotate,
  assign,
  dragLaneX,
  fragment,
  fragmentName,
  longRecording,
  longSpeech,
  openEditor,
  person,
  signedIn,
  waveformScroll,
} from "../support/annotation-ui";
import type { Fragment } from "../support/annotations";
import { authed, expectJson } from "../support/api";
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await longSpeech(200);
});

const word = (label: string, start: number, end: number, layer = "Words"): Fragment => ({
  start,
  end,
  labels: [{ layer, label, comment: "" }],
});

/** [start, end] in ms from a fragment's accessible name ("Words “w3” 1.000 s–1.600 s"). */
async function times(page: Parameters<typeof fragment>[0], label: string): Promise<[number, number]> {
  const name = (await fragmentName(page, "Words", label))!;
  const m = /([\d.]+) s–([\d.]+) s$/.exec(name);
  if (!m) throw new Error(`no times in ${name}`);
  return [Math.round(Number(m[1]) * 1000), Math.round(Number(m[2]) * 1000)];
}

test("at 10 px/s over densely packed words, a handle drag moves exactly the boundary pressed; shared boundaries move both", async ({
  browser,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const [full, ref] = await Promise.all([
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    longRecording(request, world),
  ]);
  const assignment = await assign(request, world, { name: "Dense words", base: null, full, refs: [ref] });
  // Words 0.6 s long (6 px at 10 px/s) with 0.3 s (3 px) between them; p and q touch at 40.8 s.
  const words = Array.from({ length: 40 }, (_, i) =>
    word(`w${i}`, Math.round((1 + 0.9 * i) * 1000) / 1000, Math.round((1.6 + 0.9 * i) * 1000) / 1000),
  );
  await annotate(request, full.token, assignment.id, ref, [...words, word("p", 40, 40.8), word("q", 40.8, 41.6)]);
  const page = await signedIn(browser, world, full);
  await openEditor(page, assignment.id, ref);
  await page.getByLabel("Zoom (pixels per second)").selectOption("10");
  await expect(fragment(page, "Words", "w39")).toBeVisible();
  expect(await waveformScroll(page)).toBe(0);
  // True widths: a 0.6 s word is 6 px, not widened into its neighbours.
  expect(Math.round((await fragment(page, "Words", "w3").boundingBox())!.width)).toBe(6);

  const px = (ms: number) => ms / 100;
  for (const i of [3, 9, 15, 21, 27]) {
    const [start, end] = await times(page, `w${i}`);
    const next = await times(page, `w${i + 1}`);
    // The end handle of w_i, 3 px before the start of w_i+1: 1.5 px to the right.
    await dragLaneX(page, "Words", px(end), px(end) + 1.5);
    await expect(fragment(page, "Words", `w${i}`)).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => (await times(page, `w${i}`))[1]).not.toBe(end);
    const [s2, e2] = await times(page, `w${i}`);
    expect(s2).toBe(start);
    expect(Math.abs(e2 - (end + 150))).toBeLessThanOrEqual(2);
    expect(await times(page, `w${i + 1}`)).toEqual(next);
    // And the start handle of w_i+1, 1 px to the left: w_i keeps its new end.
    await dragLaneX(page, "Words", px(next[0]), px(next[0]) - 1);
    await expect.poll(async () => (await times(page, `w${i + 1}`))[0]).not.toBe(next[0]);
    const moved = await times(page, `w${i + 1}`);
    expect(Math.abs(moved[0] - (next[0] - 100))).toBeLessThanOrEqual(2);
    expect(moved[1]).toBe(next[1]);
    expect(await times(page, `w${i}`)).toEqual([s2, e2]);
  }

  // The boundary p and q share moves both, from either side of it.
  await dragLaneX(page, "Words", px(40_800) + 0.8, px(40_800) + 2.8);
  await expect.poll(async () => (await times(page, "p"))[1]).not.toBe(40_800);
  const [, pEnd] = await times(page, "p");
  expect(Math.abs(pEnd - 41_000)).toBeLessThanOrEqual(2);
  expect(await times(page, "q")).toEqual([pEnd, 41_600]);
  // Alt detaches: the left side's owner only.
  await dragLaneX(page, "Words", px(pEnd) - 0.8, px(pEnd) - 1.8, true);
  await expect.poll(async () => (await times(page, "p"))[1]).not.toBe(pEnd);
  expect(Math.abs((await times(page, "p"))[1] - (pEnd - 100))).toBeLessThanOrEqual(2);
  expect(await times(page, "q")).toEqual([pEnd, 41_600]);
  await snap(page, "annotation-editor-dense-10px");

  // Saved as drawn.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("save-status")).toHaveText(/^Saved at /);
  const listed = await expectJson<{ annotations: { id: number }[] }>(
    await request.get(`/api/assignment/${assignment.id}`, { headers: authed(world.orgToken) }),
    200,
  );
  const saved = await expectJson<{ fragments: Fragment[] }>(
    await request.get(`/api/annotation/${listed.annotations[0].id}`, { headers: authed(full.token) }),
    200,
  );
  const q = saved.fragments.find((f) => f.labels[0].label === "q")!;
  expect(q.start * 1000).toBeCloseTo(pEnd, 0);
  expect(saved.fragments.find((f) => f.labels[0].label === "w40")).toBeUndefined();
  expect(saved.fragments.find((f) => f.labels[0].label === "w5")).toEqual(words[5]);
});

test("at fit zoom a lane too dense to draw shows its coverage; zoomed in, its fragments", async ({
  browser,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const [full, ref] = await Promise.all([
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    longRecording(request, world),
  ]);
  const assignment = await assign(request, world, { name: "Coverage", base: null, full, refs: [ref] });
  // 0.1 s words every 0.15 s over 0–100 s and 150–195 s; nothing between.
  const fragments: Fragment[] = [];
  for (let t = 0; t < 195; t += 0.15)
    if (t < 100 || t >= 150)
      fragments.push(word(`c${fragments.length}`, Math.round(t * 1000) / 1000, Math.round((t + 0.1) * 1000) / 1000));
  await annotate(request, full.token, assignment.id, ref, fragments);
  const page = await signedIn(browser, world, full);
  await openEditor(page, assignment.id, ref);

  const strip = page.getByTestId("lane-density-Words");
  await expect(strip).toBeVisible();
  await expect(page.getByTestId("lane-Words")).toContainText(`${fragments.length} fragments in view`);
  // Per pixel column: is anything drawn?
  const drawn = await strip.evaluate((el) => {
    const canvas = el as HTMLCanvasElement;
    const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    return Array.from({ length: canvas.width }, (_, x) => {
      for (let y = 0; y < canvas.height; y++) if (data[(y * canvas.width + x) * 4 + 3] > 0) return true;
      return false;
    });
  });
  const column = (seconds: number) => Math.round((seconds / 200) * drawn.length);
  for (const s of [5, 30, 60, 95, 155, 190]) expect(drawn[column(s)], `coverage at ${s} s`).toBe(true);
  for (const s of [105, 120, 145, 198]) expect(drawn[column(s)], `no coverage at ${s} s`).toBe(false);
  await snap(page, "annotation-editor-fit-coverage");

  await page.getByLabel("Zoom (pixels per second)").selectOption("50");
  await expect(strip).toHaveCount(0);
  await expect(fragment(page, "Words", "c3")).toBeVisible();
});

test("the spectrogram is drawn for the visible window only, from the server's tiles that cover it", async ({
  browser,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const [full, ref] = await Promise.all([
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    longRecording(request, world),
  ]);
  const assignment = await assign(request, world, { name: "Spectrogram", base: null, full, refs: [ref] });
  const annotation = await annotate(request, full.token, assignment.id, ref, [word("hello", 100, 101)]);
  const audioPath = new URL(annotation.normalisedAudioUrl!).pathname;
  const page = await signedIn(browser, world, full);
  // What the page fetched of the audio itself (the <audio> element streams it apart from this),
  // and which spectrogram tiles.
  const ranges: Promise<string | undefined>[] = [];
  const tiles: number[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === audioPath && r.resourceType() !== "media") ranges.push(r.allHeaders().then((h) => h.range));
    if (url.pathname === `${audioPath}/spectrogram`) tiles.push(Number(url.searchParams.get("tile")));
  });
  await openEditor(page, assignment.id, ref);
  await page.getByLabel("Zoom (pixels per second)").selectOption("100");
  // The middle of the recording, through the overview bar.
  await page.getByTestId("overview").scrollIntoViewIfNeeded();
  const overview = (await page.getByTestId("overview").boundingBox())!;
  await page.mouse.click(overview.x + overview.width / 2, overview.y + overview.height / 2);
  await expect.poll(() => waveformScroll(page)).toBeGreaterThan(5000);
  await page.waitForTimeout(300);
  const scroll = await waveformScroll(page);
  const width = (await page.getByTestId("lane-Words").boundingBox())!.width;

  await page.getByRole("button", { name: "Show spectrogram" }).click();
  const spectrogram = page.getByTestId("spectrogram");
  await expect(spectrogram).toHaveAttribute("data-status", "drawn", { timeout: 30_000 });
  // The window drawn is the one in view (100 px/s: ms = px × 10).
  const from = Number(await spectrogram.getAttribute("data-from-ms"));
  const to = Number(await spectrogram.getAttribute("data-to-ms"));
  expect(Math.abs(from - scroll * 10)).toBeLessThanOrEqual(20);
  expect(Math.abs(to - (scroll + width) * 10)).toBeLessThanOrEqual(50);
  // Drawn: most pixels are not blank, and speech makes them differ.
  const stats = await spectrogram.locator("canvas").evaluate((el) => {
    const canvas = el as HTMLCanvasElement;
    const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    let opaque = 0;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 0) opaque++;
      colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    }
    return { share: opaque / (data.length / 4), colours: colours.size };
  });
  expect(stats.share).toBeGreaterThan(0.9);
  expect(stats.colours).toBeGreaterThan(20);
  // From the server's tiles (10 s each): those covering the window (and, the view at rest, the
  // one after it, fetched ahead), and no audio decoded here.
  await expect(spectrogram).toHaveAttribute("data-source", "tiles");
  const covering = Array.from(
    { length: Math.ceil(to / 10_000) - Math.floor(from / 10_000) },
    (_, i) => Math.floor(from / 10_000) + i,
  );
  expect(await spectrogram.getAttribute("data-tiles")).toBe(covering.join(","));
  await expect.poll(() => [...new Set(tiles)].sort((a, b) => a - b)).toEqual([...covering, covering.at(-1)! + 1]);
  expect(ranges).toHaveLength(0);
  await snap(page, "annotation-editor-spectrogram");

  // Deep zoom: the waveform is drawn from the decoded window, one canvas over the whole view (no seams).
  await page.getByLabel("Zoom (pixels per second)").selectOption("800");
  const fine = page.getByTestId("fine-wave");
  await expect(fine).toHaveAttribute("data-status", "drawn", { timeout: 30_000 });
  const columns = await fine.evaluate((el) => {
    const canvas = el as HTMLCanvasElement;
    const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
    let empty = 0;
    for (let x = 0; x < canvas.width; x++) {
      let ink = false;
      for (let y = 0; y < canvas.height && !ink; y++) ink = data[(y * canvas.width + x) * 4] < 200;
      if (!ink) empty++;
    }
    return { empty, width: canvas.width };
  });
  expect(columns.width).toBeGreaterThan(500);
  expect(columns.empty).toBe(0);
  const fineFrom = Number(await fine.getAttribute("data-from-ms"));
  const fineTo = Number(await fine.getAttribute("data-to-ms"));
  expect(fineTo - fineFrom).toBeLessThanOrEqual(Math.ceil((width / 800) * 1000) + 20);
});
