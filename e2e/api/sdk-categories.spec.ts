// The real, unchanged `@itslanguage/api` 5.7.0 SDK against speech challenges and categories
// (api-conventions.md: "every REST call it makes must work against this service unchanged";
// it calls PUT /categories/:id for category updates): sdk.challenges.speech.create (FormData →
// multipart with reference audio, SubRip and image; a plain object → JSON), getById, getAll;
// sdk.categories.create (FormData and plain object), update (plain object → JSON PUT, and
// FormData → multipart PUT), getById, getAll (top level) and getAllWithParentId (children).
// The SDK keeps its token in module state: the tests share one SDK and run in order.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { uniqueId } from "../support/api";
import { sha256, testAudio, uniqueWav } from "../support/audio";
import { ADMIN_PASSWORD } from "../support/env";
import { expect, test } from "../support/fixtures";
import { allPages, type ItslSdk, type Listing, loadSdk, onlyPage, rejection } from "../support/sdk";

test.describe.configure({ mode: "serial" });

type SpeechChallenge = {
  id: string;
  topic: string | null;
  language: string;
  referenceAudioUrl: string | null;
  srtUrl: string | null;
  imageUrl: string | null;
  metadata: string | null;
  created: string;
  updated: string;
};
type Category = {
  id: string;
  parent: string | null;
  name: string | null;
  order: number;
  description: string | null;
  color: string | null;
  imageUrl: string | null;
  iconUrl: string | null;
  speechChallenges: string[];
  created: string;
  updated: string;
};

/** The parts of the SDK used here (node_modules/@itslanguage/api/{categories,challenges/speech}/index.js). */
type CategorySdk = ItslSdk & {
  challenges: {
    speech: {
      create(challenge: FormData | Record<string, unknown>): Promise<SpeechChallenge>;
      getById(id: string): Promise<SpeechChallenge>;
      getAll(filters?: URLSearchParams): Promise<Listing<SpeechChallenge>>;
    };
  };
  categories: {
    create(category: FormData | Record<string, unknown>): Promise<Category>;
    update(id: string, properties: FormData | Record<string, unknown>): Promise<Category>;
    getById(id: string): Promise<Category>;
    getAll(filters?: URLSearchParams): Promise<Listing<Category>>;
    getAllWithParentId(id: string): Promise<Listing<Category>>;
  };
};

const timestamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
const execFileP = promisify(execFile);

let sdk: CategorySdk;
let apiUrl: string;
let dir: string;
let referenceWav: Buffer;
let png: Buffer;
let jpeg: Buffer;
const srt = Buffer.from(
  "1\n00:00:00,000 --> 00:00:01,500\nThe cat sits on the mat.\n\n2\n00:00:01,600 --> 00:00:02,400\nIt purrs.\n",
  "utf8",
);

const tenantId = uniqueId("sdkc-tenant");
const orgId = uniqueId("sdkc-org");
const otherOrgId = uniqueId("sdkc-org2");
const challengeId = uniqueId("sdkc-speech");
const rootId = uniqueId("sdkc-root");
const childId = uniqueId("sdkc-child");
let plainChallengeId: string;
let teacherToken: string;
let orgToken: string;

const blob = (bytes: Buffer, type: string) => new Blob([new Uint8Array(bytes)], { type });
const downloadUrl = () =>
  expect.stringMatching(new RegExp(`^${apiUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/download/[^/?#]+$`));
const useToken = (token: string) => sdk.communication.updateSettings({ authorizationToken: token });

/** Downloads a ...Url the way an SDK app does: with ?access_token= added by the SDK. */
async function download(url: string): Promise<{ bytes: Buffer; contentType: string | null }> {
  const response = await fetch(sdk.communication.addAccessToken(url));
  expect(response.status, `download ${url}`).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") };
}

test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error("the project has no baseURL");
  sdk = loadSdk(baseURL) as CategorySdk;
  apiUrl = `${baseURL.replace(/\/$/, "")}/api`;
  expect(sdk.version).toBe("5.7.0");
  referenceWav = uniqueWav((await testAudio()).wav);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "sdk-categories-"));
  for (const [name, color] of [
    ["x.png", "red"],
    ["x.jpg", "blue"],
  ]) {
    await execFileP("ffmpeg", [
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `color=c=${color}:s=8x8`,
      "-frames:v",
      "1",
      path.join(dir, name),
    ]);
  }
  png = await fs.readFile(path.join(dir, "x.png"));
  jpeg = await fs.readFile(path.join(dir, "x.jpg"));
});

test.afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

