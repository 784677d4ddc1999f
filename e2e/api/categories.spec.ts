// Categories (POST/GET /categories, GET/PUT /categories/:category, GET
// /categories/:category/categories) over HTTP with real images (made by ffmpeg) and real speech
// challenges. Contract: service-interface.md sections 2 ("Category": parent id or null, order a
// string on input and an integer in responses, color, image/icon returned as ...Url or null,
// speechChallenges ids) and 4 (201 + Location on create; GET /categories lists the top level,
// .../categories a parent's children); api-conventions.md for errors (422 code missing for
// unknown referenced ids), permissions (CATEGORY_CREATE, which also guards the SDK's PUT, and
// CATEGORY_LIST) and ids. Lists are ordered by `order`, then creation.
import { execFile } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext } from "@playwright/test";
import {
  authed,
  createOrganisation,
  download,
  downloadUrlPattern,
  expectJson,
  impersonate,
  listAll,
  member,
  nextUrl,
  uniqueId,
} from "../support/api";
import { expectError, expectFieldError, ISO } from "../support/assertions";
import { expect, test } from "../support/fixtures";
import { type FilePart, type MultipartFields, sendMultipart } from "../support/multipart";
import { storedCopies } from "../support/storage";

const BASE = "/api/categories";
const RESOURCE = "Category";
const FIELDS = [
  "color",
  "created",
  "description",
  "iconUrl",
  "id",
  "imageUrl",
  "name",
  "order",
  "parent",
  "speechChallenges",
  "updated",
];

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

const execFileP = promisify(execFile);
let dir: string;

/** A real image made by ffmpeg, 8x8 of one random colour; PNGs get a random text chunk so no other request sends the same bytes. */
async function makeImage(ext: "png" | "jpg" = "png"): Promise<Buffer> {
  const file = path.join(dir, `${randomBytes(6).toString("hex")}.${ext}`);
  const color = randomInt(0, 0xffffff).toString(16).padStart(6, "0");
  await execFileP("ffmpeg", [
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `color=c=0x${color}:s=8x8`,
    "-frames:v",
    "1",
    file,
  ]);
  const bytes = await fs.readFile(file);
  if (ext !== "png") return bytes;
  const { crc32 } = await import("node:zlib");
  const data = Buffer.from(`Comment\0${randomBytes(8).toString("hex")}`, "latin1");
  const type = Buffer.from("tEXt", "latin1");
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])) >>> 0, 8 + data.length);
  return Buffer.concat([bytes.subarray(0, bytes.length - 12), chunk, bytes.subarray(bytes.length - 12)]);
}

const imagePart = (buffer: Buffer, name = "image.png"): FilePart => ({
  buffer,
  name,
  mimeType: name.endsWith(".jpg") ? "image/jpeg" : "image/png",
});

test.beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "categories-spec-"));
});

test.afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

const post = (request: APIRequestContext, token: string, fields: MultipartFields) =>
  sendMultipart(request, "POST", BASE, fields, authed(token));
const put = (request: APIRequestContext, token: string, id: string, fields: MultipartFields) =>
  sendMultipart(request, "PUT", `${BASE}/${id}`, fields, authed(token));
const putJson = (request: APIRequestContext, token: string, id: string, data: unknown) =>
  request.put(`${BASE}/${id}`, { data, headers: authed(token) });

async function newCategory(request: APIRequestContext, token: string, fields: MultipartFields = {}): Promise<Category> {
  return expectJson<Category>(await post(request, token, fields), 201);
}

async function newSpeechChallenge(request: APIRequestContext, token: string, topic = "A topic"): Promise<string> {
  const response = await sendMultipart(
    request,
    "POST",
    "/api/challenges/speech",
    { language: "eng", topic },
    authed(token),
  );
  return (await expectJson<{ id: string }>(response, 201)).id;
}

const getOne = async (request: APIRequestContext, token: string, id: string) =>
  expectJson<Category>(await request.get(`${BASE}/${id}`, { headers: authed(token) }), 200);
const topLevel = async (request: APIRequestContext, token: string) => listAll<Category>(request, BASE, token);
const children = async (request: APIRequestContext, token: string, id: string) =>
  listAll<Category>(request, `${BASE}/${id}/categories`, token);
const ids = (items: { id: string }[]) => items.map((c) => c.id);

