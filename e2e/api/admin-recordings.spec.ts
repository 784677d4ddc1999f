// GET /recordings (service-interface.md "Recording in the admin listing", section 4 "Admin
// recordings", 5.2): scoped to the caller's level — a tenant sees the recordings of all its
// organisations, an organisation (and its administrators and teachers) its own, a student their
// own, a top-level admin everything; nobody another tenant's. count=true answers { count };
// the list is paginated (perPage, startCursor, Link rel="next").

import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import {
  authed,
  createOrganisation,
  createTenant,
  createUser,
  downloadUrlPattern,
  expectJson,
  impersonate,
  listAll,
  nextUrl,
  uniqueId,
} from "../support/api";
import { oggPart, type TestAudio, testAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";
import { postMultipart } from "../support/multipart";

const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);

type AdminRecording = {
  id: string;
  userId: string;
  audioUrl: string;
  duration: number | null;
  created: string;
  updated: string;
  challenge: { id: string; organisationId: string; language: string; srtUrl: string | null };
  resultSet: { id: string; combinedFeedback: string[]; combinedAudioUrl: string };
};
type Org = { tenantId: string; orgId: string; token: string };
type Student = { id: string; token: string };

let audio: TestAudio;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  audio = await testAudio();
});

const srt = () =>
  Buffer.from(`1\r\n00:00:00,000 --> 00:00:01,250\r\nA dog runs ${randomBytes(4).toString("hex")}\r\n\r\n`, "utf8");

async function newOrg(request: APIRequestContext, tenantId: string, tenantToken: string): Promise<Org> {
  const org = await createOrganisation(request, tenantToken);
  return {
    tenantId,
    orgId: org.id,
    token: await impersonate(request, tenantToken, `tenant/${tenantId}/organisation/${org.id}`),
  };
}

async function userOf(request: APIRequestContext, org: Org, role: string): Promise<Student> {
  const user = await createUser(request, org.token, { roles: [role] });
  return {
    id: user.id,
    token: await impersonate(request, org.token, `tenant/${org.tenantId}/organisation/${org.orgId}/student/${user.id}`),
  };
}

async function challengeOf(request: APIRequestContext, org: Org, withSrt = false): Promise<string> {
  const id = uniqueId("sc");
  const fields = {
    id,
    language: "nld",
    ...(withSrt ? { srt: { buffer: srt(), name: "t.srt", mimeType: "application/x-subrip" } } : {}),
  };
  await expectJson(await postMultipart(request, "/api/challenges/speech", fields, authed(org.token)), 201);
  return id;
}

async function record(
  request: APIRequestContext,
  student: Student,
  challenge: string,
  resultSetId = uniqueId("rs"),
): Promise<{ id: string; resultSetId: string }> {
  const response = await postMultipart(
    request,
    `/api/challenges/speech/${challenge}/recordings`,
    { audio: oggPart(audio.ogg), resultSetId },
    authed(student.token),
  );
  return { id: (await expectJson<{ id: string }>(response, 201)).id, resultSetId };
}

const ids = async (request: APIRequestContext, token: string, perPage = 100) =>
  (await listAll<AdminRecording>(request, "/api/recordings", token, perPage)).map((r) => r.id);
const count = async (request: APIRequestContext, token: string) =>
  (
    await expectJson<{ count: number }>(
      await request.get("/api/recordings?count=true", { headers: authed(token) }),
      200,
    )
  ).count;

