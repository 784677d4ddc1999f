// A student speaks a speech exercise of their category in the browser (fake microphone, real
// synthesised speech): it is stored through recording.* as an app's recording is, their home then
// shows it done, and their teacher's progress page has it.
import { authed, expectJson } from "../support/api";
import { seriousViolations } from "../support/axe";
import { passMicrophoneTest, signInAsStudent } from "../support/practice";
import { expect, test } from "../support/practice-microphone";
import { category, group, speechChallenge } from "../support/progress-ui";
import { snap } from "../support/screenshots";
import { orgUserWithPassword, signInToOrganisation } from "../support/ui";

test("a student speaks a speech exercise; it counts in their progress and shows on the teacher's page", async ({
  browser,
  page,
  request,
  world,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const topic = "Tell us about your pet";
  const challenge = await speechChallenge(request, world.orgToken, topic);
  const cat = await category(request, world.orgToken, { name: "My animals", speechChallenges: [challenge] });
  const klass = await group(request, world.orgToken, "Class 4A", [cat]);
  const student = await orgUserWithPassword(request, world, "STUDENT");
  const teacher = await orgUserWithPassword(request, world, "TEACHER");
  const members = { users: [student.user.id, teacher.user.id] };
  expect(
    (await request.post(`/api/groups/${klass}/members`, { data: members, headers: authed(world.orgToken) })).status(),
  ).toBe(204);

  await signInAsStudent(page, request, world, student);
  const topics = page.getByRole("region", { name: "Topics" });
  await expect(topics.getByRole("heading", { name: "My animals" })).toBeVisible();
  await expect(topics.getByRole("progressbar", { name: "Progress in My animals" })).toHaveAttribute(
    "aria-valuenow",
    "0",
  );
  const exercise = topics.getByRole("link", { name: new RegExp(topic) });
  await expect(exercise).toContainText("Next");

  await exercise.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: topic })).toBeVisible();
  await passMicrophoneTest(page);
  await page.getByRole("button", { name: "Speak now" }).press("Enter");
  await expect(page.getByRole("status")).toContainText("Listening");
  await page.waitForTimeout(2500);
  await page.getByRole("button", { name: "I am done" }).press("Enter");
  await expect(page.getByTestId("practice-result")).toContainText("Your recording is saved", { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Hear my recording" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, "practice-speech-1280");

  // Home again: done, and the category's progress is full.
  await page.getByRole("link", { name: "← My exercises" }).click();
  await expect(topics.getByRole("progressbar", { name: "Progress in My animals" })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  await expect(exercise).toContainText("Done");
  expect(pageErrors).toEqual([]);

  // The teacher's progress page has the student's recording.
  const context = await browser.newContext();
  const teacherPage = await context.newPage();
  await teacherPage.goto("/sign-in");
  await signInToOrganisation(teacherPage, world, teacher);
  await teacherPage.goto("/progress");
  const grid = teacherPage.getByTestId("progress-grid");
  await expect(grid).toHaveAttribute("data-ready", "true");
  const row = grid.locator(`[role="row"][data-user-id="${student.user.id}"]`);
  await expect(row.getByTestId("percentage")).toHaveText("100%");
  await expect(row.locator('[role="gridcell"][data-state]').first()).toHaveAttribute("data-attempts", "1");

  // The teacher tries the exercise as a student would: their take is not stored.
  await teacherPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My exercises" }).click();
  await teacherPage.getByRole("link", { name: new RegExp(topic) }).click();
  await expect(teacherPage.getByText("You are trying this exercise as a student would.")).toBeVisible();
  await passMicrophoneTest(teacherPage);
  await teacherPage.getByRole("button", { name: "Speak now" }).press("Enter");
  await expect(teacherPage.getByRole("status")).toContainText("Listening");
  await teacherPage.waitForTimeout(1500);
  await teacherPage.getByRole("button", { name: "I am done" }).press("Enter");
  await expect(teacherPage.getByTestId("practice-result")).toContainText("This was a try");
  const stored = await expectJson<{ userId: string }[]>(
    await request.get(`/api/challenges/speech/${challenge}/recordings`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(stored.map((r) => r.userId)).toEqual([student.user.id]);
  await context.close();
});