test.describe("creating categories", () => {
  test("multipart with every field: 201, Location, the images stored as sent", async ({ request, world }) => {
    const challenges = [
      await newSpeechChallenge(request, world.orgToken, "one"),
      await newSpeechChallenge(request, world.orgToken, "two"),
    ];
    const parent = await newCategory(request, world.orgToken, { name: "Parent" });
    const [image, icon] = [await makeImage("png"), await makeImage("jpg")];
    const id = uniqueId("cat");
    const response = await post(request, world.orgToken, [
      ["id", id],
      ["parent", parent.id],
      ["name", "Animals"],
      ["order", "7"],
      ["description", "Sentences about animals — with ünïcode"],
      ["color", "#00FF7f"],
      ["image", imagePart(image)],
      ["icon", imagePart(icon, "icon.jpg")],
      ["speechChallenges", challenges[1]!],
      ["speechChallenges", challenges[0]!],
    ]);
    const category = await expectJson<Category>(response, 201);
    expect(response.headers().location).toBe(`${new URL(response.url()).origin}${BASE}/${id}`);
    expect(Object.keys(category).sort()).toEqual(FIELDS);
    expect(category).toEqual({
      id,
      parent: parent.id,
      name: "Animals",
      order: 7,
      description: "Sentences about animals — with ünïcode",
      color: "#00FF7f",
      imageUrl: expect.stringMatching(downloadUrlPattern()),
      iconUrl: expect.stringMatching(downloadUrlPattern()),
      speechChallenges: [challenges[1], challenges[0]],
      created: ISO,
      updated: ISO,
    });
    expect(await getOne(request, world.orgToken, id)).toEqual(category);
    const imageResponse = await request.get(category.imageUrl!, { headers: authed(world.orgToken) });
    expect(imageResponse.headers()["content-type"]).toBe("image/png");
    expect((await imageResponse.body()).equals(image)).toBe(true);
    const iconResponse = await request.get(category.iconUrl!, { headers: authed(world.orgToken) });
    expect(iconResponse.headers()["content-type"]).toBe("image/jpeg");
    expect((await iconResponse.body()).equals(icon)).toBe(true);
    expect(await storedCopies(image)).toBe(1);
  });

  test("nothing but defaults: a generated id, nulls, no challenges, order after the last sibling", async ({
    request,
    world,
  }) => {
    const first = await newCategory(request, world.orgToken);
    expect(first).toEqual({
      id: expect.any(String),
      parent: null,
      name: null,
      order: 0,
      description: null,
      color: null,
      imageUrl: null,
      iconUrl: null,
      speechChallenges: [],
      created: ISO,
      updated: ISO,
    });
    const explicit = await newCategory(request, world.orgToken, { order: "41" });
    expect(explicit.order).toBe(41);
    expect((await newCategory(request, world.orgToken)).order).toBe(42);
    // Siblings of another parent count separately.
    expect((await newCategory(request, world.orgToken, { parent: first.id })).order).toBe(0);
    expect((await newCategory(request, world.orgToken, { parent: first.id, order: "-3" })).order).toBe(-3);
    expect((await newCategory(request, world.orgToken, { parent: first.id })).order).toBe(1);
  });

  test("JSON bodies work too (the SDK sends plain objects as JSON): order as a string or a number", async ({
    request,
    world,
  }) => {
    const challenge = await newSpeechChallenge(request, world.orgToken);
    const response = await request.post(BASE, {
      data: { name: "  JSON  ", order: "3", color: "rgb(10, 20, 30)", speechChallenges: [challenge] },
      headers: authed(world.orgToken),
    });
    const category = await expectJson<Category>(response, 201);
    expect(category).toMatchObject({
      name: "JSON",
      order: 3,
      color: "rgb(10, 20, 30)",
      speechChallenges: [challenge],
      parent: null,
    });
    const numeric = await expectJson<Category>(
      await request.post(BASE, {
        data: { order: 5, parent: category.id, speechChallenges: challenge },
        headers: authed(world.orgToken),
      }),
      201,
    );
    expect(numeric).toMatchObject({ order: 5, parent: category.id, speechChallenges: [challenge] });
  });

  test("colours: hex, rgb(), rgba(), hsl() and names are taken as given; garbage is 422", async ({
    request,
    world,
  }) => {
    for (const color of [
      "#abc",
      "#A1B2C3",
      "#a1b2c3d4",
      "rgb(255,0,0)",
      "rgba(0, 0, 0, 0.5)",
      "rgb(255 128 0 / 50%)",
      "hsl(120, 50%, 40%)",
      "rebeccapurple",
      "Red",
    ]) {
      expect((await newCategory(request, world.orgToken, { color })).color, color).toBe(color);
    }
    expect((await newCategory(request, world.orgToken, { color: "" })).color).toBeNull();
    for (const color of [
      "garbage",
      "#12345",
      "#ggg",
      "rgb(1,2)",
      "rgb(red)",
      "javascript:alert(1)",
      "<script>",
      "#ff0000; background: url(x)",
      "x".repeat(200),
    ]) {
      await expectFieldError(await post(request, world.orgToken, { color }), RESOURCE, "color");
    }
  });

  test("a taken id is 409 and nothing is stored", async ({ request, world }) => {
    const first = await newCategory(request, world.orgToken, { id: uniqueId("cat"), name: "Original" });
    const image = await makeImage();
    const body = await expectError(
      await post(request, world.orgToken, { id: first.id, name: "Impostor", image: imagePart(image) }),
      409,
    );
    expect(body.errors).toContainEqual(
      expect.objectContaining({ resource: RESOURCE, field: "id", code: "already_exists" }),
    );
    expect(await getOne(request, world.orgToken, first.id)).toEqual(first);
    expect(await storedCopies(image, { includeTmp: true })).toBe(0);
  });

  test("refusals: unknown parent or speech challenge is code missing; bad order, id, images are invalid; nothing is stored", async ({
    request,
    world,
  }) => {
    const image = await makeImage();
    const challenge = await newSpeechChallenge(request, world.orgToken);
    const refused = async (fields: Record<string, string | string[]>, field: string, code = "invalid") =>
      expectFieldError(
        await post(request, world.orgToken, { image: imagePart(image), ...fields }),
        RESOURCE,
        field,
        code,
      );

    await refused({ parent: uniqueId("nocat") }, "parent", "missing");
    await refused({ speechChallenges: [challenge, uniqueId("nochallenge")] }, "speechChallenges", "missing");
    for (const order of ["first", "1.5", "1e3", "99999999999"]) await refused({ order }, "order");
    await refused({ id: "no spaces allowed" }, "id");
    await refused({ parent: "bad/parent" }, "parent");
    for (const bytes of [Buffer.from("not an image"), Buffer.alloc(0), Buffer.from("%PDF-1.4\n%%EOF\n")]) {
      await expectFieldError(
        await post(request, world.orgToken, {
          image: imagePart(image),
          icon: { buffer: bytes, name: "icon.png", mimeType: "image/png" },
        }),
        RESOURCE,
        "icon",
      );
      await expectFieldError(
        await post(request, world.orgToken, { image: { buffer: bytes, name: "image.png", mimeType: "image/png" } }),
        RESOURCE,
        "image",
      );
    }
    await expectFieldError(await post(request, world.orgToken, { image: "text instead of a file" }), RESOURCE, "image");
    expect(await topLevel(request, world.orgToken)).toEqual([]);
    expect(await storedCopies(image, { includeTmp: true })).toBe(0);
  });
});

