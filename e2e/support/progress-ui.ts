// Helpers of the category and progress UI tests: seeding categories, groups, students and
// their recordings through the API, and dragging a row with the mouse.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { asUser, authed, createUser, expectJson, uniqueId } from "./api";
import { uniqueWav, wavPart } from "./audio";
import type { World } from "./fixtures";
import { postMultipart } from "./multipart";

export type Category = {
  id: string;
  parent: string | null;
  name: string | null;
  order: number;
  color: string | null;
  imageUrl: string | null;
  iconUrl: string | null;
  speechChallenges: string[];
};
export type Recording = { id: string; created: string; resultSet: { id: string; combinedAudioUrl: string } };

export async function speechChallenge(
  request: APIRequestContext,
  token: string,
  topic: string,
  reference?: Buffer,
): Promise<string> {
  const id = uniqueId("sc");
  const fields = { id, topic, language: "eng", ...(reference ? { referenceAudio: wavPart(reference) } : {}) };
  await expectJson(await postMultipart(request, "/api/challenges/speech", fields, authed(token)), 201);
  return id;
}

export async function category(
  request: APIRequestContext,
  token: string,
  data: Record<string, unknown>,
): Promise<string> {
  const id = uniqueId("cat");
  await expectJson(await request.post("/api/categories", { data: { id, ...data }, headers: authed(token) }), 201);
  return id;
}

export async function group(
  request: APIRequestContext,
  token: string,
  name: string,
  categories: string[] = [],
): Promise<string> {
  const id = uniqueId("grp");
  await expectJson(await request.post("/api/groups", { data: { id, name, categories }, headers: authed(token) }), 201);
  return id;
}

/** A student of the world's organisation in `groups`, with a token acting as them. */
export async function student(
  request: APIRequestContext,
  world: World,
  firstName: string,
  lastName: string,
  groups: string[],
) {
  const user = await createUser(request, world.orgToken, {
    firstName,
    infix: "",
    lastName,
    roles: ["STUDENT"],
    groups,
  });
  return { ...user, token: await asUser(request, world, user.id) };
}

/** A recording the student uploads (real speech, a unique WAV) in a result set of their own. */
export async function record(
  request: APIRequestContext,
  token: string,
  challenge: string,
  wav: Buffer,
  resultSetId = uniqueId("rs"),
): Promise<Recording> {
  const response = await postMultipart(
    request,
    `/api/challenges/speech/${challenge}/recordings`,
    { audio: wavPart(uniqueWav(wav)), resultSetId },
    authed(token),
  );
  return expectJson<Recording>(response, 201);
}

export async function children(request: APIRequestContext, token: string, parent: string | null): Promise<Category[]> {
  const path = parent ? `/api/categories/${parent}/categories` : "/api/categories";
  return expectJson<Category[]>(await request.get(`${path}?perPage=100`, { headers: authed(token) }), 200);
}

/** The category rows' ids, top to bottom. */
export const rowIds = (page: Page) =>
  page.getByTestId("category-row").evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.id!));

export const row = (page: Page, id: string): Locator => page.locator(`[data-testid="category-row"][data-id="${id}"]`);

/**
 * Drags a row by its handle with the mouse: pressed, moved in small steps (so the drag-and-drop
 * library sees a real drag), released. With `onto`, the dragged row's top lands a little above
 * the top of that row (it takes that row's place); `dx` moves it sideways (nesting).
 */
export async function dragRow(
  page: Page,
  source: Locator,
  handleName: string,
  { onto, dx = 0 }: { onto?: Locator; dx?: number },
) {
  const handle = source.getByRole("button", { name: handleName });
  const [h, from, to] = [
    (await handle.boundingBox())!,
    (await source.boundingBox())!,
    onto ? (await onto.boundingBox())! : null,
  ];
  const start = { x: h.x + h.width / 2, y: h.y + h.height / 2 };
  const end = { x: start.x + dx, y: to ? start.y + (to.y - from.y) - 4 : start.y };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 2, start.y + (end.y < start.y ? -6 : 6), { steps: 3 });
  await page.mouse.move(end.x, end.y, { steps: 15 });
  await page.mouse.move(end.x, end.y + 1, { steps: 2 });
  await page.mouse.up();
}
