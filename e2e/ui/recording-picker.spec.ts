// The assignment recording picker as an organisation administrator would use it with a class:
// students' names (not ids), challenge topics, dates and durations; search; filters by group,
// challenge, date and "not yet assigned"; playing a recording before choosing it.
import { wavDurationMs } from "../support/annotations";
import { authed, createUser, expectJson } from "../support/api";
import { testAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { group, record, speechChallenge, student } from "../support/progress-ui";
import { snap } from "../support/screenshots";
import { signInAsOrganisationUser } from "../support/ui";

test("the picker names students and challenges, filters, searches and plays", async ({ page, request, world }) => {
  test.setTimeout(120_000);
  const audio = await testAudio();
  const token = world.orgToken;
  const [hobby, town] = [
    await speechChallenge(request, token, "Your hobby"),
    await speechChallenge(request, token, "Your town"),
  ];
  const [klassA, klassB] = [await group(request, token, "Class 3A"), await group(request, token, "Class 3B")];
  const ada = await student(request, world, "Ada", "Alpha", [klassA]);
  const ben = await student(request, world, "Ben", "Bravo", [klassA]);
  const cas = await student(request, world, "Cas", "Charlie", [klassB]);
  const recs = {
    adaHobby: await record(request, ada.token, hobby, audio.wav),
    adaTown: await record(request, ada.token, town, audio.wav),
    benHobby: await record(request, ben.token, hobby, audio.wav),
    casHobby: await record(request, cas.token, hobby, audio.wav),
    casTown: await record(request, cas.token, town, audio.wav),
  };
  const annotator = await createUser(request, token, { roles: ["ANNOTATOR_FULL"], firstName: "Fay", lastName: "Full" });
  // Ben's recording is already in an assignment.
  const ref = (challenge: string, recording: string) => ({
    tenant: world.tenantId,
    organisation: world.orgId,
    challenge,
    recording,
  });
  await expectJson(
    await request.post("/api/assignments", {
      data: { fullAnnotator: annotator.id, recordings: [ref(hobby, recs.benHobby.id)] },
      headers: authed(token),
    }),
    201,
  );

  await signInAsOrganisationUser(page, request, world, "ORGANISATION");
  await page.goto("/assignments/new");
  const picker = page.getByRole("group", { name: /Recordings/ });
  const rows = picker.getByTestId("picker-row");
  // Five lists load first (recordings, users, groups, challenges, assignments): slow on a busy machine.
  await expect(rows).toHaveCount(5, { timeout: 30_000 });
  // Names, topics and durations; ids only as secondary text.
  await expect(picker).toContainText("Ada Alpha · Your hobby");
  await expect(picker).toContainText("Cas Charlie · Your town");
  await expect(rows.filter({ hasText: "Ben Bravo" })).toContainText("assigned");
  const seconds = Math.round(wavDurationMs(audio.wav) / 1000);
  const duration = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  for (const text of await rows.allInnerTexts()) expect(text).toContain(` · ${duration} · `);
  await snap(page, "recording-picker-1280");

  // Search by student name.
  await picker.getByLabel("Search recordings").fill("charlie");
  await expect(rows).toHaveCount(2);
  await expect(picker.getByTestId("shown-count")).toHaveText("2 of 5 shown");
  await picker.getByLabel("Search recordings").fill("");

  // Group, challenge, not yet assigned.
  await picker.getByLabel("Group").selectOption({ label: "Class 3A" });
  await expect(rows).toHaveCount(3);
  await picker.getByLabel("Not yet assigned only").check();
  await expect(rows).toHaveCount(2);
  await picker.getByLabel("Speech challenge").selectOption({ label: "Your hobby" });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Ada Alpha · Your hobby");
  // Choose it from the keyboard.
  await rows.first().getByRole("checkbox").focus();
  await page.keyboard.press("Space");
  await expect(picker.getByTestId("chosen-count")).toHaveText("1 recording chosen");

  // Dates: nothing was recorded tomorrow.
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, "0")}-${String(tomorrow.getDate()).padStart(2, "0")}`;
  await picker.getByLabel("Recorded from").fill(day);
  await expect(picker.getByText("No recording matches.")).toBeVisible();
  await picker.getByLabel("Recorded from").fill("");
  await picker.getByLabel("Not yet assigned only").uncheck();
  await picker.getByLabel("Group").selectOption({ label: "All groups" });
  await picker.getByLabel("Speech challenge").selectOption({ label: "All challenges" });
  await expect(rows).toHaveCount(5);

  // Play before choosing: the recording streams and advances.
  const play = picker.getByRole("button", { name: /^Play the recording of Cas Charlie/ }).first();
  await play.click();
  const player = picker.getByTestId("picker-audio");
  await expect
    .poll(() => player.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.2);
  await picker.getByRole("button", { name: /^Stop the recording of Cas Charlie/ }).click();
  expect(await player.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);

  await page.setViewportSize({ width: 768, height: 1024 });
  await snap(page, "recording-picker-768");
});