test("set-up through the SDK: admin → tenant → organisations → a teacher", async () => {
  await sdk.authentication.authenticate("admin", ADMIN_PASSWORD);
  await sdk.tenants.create({ id: tenantId, name: "SDK categories tenant" });
  await sdk.authentication.impersonate(sdk.authentication.assembleScope(tenantId));
  await sdk.organisations.create({ id: orgId, name: "SDK categories school" });
  await sdk.organisations.create({ id: otherOrgId, name: "Other school" });
  orgToken = (await sdk.authentication.impersonate(sdk.authentication.assembleScope(tenantId, orgId))).access_token;
  const teacherId = uniqueId("sdkc-teacher");
  await sdk.users.create({ id: teacherId, firstName: "Tess", infix: "", lastName: "Teacher", roles: ["TEACHER"] });
  teacherToken = (await sdk.authentication.impersonate(`tenant/${tenantId}/organisation/${orgId}/student/${teacherId}`))
    .access_token;
  expect((await sdk.users.getCurrent()).id).toBe(teacherId);
});

test("challenges.speech.create(FormData) with reference audio, SubRip and image; getById; files byte for byte", async () => {
  const metadata = JSON.stringify({ app: "sdk", level: "A2", note: "ünïcode ✓" });
  const form = new FormData();
  form.append("id", challengeId);
  form.append("topic", "Tell us about your pet");
  form.append("language", "eng");
  form.append("referenceAudio", blob(referenceWav, "audio/wav"), "reference.wav");
  form.append("srt", blob(srt, "application/x-subrip"), "reference.srt");
  form.append("image", blob(png, "image/png"), "pet.png");
  form.append("metadata", metadata);
  const created = await sdk.challenges.speech.create(form);
  expect(created).toEqual({
    id: challengeId,
    topic: "Tell us about your pet",
    language: "eng",
    referenceAudioUrl: downloadUrl(),
    srtUrl: downloadUrl(),
    imageUrl: downloadUrl(),
    metadata,
    sentences: null,
    srtGenerated: false,
    readingStop: "lastRead",
    created: timestamp,
    updated: timestamp,
  });
  expect(await sdk.challenges.speech.getById(challengeId)).toEqual(created);
  expect(sha256((await download(created.referenceAudioUrl!)).bytes)).toBe(sha256(referenceWav));
  const srtFile = await download(created.srtUrl!);
  expect(srtFile.bytes.equals(srt)).toBe(true);
  expect(srtFile.contentType).toContain("application/x-subrip");
  const image = await download(created.imageUrl!);
  expect(image.bytes.equals(png)).toBe(true);
  expect(image.contentType).toBe("image/png");
});

test("challenges.speech.create(plain object) sends JSON; getAll lists both; refusals reject with the JSON error", async () => {
  const plain = await sdk.challenges.speech.create({ topic: "Plain object", language: "nld" });
  expect(plain).toEqual({
    id: expect.any(String),
    topic: "Plain object",
    language: "nld",
    referenceAudioUrl: null,
    srtUrl: null,
    imageUrl: null,
    metadata: null,
    sentences: null,
    srtGenerated: false,
    readingStop: "lastRead",
    created: timestamp,
    updated: timestamp,
  });
  plainChallengeId = plain.id;
  const all = await allPages(sdk, await sdk.challenges.speech.getAll());
  expect(all.map((c) => c.id)).toEqual([challengeId, plain.id]);
  expect(onlyPage(await sdk.challenges.speech.getAll(new URLSearchParams({ perPage: "50" })))).toEqual(all);

  const bad = (await rejection(sdk.challenges.speech.create({ language: "klingon" }))) as { errors?: unknown[] };
  expect(bad).toEqual(
    expect.objectContaining({
      message: expect.any(String),
      errors: [expect.objectContaining({ field: "language", code: "invalid" })],
    }),
  );
  const form = new FormData();
  form.append("language", "eng");
  form.append("srt", blob(Buffer.from("not a subtitle"), "text/plain"), "x.srt");
  expect(await rejection(sdk.challenges.speech.create(form))).toEqual(
    expect.objectContaining({ errors: [expect.objectContaining({ field: "srt", code: "invalid" })] }),
  );
  expect(await rejection(sdk.challenges.speech.getById(uniqueId("missing")))).toEqual({ message: expect.any(String) });
});

