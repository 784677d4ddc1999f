// Reference annotations over HTTP (service-interface.md section 4 "Annotations": GET/PUT
// /organisations/:organisation/challenges/speech/:challenge/recordings/:recording/reference, the
// same shape as a single annotation; no POST; "it needs different permissions than the recording
// update; an admin impersonates"). Readers: whoever sees the recording (its organisation's
// administrators and teachers, its owner, its tenant) and the annotators it is assigned to.
// Writers: administrators in scope and the recording's full annotators. Version safety as for
// annotations; export and import as for annotations. Refusals change nothing.
import type { APIRequestContext } from "@playwright/test";
import {
  ANNOTATION_FIELDS,
  type Annotation,
  createAssignment,
  createSpeechChallenge,
  type FragmentIn,
  importFile,
  layerOf,
  normalised,
  otherTenant,
  putReference,
  REFERENCE,
  type Ref,
  referencePath,
  refOut,
  seedRecordings,
  setup,
  siblingOrganisation,
  tenantUser,
  words,
} from "../support/annotations";
import { authed, expectJson, impersonate, member } from "../support/api";
import { expectError, expectFieldError, ISO } from "../support/assertions";
import { prepareTestAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";

prepareTestAudio();

const get = (request: APIRequestContext, token: string, r: Ref) =>
  request.get(referencePath(r), { headers: authed(token) });

async function read(request: APIRequestContext, token: string, r: Ref) {
  const response = await get(request, token, r);
  return { body: await expectJson<Annotation>(response, 200), etag: response.headers().etag };
}

const ALIGNED: FragmentIn[] = [
  ...words(["the", "cat", "sits"], 0.05, 0.25),
  { start: 0.05, end: 0.8, labels: [{ layer: "Prompt", label: "Prompt", comment: "forced alignment" }] },
];

test.describe("reference annotations", () => {
  test("PUT creates and replaces; GET reads it in the shape of an annotation; no POST", async ({ request, world }) => {
    const s = await setup(request, world, 1);
    const r = s.refs[0];
    await expectError(await get(request, world.orgToken, r), 404);
    const response = await putReference(request, world.orgToken, r, ALIGNED);
    const saved = await expectJson<Annotation>(response, 200);
    expect(Object.keys(saved).sort()).toEqual(ANNOTATION_FIELDS);
    expect(saved).toEqual({
      id: null,
      doneBase: null,
      doneFull: null,
      recording: refOut(s.recordings[0]),
      assignment: null,
      fragments: normalised(ALIGNED),
      audioUrl: s.recordings[0].audioUrl,
      peaksUrl: expect.any(String),
      normalisedAudioUrl: expect.any(String),
      duration: s.durationMs / 1000,
      version: 1,
      created: ISO,
      updated: ISO,
    });
    const etag = response.headers().etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(await read(request, world.orgToken, r)).toEqual({ body: saved, etag });

    const replaced = await expectJson<Annotation>(await putReference(request, world.orgToken, r, words(["only"])), 200);
    expect(replaced).toMatchObject({ version: 2, fragments: normalised(words(["only"])), created: saved.created });
    const cleared = await expectJson<Annotation>(await putReference(request, world.orgToken, r, []), 200);
    expect(cleared.fragments).toEqual([]);
    await expectError(
      await request.post(referencePath(r), { data: { annotations: [] }, headers: authed(world.orgToken) }),
      405,
    );
    await expectError(await request.delete(referencePath(r), { headers: authed(world.orgToken) }), 405);

    // Unknown recordings, challenges, organisations: 404.
    for (const bad of [
      { ...r, recording: "nope" },
      { ...r, challenge: "nope" },
      { ...r, organisation: "nope" },
    ]) {
      await expectError(await get(request, world.orgToken, bad), 404);
      await expectError(await putReference(request, world.orgToken, bad, []), 404);
    }
  });

  test("who reads and who writes; an admin impersonates; other tenants get 404", async ({ request, world, admin }) => {
    const s = await setup(request, world, 2);
    const r = s.refs[0];
    await createAssignment(request, world.orgToken, {
      baseAnnotator: s.base.id,
      fullAnnotator: s.full.id,
      recordings: [r],
    });
    // A full annotator who is the base annotator of another assignment of the same recording.
    const both = await member(request, world, "ANNOTATOR_FULL");
    await createAssignment(request, world.orgToken, {
      baseAnnotator: both.id,
      fullAnnotator: s.full.id,
      recordings: [r],
    });
    await createAssignment(request, world.orgToken, { fullAnnotator: both.id, recordings: [r] });
    await expectJson(await putReference(request, world.orgToken, r, ALIGNED), 200);

    const teacher = await member(request, world, "TEACHER");
    const otherStudent = await member(request, world, "STUDENT");
    const bystander = await member(request, world, "ANNOTATOR_FULL");
    const tenantAdmin = await tenantUser(request, world, "TENANT");
    const sibling = await siblingOrganisation(request, world);
    const siblingTeacher = await sibling.member("TEACHER");
    const other = await otherTenant(request, admin);
    const impersonatingAdmin = await impersonate(
      request,
      admin,
      `tenant/${world.tenantId}/organisation/${world.orgId}`,
    );
    const impersonatingTenant = await impersonate(request, admin, `tenant/${world.tenantId}`);

    const readers: [string, string][] = [
      ["organisation", world.orgToken],
      ["ADMIN user", s.adminUser.token],
      ["teacher", teacher.token],
      ["the recording's owner", s.student.token],
      ["tenant", world.tenantToken],
      ["tenant administrator", tenantAdmin.token],
      ["base annotator", s.base.token],
      ["full annotator", s.full.token],
      ["base here, full there", both.token],
      ["top-level admin as the organisation", impersonatingAdmin],
      ["top-level admin as the tenant", impersonatingTenant],
    ];
    const expected = await read(request, world.orgToken, r);
    for (const [who, token] of readers) expect(await read(request, token, r), who).toEqual(expected);
    for (const [who, token, status] of [
      ["another student", otherStudent.token, 404],
      ["an annotator not assigned", bystander.token, 404],
      ["sibling organisation", sibling.world.orgToken, 404],
      ["sibling teacher", siblingTeacher.token, 404],
      ["other tenant", other.world.tenantToken, 404],
      ["other tenant's organisation", other.world.orgToken, 404],
      ["other tenant's annotator", other.annotator.token, 404],
      ["top-level admin without impersonating", admin, 403],
    ] as const) {
      await expectError(await get(request, token, r), status, `GET by ${who}`);
      await expectError(await putReference(request, token, r, words(["hijack"])), status, `PUT by ${who}`);
    }
    for (const [who, token] of [
      ["base annotator", s.base.token],
      ["teacher", teacher.token],
      ["the recording's owner", s.student.token],
    ] as const) {
      await expectError(await putReference(request, token, r, words(["mine"])), 403, `PUT by ${who}`);
    }
    expect(await read(request, world.orgToken, r)).toEqual(expected);

    // Writers: administrators in scope (the top-level admin impersonating), the full annotators.
    let version = expected.body.version;
    for (const [who, token] of [
      ["organisation", world.orgToken],
      ["ADMIN user", s.adminUser.token],
      ["tenant", world.tenantToken],
      ["tenant administrator", tenantAdmin.token],
      ["top-level admin as the organisation", impersonatingAdmin],
      ["full annotator", s.full.token],
      ["base here, full there", both.token],
    ] as const) {
      const saved = await expectJson<Annotation>(
        await putReference(request, token, r, words([who.replace(/[^a-z]/gi, "")])),
        200,
      ).catch((e) => {
        throw new Error(`${who}: ${e}`);
      });
      expect(saved.version, who).toBe(++version);
    }
    // A full annotator may write the reference of their recordings only.
    await expectError(await putReference(request, s.full.token, s.refs[1], words(["x"])), 404);
    await expectError(await putReference(request, both.token, s.refs[1], words(["x"])), 404);
  });

  test("validation and version safety: 422 and 409 change nothing", async ({ request, world }) => {
    const s = await setup(request, world, 1);
    const r = s.refs[0];
    // If-Match with nothing saved yet is a conflict; without it the first save works.
    await expectError(await putReference(request, world.orgToken, r, ALIGNED, '"reference-x-v1"'), 409);
    await expectError(await get(request, world.orgToken, r), 404);
    const first = await putReference(request, world.orgToken, r, ALIGNED, "*");
    await expectJson(first, 200);
    const current = await read(request, world.orgToken, r);

    const end = s.durationMs / 1000;
    for (const [what, body, field, code] of [
      ["no annotations", {}, "annotations", "missing_field"],
      ["annotations not a list", { annotations: "the cat" }, "annotations", "invalid"],
      [
        "past the end",
        { annotations: [{ start: 0, end: end + 0.01, labels: [{ layer: "Words", label: "x" }] }] },
        "annotations",
        "invalid",
      ],
      [
        "start after end",
        { annotations: [{ start: 0.4, end: 0.2, labels: [{ layer: "Words", label: "x" }] }] },
        "annotations",
        "invalid",
      ],
      [
        "unknown layer",
        { annotations: [{ start: 0, end: 0.2, labels: [{ layer: "Syllables", label: "x" }] }] },
        "annotations",
        "invalid",
      ],
      [
        "unknown label",
        { annotations: [{ start: 0, end: 0.2, labels: [{ layer: "Prompt", label: "x" }] }] },
        "annotations",
        "invalid",
      ],
      ["overlap on Words", { annotations: [...words(["a", "b"]), ...words(["c"], 0.1)] }, "annotations", "invalid"],
    ] as const) {
      const response = await request.put(referencePath(r), { data: body, headers: authed(world.orgToken) });
      await expectFieldError(response, REFERENCE, field, code).catch((e) => {
        throw new Error(`${what}: ${e}`);
      });
    }
    expect(await read(request, world.orgToken, r)).toEqual(current);

    // Stale If-Match: 409 with the current state.
    const saved = await putReference(request, world.orgToken, r, words(["new"]), current.etag);
    const v2 = saved.headers().etag;
    await expectJson(saved, 200);
    const stale = await putReference(request, s.adminUser.token, r, words(["lost"]), current.etag);
    const body = (await expectError(stale, 409)) as unknown as { current: Annotation };
    const now = await read(request, world.orgToken, r);
    expect(body.current).toEqual(now.body);
    expect(stale.headers().etag).toBe(v2);
    expect(now.etag).toBe(v2);
    await expectError(await putReference(request, world.orgToken, r, words(["x"]), "garbage"), 400);
    expect(await read(request, world.orgToken, r)).toEqual(now);

    // Concurrent saves with the same If-Match: one wins, the other sees its state.
    for (let round = 0; round < 3; round++) {
      const { etag } = await read(request, world.orgToken, r);
      const [r1, r2] = await Promise.all([
        putReference(request, world.orgToken, r, words([`a${round}`]), etag),
        putReference(request, s.adminUser.token, r, words([`b${round}`]), etag),
      ]);
      expect([r1.status(), r2.status()].sort()).toEqual([200, 409]);
      const [winner, loser] = r1.status() === 200 ? [r1, r2] : [r2, r1];
      expect(((await loser.json()) as { current: Annotation }).current).toEqual(await winner.json());
    }
    // Without If-Match all of them land.
    const version = (await read(request, world.orgToken, r)).body.version;
    const all = await Promise.all([0, 1, 2].map((i) => putReference(request, world.orgToken, r, words([`c${i}`]))));
    for (const x of all) expect(x.status(), await x.text()).toBe(200);
    expect((await read(request, world.orgToken, r)).body.version).toBe(version + 3);
    expect(new Set(all.map((x) => x.headers().etag)).size).toBe(3);
  });

  test("export and import: a reference's TextGrid becomes another recording's reference; bad files change nothing", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 2);
    const [r1, r2] = s.refs;
    await expectError(
      await request.get(`${referencePath(r1)}/export?format=textgrid`, { headers: authed(world.orgToken) }),
      404,
    );
    const source = await expectJson<Annotation>(await putReference(request, world.orgToken, r1, ALIGNED), 200);
    for (const format of ["textgrid", "eaf"] as const) {
      const exported = await request.get(`${referencePath(r1)}/export?format=${format}`, {
        headers: authed(s.student.token),
      });
      expect(exported.status()).toBe(200);
      expect(exported.headers()["content-disposition"]).toBe(
        `attachment; filename="reference-${r1.recording}.${format === "eaf" ? "eaf" : "TextGrid"}"`,
      );
      const imported = await expectJson<Annotation>(
        await importFile(request, world.orgToken, `${referencePath(r2)}/import`, await exported.body()),
        200,
      );
      expect(layerOf(imported.fragments, "Words")).toEqual(layerOf(source.fragments, "Words"));
      expect(layerOf(imported.fragments, "Prompt")).toEqual(layerOf(source.fragments, "Prompt"));
      expect(imported.recording).toEqual(refOut(s.recordings[1]));
    }
    const json = await request.get(`${referencePath(r1)}/export?format=json`, { headers: authed(world.orgToken) });
    expect(await json.json()).toEqual(source);

    const before = await read(request, world.orgToken, r2);
    await expectFieldError(
      await importFile(request, world.orgToken, `${referencePath(r2)}/import`, "not a textgrid"),
      REFERENCE,
      "file",
    );
    await expectFieldError(
      await importFile(
        request,
        world.orgToken,
        `${referencePath(r2)}/import`,
        'File type = "ooTextFile"\nObject class = "TextGrid"\n0\n1\n<exists>\n1\n"IntervalTier"\n"Words"\n0\n1\n1\n0\n0.5',
      ),
      REFERENCE,
      "file",
    );
    await expectError(
      await importFile(
        request,
        s.base.token,
        `${referencePath(r2)}/import`,
        await (
          await request.get(`${referencePath(r1)}/export?format=textgrid`, { headers: authed(world.orgToken) })
        ).body(),
      ),
      404,
    );
    await expectError(
      await importFile(
        request,
        s.student.token,
        `${referencePath(r2)}/import`,
        'File type = "ooTextFile"\nObject class = "TextGrid"\n0\n1\n<absent>\n',
      ),
      403,
    );
    await expectError(
      await importFile(
        request,
        world.orgToken,
        `${referencePath(r2)}/import`,
        'File type = "ooTextFile"\nObject class = "TextGrid"\n0\n1\n<absent>\n',
        "x.TextGrid",
        '"reference-x-v9"',
      ),
      409,
    );
    expect(await read(request, world.orgToken, r2)).toEqual(before);
  });

  test("another organisation's recordings are not reachable through ours", async ({ request, world }) => {
    const s = await setup(request, world, 1);
    const sibling = await siblingOrganisation(request, world);
    const siblingStudent = await sibling.member("STUDENT");
    const [theirs] = await seedRecordings(
      request,
      sibling.world,
      siblingStudent,
      await createSpeechChallenge(request, sibling.world.orgToken),
      1,
    );
    // Named under our organisation: unknown.
    await expectError(await get(request, world.orgToken, { ...theirs.ref, organisation: world.orgId }), 404);
    await expectError(
      await putReference(request, world.orgToken, { ...theirs.ref, organisation: world.orgId }, []),
      404,
    );
    // Named under theirs: ours is an organisation token of another organisation.
    await expectError(await get(request, world.orgToken, theirs.ref), 404);
    await expectError(await putReference(request, s.adminUser.token, theirs.ref, []), 404);
    // The tenant reaches both.
    await expectJson(await putReference(request, world.tenantToken, theirs.ref, []), 200);
  });
});
