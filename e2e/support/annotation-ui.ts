// Helpers of the annotation editor's browser tests: annotators and an administrator of the
// world's organisation who sign in through the sign-in page (each in a browser context of
// its own), a speech challenge with recordings of real speech, assignments and annotations
// seeded through the API, and mouse drags in the editor's lanes.
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { makeLongSpeech } from "../../lib/audio/test-audio";
import { createSpeechChallenge, type Fragment, type Ref } from "./annotations";
import { addBasicAuth, asUser, authed, baseURL, createUser, expectJson, member, uniqueId } from "./api";
import { oggPart, testAudio, uniqueWav, wavPart } from "./audio";
import { expect, type World } from "./fixtures";
import { postMultipart } from "./multipart";
import { signInToOrganisation } from "./ui";

export type Person = { id: string; token: string; username: string; password: string };
export type Annotation = {
  id: number;
  fragments: Fragment[];
  doneBase: string | null;
  doneFull: string | null;
  version: number;
  duration: number;
  audioUrl: string;
  peaksUrl: string | null;
  normalisedAudioUrl: string | null;
};
export type Assignment = {
  id: number;
  name: string | null;
  baseAnnotator: string | null;
  fullAnnotator: string;
  recordings: (Ref & { digest: string | null })[];
  annotations: { id: number }[];
};

/** A user of the world's organisation with `role`, a token acting as them, and a password to sign in with. */
export async function person(
  request: APIRequestContext,
  world: World,
  role: string,
  firstName: string,
): Promise<Person> {
  const user = await createUser(request, world.orgToken, {
    roles: [role],
    firstName,
    infix: "",
    lastName: role === "ADMIN" ? "Admin" : "Annotator",
  });
  const token = await asUser(request, world, user.id);
  const username = uniqueId(firstName.toLowerCase());
  const password = `${firstName.toLowerCase()}-password-1`;
  await addBasicAuth(request, token, username, password);
  return { id: user.id, token, username, password };
}

/** A page of a browser context of its own, signed in as `who` through the sign-in page. */
export async function signedIn(
  browser: Browser,
  world: World,
  who: Person,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport });
  const page = await context.newPage();
  await signInToOrganisation(page, world, who);
  return page;
}

/** A speech challenge of the world's organisation with `count` recordings of real speech by a student. */
export async function recordings(
  request: APIRequestContext,
  world: World,
  count: number,
): Promise<{ challenge: string; refs: Ref[] }> {
  const { wav } = await testAudio();
  const student = await member(request, world, "STUDENT");
  const challenge = await createSpeechChallenge(request, world.orgToken);
  const refs: Ref[] = [];
  for (let i = 0; i < count; i++) {
    const fields = { id: uniqueId(`rec${i}`), audio: wavPart(uniqueWav(wav)), resultSetId: uniqueId("rs") };
    const created = await expectJson<{ id: string }>(
      await postMultipart(request, `/api/challenges/speech/${challenge}/recordings`, fields, authed(student.token)),
      201,
    );
    refs.push({ tenant: world.tenantId, organisation: world.orgId, challenge, recording: created.id });
  }
  return { challenge, refs };
}

export async function assign(
  request: APIRequestContext,
  world: World,
  data: { name: string; base: Person | null; full: Person; refs: Ref[] },
): Promise<Assignment> {
  const body = {
    name: data.name,
    fullAnnotator: data.full.id,
    baseAnnotator: data.base?.id ?? null,
    recordings: data.refs,
  };
  return expectJson<Assignment>(
    await request.post("/api/assignments", { data: body, headers: authed(world.orgToken) }),
    201,
  );
}

export const wordsAt = (list: string[], from = 0.1, step = 0.3): Fragment[] =>
  list.map((label, i) => ({
    start: Math.round((from + i * step) * 1000) / 1000,
    end: Math.round((from + (i + 1) * step - 0.05) * 1000) / 1000,
    labels: [{ layer: "Words", label, comment: "" }],
  }));

export async function annotate(
  request: APIRequestContext,
  token: string,
  assignment: number,
  ref: Ref,
  fragments: Fragment[],
): Promise<Annotation> {
  return expectJson<Annotation>(
    await request.post("/api/annotations", { data: { assignment, recording: ref, fragments }, headers: authed(token) }),
    200,
  );
}

/** The annotation as the API holds it, with its ETag. */
export async function current(
  request: APIRequestContext,
  token: string,
  id: number,
): Promise<{ body: Annotation; etag: string }> {
  const response = await request.get(`/api/annotation/${id}`, { headers: authed(token) });
  const body = await expectJson<Annotation>(response, 200);
  return { body, etag: response.headers().etag };
}

/** Someone else's save through the API (If-Match of the current version), behind the editor's back. */
export async function saveBehind(
  request: APIRequestContext,
  world: World,
  id: number,
  fragments: Fragment[],
): Promise<Annotation> {
  const { etag } = await current(request, world.orgToken, id);
  return expectJson<Annotation>(
    await request.put(`/api/annotation/${id}`, {
      data: { fragments },
      headers: { ...authed(world.orgToken), "If-Match": etag },
    }),
    200,
  );
}

