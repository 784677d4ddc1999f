// Assignments over HTTP (service-interface.md "Assignment", section 4 "Assignments",
// "Permissions" 3; api-conventions.md for errors and ids): POST 201 with the assignment and a
// Location; PUT incremental (recordings replaces the list); GET /assignments (administrators of
// the caller's scope see all of it, annotators only the ones naming them) and GET
// /assignment/:id. Integer ids in responses, strings accepted on input; every referenced
// recording must exist in the named tenant/organisation/challenge and the caller's reach; the
// digest is filled in. Every refusal leaves the state as it was.

import {
  ASSIGNMENT,
  ASSIGNMENT_FIELDS,
  type Assignment,
  asMember,
  createAnnotation,
  createAssignment,
  createSpeechChallenge,
  getAssignment,
  listAssignments,
  otherTenant,
  postAssignment,
  putAssignment,
  refOut,
  seedRecordings,
  setup,
  siblingOrganisation,
  tenantUser,
  twoAssignments,
  words,
} from "../support/annotations";
import { authed, createUser, download, downloadUrlPattern, expectJson, member, uniqueId } from "../support/api";
import { expectError, expectFieldError, ISO } from "../support/assertions";
import { prepareTestAudio, testAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";

prepareTestAudio();

/** A random client-chosen id, far from the generated ones of a fresh database. */
const chosenId = () => 100_000_000 + Math.floor(Math.random() * 400_000_000);

test.describe("assignments", () => {
  test("create: 201 with the assignment, Location, integer id, references with digests; GET on both paths", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 3);
    const response = await postAssignment(request, world.orgToken, {
      name: "  First batch ",
      baseAnnotator: s.base.id,
      fullAnnotator: s.full.id,
      recordings: s.refs,
      baseDueDate: "2030-01-15",
      fullDueDate: "2030-02-01T12:00:00+02:00",
    });
    const created = await expectJson<Assignment>(response, 201);
    expect(Object.keys(created).sort()).toEqual(ASSIGNMENT_FIELDS);
    expect(created).toEqual({
      id: expect.any(Number),
      name: "First batch",
      baseAnnotator: s.base.id,
      fullAnnotator: s.full.id,
      recordings: s.recordings.map(refOut),
      baseDueDate: "2030-01-15",
      fullDueDate: "2030-02-01T10:00:00.000Z",
      annotations: [],
      created: ISO,
      updated: ISO,
    });
    expect(Number.isInteger(created.id)).toBe(true);
    expect(response.headers().location).toMatch(new RegExp(`/api/assignment/${created.id}$`));

    for (const path of [
      `/api/assignment/${created.id}`,
      `/api/assignments/${created.id}`,
      `/api/assignment/${created.id}?x=1`,
      `/api/assignment/%20${created.id}`,
    ]) {
      expect(await expectJson(await request.get(path, { headers: authed(world.orgToken) }), 200), path).toEqual(
        created,
      );
    }
    // Unknown and malformed ids are 404 alike.
    for (const id of ["999999999", "abc", "0", "-1", "1.5", "99999999999999"]) {
      await expectError(await getAssignment(request, world.orgToken, id), 404, id);
    }
    // Minimal: only fullAnnotator and recordings; duplicates in the list count once.
    const minimal = await createAssignment(request, world.orgToken, {
      fullAnnotator: s.full.id,
      recordings: [s.refs[1], s.refs[1], s.refs[0]],
    });
    expect(minimal).toMatchObject({
      name: null,
      baseAnnotator: null,
      baseDueDate: null,
      fullDueDate: null,
      recordings: [refOut(s.recordings[1]), refOut(s.recordings[0])],
    });
    expect(minimal.id).not.toBe(created.id);
  });

  test("ids: strings accepted on input, client-chosen ids, 409 when taken, nothing changed", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 1);
    const id = chosenId();
    const created = await createAssignment(request, world.orgToken, {
      id: String(id),
      fullAnnotator: s.full.id,
      recordings: s.refs,
    });
    expect(created.id).toBe(id);
    expect((await expectJson<Assignment>(await getAssignment(request, world.orgToken, String(id)), 200)).id).toBe(id);

    const before = await listAssignments(request, world.orgToken);
    for (const taken of [id, String(id), ` ${id} `]) {
      await expectError(
        await postAssignment(request, world.orgToken, {
          id: taken,
          name: "again",
          fullAnnotator: s.full.id,
          recordings: s.refs,
        }),
        409,
      );
    }
    expect(await listAssignments(request, world.orgToken)).toEqual(before);
    expect((await expectJson<Assignment>(await getAssignment(request, world.orgToken, id), 200)).name).toBeNull();

    // Generated ids continue after a chosen one.
    const next = await createAssignment(request, world.orgToken, { fullAnnotator: s.full.id, recordings: s.refs });
    expect(next.id).toBeGreaterThan(id);

    // Ids that are no positive integers (or too large to be one) are refused on the field.
    for (const bad of ["abc", "1.5", 0, -3, 1.5, true, 3_000_000_000, "12abc", [1]]) {
      await expectFieldError(
        await postAssignment(request, world.orgToken, { id: bad, fullAnnotator: s.full.id, recordings: s.refs }),
        ASSIGNMENT,
        "id",
      );
    }
    expect(await listAssignments(request, world.orgToken)).toHaveLength(before.length + 1);
  });

  test("bad input: unknown, foreign and malformed recordings, annotators without the role; 422 and nothing created", async ({
    request,
    world,
    admin,
  }) => {
    const s = await setup(request, world, 2);
    const sibling = await siblingOrganisation(request, world);
    const siblingStudent = await sibling.member("STUDENT");
    const siblingChallenge = await createSpeechChallenge(request, sibling.world.orgToken);
    const [siblingRecording] = await seedRecordings(request, sibling.world, siblingStudent, siblingChallenge, 1);
    const other = await otherTenant(request, admin);
    const otherStudent = await member(request, other.world, "STUDENT");
    const otherChallenge = await createSpeechChallenge(request, other.world.orgToken);
    const [foreign] = await seedRecordings(request, other.world, otherStudent, otherChallenge, 1);
    const teacher = await member(request, world, "TEACHER");
    const secondChallenge = await createSpeechChallenge(request, world.orgToken);

    const ok = { fullAnnotator: s.full.id, baseAnnotator: s.base.id, recordings: s.refs };
    const r0 = s.refs[0];
    const missing: [string, unknown][] = [
      ["unknown recording", [{ ...r0, recording: "no-such-recording" }]],
      ["unknown challenge", [{ ...r0, challenge: "no-such-challenge" }]],
      ["unknown organisation", [{ ...r0, organisation: "no-such-org" }]],
      ["unknown tenant", [{ ...r0, tenant: "no-such-tenant" }]],
      ["the recording under another challenge of its organisation", [{ ...r0, challenge: secondChallenge }]],
      ["the recording under a sibling organisation's challenge", [{ ...r0, challenge: siblingChallenge }]],
      ["the recording under the sibling organisation", [{ ...r0, organisation: sibling.world.orgId }]],
      ["another tenant's recording", [foreign.ref]],
      ["another tenant's recording named under ours", [{ ...foreign.ref, tenant: world.tenantId }]],
      ["a sibling organisation's recording (organisation-level caller)", [siblingRecording.ref]],
      ["one good, one unknown", [r0, { ...r0, recording: "nope" }]],
    ];
    for (const [what, recordings] of missing) {
      await expectFieldError(
        await postAssignment(request, world.orgToken, { ...ok, recordings }),
        ASSIGNMENT,
        "recordings",
        "missing",
      ).catch((e) => {
        throw new Error(`${what}: ${e}`);
      });
    }
    const invalid: [string, Record<string, unknown>, string, string][] = [
      ["no recordings", { ...ok, recordings: [] }, "recordings", "invalid"],
      ["recordings not a list", { ...ok, recordings: r0 }, "recordings", "invalid"],
      [
        "a reference without its challenge",
        { ...ok, recordings: [{ tenant: r0.tenant, organisation: r0.organisation, recording: r0.recording }] },
        "recordings",
        "invalid",
      ],
      ["no full annotator", { recordings: s.refs }, "fullAnnotator", "missing_field"],
      ["unknown full annotator", { ...ok, fullAnnotator: "nobody-here" }, "fullAnnotator", "missing"],
      ["a base annotator as full annotator", { ...ok, fullAnnotator: s.base.id }, "fullAnnotator", "invalid"],
      ["a student as full annotator", { ...ok, fullAnnotator: s.student.id }, "fullAnnotator", "invalid"],
      ["a teacher as base annotator", { ...ok, baseAnnotator: teacher.id }, "baseAnnotator", "invalid"],
      ["another tenant's annotator", { ...ok, fullAnnotator: other.annotator.id }, "fullAnnotator", "missing"],
      ["a malformed due date", { ...ok, baseDueDate: "next week" }, "baseDueDate", "invalid"],
      ["an impossible due date", { ...ok, fullDueDate: "2030-02-31T25:00:00Z" }, "fullDueDate", "invalid"],
    ];
    for (const [what, body, field, code] of invalid) {
      await expectFieldError(await postAssignment(request, world.orgToken, body), ASSIGNMENT, field, code).catch(
        (e) => {
          throw new Error(`${what}: ${e}`);
        },
      );
    }
    await expectError(
      await request.post("/api/assignments", {
        data: "[1]",
        headers: { ...authed(world.orgToken), "content-type": "application/json" },
      }),
      [400, 422],
    );
    await expectError(
      await request.post("/api/assignments", {
        data: "{",
        headers: { ...authed(world.orgToken), "content-type": "application/json" },
      }),
      400,
    );
    expect(await listAssignments(request, world.orgToken)).toEqual([]);
    expect(await listAssignments(request, world.tenantToken)).toEqual([]);

    // The tenant reaches both of its organisations; one assignment may span them.
    const spanning = await createAssignment(request, world.tenantToken, {
      ...ok,
      recordings: [r0, siblingRecording.ref],
    });
    expect(spanning.recordings).toEqual([refOut(s.recordings[0]), refOut(siblingRecording)]);
  });

  test("who creates: administrators of each level; annotators, teachers and students get 403", async ({
    request,
    world,
    admin,
  }) => {
    const s = await setup(request, world, 1);
    const body = { fullAnnotator: s.full.id, recordings: s.refs };
    const teacher = await member(request, world, "TEACHER");
    for (const [who, token] of [
      ["base annotator", s.base.token],
      ["full annotator", s.full.token],
      ["student", s.student.token],
      ["teacher", teacher.token],
    ] as const) {
      await expectError(await postAssignment(request, token, body), 403, who);
    }
    expect(await listAssignments(request, world.orgToken)).toEqual([]);

    const tenantAdmin = await tenantUser(request, world, "TENANT");
    const made = [
      await createAssignment(request, world.orgToken, body),
      await createAssignment(request, s.adminUser.token, body),
      await createAssignment(request, world.tenantToken, body),
      await createAssignment(request, tenantAdmin.token, body),
      await createAssignment(request, admin, body),
    ];
    expect(made.every((a) => a.fullAnnotator === s.full.id)).toBe(true);
    expect((await listAssignments(request, world.orgToken)).map((a) => a.id)).toEqual(made.map((a) => a.id));
  });

  test("visibility: administrators see their scope, annotators only theirs, other tenants nothing (404)", async ({
    request,
    world,
    admin,
  }) => {
    const s = await setup(request, world, 2);
    const { base2, full2, bystander, a1, a2 } = await twoAssignments(request, s, s.refs[1]);
    const a3 = await createAssignment(request, world.orgToken, {
      baseAnnotator: s.full.id,
      fullAnnotator: full2.id,
      recordings: [s.refs[0]],
    });
    // Made by the tenant across two organisations: the tenant's, not either organisation's.
    const sibling = await siblingOrganisation(request, world);
    const siblingStudent = await sibling.member("STUDENT");
    const siblingChallenge = await createSpeechChallenge(request, sibling.world.orgToken);
    const [elsewhere] = await seedRecordings(request, sibling.world, siblingStudent, siblingChallenge, 1);
    const a4 = await createAssignment(request, world.tenantToken, {
      fullAnnotator: s.full.id,
      recordings: [s.refs[0], elsewhere.ref],
    });
    const a5 = await createAssignment(request, sibling.world.orgToken, {
      fullAnnotator: full2.id,
      recordings: [elsewhere.ref],
    });

    const ids = async (token: string) => (await listAssignments(request, token)).map((a) => a.id);
    const tenantAdmin = await tenantUser(request, world, "TENANT");
    const adminOf = await tenantUser(request, world, "ADMIN");
    expect(await ids(world.orgToken)).toEqual([a1.id, a2.id, a3.id]);
    expect(await ids(s.adminUser.token)).toEqual([a1.id, a2.id, a3.id]);
    expect(await ids(sibling.world.orgToken)).toEqual([a5.id]);
    expect(await ids(world.tenantToken)).toEqual([a1.id, a2.id, a3.id, a4.id, a5.id]);
    expect(await ids(tenantAdmin.token)).toEqual([a1.id, a2.id, a3.id, a4.id, a5.id]);
    expect(await ids(adminOf.token)).toEqual([a1.id, a2.id, a3.id, a4.id, a5.id]);
    // The top-level admin sees every tenant's: ours among them.
    const everything = await ids(admin);
    expect(everything).toEqual(expect.arrayContaining([a1.id, a2.id, a3.id, a4.id, a5.id]));
    // Annotators: those naming them, as base or as full annotator.
    expect(await ids(s.base.token)).toEqual([a1.id]);
    expect(await ids(s.full.token)).toEqual([a1.id, a3.id, a4.id]);
    expect(await ids(base2.token)).toEqual([a2.id]);
    expect(await ids(full2.token)).toEqual([a2.id, a3.id, a5.id]);
    expect(await ids(bystander.token)).toEqual([]);
    const teacher = await member(request, world, "TEACHER");
    await expectError(await request.get("/api/assignments", { headers: authed(s.student.token) }), 403);
    await expectError(await request.get("/api/assignments", { headers: authed(teacher.token) }), 403);
    await expectError(await request.get("/api/assignments"), 401);

    // Single reads follow the same rules; invisible reads as unknown.
    expect(await expectJson(await getAssignment(request, s.base.token, a1.id), 200)).toEqual(a1);
    expect(await expectJson(await getAssignment(request, admin, a4.id), 200)).toEqual(a4);
    for (const [who, token, id] of [
      ["base annotator, another's assignment", s.base.token, a2.id],
      ["bystander annotator", bystander.token, a1.id],
      ["organisation, tenant-wide assignment", world.orgToken, a4.id],
      ["sibling organisation", sibling.world.orgToken, a1.id],
    ] as const) {
      await expectError(await getAssignment(request, token, id), 404, who);
    }
    const other = await otherTenant(request, admin);
    for (const token of [other.world.tenantToken, other.world.orgToken, other.annotator.token]) {
      await expectError(await getAssignment(request, token, a1.id), 404);
      expect(await ids(token)).toEqual([]);
      await expectError(await putAssignment(request, token, a1.id, { name: "hijacked" }), [403, 404]);
    }
    await expectError(await putAssignment(request, other.world.tenantToken, a1.id, { name: "hijacked" }), 404);
    expect(await expectJson(await getAssignment(request, world.orgToken, a1.id), 200)).toEqual(a1);
    // Nor can another tenant put our recordings into an assignment of its own: they read as unknown.
    for (const token of [other.world.tenantToken, other.world.orgToken]) {
      await expectFieldError(
        await postAssignment(request, token, { fullAnnotator: other.annotator.id, recordings: s.refs }),
        ASSIGNMENT,
        "recordings",
        "missing",
      );
      await expectFieldError(
        await postAssignment(request, token, {
          fullAnnotator: other.annotator.id,
          recordings: [{ ...s.refs[0], tenant: other.world.tenantId }],
        }),
        ASSIGNMENT,
        "recordings",
        "missing",
      );
    }
    expect(await ids(other.world.tenantToken)).toEqual([]);
  });

  test("GET /assignments is paginated: perPage, Link rel=next, plain list", async ({ request, world }) => {
    const s = await setup(request, world, 1);
    const made: number[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        (
          await createAssignment(request, world.orgToken, {
            name: `A${i}`,
            fullAnnotator: s.full.id,
            recordings: s.refs,
          })
        ).id,
      );
    const first = await request.get("/api/assignments?perPage=2", { headers: authed(s.full.token) });
    expect((await expectJson<Assignment[]>(first, 200)).map((a) => a.id)).toEqual(made.slice(0, 2));
    expect(first.headers().link).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/api\/assignments\?perPage=2&startCursor=[^>]+>; rel="next"$/,
    );
    expect((await listAssignments(request, s.full.token, 2)).map((a) => a.id)).toEqual(made);
    expect((await listAssignments(request, s.full.token, 5)).map((a) => a.id)).toEqual(made);
    const all = await request.get("/api/assignments?perPage=5", { headers: authed(s.full.token) });
    expect(all.headers().link).toBeUndefined();
    for (const bad of ["perPage=0", "perPage=101", "perPage=x", "startCursor=garbage", "startCursor=abc.def"]) {
      await expectError(
        await request.get(`/api/assignments?${bad}`, { headers: authed(s.full.token) }),
        [400, 422],
        bad,
      );
    }
  });

  test("PUT is incremental; recordings replace the list; annotated recordings cannot leave (409); refusals change nothing", async ({
    request,
    world,
    admin,
  }) => {
    const s = await setup(request, world, 3);
    const full2 = await member(request, world, "ANNOTATOR_FULL");
    const a = await createAssignment(request, world.orgToken, {
      name: "Round 1",
      baseAnnotator: s.base.id,
      fullAnnotator: s.full.id,
      recordings: s.refs.slice(0, 2),
      baseDueDate: "2030-01-01",
    });
    const put = async (body: Record<string, unknown>, token = world.orgToken) =>
      expectJson<Assignment>(await putAssignment(request, token, a.id, body), 200);

    const renamed = await put({ name: "Round 2" });
    expect(renamed).toEqual({ ...a, name: "Round 2", updated: ISO });
    expect(await put({})).toMatchObject({
      name: "Round 2",
      baseAnnotator: s.base.id,
      fullAnnotator: s.full.id,
      baseDueDate: "2030-01-01",
      recordings: a.recordings,
    });
    expect(await put({ fullDueDate: "2030-03-01", baseDueDate: null })).toMatchObject({
      baseDueDate: null,
      fullDueDate: "2030-03-01",
      name: "Round 2",
    });
    expect(await put({ fullAnnotator: full2.id, baseAnnotator: null })).toMatchObject({
      fullAnnotator: full2.id,
      baseAnnotator: null,
    });
    expect(await put({ fullAnnotator: s.full.id, baseAnnotator: s.base.id, name: "" })).toMatchObject({
      fullAnnotator: s.full.id,
      baseAnnotator: s.base.id,
      name: null,
    });
    // The singular path is read-only.
    await expectError(
      await request.put(`/api/assignment/${a.id}`, { data: { name: "x" }, headers: authed(world.orgToken) }),
      405,
    );

    // Add the third recording and reorder.
    const replaced = await put({ recordings: [s.refs[2], s.refs[0], s.refs[1]] });
    expect(replaced.recordings).toEqual([refOut(s.recordings[2]), refOut(s.recordings[0]), refOut(s.recordings[1])]);

    // An annotation on recording 0: the list shows it; recording 0 may not leave.
    const annotation = await createAnnotation(request, s.base.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: words(["the", "cat"]),
    });
    const withAnnotation = await expectJson<Assignment>(await getAssignment(request, world.orgToken, a.id), 200);
    expect(withAnnotation.annotations).toEqual([
      { id: annotation.id, recording: refOut(s.recordings[0]), doneBase: null, doneFull: null },
    ]);
    const response = await putAssignment(request, world.orgToken, a.id, {
      name: "dropped",
      recordings: [s.refs[1], s.refs[2]],
    });
    expect((await expectError(response, 409)).message).toContain(String(annotation.id));
    expect(await expectJson(await getAssignment(request, world.orgToken, a.id), 200)).toEqual(withAnnotation);
    // Others may leave.
    const kept = await put({ recordings: [s.refs[0]] });
    expect(kept.recordings).toEqual([refOut(s.recordings[0])]);
    expect(kept.annotations).toHaveLength(1);

    // Refusals: bad references, annotators, types; annotators and other tenants; unknown ids.
    const current = await expectJson<Assignment>(await getAssignment(request, world.orgToken, a.id), 200);
    await expectFieldError(
      await putAssignment(request, world.orgToken, a.id, { recordings: [{ ...s.refs[0], recording: "gone" }] }),
      ASSIGNMENT,
      "recordings",
      "missing",
    );
    await expectFieldError(
      await putAssignment(request, world.orgToken, a.id, { recordings: [] }),
      ASSIGNMENT,
      "recordings",
    );
    await expectFieldError(
      await putAssignment(request, world.orgToken, a.id, { fullAnnotator: s.base.id }),
      ASSIGNMENT,
      "fullAnnotator",
    );
    await expectFieldError(
      await putAssignment(request, world.orgToken, a.id, { fullAnnotator: null }),
      ASSIGNMENT,
      "fullAnnotator",
    );
    await expectFieldError(
      await putAssignment(request, world.orgToken, a.id, { baseAnnotator: s.student.id }),
      ASSIGNMENT,
      "baseAnnotator",
    );
    await expectFieldError(await putAssignment(request, world.orgToken, a.id, { name: 12 }), ASSIGNMENT, "name");
    await expectError(await putAssignment(request, s.full.token, a.id, { name: "mine now" }), 403);
    await expectError(await putAssignment(request, s.base.token, a.id, { recordings: [s.refs[0], s.refs[1]] }), 403);
    const other = await otherTenant(request, admin);
    await expectError(await putAssignment(request, other.world.orgToken, a.id, { name: "x" }), 404);
    await expectError(await putAssignment(request, world.orgToken, 999_999_999, { name: "x" }), 404);
    await expectError(await putAssignment(request, world.orgToken, "abc", { name: "x" }), 404);
    expect(await expectJson(await getAssignment(request, world.orgToken, a.id), 200)).toEqual(current);
  });

  test("annotators of a sibling organisation: assigned by the tenant, they see it and download the audio", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 1);
    const sibling = await siblingOrganisation(request, world);
    const outsideFull = await sibling.member("ANNOTATOR_FULL");
    // Annotator ids are looked up tenant-wide.
    const a = await createAssignment(request, world.tenantToken, { fullAnnotator: outsideFull.id, recordings: s.refs });
    expect(a.fullAnnotator).toBe(outsideFull.id);
    expect((await listAssignments(request, outsideFull.token)).map((x) => x.id)).toEqual([a.id]);
    const annotation = await createAnnotation(request, outsideFull.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: words(["the"]),
    });
    expect(annotation.audioUrl).toMatch(downloadUrlPattern());
    const { wav } = await testAudio();
    const bytes = await download(request, outsideFull.token, annotation.audioUrl);
    expect(bytes.length).toBe(wav.length);
    // A user of the sibling organisation who is not assigned gets nothing.
    const stranger = await sibling.member("ANNOTATOR_FULL");
    expect((await request.get(annotation.audioUrl, { headers: authed(stranger.token) })).status()).toBe(404);
  });

  test("ambiguous annotator ids across organisations are refused; the caller's own namespace wins", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 1);
    const sibling = await siblingOrganisation(request, world);
    const id = uniqueId("twin");
    await createUser(request, world.orgToken, { id, roles: ["ANNOTATOR_FULL"] });
    await createUser(request, sibling.world.orgToken, { id, roles: ["ANNOTATOR_FULL"] });
    // The organisation means its own user.
    const mine = await createAssignment(request, world.orgToken, { fullAnnotator: id, recordings: s.refs });
    const ownToken = await asMember(request, world, id);
    expect((await listAssignments(request, ownToken)).map((a) => a.id)).toEqual([mine.id]);
    // The tenant cannot tell them apart.
    await expectFieldError(
      await postAssignment(request, world.tenantToken, { fullAnnotator: id, recordings: s.refs }),
      ASSIGNMENT,
      "fullAnnotator",
    );
  });
});
