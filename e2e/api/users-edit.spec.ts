// Ours, for school administration: PUT /users/:id (an incremental update of firstName, infix,
// lastName, groups and roles; roles by the granting rules of create) and DELETE /users/:id (the
// person erased with everything they submitted and its files; refused with 409 while annotation
// work depends on them).
import type { APIRequestContext } from "@playwright/test";
import { createSpeechChallenge, seedRecordings } from "../support/annotations";
import { addBasicAuth, asUser, authed, createUser, expectJson, member, type User, uniqueId } from "../support/api";
import { expectError, expectFieldError } from "../support/assertions";
import { testAudio, uniqueWav, wavPart } from "../support/audio";
import { expect, test, type World } from "../support/fixtures";
import { feedbackFields } from "../support/matrix-world";
import { postMultipart } from "../support/multipart";

type FullUser = User & { groups: string[]; created: string; updated: string };

const putUser = (request: APIRequestContext, token: string, id: string, data: unknown) =>
  request.put(`/api/users/${id}`, { data: data as object, headers: authed(token) });
const getUser = (request: APIRequestContext, token: string, id: string) =>
  request.get(`/api/users/${id}`, { headers: authed(token) });

async function group(request: APIRequestContext, world: World, name: string): Promise<string> {
  return (
    await expectJson<{ id: string }>(
      await request.post("/api/groups", { data: { name }, headers: authed(world.orgToken) }),
      201,
    )
  ).id;
}

test.describe("PUT /users/:id", () => {
  test("changes only the fields sent; lists sent replace the user's; 200 with the user", async ({ request, world }) => {
    const [g1, g2] = [await group(request, world, "Class 5A"), await group(request, world, "Class 5B")];
    const user = await createUser(request, world.orgToken, {
      firstName: "Anna",
      infix: "van",
      lastName: "Berg",
      roles: ["STUDENT"],
      groups: [g1],
    });
    const before = await expectJson<FullUser>(await getUser(request, world.orgToken, user.id), 200);

    const renamed = await expectJson<FullUser>(
      await putUser(request, world.orgToken, user.id, { firstName: "Annie" }),
      200,
    );
    expect(renamed).toEqual({ ...before, firstName: "Annie", updated: expect.any(String) });
    expect(await expectJson<FullUser>(await getUser(request, world.orgToken, user.id), 200)).toEqual(renamed);

    const moved = await expectJson<FullUser>(
      await putUser(request, world.orgToken, user.id, {
        infix: null,
        lastName: "Bergen",
        groups: [g2],
        roles: ["STUDENT", "TEACHER"],
      }),
      200,
    );
    expect(moved).toMatchObject({
      firstName: "Annie",
      infix: null,
      lastName: "Bergen",
      groups: [g2],
      roles: ["STUDENT", "TEACHER"],
    });
    expect(await expectJson<FullUser>(await getUser(request, world.orgToken, user.id), 200)).toEqual(moved);
    // The group's member list follows.
    const members = await expectJson<{ id: string }[]>(
      await request.get(`/api/users?group=${g2}`, { headers: authed(world.orgToken) }),
      200,
    );
    expect(members.map((m) => m.id)).toEqual([user.id]);
    expect(
      await expectJson<{ id: string }[]>(
        await request.get(`/api/users?group=${g1}`, { headers: authed(world.orgToken) }),
        200,
      ),
    ).toEqual([]);

    const emptied = await expectJson<FullUser>(await putUser(request, world.orgToken, user.id, { groups: [] }), 200);
    expect(emptied.groups).toEqual([]);
    expect(emptied.roles).toEqual(["STUDENT", "TEACHER"]);
  });

  test("bad values are 422s on their fields and change nothing", async ({ request, world }) => {
    const user = await createUser(request, world.orgToken, { firstName: "Bo", lastName: "Smit", roles: ["STUDENT"] });
    const before = await expectJson<FullUser>(await getUser(request, world.orgToken, user.id), 200);
    await expectFieldError(await putUser(request, world.orgToken, user.id, { firstName: "  " }), "User", "firstName");
    await expectFieldError(
      await putUser(request, world.orgToken, user.id, { lastName: "x".repeat(201) }),
      "User",
      "lastName",
    );
    await expectFieldError(await putUser(request, world.orgToken, user.id, { roles: [] }), "User", "roles");
    await expectFieldError(
      await putUser(request, world.orgToken, user.id, { roles: ["NO_SUCH_ROLE"] }),
      "User",
      "roles",
      "missing",
    );
    await expectFieldError(
      await putUser(request, world.orgToken, user.id, { groups: ["no-such-group"], firstName: "Changed" }),
      "User",
      "groups",
      "missing",
    );
    await expectFieldError(
      await putUser(request, world.orgToken, user.id, { groups: "not a list of ids!" }),
      "User",
      "groups",
    );
    expect(await expectJson<FullUser>(await getUser(request, world.orgToken, user.id), 200)).toEqual(before);
  });

  test("the granting rules of create: a teacher grants STUDENT and TEACHER, never ADMIN, and does not edit administrators", async ({
    request,
    world,
  }) => {
    const teacher = await member(request, world, "TEACHER");
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const admin = await createUser(request, world.orgToken, { roles: ["ORGANISATION"], firstName: "Head" });

    expect(
      (await expectJson<FullUser>(await putUser(request, teacher.token, student.id, { roles: ["TEACHER"] }), 200))
        .roles,
    ).toEqual(["TEACHER"]);
    await expectError(await putUser(request, teacher.token, student.id, { roles: ["ADMIN"] }), 403);
    await expectError(await putUser(request, teacher.token, student.id, { roles: ["ORGANISATION"] }), 403);
    await expectError(await putUser(request, teacher.token, admin.id, { firstName: "Renamed" }), 403);
    expect((await expectJson<FullUser>(await getUser(request, world.orgToken, admin.id), 200)).firstName).toBe("Head");
    // The organisation (an administrator) grants any role.
    expect(
      (await expectJson<FullUser>(await putUser(request, world.orgToken, student.id, { roles: ["ORGANISATION"] }), 200))
        .roles,
    ).toEqual(["ORGANISATION"]);

    // A student holds no USER_CREATE; another tenant's and unknown users read as missing.
    const other = await member(request, world, "STUDENT");
    await expectError(await putUser(request, other.token, student.id, { firstName: "X" }), 403);
    await expectError(await putUser(request, world.orgToken, "no-such-user", { firstName: "X" }), 404);
    await expectError(await putUser(request, world.tenantToken, student.id, { firstName: "X" }), 404);
  });
});