test("categories.create(FormData) with image, icon, repeated speechChallenges; getById", async () => {
  useToken(teacherToken);
  const form = new FormData();
  form.append("id", rootId);
  form.append("name", "Pets");
  form.append("order", "2");
  form.append("description", "All about pets");
  form.append("color", "#33AA66");
  form.append("image", blob(png, "image/png"), "pets.png");
  form.append("icon", blob(jpeg, "image/jpeg"), "pets.jpg");
  form.append("speechChallenges", plainChallengeId);
  form.append("speechChallenges", challengeId);
  const created = await sdk.categories.create(form);
  expect(created).toEqual({
    id: rootId,
    parent: null,
    name: "Pets",
    order: 2,
    description: "All about pets",
    color: "#33AA66",
    imageUrl: downloadUrl(),
    iconUrl: downloadUrl(),
    speechChallenges: [plainChallengeId, challengeId],
    created: timestamp,
    updated: timestamp,
  });
  expect(await sdk.categories.getById(rootId)).toEqual(created);
  expect((await download(created.iconUrl!)).contentType).toBe("image/jpeg");
  expect((await download(created.imageUrl!)).bytes.equals(png)).toBe(true);
});

test("categories.create(plain object) with a parent; getAll (top level, by order) and getAllWithParentId", async () => {
  const child = await sdk.categories.create({
    id: childId,
    parent: rootId,
    name: "Cats",
    speechChallenges: [challengeId],
  });
  expect(child).toEqual(
    expect.objectContaining({
      id: childId,
      parent: rootId,
      name: "Cats",
      order: 0,
      speechChallenges: [challengeId],
      imageUrl: null,
      iconUrl: null,
    }),
  );
  const first = await sdk.categories.create({ name: "First", order: "1" });
  const last = await sdk.categories.create({ name: "Last" });
  expect(last.order).toBe(3);
  expect(onlyPage(await sdk.categories.getAll()).map((c) => c.id)).toEqual([first.id, rootId, last.id]);
  expect(onlyPage(await sdk.categories.getAllWithParentId(rootId))).toEqual([child]);
  expect(onlyPage(await sdk.categories.getAllWithParentId(childId))).toEqual([]);
});

test("categories.update: plain object (JSON PUT) and FormData (multipart PUT); a cycle and unknown ids reject", async () => {
  const renamed = await sdk.categories.update(rootId, { name: "Animals", order: "0", speechChallenges: [challengeId] });
  expect(renamed).toEqual(
    expect.objectContaining({
      id: rootId,
      name: "Animals",
      order: 0,
      description: "All about pets",
      speechChallenges: [challengeId],
      parent: null,
    }),
  );
  const form = new FormData();
  form.append("color", "rgb(10, 20, 30)");
  form.append("icon", blob(png, "image/png"), "icon.png");
  const recoloured = await sdk.categories.update(rootId, form);
  expect(recoloured).toEqual({ ...renamed, color: "rgb(10, 20, 30)", iconUrl: downloadUrl(), updated: timestamp });
  expect(recoloured.iconUrl).not.toBe(renamed.iconUrl);
  expect((await download(recoloured.iconUrl!)).contentType).toBe("image/png");
  expect(await sdk.categories.getById(rootId)).toEqual(recoloured);
  expect(onlyPage(await sdk.categories.getAll())[0]!.id).toBe(rootId);

  expect(await rejection(sdk.categories.update(rootId, { parent: childId }))).toEqual(
    expect.objectContaining({
      errors: [expect.objectContaining({ resource: "Category", field: "parent", code: "invalid" })],
    }),
  );
  expect(await rejection(sdk.categories.update(childId, { speechChallenges: [uniqueId("nope")] }))).toEqual(
    expect.objectContaining({ errors: [expect.objectContaining({ field: "speechChallenges", code: "missing" })] }),
  );
  expect(await rejection(sdk.categories.create({ parent: uniqueId("nope") }))).toEqual(
    expect.objectContaining({ errors: [expect.objectContaining({ field: "parent", code: "missing" })] }),
  );
  expect((await sdk.categories.getById(childId)).parent).toBe(rootId);
});

test("another organisation sees none of it through the SDK", async () => {
  useToken(orgToken);
  await sdk.authentication.impersonate(); // a fresh token for the organisation itself
  const tenantLogin = await sdk.authentication.authenticate("admin", ADMIN_PASSWORD);
  expect(tenantLogin.scope).toBe("user/admin");
  await sdk.authentication.impersonate(sdk.authentication.assembleScope(tenantId, otherOrgId));
  expect(onlyPage(await sdk.categories.getAll())).toEqual([]);
  expect(onlyPage(await sdk.challenges.speech.getAll())).toEqual([]);
  expect(await rejection(sdk.categories.getById(rootId))).toEqual({ message: expect.any(String) });
  expect(await rejection(sdk.categories.getAllWithParentId(rootId))).toEqual({ message: expect.any(String) });
  expect(await rejection(sdk.challenges.speech.getById(challengeId))).toEqual({ message: expect.any(String) });
});
