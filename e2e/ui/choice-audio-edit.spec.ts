// Editing a choice challenge: a choice added in the same edit gets its audio attached there
// (multipart PUT with audioChoice naming the choice); the other choice keeps its stored audio.
import { authed, download, expectJson, uniqueId } from "../support/api";
import { testAudio } from "../support/audio";
import { expectOggOpus, fourCC } from "../support/challenge-ui";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { snap } from "../support/screenshots";
import { signInAsOrganisationUser } from "../support/ui";

type Choice = { id: string; status: string; choices: { choice: string; audioUrl: string | null }[] };

test("a new choice's audio is attached while editing", async ({ page, request, world }) => {
  test.setTimeout(120_000);
  const audio = await testAudio();
  const id = uniqueId("cc");
  const fields = {
    id,
    question: "Which animal?",
    language: "eng",
    choices: ["The cat sits on the mat."],
    audio: { buffer: audio.wav, name: "cat.wav", mimeType: "audio/wav" },
  };
  await expectJson(await postMultipart(request, "/api/challenges/choice", fields, authed(world.orgToken)), 202);
  const before = await expectJson<Choice>(
    await request.get(`/api/challenges/choice/${id}`, { headers: authed(world.orgToken) }),
    200,
  );

  await signInAsOrganisationUser(page, request, world, "ORGANISATION");
  await page.goto(`/challenges/choice/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Which animal?" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "+ Add choice" }).click();
  await page.getByLabel("Choice 2", { exact: true }).fill("A dog runs in the park.");
  const rows = page.getByTestId("choice-row");
  await rows
    .nth(1)
    .getByLabel("Upload audio of choice 2")
    .setInputFiles({ name: "dog.opus", mimeType: "audio/ogg", buffer: audio.ogg });
  await expect(rows.nth(1).getByTestId("audio-file")).toContainText("dog.opus");
  await snap(page, "choice-edit-new-audio");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Choice challenge “Which animal?” saved" })).toBeVisible({
    timeout: 30_000,
  });

  const after = await expectJson<Choice>(
    await request.get(`/api/challenges/choice/${id}`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(after.choices.map((c) => c.choice)).toEqual(["The cat sits on the mat.", "A dog runs in the park."]);
  expect(after.choices[0]!.audioUrl).toBe(before.choices[0]!.audioUrl);
  expect(fourCC(await download(request, world.orgToken, after.choices[0]!.audioUrl!))).toBe("RIFF");
  const added = await download(request, world.orgToken, after.choices[1]!.audioUrl!);
  expectOggOpus(added);
  expect(added.equals(audio.ogg)).toBe(true);

  // The API refuses audio without a choice to belong to, and changes nothing.
  const refused = await request.put(`/api/challenges/choice/${id}`, {
    multipart: { audioChoice: "Not a choice", audio: { name: "x.opus", mimeType: "audio/ogg", buffer: audio.ogg } },
    headers: authed(world.orgToken),
  });
  expect(refused.status()).toBe(422);
  const unchanged = await expectJson<Choice>(
    await request.get(`/api/challenges/choice/${id}`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(unchanged.choices).toEqual(after.choices);
});
