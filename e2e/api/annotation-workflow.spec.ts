// The two-stage annotation workflow and the label schemes, over HTTP (service-interface.md
// "Annotation": base and full annotators, the full annotator corrects the base annotator;
// api-conventions.md: base annotators get a subset of the labels, full annotators all; the
// rules of lib/annotations/workflow.ts and label-schemes.ts). The base annotator labels and
// marks doneBase; the full annotator corrects and marks doneFull, which ends the base
// annotator's part; administrators may do anything. Label sets per layer are configured per
// organisation (GET/PUT/DELETE /organisations/:organisation/annotation-scheme). Every refusal
// leaves the annotation as it was.
import type { APIRequestContext } from "@playwright/test";
import {
  ANNOTATION,
  type Annotation,
  type Assignment,
  assign,
  createAnnotation,
  createAssignment,
  type FragmentIn,
  getAssignment,
  listAnnotations,
  normalised,
  otherTenant,
  postAnnotation,
  putAnnotation,
  readAnnotation,
  refOut,
  SCHEME,
  type Scheme,
  type SchemeLayer,
  schemePath,
  setup,
  siblingOrganisation,
  tenantUser,
  words,
} from "../support/annotations";
import { authed, expectJson, impersonate } from "../support/api";
import { expectError, expectFieldError, ISO } from "../support/assertions";
import { prepareTestAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";

prepareTestAudio();

const error = (label: string, start = 0, end = 0.2): FragmentIn => ({
  start,
  end,
  labels: [{ layer: "Error", label }],
});

/** PUT that must be refused with `status`, leaving the annotation exactly as it was. */
async function refused(
  request: APIRequestContext,
  token: string,
  id: number,
  body: Record<string, unknown>,
  status: number,
  what: string,
) {
  const before = await readAnnotation(request, token, id);
  await expectError(await putAnnotation(request, token, id, body), status, what);
  expect(await readAnnotation(request, token, id), `${what}: unchanged`).toEqual(before);
}

test.describe("two-stage workflow", () => {
  test("base labels and marks doneBase; full corrects and marks doneFull; then the base annotator is done", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 2);
    const a = await assign(request, s);
    const n = await createAnnotation(request, s.base.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: words(["the", "cat", "sits"]),
    });
    const id = n.id!;

    // Base: doneFull is not theirs, Error labels neither; the full annotator cannot finish before them.
    await refused(request, s.base.token, id, { doneFull: true }, 403, "base sets doneFull");
    await refused(
      request,
      s.base.token,
      id,
      { fragments: [...words(["the"]), error("Pronunciation")] },
      422,
      "base uses an Error label",
    );
    await refused(request, s.full.token, id, { doneFull: true }, 409, "full finishes before base");
    await refused(request, s.full.token, id, { doneBase: true }, 403, "full marks doneBase for base");
    // The base annotator may set and clear doneBase, and keep editing.
    const marked = await expectJson<Annotation>(
      await putAnnotation(request, s.base.token, id, { doneBase: true }),
      200,
    );
    expect(marked.doneBase).toEqual(ISO);
    await expectJson(await putAnnotation(request, s.base.token, id, { doneBase: null }), 200);
    const edited = await expectJson<Annotation>(
      await putAnnotation(request, s.base.token, id, { doneBase: true, fragments: words(["the", "cat", "sat"]) }),
      200,
    );
    expect(edited.doneBase).toEqual(ISO);

    // The assignment shows the markers.
    const assignment = await expectJson<Assignment>(await getAssignment(request, s.full.token, a.id), 200);
    expect(assignment.annotations).toEqual([
      { id, recording: refOut(s.recordings[0]), doneBase: edited.doneBase, doneFull: null },
    ]);

    // Full corrects: adds an Error label (overlaps allowed there), then finishes.
    const corrected = await expectJson<Annotation>(
      await putAnnotation(request, s.full.token, id, {
        fragments: [...words(["the", "cat", "sat"]), error("Pronunciation", 0.2, 0.4), error("Grammar", 0.3, 0.6)],
      }),
      200,
    );
    expect(corrected.doneBase).toBe(edited.doneBase);
    // Echoing the current markers changes nothing (clients send whole objects back).
    await expectJson(
      await putAnnotation(request, s.full.token, id, { doneBase: corrected.doneBase, doneFull: null }),
      200,
    );
    const done = await expectJson<Annotation>(await putAnnotation(request, s.full.token, id, { doneFull: true }), 200);
    expect(done).toMatchObject({ doneBase: edited.doneBase, doneFull: ISO });
    expect(
      (await expectJson<Assignment>(await getAssignment(request, s.base.token, a.id), 200)).annotations[0],
    ).toMatchObject({ doneBase: edited.doneBase, doneFull: done.doneFull });

    // The base annotator's part is over: no edits, no markers, not even an echo.
    await refused(request, s.base.token, id, { fragments: words(["mine"]) }, 409, "base edits after doneFull");
    await refused(request, s.base.token, id, { doneBase: null }, 409, "base reopens after doneFull");
    await refused(request, s.base.token, id, { doneFull: null }, 409, "base clears doneFull");
    await refused(request, s.base.token, id, {}, 409, "base saves nothing after doneFull");
    // The full annotator keeps correcting; cannot send the work back while done.
    const later = await expectJson<Annotation>(
      await putAnnotation(request, s.full.token, id, {
        fragments: [...words(["the", "cat", "sat", "down"]), error("Pronunciation", 0.2, 0.4)],
      }),
      200,
    );
    expect(later.doneFull).toBe(done.doneFull);
    await refused(request, s.full.token, id, { doneBase: null }, 409, "full clears doneBase while done");
    // Reopen: clear doneFull, then send the work back; the base annotator may edit again.
    await expectJson(await putAnnotation(request, s.full.token, id, { doneFull: false }), 200);
    const back = await expectJson<Annotation>(await putAnnotation(request, s.full.token, id, { doneBase: false }), 200);
    expect(back).toMatchObject({ doneBase: null, doneFull: null });
    // The Error labels the full annotator placed stay where they are when the base annotator saves around them.
    const resaved = await expectJson<Annotation>(
      await putAnnotation(request, s.base.token, id, { fragments: back.fragments }),
      200,
    );
    expect(resaved.fragments).toEqual(back.fragments);
    await refused(
      request,
      s.base.token,
      id,
      { fragments: [...back.fragments.filter((f) => f.labels[0].layer !== "Error"), error("Grammar", 0.7, 0.75)] },
      422,
      "base adds a new Error label",
    );
  });

  test("after handing over (doneBase) the base annotator's fragment changes are refused until reopened; echoes and the full annotator are not", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 1);
    const a = await assign(request, s);
    const n = await createAnnotation(request, s.base.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: words(["the", "cat", "sits"]),
    });
    const id = n.id!;
    const handed = await expectJson<Annotation>(
      await putAnnotation(request, s.base.token, id, { doneBase: true }),
      200,
    );
    // Deleting a fragment, or changing one, is refused with a clear 409; the annotation stays as it was.
    await refused(request, s.base.token, id, { fragments: words(["the", "cat"]) }, 409, "base deletes after base done");
    const refusal = await expectError(
      await putAnnotation(request, s.base.token, id, { fragments: words(["the", "dog", "sits"]) }),
      409,
    );
    expect(refusal.message).toContain("reopen it");
    // Sending the fragments back unchanged (whole objects) is no change, and allowed.
    await expectJson(
      await putAnnotation(request, s.base.token, id, { doneBase: handed.doneBase, fragments: handed.fragments }),
      200,
    );
    // The full annotator corrects as before.
    const corrected = await expectJson<Annotation>(
      await putAnnotation(request, s.full.token, id, { fragments: words(["the", "cat", "sat"]) }),
      200,
    );
    // Reopened (by the base annotator, here in the same request), the base annotator edits again.
    const reopened = await expectJson<Annotation>(
      await putAnnotation(request, s.base.token, id, {
        doneBase: null,
        fragments: words(["the", "cat", "sat", "down"]),
      }),
      200,
    );
    expect(reopened.doneBase).toBeNull();
    expect(reopened.fragments.length).toBe(corrected.fragments.length + 1);
    // Sent back by the full annotator after a second hand-over: editable again.
    await expectJson(await putAnnotation(request, s.base.token, id, { doneBase: true }), 200);
    await refused(request, s.base.token, id, { fragments: words(["x"]) }, 409, "base edits after the second hand-over");
    await expectJson(await putAnnotation(request, s.full.token, id, { doneBase: null }), 200);
    await expectJson(await putAnnotation(request, s.base.token, id, { fragments: words(["the", "end"]) }), 200);
  });

  test("base annotators create only within their subset and never done for the full annotator", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 3);
    const a = await assign(request, s);
    const state = () => listAnnotations(request, world.orgToken, `assignment=${a.id}`);
    await expectFieldError(
      await postAnnotation(request, s.base.token, {
        assignment: a.id,
        recording: s.refs[0],
        fragments: [error("Deletion")],
      }),
      ANNOTATION,
      "fragments",
    );
    await expectError(
      await postAnnotation(request, s.base.token, {
        assignment: a.id,
        recording: s.refs[0],
        fragments: [],
        doneFull: true,
      }),
      403,
    );
    await expectError(
      await postAnnotation(request, s.full.token, {
        assignment: a.id,
        recording: s.refs[0],
        fragments: [],
        doneFull: true,
      }),
      409,
    );
    await expectError(
      await postAnnotation(request, s.full.token, {
        assignment: a.id,
        recording: s.refs[0],
        fragments: [],
        doneBase: true,
      }),
      403,
    );
    expect(await state()).toEqual([]);
    // Allowed: base marks doneBase on create; full creates with Error labels.
    const n1 = await createAnnotation(request, s.base.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: words(["a"]),
      doneBase: true,
    });
    expect(n1.doneBase).toEqual(ISO);
    const n2 = await createAnnotation(request, s.full.token, {
      assignment: a.id,
      recording: s.refs[1],
      fragments: [error("Deletion")],
    });
    expect(n2.fragments).toEqual(normalised([error("Deletion")]));
    expect((await state()).map((n) => n.id)).toEqual([n1.id, n2.id]);
  });

  test("without a base annotator the full annotator does both stages", async ({ request, world }) => {
    const s = await setup(request, world, 2);
    const a = await createAssignment(request, world.orgToken, { fullAnnotator: s.full.id, recordings: s.refs });
    const n = await createAnnotation(request, s.full.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: words(["hi"]),
      doneFull: true,
    });
    expect(n).toMatchObject({ doneBase: null, doneFull: ISO });
    const m = await createAnnotation(request, s.full.token, {
      assignment: a.id,
      recording: s.refs[1],
      fragments: [],
      doneBase: "2030-05-05T10:00:00Z",
    });
    expect(m.doneBase).toBe("2030-05-05T10:00:00.000Z");
    // The base annotator of the organisation has nothing to do with it.
    await expectError(await putAnnotation(request, s.base.token, n.id!, { doneBase: true }), 404);
    // Adding a base annotator later: the ones not done wait for them again.
    await expectJson(
      await request.put(`/api/assignments/${a.id}`, {
        data: { baseAnnotator: s.base.id },
        headers: authed(world.orgToken),
      }),
      200,
    );
    // m is marked base done: the base annotator reopens it to change it (issue 29: no edits after base done).
    await refused(request, s.base.token, m.id!, { fragments: words(["later"]) }, 409, "base edits while base done");
    await expectJson(
      await putAnnotation(request, s.base.token, m.id!, { doneBase: null, fragments: words(["later"]) }),
      200,
    );
    await refused(request, s.base.token, n.id!, { fragments: words(["later"]) }, 409, "base after doneFull");
  });

  test("administrators move any marker", async ({ request, world }) => {
    const s = await setup(request, world, 1);
    const a = await assign(request, s);
    const n = await createAnnotation(request, s.base.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: words(["x"]),
    });
    const tenantAdmin = await tenantUser(request, world, "TENANT");
    for (const [token, body] of [
      [s.adminUser.token, { doneFull: true }],
      [world.orgToken, { doneBase: true, doneFull: null }],
      [tenantAdmin.token, { doneBase: null, doneFull: "2031-01-01T00:00:00Z" }],
      [world.tenantToken, { doneBase: false, doneFull: false, fragments: [error("Insertion")] }],
    ] as const) {
      const saved = await expectJson<Annotation>(await putAnnotation(request, token, n.id!, body), 200);
      for (const [k, v] of Object.entries(body)) {
        if (k === "fragments") continue;
        if (v === true) expect(saved[k as "doneBase"]).toEqual(ISO);
        else if (v === null || v === false) expect(saved[k as "doneBase"]).toBeNull();
        else expect(saved[k as "doneBase"]).toBe(new Date(v as string).toISOString());
      }
    }
  });
});

