// The annotation editor's context and workflow, in the browser: the title says what was read
// and by whom (a pseudonym for annotators), the recording can be listened to before
// "Start annotating", the prompt and the reference annotation are lanes of their own, the
// workflow stage is explained in words, a full annotator working before base done is warned
// (and the work marked), and the full annotator compares the current state with the base
// hand-over. Axe finds no serious or critical problem; screenshots at 1280 and 768 px.

import {
  type Annotation,
  annotate,
  assign,
  current,
  editorPath,
  openEditor,
  person,
  signedIn,
  waveformReady,
  wordsAt,
} from "../support/annotation-ui";
import { authed, expectJson } from "../support/api";
import { prepareTestAudio } from "../support/audio";
import { seriousViolations } from "../support/axe";
import { CUES, promptedRecording, putReference, TOPIC } from "../support/context-ui";
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";

prepareTestAudio();

test("before starting: a human title, the workflow in words, and the recording can be listened to; then prompt and reference lanes", async ({
  browser,
  request,
  world,
}) => {
  test.setTimeout(150_000);
  const [base, full, { ref }] = await Promise.all([
    person(request, world, "ANNOTATOR_BASE", "Bea"),
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    promptedRecording(request, world),
  ]);
  await putReference(request, world, ref, wordsAt(["ref-the", "ref-cat"]));
  const assignment = await assign(request, world, { name: "Context batch", base, full, refs: [ref] });

  const bea = await signedIn(browser, world, base, { width: 1280, height: 800 });
  await bea.goto(editorPath(assignment.id, ref));
  const title = bea.getByRole("heading", { level: 1 });
  // Annotators see a stable pseudonym, never an id, in the title.
  await expect(title).toHaveText(new RegExp(`^Annotate: ‘${TOPIC}’ — read by Student [0-9A-F]{6}, 0:0\\d$`), {
    timeout: 30_000,
  });
  const titled = await title.textContent();
  expect(titled).not.toContain(ref.recording);
  await expect(bea.getByTestId("editor-ids")).toContainText(`recording ${ref.recording}`);
  await expect(bea).toHaveTitle(new RegExp(`^Annotate: ‘${TOPIC}’`));
  await expect(bea.getByTestId("prompt-text")).toHaveText(CUES.join(" "));
  await expect(bea.getByTestId("workflow-stage")).toHaveAttribute("data-stage", "base");
  await expect(bea.getByTestId("workflow-stage")).toContainText("Your turn: label, save, then mark it base done.");
  await bea.getByText("What do “base done” and “full done” mean?").click();
  await expect(bea.getByTestId("workflow-stage")).toContainText("The full annotator has checked the base annotator");

  // Listening before the annotation exists: the player plays the recording.
  const audio = bea.getByTestId("preview-audio");
  await expect(audio).toBeVisible();
  await audio.evaluate(async (el: HTMLAudioElement) => {
    el.muted = true;
    await el.play();
  });
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.2);
  expect(await seriousViolations(bea)).toEqual([]);
  await snap(bea, "annotation-editor-header-1280");
  await bea.setViewportSize({ width: 768, height: 800 });
  await snap(bea, "annotation-editor-header-768");
  await bea.setViewportSize({ width: 1280, height: 800 });
  expect(
    (
      await expectJson<{ annotations: unknown[] }>(
        await request.get(`/api/assignment/${assignment.id}`, { headers: authed(world.orgToken) }),
        200,
      )
    ).annotations,
  ).toEqual([]);

  await bea.getByRole("button", { name: "Start annotating" }).click();
  await waveformReady(bea);
  const promptLane = bea.getByTestId("context-lane-prompt");
  await expect(promptLane.getByRole("listitem")).toHaveCount(2);
  await expect(promptLane).toContainText(CUES[0]);
  await expect(promptLane).toContainText(CUES[1]);
  const referenceLane = bea.getByTestId("context-lane-ref-Words");
  await expect(referenceLane.getByRole("listitem")).toHaveText([/ref-the/, /ref-cat/]);
  // The lanes share the waveform's time axis: the second cue starts where the reference's second word is drawn from (0.8 s vs 0.4 s).
  const cue2 = (await promptLane.getByRole("listitem").nth(1).boundingBox())!;
  const ref2 = (await referenceLane.getByRole("listitem").nth(1).boundingBox())!;
  expect(cue2.x).toBeGreaterThan(ref2.x);
  // Zooming in moves them with the waveform.
  const before = cue2.width;
  await bea.keyboard.press("+");
  await expect
    .poll(async () => (await promptLane.getByRole("listitem").nth(0).boundingBox())?.width ?? 0)
    .toBeGreaterThan(before);
  expect(await seriousViolations(bea)).toEqual([]);
  await snap(bea, "annotation-editor-context-lanes");
});

