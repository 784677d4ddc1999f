import type { APIRequestContext, Page } from "@playwright/test";
import { authed, expectJson } from "./api";
import { OGG_TEXT, oggPart, testAudio, WAV_TEXT, wavPart } from "./audio";
import type { World } from "./fixtures";
import { expect } from "./fixtures";
import { postMultipart } from "./multipart";
import { type OrgLogin, orgUserWithPassword } from "./ui";

// Seeding and signing in for the practice specs.

export type Prepared = { id: string; status: string };

/** A choice challenge with a recording per choice, prepared (its engine chosen) before it is returned. */
export async function preparedChoice(request: APIRequestContext, world: World, question: string): Promise<Prepared> {
  const audio = await testAudio();
  const created = await expectJson<Prepared>(
    await postMultipart(
      request,
      "/api/challenges/choice",
      { question, language: "eng", choices: [WAV_TEXT, OGG_TEXT], audio: [wavPart(audio.wav), oggPart(audio.ogg)] },
      authed(world.orgToken),
    ),
    202,
  );
  await expect
    .poll(
      async () =>
        (
          await expectJson<Prepared>(
            await request.get(`/api/challenges/choice/${created.id}`, { headers: authed(world.orgToken) }),
            200,
          )
        ).status,
      { timeout: 90_000, intervals: [200, 500, 1000] },
    )
    .toBe("prepared");
  return created;
}

/** The organisation's sign-in code as printed ("ABCD-EFGH") and its address. */
export async function signInCode(request: APIRequestContext, world: World) {
  return expectJson<{ code: string; path: string }>(
    await request.get(`/api/organisations/${world.orgId}/sign-in-code`, { headers: authed(world.orgToken) }),
    200,
  );
}

/** A student with a username and password, signed in from the school's address; lands on their exercises. */
export async function signInAsStudent(page: Page, request: APIRequestContext, world: World, login?: OrgLogin) {
  login ??= await orgUserWithPassword(request, world, "STUDENT");
  const { path } = await signInCode(request, world);
  await page.goto(path);
  await page.getByLabel("Username").fill(login.username);
  await page.getByLabel("Password").fill(login.password);
  await page.getByRole("button", { name: "Start practising" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My exercises" })).toBeVisible({ timeout: 15_000 });
  return login;
}

/** Passes the microphone test of a first recording (the fake microphone speaks within 3 s). */
export async function passMicrophoneTest(page: Page) {
  const test = page.getByRole("button", { name: "Test my microphone" });
  await test.focus();
  await page.keyboard.press("Enter");
  await expect(test).toBeHidden({ timeout: 10_000 });
}
