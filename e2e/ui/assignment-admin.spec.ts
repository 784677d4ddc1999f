// Editing and deleting assignments as an organisation administrator would: the edit form is the
// create form filled in (annotators by name, the recordings chosen in the picker), saving
// changes the name and the annotator everywhere they show; delete asks first and the row goes;
// one whose annotation has started cannot be deleted and says why. From the keyboard, with axe.
import { authed, createUser, expectJson } from "../support/api";
import { testAudio } from "../support/audio";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { record, speechChallenge, student } from "../support/progress-ui";
import { snap } from "../support/screenshots";
import { signInAsOrganisationUser } from "../support/ui";

type Assignment = { id: number; name: string | null; fullAnnotator: string; recordings: unknown[] };

test("assignments are edited and deleted; a started one cannot be deleted and says why", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(150_000);
  const audio = await testAudio();
  const token = world.orgToken;
  const topic = await speechChallenge(request, token, "Your hobby");
  const ada = await student(request, world, "Ada", "Alpha", []);
  const ben = await student(request, world, "Ben", "Bravo", []);
  const [adaRec, benRec] = [
    await record(request, ada.token, topic, audio.wav),
    await record(request, ben.token, topic, audio.wav),
  ];
  const fay = await createUser(request, token, {
    roles: ["ANNOTATOR_FULL"],
    firstName: "Fay",
    infix: "",
    lastName: "Fuller",
  });
  const gus = await createUser(request, token, {
    roles: ["ANNOTATOR_FULL"],
    firstName: "Gus",
    infix: "",
    lastName: "Grader",
  });
  const ref = (recording: string) => ({
    tenant: world.tenantId,
    organisation: world.orgId,
    challenge: topic,
    recording,
  });
  const make = async (name: string, recordings: string[]) =>
    expectJson<Assignment>(
      await request.post("/api/assignments", {
        data: { name, fullAnnotator: fay.id, recordings: recordings.map(ref) },
        headers: authed(token),
      }),
      201,
    );
  const week1 = await make("Week 1", [adaRec.id, benRec.id]);
  const week2 = await make("Week 2", [adaRec.id]);
  // Fay has started on Week 2.
  await expectJson(
    await request.post("/api/annotations", {
      data: {
        assignment: week2.id,
        recording: ref(adaRec.id),
        fragments: [{ start: 0, end: 0.2, labels: [{ layer: "Words", label: "hello" }] }],
      },
      headers: authed(token),
    }),
    200,
  );

  await signInAsOrganisationUser(page, request, world, "ORGANISATION");
  await page.goto("/assignments");
  const table = page.getByTestId("assignments-table");
  await expect(table).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  const row = (name: string) => table.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(row("Week 1")).toContainText("Fay Fuller");
  // Started: the delete control is there, disabled, with the reason in words.
  const blocked = row("Week 2").getByRole("button", { name: "Delete" });
  await expect(blocked).toBeDisabled();
  await expect(row("Week 2").getByTestId("delete-blocked")).toHaveText(
    "Cannot be deleted: annotation has started (1 of 1 recording)",
  );
  await expect(blocked).toHaveAccessibleDescription(/annotation has started/);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, "assignments-actions-1280");

  // Edit from the keyboard: the form holds the assignment; the annotator is chosen by name.
  await row("Week 1").getByRole("link", { name: "Edit assignment “Week 1”" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/assignments/${week1.id}/edit$`));
  await expect(page.getByRole("heading", { name: "Edit “Week 1”" })).toBeVisible();
  const name = page.getByLabel("Name", { exact: true });
  await expect(name).toHaveValue("Week 1");
  const full = page.getByLabel("Full annotator", { exact: false }).and(page.locator("select"));
  await expect(full).toHaveValue(fay.id);
  await expect(full.locator("option:checked")).toContainText("Fay Fuller");
  const picker = page.getByRole("group", { name: /Recordings/ });
  await expect(picker.getByTestId("picker-row")).toHaveCount(2, { timeout: 30_000 });
  await expect(picker.getByTestId("chosen-count")).toHaveText("2 recordings chosen");
  // Being in the assignment edited is not "already assigned"; being in Week 2 too is.
  await expect(picker.getByTestId("picker-row").filter({ hasText: "Ada Alpha" })).toContainText("assigned");
  await expect(picker.getByTestId("picker-row").filter({ hasText: "Ben Bravo" })).not.toContainText("assigned");
  expect(await seriousViolations(page)).toEqual([]);
  await name.focus();
  await name.fill("Week 1 (redo)");
  await full.focus();
  await expect(full.locator("option", { hasText: "Gus Grader" })).toHaveAttribute("value", gus.id);
  await full.selectOption(gus.id);
  await page.getByRole("button", { name: "Save changes" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/assignments/${week1.id}$`));
  await expect(page.getByRole("heading", { name: "Week 1 (redo)" })).toBeVisible();
  await expect(page.getByText("Full annotator Gus Grader", { exact: false })).toBeVisible();
  const saved = await expectJson<Assignment>(
    await request.get(`/api/assignment/${week1.id}`, { headers: authed(token) }),
    200,
  );
  expect(saved).toMatchObject({ name: "Week 1 (redo)", fullAnnotator: gus.id });
  expect(saved.recordings).toHaveLength(2);

  // Delete from the list: Escape cancels; confirming removes the row.
  await page.goto("/assignments");
  await expect(table).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  await expect(row("Week 1 (redo)")).toContainText("Gus Grader");
  const del = row("Week 1 (redo)").getByRole("button", { name: "Delete assignment “Week 1 (redo)”" });
  await del.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete assignment “Week 1 (redo)”?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row("Week 1 (redo)")).toHaveCount(1);
  await del.click();
  await dialog.getByRole("button", { name: "Delete assignment" }).click();
  await expect(dialog).toBeHidden();
  await expect(row("Week 1 (redo)")).toHaveCount(0);
  await expect(row("Week 2")).toHaveCount(1);
  expect((await request.get(`/api/assignment/${week1.id}`, { headers: authed(token) })).status()).toBe(404);

  // The started one's own page: edit yes, delete disabled with the reason.
  await row("Week 2").getByRole("link", { name: "Week 2", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Week 2" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete" })).toBeDisabled();
  await expect(page.getByTestId("delete-blocked")).toContainText("annotation has started");
  // Its recording by name and topic, the id only as secondary text; the link says whose it is.
  await expect(page.getByTestId("assignment-recordings")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });
  const listed = page.getByTestId("assignment-recording");
  await expect(listed).toHaveCount(1);
  await expect(listed.getByTestId("recording-student")).toHaveText("Ada Alpha");
  await expect(listed).toContainText("Ada Alpha · Your hobby");
  await expect(listed.getByTestId("recording-secondary")).toContainText(adaRec.id);
  await expect(listed.getByRole("cell").first()).not.toHaveText(new RegExp(`^\\s*${adaRec.id}`));
  await listed
    .getByRole("link", { name: new RegExp(`^Open Ada Alpha, Your hobby, .+ \\(recording ${adaRec.id}\\)$`) })
    .focus();
  await expect(listed.getByRole("link")).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 768, height: 1024 });
  await snap(page, "assignment-started-768");
  expect((await request.get(`/api/assignment/${week2.id}`, { headers: authed(token) })).status()).toBe(200);
});