/** Takes a label out of a layer of the organisation's scheme. */
export async function dropLabel(request: APIRequestContext, world: World, layer: string, label: string) {
  const path = `/api/organisations/${world.orgId}/annotation-scheme`;
  const scheme = await expectJson<{ layers: { name: string; labels: { label: string }[] }[] }>(
    await request.get(path, { headers: authed(world.orgToken) }),
    200,
  );
  const layers = scheme.layers.map((l) =>
    l.name === layer ? { ...l, labels: l.labels.filter((x) => x.label !== label) } : l,
  );
  await expectJson(await request.put(path, { data: { layers }, headers: authed(world.orgToken) }), 200);
}

/** The labels of one layer, in time order. */
export const labelsOf = (a: Annotation, layer: string): string[] =>
  a.fragments.flatMap((f) => f.labels.filter((l) => l.layer === layer).map((l) => l.label));

export const editorPath = (assignment: number, ref: Ref) =>
  `/annotations/${assignment}/${encodeURIComponent(ref.recording)}?organisation=${encodeURIComponent(ref.organisation)}`;

/** Opens the editor and waits for the waveform drawn from the peaks. */
export async function openEditor(page: Page, assignment: number, ref: Ref) {
  await page.goto(editorPath(assignment, ref));
  await waveformReady(page);
}

export const waveformReady = (page: Page) =>
  expect(page.getByTestId("waveform")).toHaveAttribute("data-ready", "true", { timeout: 20_000 });

/** Drags with the mouse across a lane, between two fractions of its visible width. */
export async function dragInLane(page: Page, layer: string, from: number, to: number) {
  const lane = page.getByTestId(`lane-${layer}`);
  // The mouse works in viewport coordinates: the lane must be on screen.
  await lane.scrollIntoViewIfNeeded();
  const box = (await lane.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * ((from + to) / 2), y, { steps: 5 });
  await page.mouse.move(box.x + box.width * to, y, { steps: 5 });
  await page.mouse.up();
}

/** The fragment button in a lane whose label is `label`. */
export const fragment = (page: Page, layer: string, label: string) =>
  page.getByTestId(`lane-${layer}`).getByRole("button", { name: new RegExp(`^${layer} “${label}”`) });

export const panel = (page: Page) => page.getByTestId("fragment-panel");
export const saveStatus = (page: Page) => page.getByTestId("save-status");

/** The waveform's horizontal scroll (wavesurfer's scroll container, in its shadow root). */
export const waveformScroll = (page: Page) =>
  page
    .getByTestId("waveform")
    .evaluate(
      (el) => (el.firstElementChild as HTMLElement).shadowRoot!.querySelector<HTMLElement>(".scroll")!.scrollLeft,
    );

let longAudio: Promise<Buffer> | undefined;
/** `seconds` of real speech as Ogg Opus, made once per worker (espeak-ng looped with sox, opusenc). */
export function longSpeech(seconds: number): Promise<Buffer> {
  return (longAudio ??= (async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "e2e-long-"));
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    return fsp.readFile(await makeLongSpeech(dir, seconds, { format: "ogg" }));
  })());
}

/** A speech challenge of the world's organisation with one recording of `seconds` of speech (Ogg Opus). */
export async function longRecording(request: APIRequestContext, world: World, seconds = 200): Promise<Ref> {
  const student = await member(request, world, "STUDENT");
  const challenge = await createSpeechChallenge(request, world.orgToken);
  const fields = { id: uniqueId("long"), audio: oggPart(await longSpeech(seconds)), resultSetId: uniqueId("rs") };
  const created = await expectJson<{ id: string }>(
    await postMultipart(request, `/api/challenges/speech/${challenge}/recordings`, fields, authed(student.token)),
    201,
  );
  return { tenant: world.tenantId, organisation: world.orgId, challenge, recording: created.id };
}

/** Presses at `fromX` px of a lane's left edge and drags to `toX` (mouse; Alt held when `alt`). */
export async function dragLaneX(page: Page, layer: string, fromX: number, toX: number, alt = false) {
  await page.getByTestId(`lane-${layer}`).scrollIntoViewIfNeeded();
  const box = (await page.getByTestId(`lane-${layer}`).boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + fromX, y);
  if (alt) await page.keyboard.down("Alt");
  await page.mouse.down();
  await page.mouse.move(box.x + (fromX + toX) / 2, y, { steps: 3 });
  await page.mouse.move(box.x + toX, y, { steps: 3 });
  await page.mouse.up();
  if (alt) await page.keyboard.up("Alt");
}

/** The accessible name of a fragment button ("Words “cat” 0.500 s–0.900 s"). */
export const fragmentName = (page: Page, layer: string, label: string) =>
  fragment(page, layer, label).getAttribute("aria-label");