/** A student with a credential, a profile, two recordings in one result set (combined audio built), feedback and an analysis. */
async function busyStudent(request: APIRequestContext, world: World) {
  const { wav } = await testAudio();
  const student = await member(request, world, "STUDENT");
  const username = uniqueId("kid");
  await addBasicAuth(request, student.token, username, "tiger-plant-47");
  await expectJson(
    await request.post(`/api/users/${student.id}/profile`, { data: { cefr: 3 }, headers: authed(world.orgToken) }),
    201,
  );
  const challenge = await createSpeechChallenge(request, world.orgToken);
  const resultSet = uniqueId("rs");
  const urls: string[] = [];
  for (let i = 0; i < 2; i++) {
    const rec = await expectJson<{ id: string; audioUrl: string }>(
      await postMultipart(
        request,
        `/api/challenges/speech/${challenge}/recordings`,
        { audio: wavPart(uniqueWav(wav)), resultSetId: resultSet },
        authed(student.token),
      ),
      201,
    );
    urls.push(rec.audioUrl);
  }
  const feedback = await expectJson<{ audioUrl: string }>(
    await postMultipart(request, "/api/feedback", feedbackFields(wav, challenge, resultSet), authed(student.token)),
    201,
  );
  urls.push(feedback.audioUrl);
  const pronunciation = await expectJson<{ id: string }>(
    await postMultipart(
      request,
      "/api/challenges/pronunciation",
      { transcription: "The cat sits on the mat.", language: "eng", referenceAudio: wavPart(uniqueWav(wav)) },
      authed(world.orgToken),
    ),
    201,
  );
  const analysis = await expectJson<{ audioUrl: string }>(
    await postMultipart(
      request,
      `/api/challenges/pronunciation/${pronunciation.id}/analyses`,
      { audio: wavPart(uniqueWav(wav)) },
      authed(student.token),
    ),
    201,
  );
  urls.push(analysis.audioUrl);
  // The result set's combined audio and peaks (built on first request).
  urls.push(`/api/resultsets/${resultSet}/audio`, `/api/resultsets/${resultSet}/peaks`);
  // The recordings' normalised audio and peaks, as the admin listing names them.
  for (const url of urls)
    expect((await request.get(url, { headers: authed(world.orgToken) })).status(), `before: ${url}`).toBe(200);
  return { ...student, username, challenge, resultSet, urls };
}