test("administrators see the student's name; the full annotator working before base done is warned and marked", async ({
  browser,
  request,
  world,
}) => {
  test.setTimeout(150_000);
  const [admin, base, full, { ref }] = await Promise.all([
    person(request, world, "ADMIN", "Ada"),
    person(request, world, "ANNOTATOR_BASE", "Bea"),
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    promptedRecording(request, world),
  ]);
  const assignment = await assign(request, world, { name: "Early batch", base, full, refs: [ref] });
  const started = await annotate(request, base.token, assignment.id, ref, wordsAt(["the", "cat"]));

  const fay = await signedIn(browser, world, full);
  await openEditor(fay, assignment.id, ref);
  await expect(fay.getByTestId("workflow-stage")).toContainText("Not your turn yet", { timeout: 30_000 });
  const notice = fay.getByTestId("early-work");
  await expect(notice.getByRole("alert")).toContainText("The base annotator is not done yet.");
  // The full annotator saves anyway: a real save before base done.
  const { etag } = await current(request, full.token, started.id);
  const early = await expectJson<Annotation>(
    await request.put(`/api/annotation/${started.id}`, {
      data: { fragments: wordsAt(["the", "hat"]) },
      headers: { ...authed(full.token), "If-Match": etag },
    }),
    200,
  );
  await fay.reload();
  await waveformReady(fay);
  await expect(fay.getByTestId("early-work-mark")).toContainText(`version ${early.version}`);
  expect(await seriousViolations(fay)).toEqual([]);

  const ada = await signedIn(browser, world, admin);
  await ada.goto(editorPath(assignment.id, ref));
  await expect(ada.getByRole("heading", { level: 1 })).toHaveText(
    new RegExp(`^Annotate: ‘${TOPIC}’ — read by (?!Student [0-9A-F]{6})\\S.*, 0:0\\d$`),
    { timeout: 30_000 },
  );
  await expect(ada.getByTestId("early-work").getByRole("alert")).toHaveCount(0);
});

test("the full annotator compares the current state with the base hand-over", async ({ browser, request, world }) => {
  test.setTimeout(150_000);
  const [base, full, { ref }] = await Promise.all([
    person(request, world, "ANNOTATOR_BASE", "Bea"),
    person(request, world, "ANNOTATOR_FULL", "Fay"),
    promptedRecording(request, world),
  ]);
  const assignment = await assign(request, world, { name: "Compare batch", base, full, refs: [ref] });
  const first = await annotate(request, base.token, assignment.id, ref, wordsAt(["the", "cat", "sits"]));
  let { etag } = await current(request, base.token, first.id);
  const handOver = await expectJson<Annotation>(
    await request.put(`/api/annotation/${first.id}`, {
      data: { doneBase: true },
      headers: { ...authed(base.token), "If-Match": etag },
    }),
    200,
  );
  ({ etag } = await current(request, full.token, first.id));
  const fixed = [
    ...wordsAt(["the", "hat"]),
    { start: 1.0, end: 1.2, labels: [{ layer: "Error", label: "Substitution", comment: "" }] },
  ];
  await expectJson<Annotation>(
    await request.put(`/api/annotation/${first.id}`, {
      data: { fragments: fixed },
      headers: { ...authed(full.token), "If-Match": etag },
    }),
    200,
  );

  const fay = await signedIn(browser, world, full);
  await openEditor(fay, assignment.id, ref);
  await expect(fay.getByTestId("workflow-stage")).toHaveAttribute("data-stage", "full");
  await expect(fay.getByTestId("early-work")).toHaveCount(0);
  await fay.getByRole("button", { name: "Compare with the base hand-over" }).click();
  await expect(fay.getByTestId("comparison-summary")).toHaveText(
    `Since the base hand-over (version ${handOver.version}): 1 added, 1 removed, 1 changed, 1 unchanged.`,
  );
  const lane = fay.getByTestId("context-lane-changes");
  await expect(lane.locator("[data-kind=changed]")).toContainText("cat → hat");
  await expect(lane.locator("[data-kind=added]")).toContainText("Substitution");
  await expect(lane.locator("[data-kind=removed]")).toContainText("sits");
  expect(await seriousViolations(fay)).toEqual([]);
  await snap(fay, "annotation-editor-comparison");
  await fay.getByRole("button", { name: "Hide the comparison" }).click();
  await expect(lane).toHaveCount(0);
});