test.describe("listing categories", () => {
  test("GET /categories lists the top level, GET .../categories the children: by order, then creation", async ({
    request,
    world,
  }) => {
    const b = await newCategory(request, world.orgToken, { name: "b", order: "2" });
    const a = await newCategory(request, world.orgToken, { name: "a", order: "1" });
    const c1 = await newCategory(request, world.orgToken, { name: "c1", order: "3" });
    const c2 = await newCategory(request, world.orgToken, { name: "c2", order: "3" });
    const zero = await newCategory(request, world.orgToken, { name: "zero", order: "0" });
    const kids = [
      await newCategory(request, world.orgToken, { parent: a.id, name: "second", order: "20" }),
      await newCategory(request, world.orgToken, { parent: a.id, name: "first", order: "10" }),
    ];
    const grandchild = await newCategory(request, world.orgToken, { parent: kids[0]!.id, name: "grandchild" });

    expect(ids(await topLevel(request, world.orgToken))).toEqual([zero.id, a.id, b.id, c1.id, c2.id]);
    expect(await topLevel(request, world.orgToken)).toContainEqual(a);
    expect(ids(await children(request, world.orgToken, a.id))).toEqual([kids[1]!.id, kids[0]!.id]);
    expect(await children(request, world.orgToken, kids[0]!.id)).toEqual([grandchild]);
    expect(await children(request, world.orgToken, b.id)).toEqual([]);
    // The plain request is a plain JSON list.
    const plain = await expectJson<Category[]>(await request.get(BASE, { headers: authed(world.orgToken) }), 200);
    expect(ids(plain)).toEqual([zero.id, a.id, b.id, c1.id, c2.id]);

    // Pages of two keep the order, with Link rel=next between them.
    const firstPage = await request.get(`${BASE}?perPage=2`, { headers: authed(world.orgToken) });
    expect(ids(await expectJson<Category[]>(firstPage, 200))).toEqual([zero.id, a.id]);
    expect(nextUrl(firstPage)).toEqual(expect.stringContaining("startCursor="));
    expect(ids(await listAll<Category>(request, BASE, world.orgToken, 2))).toEqual([zero.id, a.id, b.id, c1.id, c2.id]);
    expect(ids(await listAll<Category>(request, BASE, world.orgToken, 1))).toEqual([zero.id, a.id, b.id, c1.id, c2.id]);
    await expectError(await request.get(`${BASE}?startCursor=bogus`, { headers: authed(world.orgToken) }), 400);
    await expectError(
      await request.get(`${BASE}/${uniqueId("nocat")}/categories`, { headers: authed(world.orgToken) }),
      404,
    );
  });
});