test.describe("label schemes", () => {
  const custom: Partial<SchemeLayer>[] = [
    { name: "Words", freeText: true },
    {
      name: "Phones",
      labels: [
        { label: "ah", baseAllowed: true },
        { label: "eh", baseAllowed: false },
      ],
    },
    {
      name: "Quality",
      allowOverlap: true,
      baseAllowed: false,
      labels: [
        { label: "good", baseAllowed: true },
        { label: "bad", baseAllowed: true },
      ],
    },
  ];

  test("GET the default; PUT replaces it; DELETE restores it; who may change it", async ({ request, world, admin }) => {
    const s = await setup(request, world, 1);
    const get = async (token: string, org = world.orgId) =>
      expectJson<Scheme>(await request.get(schemePath(org), { headers: authed(token) }), 200);
    const initial = await get(s.base.token);
    expect(initial).toMatchObject({ organisation: world.orgId, isDefault: true, updated: null });
    expect(initial.layers.map((l) => l.name)).toEqual(["Words", "Prompt", "OutOfPrompt", "Error", "Noise"]);
    expect(initial.layers.find((l) => l.name === "Words")).toMatchObject({ freeText: true, labels: [] });
    expect(initial.layers.find((l) => l.name === "Error")).toMatchObject({ allowOverlap: true, baseAllowed: false });
    expect(initial.layers.find((l) => l.name === "Words")).toMatchObject({ allowOverlap: false, baseAllowed: true });

    // Refused: annotators, students, another organisation's administrators, other tenants; a top-level admin must impersonate.
    const sibling = await siblingOrganisation(request, world);
    const other = await otherTenant(request, admin);
    for (const [who, token, status] of [
      ["base annotator", s.base.token, 403],
      ["full annotator", s.full.token, 403],
      ["student", s.student.token, 403],
      ["sibling organisation", sibling.world.orgToken, 404],
      ["other tenant", other.world.tenantToken, 404],
      ["other tenant's organisation", other.world.orgToken, 404],
      ["top-level admin without impersonating", admin, 403],
    ] as const) {
      await expectError(
        await request.put(schemePath(world.orgId), { data: { layers: custom }, headers: authed(token) }),
        status,
        `PUT by ${who}`,
      );
      await expectError(
        await request.delete(schemePath(world.orgId), { headers: authed(token) }),
        status,
        `DELETE by ${who}`,
      );
    }
    await expectError(await request.get(schemePath(world.orgId), { headers: authed(other.world.tenantToken) }), 404);
    await expectError(await request.get(schemePath("no-such-org"), { headers: authed(world.orgToken) }), 404);
    expect(await get(world.orgToken)).toEqual(initial);

    // Bad schemes: 422, nothing changed.
    const bad: [string, unknown][] = [
      ["no layers", []],
      ["layers missing", undefined],
      ["duplicate layer names", [custom[0], custom[0]]],
      ["free text with labels", [{ name: "Words", freeText: true, labels: [{ label: "a" }] }]],
      ["closed without labels", [{ name: "Tags", labels: [] }]],
      ["duplicate labels", [{ name: "Tags", labels: [{ label: "a" }, { label: "a" }] }]],
      ["bad layer name", [{ name: "has space", freeText: true }]],
      ["empty label", [{ name: "Tags", labels: [{ label: " " }] }]],
    ];
    for (const [what, layers] of bad) {
      await expectFieldError(
        await request.put(schemePath(world.orgId), {
          data: layers === undefined ? {} : { layers },
          headers: authed(world.orgToken),
        }),
        SCHEME,
        "layers",
        layers === undefined ? "missing_field" : "invalid",
      ).catch((e) => {
        throw new Error(`${what}: ${e}`);
      });
    }
    expect(await get(world.orgToken)).toEqual(initial);

    // Organisation, its ADMIN user, the tenant (for any of its organisations), the top-level admin impersonating.
    const put = async (token: string, org = world.orgId) =>
      expectJson<Scheme>(await request.put(schemePath(org), { data: { layers: custom }, headers: authed(token) }), 200);
    const saved = await put(world.orgToken);
    expect(saved).toEqual({
      organisation: world.orgId,
      isDefault: false,
      updated: ISO,
      layers: [
        { name: "Words", freeText: true, allowOverlap: false, baseAllowed: true, labels: [] },
        {
          name: "Phones",
          freeText: false,
          allowOverlap: false,
          baseAllowed: true,
          labels: [
            { label: "ah", baseAllowed: true },
            { label: "eh", baseAllowed: false },
          ],
        },
        {
          name: "Quality",
          freeText: false,
          allowOverlap: true,
          baseAllowed: false,
          labels: [
            { label: "good", baseAllowed: true },
            { label: "bad", baseAllowed: true },
          ],
        },
      ],
    });
    expect(await get(s.base.token)).toEqual(saved);
    // Annotators of another organisation read it once assigned a recording of this one; other organisations do not.
    const siblingAnnotator = await sibling.member("ANNOTATOR_FULL");
    await expectError(await request.get(schemePath(world.orgId), { headers: authed(siblingAnnotator.token) }), 404);
    await createAssignment(request, world.tenantToken, { fullAnnotator: siblingAnnotator.id, recordings: [s.refs[0]] });
    expect(await get(siblingAnnotator.token)).toEqual(saved);
    await expectError(await request.get(schemePath(world.orgId), { headers: authed(sibling.world.orgToken) }), 404);
    await expectError(
      await request.get(schemePath(world.orgId), { headers: authed((await sibling.member("STUDENT")).token) }),
      404,
    );
    await put(s.adminUser.token);
    await put(world.tenantToken);
    const tenantAdmin = await tenantUser(request, world, "TENANT");
    await put(tenantAdmin.token);
    await put(tenantAdmin.token, sibling.world.orgId);
    const impersonated = await impersonate(request, admin, `tenant/${world.tenantId}/organisation/${world.orgId}`);
    await put(impersonated);

    const reset = await expectJson<Scheme>(
      await request.delete(schemePath(world.orgId), { headers: authed(world.orgToken) }),
      200,
    );
    expect(reset).toEqual(initial);
    expect(await get(s.full.token)).toEqual(initial);
    // Deleting again is harmless.
    await expectJson(await request.delete(schemePath(world.orgId), { headers: authed(world.orgToken) }), 200);
    // The sibling's own scheme is its own.
    expect((await get(world.tenantToken, sibling.world.orgId)).isDefault).toBe(false);
  });

  test("the scheme decides validation: layers, labels, overlaps and the base subset; saved labels survive a change", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 3);
    const a = await assign(request, s);
    const before = await createAnnotation(request, s.full.token, {
      assignment: a.id,
      recording: s.refs[2],
      fragments: [
        {
          start: 0,
          end: 0.2,
          labels: [
            { layer: "Noise", label: "Breath" },
            { layer: "Words", label: "hm" },
          ],
        },
      ],
    });
    await expectJson(
      await request.put(schemePath(world.orgId), { data: { layers: custom }, headers: authed(world.orgToken) }),
      200,
    );

    const phones = (label: string, start = 0, end = 0.1): FragmentIn => ({
      start,
      end,
      labels: [{ layer: "Phones", label }],
    });
    const quality = (label: string, start = 0, end = 0.5): FragmentIn => ({
      start,
      end,
      labels: [{ layer: "Quality", label }],
    });
    const n = await createAnnotation(request, s.base.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: [phones("ah")],
    });
    // Base: "eh" and the Quality layer are full-only; the default layers are gone.
    for (const [what, fragments] of [
      ["full-only label", [phones("eh")]],
      ["full-only layer", [quality("good")]],
      ["a default layer no longer in the scheme", [error("Grammar")]],
      ["Noise, gone", [{ start: 0, end: 0.1, labels: [{ layer: "Noise", label: "Breath" }] }]],
      ["overlap on Phones", [phones("ah", 0, 0.2), phones("ah", 0.1, 0.3)]],
    ] as const) {
      await refused(request, s.base.token, n.id!, { fragments }, 422, `base: ${what}`);
    }
    // Full: all labels; overlaps where the layer allows them.
    await expectJson(
      await putAnnotation(request, s.full.token, n.id!, {
        fragments: [phones("ah"), phones("eh", 0.1, 0.2), quality("good"), quality("bad", 0.2, 0.7)],
      }),
      200,
    );
    await refused(request, s.full.token, n.id!, { fragments: [phones("oh")] }, 422, "full: unknown label");
    await refused(
      request,
      s.full.token,
      n.id!,
      { fragments: [phones("ah", 0, 0.2), phones("eh", 0.1, 0.3)] },
      422,
      "full: overlap on Phones",
    );
    // A new annotation with the old layers is refused now...
    await expectFieldError(
      await postAnnotation(request, s.full.token, {
        assignment: a.id,
        recording: s.refs[1],
        fragments: [{ start: 0, end: 0.2, labels: [{ layer: "Noise", label: "Breath" }] }],
      }),
      ANNOTATION,
      "fragments",
    );
    // ...but the annotation made before the change saves again with its labels where they were.
    const resaved = await expectJson<Annotation>(
      await putAnnotation(request, s.full.token, before.id!, {
        fragments: [...before.fragments, phones("ah", 0.3, 0.4)],
      }),
      200,
    );
    expect(resaved.fragments).toHaveLength(2);
    await refused(
      request,
      s.full.token,
      before.id!,
      { fragments: [{ start: 0, end: 0.25, labels: [{ layer: "Noise", label: "Breath" }] }] },
      422,
      "moved old label",
    );

    // Back to the default: Noise again; Phones unknown (except where already saved).
    await expectJson(await request.delete(schemePath(world.orgId), { headers: authed(world.orgToken) }), 200);
    await expectJson(await putAnnotation(request, s.full.token, before.id!, { fragments: before.fragments }), 200);
    await refused(request, s.full.token, before.id!, { fragments: [phones("ah")] }, 422, "Phones after reset");
  });

  test("the recording's organisation decides, not the annotator's", async ({ request, world }) => {
    const s = await setup(request, world, 1);
    const sibling = await siblingOrganisation(request, world);
    const outsideFull = await sibling.member("ANNOTATOR_FULL");
    await expectJson(
      await request.put(schemePath(sibling.world.orgId), {
        data: { layers: [{ name: "Only", freeText: true }] },
        headers: authed(sibling.world.orgToken),
      }),
      200,
    );
    const a = await createAssignment(request, world.tenantToken, { fullAnnotator: outsideFull.id, recordings: s.refs });
    const n = await createAnnotation(request, outsideFull.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: words(["ok"]),
    });
    await refused(
      request,
      outsideFull.token,
      n.id!,
      { fragments: [{ start: 0, end: 0.1, labels: [{ layer: "Only", label: "x" }] }] },
      422,
      "the annotator's organisation's layer",
    );
  });
});
