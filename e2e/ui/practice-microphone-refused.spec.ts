// A browser that refuses the microphone (no fake device, no permission): the practice page says
// so in the student's words and offers an upload, which goes through the same procedures.
import { authed, expectJson } from "../support/api";
import { OGG_TEXT, prepareTestAudio, testAudio } from "../support/audio";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { preparedChoice, signInAsStudent } from "../support/practice";

prepareTestAudio();

test("a refused microphone: a clear message, and an uploaded recording is judged instead", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(180_000);
  const challenge = await preparedChoice(request, world, "Which one is it?");
  const login = await signInAsStudent(page, request, world);
  await page.goto(`/practice/choice/${challenge.id}`);
  await page.getByRole("button", { name: "Test my microphone" }).press("Enter");
  const alert = page.getByRole("alert").filter({ hasText: /microphone/i });
  await expect(alert).toContainText(/upload a recording instead/i);
  expect(await seriousViolations(page)).toEqual([]);

  const audio = await testAudio();
  await page
    .getByLabel("Upload a recording (WAV, Ogg or WebM)")
    .setInputFiles({ name: "dog.opus", mimeType: "audio/ogg", buffer: audio.ogg });
  await expect(page.getByTestId("practice-result")).toContainText(`We heard: ${OGG_TEXT}`, { timeout: 30_000 });
  const stored = await expectJson<{ userId: string; recognised: string | null }[]>(
    await request.get(`/api/challenges/choice/${challenge.id}/recognitions`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(stored).toEqual([expect.objectContaining({ userId: login.user.id, recognised: OGG_TEXT })]);
});