test.describe("updating categories", () => {
  test("incremental JSON: only the given fields change; null clears; 200 + Location", async ({ request, world }) => {
    const challenge = await newSpeechChallenge(request, world.orgToken);
    const category = await newCategory(request, world.orgToken, {
      name: "Name",
      description: "Desc",
      color: "#fff",
      order: "4",
      speechChallenges: challenge,
    });
    const response = await putJson(request, world.orgToken, category.id, { name: "Renamed" });
    const renamed = await expectJson<Category>(response, 200);
    expect(response.headers().location).toBe(`${new URL(response.url()).origin}${BASE}/${category.id}`);
    expect(renamed).toEqual({ ...category, name: "Renamed", updated: ISO });
    const cleared = await expectJson<Category>(
      await putJson(request, world.orgToken, category.id, { description: null, color: null, order: "9" }),
      200,
    );
    expect(cleared).toEqual({ ...renamed, description: null, color: null, order: 9, updated: ISO });
    expect(await getOne(request, world.orgToken, category.id)).toEqual(cleared);
    await expectFieldError(
      await putJson(request, world.orgToken, category.id, { color: "not a colour" }),
      RESOURCE,
      "color",
    );
    await expectFieldError(await putJson(request, world.orgToken, category.id, { order: "soon" }), RESOURCE, "order");
    expect(await getOne(request, world.orgToken, category.id)).toEqual(cleared);
  });

  test("speechChallenges replaces the list (order kept, duplicates dropped); an empty list clears it; unknown ids are code missing", async ({
    request,
    world,
  }) => {
    const [s1, s2, s3] = [
      await newSpeechChallenge(request, world.orgToken),
      await newSpeechChallenge(request, world.orgToken),
      await newSpeechChallenge(request, world.orgToken),
    ];
    const category = await newCategory(request, world.orgToken, { speechChallenges: [s1, s2] });
    expect(category.speechChallenges).toEqual([s1, s2]);
    expect(
      (
        await expectJson<Category>(
          await putJson(request, world.orgToken, category.id, { speechChallenges: [s3, s1, s3] }),
          200,
        )
      ).speechChallenges,
    ).toEqual([s3, s1]);
    expect(
      (await expectJson<Category>(await put(request, world.orgToken, category.id, { speechChallenges: [s2, s3] }), 200))
        .speechChallenges,
    ).toEqual([s2, s3]);
    await expectFieldError(
      await putJson(request, world.orgToken, category.id, { speechChallenges: [s1, uniqueId("nochallenge")] }),
      RESOURCE,
      "speechChallenges",
      "missing",
    );
    expect((await getOne(request, world.orgToken, category.id)).speechChallenges).toEqual([s2, s3]);
    expect(
      (await expectJson<Category>(await putJson(request, world.orgToken, category.id, { speechChallenges: [] }), 200))
        .speechChallenges,
    ).toEqual([]);
    // A deleted speech challenge leaves the categories that held it.
    await putJson(request, world.orgToken, category.id, { speechChallenges: [s1, s2] });
    expect((await request.delete(`/api/challenges/speech/${s1}`, { headers: authed(world.orgToken) })).status()).toBe(
      204,
    );
    expect((await getOne(request, world.orgToken, category.id)).speechChallenges).toEqual([s2]);
  });

  test("moving: to another parent, to the top level; a cycle is 422 invalid on parent; an unknown parent is code missing", async ({
    request,
    world,
  }) => {
    const root = await newCategory(request, world.orgToken, { name: "root" });
    const child = await newCategory(request, world.orgToken, { name: "child", parent: root.id });
    const grandchild = await newCategory(request, world.orgToken, { name: "grandchild", parent: child.id });
    const other = await newCategory(request, world.orgToken, { name: "other" });

    for (const [id, parent] of [
      [root.id, root.id],
      [root.id, child.id],
      [root.id, grandchild.id],
      [child.id, grandchild.id],
      [child.id, child.id],
    ] as const) {
      const error = await expectFieldError(await putJson(request, world.orgToken, id, { parent }), RESOURCE, "parent");
      expect(error.message).toEqual(expect.any(String));
    }
    await expectFieldError(
      await putJson(request, world.orgToken, child.id, { parent: uniqueId("nocat") }),
      RESOURCE,
      "parent",
      "missing",
    );
    expect((await getOne(request, world.orgToken, child.id)).parent).toBe(root.id);

    // Moving a subtree elsewhere is fine; so is moving to the top level (null or blank).
    const moved = await expectJson<Category>(
      await putJson(request, world.orgToken, child.id, { parent: other.id }),
      200,
    );
    expect(moved.parent).toBe(other.id);
    expect(ids(await children(request, world.orgToken, other.id))).toEqual([child.id]);
    expect(await children(request, world.orgToken, root.id)).toEqual([]);
    expect((await getOne(request, world.orgToken, grandchild.id)).parent).toBe(child.id);
    // root is no ancestor of the grandchild any more, so it may go under it; then other may not go under root.
    expect(
      (await expectJson<Category>(await putJson(request, world.orgToken, root.id, { parent: grandchild.id }), 200))
        .parent,
    ).toBe(grandchild.id);
    await expectFieldError(await putJson(request, world.orgToken, other.id, { parent: root.id }), RESOURCE, "parent");

    const top = await expectJson<Category>(await put(request, world.orgToken, root.id, { parent: "" }), 200);
    expect(top.parent).toBeNull();
    expect(
      (await expectJson<Category>(await putJson(request, world.orgToken, child.id, { parent: null }), 200)).parent,
    ).toBeNull();
    expect(ids(await topLevel(request, world.orgToken)).sort()).toEqual([root.id, other.id, child.id].sort());
  });

  test("two concurrent moves that would close a cycle together: one succeeds, the other is 422", async ({
    request,
    world,
  }) => {
    for (let round = 0; round < 5; round++) {
      const a = await newCategory(request, world.orgToken, { name: `a${round}` });
      const b = await newCategory(request, world.orgToken, { name: `b${round}` });
      const c = await newCategory(request, world.orgToken, { name: `c${round}`, parent: b.id });
      // a under c (a → c → b) and b under a (b → a) at the same time: together they would loop.
      const responses = await Promise.all([
        putJson(request, world.orgToken, a.id, { parent: c.id }),
        putJson(request, world.orgToken, b.id, { parent: a.id }),
      ]);
      expect(
        responses.map((r) => r.status()).sort(),
        await Promise.all(responses.map((r) => r.text())).then((t) => t.join("\n")),
      ).toEqual([200, 422]);
      const parents = new Map<string, string | null>();
      for (const id of [a.id, b.id, c.id]) parents.set(id, (await getOne(request, world.orgToken, id)).parent);
      // Following parents from any of them reaches the top level.
      for (const start of parents.keys()) {
        let current: string | null = start;
        for (let steps = 0; current; steps++) {
          expect(steps, `a cycle through ${start}`).toBeLessThan(4);
          current = parents.get(current) ?? null;
        }
      }
    }
  });

  test("multipart with new images replaces them: the old files are gone", async ({ request, world }) => {
    const [oldImage, oldIcon] = [await makeImage(), await makeImage()];
    const category = await newCategory(request, world.orgToken, {
      name: "Pictures",
      image: imagePart(oldImage),
      icon: imagePart(oldIcon),
    });
    const newImage = await makeImage();
    const updated = await expectJson<Category>(
      await put(request, world.orgToken, category.id, { image: imagePart(newImage) }),
      200,
    );
    expect(updated.iconUrl).toBe(category.iconUrl);
    expect(updated.imageUrl).not.toBe(category.imageUrl);
    expect(updated.name).toBe("Pictures");
    await expectError(await request.get(category.imageUrl!, { headers: authed(world.orgToken) }), 404);
    expect(await storedCopies(oldImage)).toBe(0);
    expect(await storedCopies(oldIcon)).toBe(1);
    expect((await download(request, world.orgToken, updated.imageUrl!)).equals(newImage)).toBe(true);
    // A refused image changes nothing.
    await expectFieldError(
      await put(request, world.orgToken, category.id, {
        name: "Changed",
        icon: { buffer: Buffer.from("nope"), name: "x.png" },
      }),
      RESOURCE,
      "icon",
    );
    expect(await getOne(request, world.orgToken, category.id)).toEqual(updated);
  });
});

