// Students practising in the browser, with a fake microphone that says a synthesised sentence:
// signing in with what is on the card (the school's address, or its code typed in), their home,
// and a choice exercise from start to the engine's answer, which is stored as an app's answer is
// (the REST list of the challenge's recognitions has it). Keyboard only, axe, 390 and 1280 px.
import { authed, expectJson } from "../support/api";
import { prepareTestAudio } from "../support/audio";
import { seriousViolations } from "../support/axe";
import { passMicrophoneTest, preparedChoice, signInCode } from "../support/practice";
import { expect, SPOKEN, test } from "../support/practice-microphone";
import { snap } from "../support/screenshots";
import { orgUserWithPassword } from "../support/ui";

prepareTestAudio();

test("a student signs in with the school code, says a choice and sees what was recognised", async ({
  page,
  request,
  world,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  const challenge = await preparedChoice(request, world, "Which sentence do you hear?");
  const login = await orgUserWithPassword(request, world, "STUDENT");
  const { code } = await signInCode(request, world);
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  // The code typed as a child might: lower case, with a space.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Student? Sign in with your school code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to practise" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("School code").fill(code.toLowerCase().replace("-", " "));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/s/${code.replace("-", "")}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Hello! Let's practise speaking" })).toBeVisible();
  // Only what is on the card: no tenant or organisation ids.
  await expect(page.getByLabel("Tenant id")).toHaveCount(0);
  await expect(page.getByRole("textbox")).toHaveCount(2); // username and password
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, "practice-sign-in-390");

  // A wrong password is told in the student's words.
  await page.getByLabel("Username").fill(login.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.keyboard.press("Enter");
  await expect(page.locator("form [role=alert]")).toContainText(/not right|incorrect/i, { timeout: 15_000 });
  await page.getByLabel("Password").fill(login.password);
  await page.keyboard.press("Enter");

  // Their home, and a navigation with only their own page.
  await expect(page.getByRole("heading", { level: 1, name: "My exercises" })).toBeVisible({ timeout: 15_000 });
  await page.setViewportSize({ width: 1280, height: 900 });
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(["My exercises"]);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, "practice-home-1280");

  // The exercise, from the keyboard.
  const link = page.getByRole("link", { name: /Which sentence do you hear\?/ });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Which sentence do you hear?" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Hear “${SPOKEN}”` })).toBeVisible();
  await passMicrophoneTest(page);
  const speak = page.getByRole("button", { name: "Speak your answer" });
  await speak.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("meter", { name: "Microphone level" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Listening");
  await page.waitForTimeout(3000);
  await page.getByRole("button", { name: "I am done" }).press("Enter");
  const result = page.getByTestId("practice-result");
  await expect(result).toContainText(`We heard: ${SPOKEN}`, { timeout: 30_000 });
  await expect(page.locator("li[data-recognised]")).toContainText(SPOKEN);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, "practice-choice-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, "practice-choice-390");

  // Again, without stopping: the recording ends by itself at the exercise's limit (10 s) and is judged.
  await page.getByRole("button", { name: "Speak again" }).press("Enter");
  await expect(page.getByRole("status")).toContainText(/Listening… \d+ seconds left/);
  await expect(result).toBeHidden();
  await expect(page.getByRole("button", { name: "I am done" })).toBeHidden({ timeout: 15_000 });
  // Ten seconds of a looping microphone hold the sentence more than once: the engine may well
  // reject that; what matters here is that the recording stopped by itself and was judged.
  await expect(result).toContainText(/We heard|We did not recognise/, { timeout: 30_000 });

  // Stored as an app's answers: the REST list of the challenge's recognitions has both, the first recognised.
  const recognitions = await expectJson<{ recognised: string | null; userId: string }[]>(
    await request.get(`/api/challenges/choice/${challenge.id}/recognitions`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(recognitions).toHaveLength(2);
  expect(recognitions.every((r) => r.userId === login.user.id)).toBe(true);
  expect(recognitions.map((r) => r.recognised)).toContain(SPOKEN);
  // The wrong password's refusal is the only error the browser logged.
  expect(
    pageErrors.filter((e) => !e.includes("401 (Unauthorized) at") || !e.includes("/auth/callback/credentials")),
  ).toEqual([]);
});