test.describe("DELETE /users/:id", () => {
  test("erases the person: 204, nothing of theirs downloadable, their tokens and password dead", async ({
    request,
    world,
  }) => {
    test.setTimeout(120_000);
    const s = await busyStudent(request, world);
    const bystander = await busyStudent(request, world);
    const response = await request.delete(`/api/users/${s.id}`, { headers: authed(world.orgToken) });
    expect(response.status(), await response.text()).toBe(204);

    await expectError(await getUser(request, world.orgToken, s.id), 404);
    for (const url of s.urls)
      expect((await request.get(url, { headers: authed(world.orgToken) })).status(), `after: ${url}`).toBe(404);
    // Their token stops working; their password signs in nobody.
    expect((await request.get("/api/user", { headers: authed(s.token) })).status()).toBe(401);
    const signIn = await request.post("/api/tokens", {
      form: {
        grant_type: "password",
        username: s.username,
        password: "tiger-plant-47",
        scope: `tenant/${world.tenantId}/organisation/${world.orgId}/user/${s.username}`,
      },
    });
    expect(signIn.status()).toBe(400);
    // Their recordings are gone from the challenge's list; the bystander's stay, downloadable.
    const recordings = await expectJson<{ id: string }[]>(
      await request.get(`/api/challenges/speech/${s.challenge}/recordings`, { headers: authed(world.orgToken) }),
      200,
    );
    expect(recordings).toEqual([]);
    for (const url of bystander.urls)
      expect((await request.get(url, { headers: authed(world.orgToken) })).status(), `bystander: ${url}`).toBe(200);
    // Deleting again: 404.
    await expectError(await request.delete(`/api/users/${s.id}`, { headers: authed(world.orgToken) }), 404);
  });

  test("refused with 409 while annotation work depends on them; nothing is erased", async ({ request, world }) => {
    test.setTimeout(120_000);
    const student = await member(request, world, "STUDENT");
    const full = await member(request, world, "ANNOTATOR_FULL");
    const challenge = await createSpeechChallenge(request, world.orgToken);
    const [rec] = await seedRecordings(request, world, student, challenge, 1);
    const assignment = await expectJson<{ id: number }>(
      await request.post("/api/assignments", {
        data: { fullAnnotator: full.id, recordings: [rec.ref] },
        headers: authed(world.orgToken),
      }),
      201,
    );
    // The annotator is named on an assignment: refused.
    const annotatorRefusal = await expectError(
      await request.delete(`/api/users/${full.id}`, { headers: authed(world.orgToken) }),
      409,
    );
    expect(annotatorRefusal.message).toContain("assignment");
    // An annotation on the student's recording: refused, and the student keeps everything.
    const annotated = await request.post("/api/annotations", {
      data: { assignment: assignment.id, recording: rec.ref, fragments: [] },
      headers: authed(full.token),
    });
    expect([200, 201], await annotated.text()).toContain(annotated.status());
    const refusal = await expectError(
      await request.delete(`/api/users/${student.id}`, { headers: authed(world.orgToken) }),
      409,
    );
    expect(refusal.message).toContain("annotation");
    expect((await request.get(rec.audioUrl, { headers: authed(world.orgToken) })).status()).toBe(200);
    expect((await request.get("/api/user", { headers: authed(student.token) })).status()).toBe(200);
  });

  test("a recording in an assignment without annotations goes with its owner", async ({ request, world }) => {
    const student = await member(request, world, "STUDENT");
    const full = await member(request, world, "ANNOTATOR_FULL");
    const challenge = await createSpeechChallenge(request, world.orgToken);
    const recs = await seedRecordings(request, world, student, challenge, 2);
    const other = await member(request, world, "STUDENT");
    const [kept] = await seedRecordings(request, world, other, challenge, 1);
    const assignment = await expectJson<{ id: number }>(
      await request.post("/api/assignments", {
        data: { fullAnnotator: full.id, recordings: [...recs, kept].map((r) => r.ref) },
        headers: authed(world.orgToken),
      }),
      201,
    );
    expect((await request.delete(`/api/users/${student.id}`, { headers: authed(world.orgToken) })).status()).toBe(204);
    const after = await expectJson<{ recordings: { recording: string }[] }>(
      await request.get(`/api/assignment/${assignment.id}`, { headers: authed(world.orgToken) }),
      200,
    );
    expect(after.recordings.map((r) => r.recording)).toEqual([kept.ref.recording]);
  });

  test("who may erase: not oneself, not a teacher erasing an administrator, not a student", async ({
    request,
    world,
  }) => {
    const teacher = await member(request, world, "TEACHER");
    const admin = await createUser(request, world.orgToken, { roles: ["ORGANISATION"] });
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    await expectError(await request.delete(`/api/users/${admin.id}`, { headers: authed(teacher.token) }), 403);
    await expectError(await request.delete(`/api/users/${teacher.id}`, { headers: authed(teacher.token) }), 409);
    const pupil = await asUser(request, world, student.id);
    await expectError(await request.delete(`/api/users/${teacher.id}`, { headers: authed(pupil) }), 403);
    await expectError(await request.delete(`/api/users/${student.id}`, { headers: authed(world.tenantToken) }), 404);
    expect((await request.delete(`/api/users/${student.id}`, { headers: authed(teacher.token) })).status()).toBe(204);
    expect((await getUser(request, world.orgToken, admin.id)).status()).toBe(200);
  });
});