test.describe("who may do what", () => {
  test("permissions: teachers create and update, students only list, a tenant neither; no token is 401", async ({
    request,
    world,
  }) => {
    const teacher = await member(request, world, "TEACHER");
    const student = await member(request, world, "STUDENT");
    const byTeacher = await newCategory(request, teacher.token, { name: "Teacher's" });
    expect(
      (await expectJson<Category>(await putJson(request, teacher.token, byTeacher.id, { name: "Edited" }), 200)).name,
    ).toBe("Edited");

    await expectError(await post(request, student.token, { name: "Student's" }), 403);
    await expectError(await putJson(request, student.token, byTeacher.id, { name: "Student" }), 403);
    expect((await getOne(request, student.token, byTeacher.id)).name).toBe("Edited");
    expect(ids(await topLevel(request, student.token))).toEqual([byTeacher.id]);
    expect(await children(request, student.token, byTeacher.id)).toEqual([]);

    await expectError(await post(request, world.tenantToken, { name: "Tenant's" }), 403);
    await expectError(await request.get(BASE, { headers: authed(world.tenantToken) }), 403);
    await expectError(await request.get(BASE), 401);
    await expectError(await request.get(`${BASE}/${byTeacher.id}`), 401);
    expect(ids(await topLevel(request, world.orgToken))).toEqual([byTeacher.id]);
  });

  test("another organisation sees none of it; its ids are not usable as parent or speech challenge here", async ({
    request,
    world,
  }) => {
    const challenge = await newSpeechChallenge(request, world.orgToken);
    const category = await newCategory(request, world.orgToken, { name: "Ours", speechChallenges: challenge });
    const other = await createOrganisation(request, world.tenantToken);
    const otherToken = await impersonate(
      request,
      world.tenantToken,
      `tenant/${world.tenantId}/organisation/${other.id}`,
    );
    const headers = authed(otherToken);
    await expectError(await request.get(`${BASE}/${category.id}`, { headers }), 404);
    await expectError(await request.get(`${BASE}/${category.id}/categories`, { headers }), 404);
    await expectError(await putJson(request, otherToken, category.id, { name: "Hijack" }), 404);
    expect(await topLevel(request, otherToken)).toEqual([]);
    await expectFieldError(await post(request, otherToken, { parent: category.id }), RESOURCE, "parent", "missing");
    await expectFieldError(
      await post(request, otherToken, { speechChallenges: challenge }),
      RESOURCE,
      "speechChallenges",
      "missing",
    );
    // The same id is free there.
    expect((await newCategory(request, otherToken, { id: category.id })).id).toBe(category.id);
    expect(await getOne(request, world.orgToken, category.id)).toEqual(category);
  });

  test("methods the routes do not have are JSON 405s", async ({ request, world }) => {
    const category = await newCategory(request, world.orgToken);
    await expectError(await request.put(BASE, { data: {}, headers: authed(world.orgToken) }), 405);
    await expectError(await request.post(`${BASE}/${category.id}`, { data: {}, headers: authed(world.orgToken) }), 405);
    await expectError(await request.delete(`${BASE}/${category.id}`, { headers: authed(world.orgToken) }), 405);
    await expectError(
      await request.post(`${BASE}/${category.id}/categories`, { data: {}, headers: authed(world.orgToken) }),
      405,
    );
  });
});
