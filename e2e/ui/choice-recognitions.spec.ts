// A choice challenge's detail page as a teacher sees it: which engine judges its answers (in
// words, from the challenge's `engine` and `engineNote`), the empty state, then a student's answers
// posted through the API: the student's name, what was recognised (or "Not recognised"), the
// date in the browser's locale, a player that loads the answer by the session cookie; keyboard
// refresh; axe (0 serious/critical).
import type { APIRequestContext, Page } from "@playwright/test";
import { asUser, authed, createUser, expectJson } from "../support/api";
import { OGG_TEXT, oggPart, prepareTestAudio, testAudio, uniqueWav, WAV_TEXT, wavPart } from "../support/audio";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";
import { snap } from "../support/screenshots";
import { signInAsOrganisationUser } from "../support/ui";

const BASE = "/api/challenges/choice";

type Choice = { id: string; status: string; engine: string | null; engineNote: string | null };
type Recognition = {
  id: string;
  audioUrl: string;
  recognised: string | null;
  userId: string;
  engine: string | null;
  confidence: number | null;
  created: string;
};

prepareTestAudio();

const getChoice = async (request: APIRequestContext, token: string, id: string) =>
  expectJson<Choice>(await request.get(`${BASE}/${id}`, { headers: authed(token) }), 200);

/** What the page says of the challenge's engine (components/challenges/choice-recognitions.tsx). */
function engineSentence(challenge: Choice): string {
  const { engine, engineNote } = challenge;
  if (engine === null)
    return `No engine on this server can recognise this challenge${engineNote ? `: ${engineNote}` : "."}`;
  if (engine.startsWith("template") && engine.includes("+pocketsphinx"))
    return "Answers are recognised by comparing them with the choices' recordings where that is sure, otherwise by the English speech recogniser (CMU PocketSphinx).";
  if (engine.startsWith("template"))
    return "Answers are recognised by comparing them with the choices' recordings (template matching, any language).";
  if (engine.startsWith("pocketsphinx"))
    return "Answers are recognised by the English speech recogniser (CMU PocketSphinx).";
  return `Answers are recognised by the speech recogniser “${engine}”.`;
}

/** formatDateTime (lib/web/ui/display-format.ts) in the page's own locale and time zone. */
const shownDate = (page: Page, iso: string) =>
  page.evaluate(
    (at) => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(at)),
    iso,
  );

test("a teacher sees the challenge's engine and the student's answers: name, verdict, date, audio", async ({
  page,
  request,
  world,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !m.location().url.endsWith("/favicon.ico")) errors.push(`console: ${m.text()}`);
  });
  const audio = await testAudio();

  // A choice challenge with a recording per choice; its preparation picks the engine.
  const created = await expectJson<Choice>(
    await postMultipart(
      request,
      BASE,
      {
        question: "Which sentence do you hear?",
        language: "eng",
        choices: [WAV_TEXT, OGG_TEXT],
        audio: [wavPart(audio.wav), oggPart(audio.ogg)],
      },
      authed(world.orgToken),
    ),
    202,
  );
  await expect
    .poll(async () => (await getChoice(request, world.orgToken, created.id)).status, {
      message: `choice challenge ${created.id} is prepared`,
      timeout: 90_000,
      intervals: [200, 500, 1000],
    })
    .toBe("prepared");
  const challenge = await getChoice(request, world.orgToken, created.id);

  const student = await createUser(request, world.orgToken, {
    roles: ["STUDENT"],
    firstName: "Sanne",
    infix: "de",
    lastName: "Vries",
  });
  const studentToken = await asUser(request, world, student.id);

  await signInAsOrganisationUser(page, request, world, "TEACHER");
  await page.goto(`/challenges/choice/${encodeURIComponent(challenge.id)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Which sentence do you hear?" })).toBeVisible();
  await expect(page.getByTestId("challenge-status")).toHaveText("Prepared");

  // The engine, in words; its own name as detail.
  const engine = page.getByRole("region", { name: "Recognition engine" });
  await expect(engine).toContainText(engineSentence(challenge));
  if (challenge.engine) await expect(engine.locator("code")).toHaveText(challenge.engine);

  // No answers yet.
  const answers = page.getByRole("region", { name: "Answers and what was recognised" });
  await expect(answers.getByText("No answers yet")).toBeVisible();
  await expect(answers).toContainText("appear here once the recognition server has judged them");

  // The student answers twice through the API: nothing recognised, then the second choice.
  const first = await expectJson<Recognition>(
    await postMultipart(
      request,
      `${BASE}/${challenge.id}/recognitions`,
      { audio: wavPart(uniqueWav(audio.wav)) },
      authed(studentToken),
    ),
    201,
  );
  const second = await expectJson<Recognition>(
    await postMultipart(
      request,
      `${BASE}/${challenge.id}/recognitions`,
      { audio: oggPart(audio.ogg), recognised: OGG_TEXT },
      authed(studentToken),
    ),
    201,
  );
  expect(second.recognised).toBe(OGG_TEXT);

  // Refreshed from the keyboard.
  const refresh = answers.getByRole("button", { name: "Refresh" });
  await refresh.focus();
  await page.keyboard.press("Enter");
  const rows = answers.getByTestId("recognition");
  await expect(rows).toHaveCount(2);

  // Newest first; the student by name (the id as detail), what was recognised, the date.
  const [newest, oldest] = [rows.nth(0), rows.nth(1)];
  for (const [row, recognition] of [
    [newest, second],
    [oldest, first],
  ] as const) {
    await expect(row.getByRole("rowheader")).toContainText("Sanne de Vries");
    await expect(row.getByRole("rowheader")).toContainText(`id ${student.id}`);
    await expect(row).toContainText(recognition.recognised ?? "Not recognised");
    await expect(row).toContainText(recognition.engine ? `by ${recognition.engine}` : "sent by the app");
    await expect(row.getByRole("cell").nth(1)).toHaveText(
      recognition.confidence === null ? "—" : `${Math.round(recognition.confidence * 100)}%`,
    );
    const date = await shownDate(page, recognition.created);
    await expect(row).toContainText(date);
    const player = row.getByLabel(`Answer of Sanne de Vries, ${date}`);
    await expect(player).toBeVisible();
    await expect(player).toHaveAttribute("src", recognition.audioUrl);
    await expect(player).toHaveAttribute("controls", "");
  }

  // The player loads the answer itself: same-origin, by the session cookie.
  const duration = await oldest.getByTestId("recognition-audio").evaluate(
    (a: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        a.addEventListener("loadedmetadata", () => resolve(a.duration), { once: true });
        a.addEventListener("error", () => reject(new Error(`audio error ${a.error?.code}`)), { once: true });
        a.preload = "metadata";
        a.load();
      }),
  );
  expect(duration).toBeGreaterThan(0.5);

  // Before axe runs: its injected checks apply inline styles that the page's policy blocks.
  expect(errors).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
  await snap(page, "choice-recognitions");
});
