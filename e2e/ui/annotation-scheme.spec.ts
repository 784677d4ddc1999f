// The label-scheme editor, in the browser: an organisation administrator finds it in the
// navigation (annotators do not), edits a layer's labels, the base annotators' subset and the
// overlap rule, saves, and the reload (and the API) shows the change; an invalid scheme is
// refused with the API's reason in words. Axe finds no serious or critical problem.

import { person, signedIn } from "../support/annotation-ui";
import { authed, expectJson } from "../support/api";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { snap } from "../support/screenshots";

type SchemeOut = {
  isDefault: boolean;
  layers: {
    name: string;
    allowOverlap: boolean;
    baseAllowed: boolean;
    freeText: boolean;
    labels: { label: string; baseAllowed: boolean }[];
  }[];
};

test("an organisation administrator edits the label scheme; annotators do not get the page", async ({
  browser,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const [admin, annotator] = await Promise.all([
    person(request, world, "ADMIN", "Ada"),
    person(request, world, "ANNOTATOR_FULL", "Fay"),
  ]);
  const fay = await signedIn(browser, world, annotator);
  await expect(fay.getByRole("link", { name: "Annotate" }).first()).toBeVisible();
  await expect(fay.getByRole("link", { name: "Label scheme" })).toHaveCount(0);
  await fay.goto("/annotation-scheme");
  await expect(fay.getByText("Label scheme is not available in this view")).toBeVisible();

  const ada = await signedIn(browser, world, admin, { width: 1280, height: 800 });
  await ada.getByRole("link", { name: "Label scheme" }).first().click();
  await expect(ada.getByRole("heading", { name: "Label scheme", level: 1 })).toBeVisible();
  await expect(ada.getByText("This organisation uses the built-in default scheme.")).toBeVisible();
  expect(await seriousViolations(ada)).toEqual([]);
  await snap(ada, "annotation-scheme-1280");
  await ada.setViewportSize({ width: 768, height: 800 });
  await snap(ada, "annotation-scheme-768");
  await ada.setViewportSize({ width: 1280, height: 800 });

  // Noise: overlap no longer allowed, Breath for full annotators only, a new label Cough; the layer renamed.
  const noise = ada.getByRole("group", { name: "Noise" });
  await noise.getByLabel("Fragments may overlap").uncheck();
  await noise.getByLabel("Base annotators may use Breath (Noise)").uncheck();
  await noise.getByRole("button", { name: "Add a label to Noise" }).click();
  await noise.getByLabel("Noise label 6").fill("Cough");
  await noise.getByLabel("Layer name").fill("Sounds");
  // Errors become visible to base annotators as a layer, with one label of theirs.
  const error = ada.getByRole("group", { name: "Error" });
  await error.getByLabel("Base annotators use this layer").check();
  await error.getByLabel("Base annotators may use Grammar (Error)").check();
  await expect(ada.getByText("Unsaved changes")).toBeVisible();
  await ada.getByRole("button", { name: "Save the scheme" }).click();
  await expect(ada.getByText("No unsaved changes")).toBeVisible();

  const saved = await expectJson<SchemeOut>(
    await request.get(`/api/organisations/${world.orgId}/annotation-scheme`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(saved.isDefault).toBe(false);
  const sounds = saved.layers.find((l) => l.name === "Sounds")!;
  expect(sounds).toMatchObject({ allowOverlap: false, baseAllowed: true });
  expect(sounds.labels).toEqual([
    { label: "Noise", baseAllowed: true },
    { label: "Silence", baseAllowed: true },
    { label: "Breath", baseAllowed: false },
    { label: "Laughter", baseAllowed: true },
    { label: "Background", baseAllowed: true },
    { label: "Cough", baseAllowed: true },
  ]);
  const errors = saved.layers.find((l) => l.name === "Error")!;
  expect(errors.baseAllowed).toBe(true);
  expect(errors.labels.filter((l) => l.baseAllowed).map((l) => l.label)).toEqual(["Grammar"]);

  await ada.reload();
  const reloaded = ada.getByRole("group", { name: "Sounds" });
  await expect(reloaded.getByLabel("Fragments may overlap")).not.toBeChecked();
  await expect(reloaded.getByLabel("Sounds label 6")).toHaveValue("Cough");
  await expect(reloaded.getByLabel("Base annotators may use Breath (Sounds)")).not.toBeChecked();
  await expect(ada.getByText(/Last saved /)).toBeVisible();

  // A duplicate label is refused; the reason names the layer.
  await reloaded.getByLabel("Sounds label 6").fill("Silence");
  await ada.getByRole("button", { name: "Save the scheme" }).click();
  const problems = ada.getByTestId("scheme-errors");
  await expect(problems).toContainText("The scheme was not saved:");
  await expect(problems).toContainText(/Layer \d “Sounds”: labels must be unique within a layer/);
  await expect(problems).toBeFocused();
  expect(await seriousViolations(ada)).toEqual([]);
  const after = await expectJson<SchemeOut>(
    await request.get(`/api/organisations/${world.orgId}/annotation-scheme`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(after.layers.find((l) => l.name === "Sounds")!.labels.map((l) => l.label)).toContain("Cough");
});
