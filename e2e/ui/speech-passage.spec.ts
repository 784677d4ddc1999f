// Authoring a read-aloud speech challenge by typing its passage: the text is split into
// sentences the teacher adjusts (edit, split at the cursor, join, remove) from the keyboard; the
// language starts as the organisation's usual one, and typing "Dutch" picks Dutch, not Middle
// Dutch. The created challenge stores the sentences, and its srtUrl serves them as subtitles.
import type { Locator } from "@playwright/test";
import { authed, download, expectJson, uniqueId } from "../support/api";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { snap } from "../support/screenshots";
import { signInAsOrganisationUser } from "../support/ui";

/** The values of some text fields, in order (toHaveValues is for a multiple select). */
const expectValues = (fields: Locator, values: string[]) =>
  expect.poll(() => fields.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value))).toEqual(values);

type Speech = { sentences: string[] | null; srtGenerated: boolean; srtUrl: string | null; language: string };

test("a teacher types a passage, adjusts its sentences from the keyboard, and the subtitles follow them", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(120_000);
  for (const language of ["nld", "nld", "eng"]) {
    await expectJson(await postMultipart(request, "/api/challenges/speech", { language }, authed(world.orgToken)), 201);
  }
  await signInAsOrganisationUser(page, request, world, "TEACHER");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/challenges/speech/new");

  // The organisation's usual language (two of three challenges are Dutch).
  const language = page.getByRole("combobox", { name: "Language" });
  await expect(page.getByTestId("language-code")).toHaveText("nld");
  await expect(language).toHaveValue("Dutch; Flemish");
  // Chosen by typing: "Dutch" and leaving the field is Dutch, the living language.
  await language.fill("English");
  await language.press("Enter");
  await expect(page.getByTestId("language-code")).toHaveText("eng");
  await language.fill("Dutch");
  await expect(page.getByRole("listbox", { name: "Language options" }).getByRole("option").first()).toHaveText(
    /^Dutch; Flemish/,
  );
  await language.press("Tab");
  await expect(page.getByTestId("language-code")).toHaveText("nld");

  const id = uniqueId("passage");
  await page.getByLabel("Topic").fill("Read the story aloud");
  await page.getByLabel("Id").fill(id);
  const editor = page.getByTestId("passage-editor");
  await editor
    .getByLabel("Passage text")
    .fill("De kat zit op de mat. Hij slaapt.\nDe hond blaft!  Dan is het stil. Einde van het verhaal");
  await editor.getByLabel("Passage text").press("Tab");
  await expect(editor.getByRole("button", { name: "Split into sentences" })).toBeFocused();
  await page.keyboard.press("Enter");
  const sentences = editor.getByTestId("passage-sentence").getByRole("textbox");
  await expectValues(sentences, [
    "De kat zit op de mat.",
    "Hij slaapt.",
    "De hond blaft!",
    "Dan is het stil.",
    "Einde van het verhaal",
  ]);
  // Focus lands on the first sentence; the count says what there is.
  await expect(sentences.first()).toBeFocused();
  await expect(editor.getByTestId("passage-count")).toHaveText("5 sentences, 19 words");

  // Join 1 and 2 (keyboard), split "Dan is het stil." after "Dan is", remove the last, edit one.
  await editor.getByRole("button", { name: "Join with next: sentence 1" }).focus();
  await page.keyboard.press("Enter");
  await expect(sentences.first()).toBeFocused();
  await expectValues(sentences, [
    "De kat zit op de mat. Hij slaapt.",
    "De hond blaft!",
    "Dan is het stil.",
    "Einde van het verhaal",
  ]);
  await sentences.nth(2).focus();
  await page.keyboard.press("Home");
  for (let i = 0; i < "Dan is".length; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Tab");
  await expect(editor.getByRole("button", { name: "Split sentence 3 at the cursor" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expectValues(sentences, [
    "De kat zit op de mat. Hij slaapt.",
    "De hond blaft!",
    "Dan is",
    "het stil.",
    "Einde van het verhaal",
  ]);
  await expect(sentences.nth(3)).toBeFocused();
  await editor.getByRole("button", { name: "Remove sentence 5" }).click();
  await sentences.nth(1).fill("De hond blaft luid!");
  await expect(editor.getByTestId("passage-count")).toHaveText("4 sentences, 16 words");

  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, "speech-passage-new-1280");
  await page.setViewportSize({ width: 768, height: 1024 });
  await snap(page, "speech-passage-new-768");

  await page.getByRole("button", { name: "Create speech challenge" }).click();
  await expect(page).toHaveURL(new RegExp(`/challenges/speech/${id}$`), { timeout: 20_000 });
  const created = await expectJson<Speech>(
    await request.get(`/api/challenges/speech/${id}`, { headers: authed(world.orgToken) }),
    200,
  );
  const typed = ["De kat zit op de mat. Hij slaapt.", "De hond blaft luid!", "Dan is", "het stil."];
  expect(created).toMatchObject({ language: "nld", sentences: typed, srtGenerated: true });
  const srt = (await download(request, world.orgToken, created.srtUrl!)).toString("utf8");
  expect(srt.match(/^\d+\n[\d:,]+ --> [\d:,]+\n(.*)$/gm)?.map((cue) => cue.split("\n")[2])).toEqual(typed);

  // The detail page edits the same sentences; a change is saved and the subtitles follow.
  await expectValues(page.getByTestId("passage-sentence").getByRole("textbox"), typed);
  await page.getByRole("button", { name: "Join with next: sentence 3" }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, "speech-passage-detail-768");
  await page.setViewportSize({ width: 1280, height: 900 });
  await snap(page, "speech-passage-detail-1280");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "saved" })).toBeVisible();
  const saved = await expectJson<Speech>(
    await request.get(`/api/challenges/speech/${id}`, { headers: authed(world.orgToken) }),
    200,
  );
  expect(saved.sentences).toEqual(["De kat zit op de mat. Hij slaapt.", "De hond blaft luid!", "Dan is het stil."]);
  expect(saved.srtUrl).not.toBe(created.srtUrl);
  expect((await download(request, world.orgToken, saved.srtUrl!)).toString("utf8")).toContain("\nDan is het stil.\n");
});