test.describe("admin recordings", () => {
  test("scoped per level: tenant, organisation, teacher, student, top-level admin; count=true; pagination", async ({
    request,
    world,
    admin,
  }) => {
    test.setTimeout(120_000);
    const org1: Org = { tenantId: world.tenantId, orgId: world.orgId, token: world.orgToken };
    const org2 = await newOrg(request, world.tenantId, world.tenantToken);
    const tenantB = await createTenant(request, admin, "Other tenant");
    const tenantBToken = await impersonate(request, admin, `tenant/${tenantB.id}`);
    const org3 = await newOrg(request, tenantB.id, tenantBToken);

    const c1 = await challengeOf(request, org1, true);
    const c2 = await challengeOf(request, org2);
    const c3 = await challengeOf(request, org3);
    const [s1, s1b, s2, s3, teacher1] = await Promise.all([
      userOf(request, org1, "STUDENT"),
      userOf(request, org1, "STUDENT"),
      userOf(request, org2, "STUDENT"),
      userOf(request, org3, "STUDENT"),
      userOf(request, org1, "TEACHER"),
    ]);
    // In order (the listing is oldest first).
    const r1 = await record(request, s1, c1);
    const r1again = await record(request, s1, c1, r1.resultSetId);
    const r1b = await record(request, s1b, c1);
    const r2 = await record(request, s2, c2);
    const r3 = await record(request, s3, c3);
    // Feedback in r1's result set shows in combinedFeedback.
    const fb = await postMultipart(
      request,
      "/api/feedback",
      { audio: oggPart(audio.ogg), challengeId: c1, resultSetId: r1.resultSetId },
      authed(s1.token),
    );
    const feedbackId = (await expectJson<{ id: string }>(fb, 201)).id;

    const tenantA = [r1.id, r1again.id, r1b.id, r2.id];
    expect(await ids(request, world.tenantToken)).toEqual(tenantA);
    expect(await ids(request, tenantBToken)).toEqual([r3.id]);
    expect(await ids(request, org1.token)).toEqual([r1.id, r1again.id, r1b.id]);
    expect(await ids(request, org2.token)).toEqual([r2.id]);
    expect(await ids(request, teacher1.token)).toEqual([r1.id, r1again.id, r1b.id]);
    expect(await ids(request, s1.token)).toEqual([r1.id, r1again.id]);
    expect(await ids(request, s1b.token)).toEqual([r1b.id]);
    expect(await ids(request, s3.token)).toEqual([r3.id]);
    // A top-level admin sees all of them (and whatever other tests made).
    const all = new Set(await ids(request, admin));
    for (const id of [...tenantA, r3.id]) expect(all.has(id)).toBe(true);

    // count=true: a count of the same scope; count=false and no count: the list.
    expect(await count(request, world.tenantToken)).toBe(4);
    expect(await count(request, tenantBToken)).toBe(1);
    expect(await count(request, org1.token)).toBe(3);
    expect(await count(request, teacher1.token)).toBe(3);
    expect(await count(request, s1.token)).toBe(2);
    expect(await count(request, admin)).toBeGreaterThanOrEqual(5);
    const listed = await expectJson<AdminRecording[]>(
      await request.get("/api/recordings?count=false", { headers: authed(s1.token) }),
      200,
    );
    expect(listed.map((r) => r.id)).toEqual([r1.id, r1again.id]);
    await expectJson(await request.get("/api/recordings?count=maybe", { headers: authed(s1.token) }), 422);

    // The shape.
    const items = await listAll<AdminRecording>(request, "/api/recordings", world.tenantToken);
    const first = items[0]!;
    expect(Object.keys(first).sort()).toEqual([
      "audioUrl",
      "challenge",
      "created",
      "duration",
      "id",
      "resultSet",
      "updated",
      "userId",
    ]);
    expect(first).toEqual({
      id: r1.id,
      userId: s1.id,
      audioUrl: expect.stringMatching(downloadUrlPattern()),
      duration: expect.any(Number),
      created: ISO,
      updated: ISO,
      challenge: {
        id: c1,
        organisationId: org1.orgId,
        language: "nld",
        srtUrl: expect.stringMatching(downloadUrlPattern()),
      },
      resultSet: {
        id: r1.resultSetId,
        combinedFeedback: [feedbackId],
        combinedAudioUrl: expect.stringMatching(new RegExp(`/api/resultsets/${r1.resultSetId}/audio$`)),
      },
    });
    // The length of the uploaded audio, in seconds.
    expect(first.duration).toBeGreaterThan(0.5);
    expect(first.duration).toBeLessThan(30);
    expect(items[1]!.resultSet).toEqual(first.resultSet);
    expect(items[2]!.resultSet.combinedFeedback).toEqual([]);
    expect(items[3]!).toMatchObject({
      id: r2.id,
      userId: s2.id,
      challenge: { id: c2, organisationId: org2.orgId, language: "nld", srtUrl: null },
    });
    // The tenant downloads the audio of its organisations' recordings.
    expect((await request.get(first.audioUrl, { headers: authed(world.tenantToken) })).status()).toBe(200);

    // Pagination: pages of one and of three give the same list; Link rel="next" until the end.
    expect(await ids(request, world.tenantToken, 1)).toEqual(tenantA);
    expect(await ids(request, world.tenantToken, 3)).toEqual(tenantA);
    const page = await request.get("/api/recordings?perPage=3", { headers: authed(world.tenantToken) });
    expect((await expectJson<AdminRecording[]>(page, 200)).map((r) => r.id)).toEqual(tenantA.slice(0, 3));
    const next = nextUrl(page);
    expect(next).toContain("startCursor=");
    const rest = await request.get(next!, { headers: authed(world.tenantToken) });
    expect((await expectJson<AdminRecording[]>(rest, 200)).map((r) => r.id)).toEqual([r2.id]);
    expect(nextUrl(rest)).toBeNull();
    await expectJson(
      await request.get("/api/recordings?startCursor=garbage", { headers: authed(world.tenantToken) }),
      400,
    );
    await expectJson(await request.get("/api/recordings?perPage=0", { headers: authed(world.tenantToken) }), 422);
  });

  test("unauthenticated 401; other methods 405", async ({ request, world }) => {
    await expectJson(await request.get("/api/recordings"), 401);
    await expectJson(await request.post("/api/recordings", { headers: authed(world.orgToken), data: {} }), 405);
  });
});
