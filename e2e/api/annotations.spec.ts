// Annotations over HTTP (service-interface.md "Annotation", section 4 "Annotations",
// "Permissions" 3; api-conventions.md for errors, ids and pagination): POST 200 with the
// annotation; PUT incremental; GET /annotation/:id (and /annotations/:id); GET /annotations
// with the filters annotator, assignment, recording, done; audioUrl on every response,
// downloadable by the annotators; fragments validated (0 <= start < end <= duration, known
// layers and labels, overlaps only where the layer allows them, comment defaulting to "");
// version safety (ETag, If-Match: a stale one is a 409 with the current state; none keeps the
// SDK's plain updates working). Every refusal leaves the state unchanged.

import {
  ANNOTATION,
  ANNOTATION_FIELDS,
  type Annotation,
  type Assignment,
  assign,
  createAnnotation,
  createAssignment,
  createSpeechChallenge,
  type FragmentIn,
  getAnnotation,
  getAssignment,
  importFile,
  listAnnotations,
  normalised,
  otherTenant,
  postAnnotation,
  putAnnotation,
  readAnnotation,
  refOut,
  seedRecordings,
  setup,
  siblingOrganisation,
  tenantUser,
  twoAssignments,
  words,
} from "../support/annotations";
import { authed, downloadUrlPattern, expectJson, member, peaksUrlPattern } from "../support/api";
import { expectError, expectFieldError, ISO } from "../support/assertions";
import { prepareTestAudio, sha256 } from "../support/audio";
import { expect, test } from "../support/fixtures";

prepareTestAudio();

const chosenId = () => 100_000_000 + Math.floor(Math.random() * 400_000_000);
const ETAG = /^"[^"]+"$/;

test.describe("annotations", () => {
  test("create: 200 with the annotation, ETag and Location; GET on both paths; audioUrl downloads for annotators and admins only", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 2);
    const a = await assign(request, s);
    const fragments: FragmentIn[] = [
      { start: 0.5, end: 0.9, labels: [{ layer: "Words", label: " cat ", comment: null }] },
      {
        start: 0,
        end: 0.25,
        labels: [
          { layer: "Words", label: "the" },
          { layer: "Prompt", label: "Prompt", comment: "read from the card" },
        ],
      },
      { start: 0.25, end: 0.5, labels: [{ layer: "Noise", label: "Breath" }] },
    ];
    const response = await postAnnotation(request, s.base.token, {
      assignment: String(a.id),
      recording: s.refs[0],
      fragments,
    });
    const created = await expectJson<Annotation>(response, 200);
    expect(Object.keys(created).sort()).toEqual(ANNOTATION_FIELDS);
    expect(created).toEqual({
      id: expect.any(Number),
      doneBase: null,
      doneFull: null,
      recording: refOut(s.recordings[0]),
      assignment: a.id,
      fragments: normalised(fragments),
      audioUrl: expect.stringMatching(downloadUrlPattern()),
      peaksUrl: expect.stringMatching(peaksUrlPattern()),
      normalisedAudioUrl: expect.stringMatching(downloadUrlPattern()),
      duration: s.durationMs / 1000,
      version: 1,
      created: ISO,
      updated: ISO,
    });
    expect(created.fragments.map((f) => f.start)).toEqual([0, 0.25, 0.5]);
    expect(created.fragments[2].labels[0]).toEqual({ layer: "Words", label: "cat", comment: "" });
    expect(response.headers().location).toMatch(new RegExp(`/api/annotation/${created.id}$`));
    expect(response.headers().etag).toMatch(ETAG);

    for (const path of [`/api/annotation/${created.id}`, `/api/annotations/${created.id}`]) {
      const got = await request.get(path, { headers: authed(s.full.token) });
      expect(await expectJson(got, 200)).toEqual(created);
      expect(got.headers().etag).toBe(response.headers().etag);
    }
    for (const id of ["999999999", "abc", "0", "1e3"])
      await expectError(await getAnnotation(request, world.orgToken, id), 404, id);
    await expectError(await request.delete(`/api/annotations/${created.id}`, { headers: authed(world.orgToken) }), 405);

    // The audio: the recording's original bytes, for both annotators and administrators.
    for (const token of [s.base.token, s.full.token, s.adminUser.token, world.orgToken, world.tenantToken]) {
      const got = await request.get(created.audioUrl, { headers: authed(token) });
      expect(got.status()).toBe(200);
      expect(sha256(await got.body())).toBe(s.recordings[0].digest);
    }
    expect((await request.get(`${created.audioUrl}?access_token=${s.base.token}`)).status()).toBe(200);
    // The editor's files (waveform peaks, normalised audio) as well.
    for (const url of [created.peaksUrl!, created.normalisedAudioUrl!]) {
      for (const token of [s.base.token, s.full.token])
        expect((await request.get(url, { headers: authed(token) })).status(), url).toBe(200);
    }
    const bystander = await member(request, world, "ANNOTATOR_FULL");
    const sibling = await siblingOrganisation(request, world);
    const siblingAnnotator = await sibling.member("ANNOTATOR_FULL");
    for (const url of [created.audioUrl, created.peaksUrl!, created.normalisedAudioUrl!])
      expect((await request.get(url, { headers: authed(siblingAnnotator.token) })).status()).toBe(404);
    // (A bystander of the same organisation reaches the organisation's files as any member does.)
    expect([200, 404]).toContain((await request.get(created.audioUrl, { headers: authed(bystander.token) })).status());

    // The assignment lists it.
    const assignment = await expectJson<Assignment>(await getAssignment(request, world.orgToken, a.id), 200);
    expect(assignment.annotations).toEqual([
      { id: created.id, recording: refOut(s.recordings[0]), doneBase: null, doneFull: null },
    ]);
  });

  test("ids: strings on input, client-chosen (id or annotation), 409 when taken; one annotation per recording and assignment", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 3);
    const a = await assign(request, s);
    const id = chosenId();
    const first = await createAnnotation(request, s.base.token, {
      id: String(id),
      assignment: String(a.id),
      recording: s.refs[0],
      fragments: [],
    });
    expect(first.id).toBe(id);
    const id2 = id + 1;
    const second = await createAnnotation(request, s.base.token, {
      annotation: ` ${id2}`,
      assignment: a.id,
      recording: s.refs[1],
      fragments: [],
    });
    expect(second.id).toBe(id2);
    expect((await readAnnotation(request, s.base.token, id)).body).toEqual(first);

    const state = async () => listAnnotations(request, world.orgToken, `assignment=${a.id}`);
    const before = await state();
    const taken = await postAnnotation(request, s.base.token, {
      id,
      assignment: a.id,
      recording: s.refs[2],
      fragments: words(["x"]),
    });
    expect((await expectError(taken, 409)).message).toContain(String(id));
    // The same recording again in this assignment: 409 naming the existing annotation.
    const duplicate = await postAnnotation(request, s.full.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: words(["again"]),
    });
    expect((await expectError(duplicate, 409)).message).toContain(String(id));
    expect(await state()).toEqual(before);
    expect((await readAnnotation(request, s.base.token, id)).body).toEqual(first);

    // Bad ids.
    for (const bad of ["abc", 0, -1, 2.5, 3_000_000_000]) {
      await expectFieldError(
        await postAnnotation(request, s.base.token, { id: bad, assignment: a.id, recording: s.refs[2], fragments: [] }),
        ANNOTATION,
        "id",
      );
    }
    expect(await state()).toEqual(before);

    // Racing creates: the same recording four times at once, or one chosen id for four recordings: one wins, the rest are 409.
    const race = await createAssignment(request, world.orgToken, { fullAnnotator: s.full.id, recordings: s.refs });
    const same = await Promise.all(
      [0, 1, 2, 3].map(() =>
        postAnnotation(request, s.full.token, { assignment: race.id, recording: s.refs[0], fragments: [] }),
      ),
    );
    expect(same.map((r) => r.status()).sort()).toEqual([200, 409, 409, 409]);
    const raceId = chosenId();
    const sameId = await Promise.all(
      [0, 1, 2].map((i) =>
        postAnnotation(request, s.full.token, { id: raceId, assignment: race.id, recording: s.refs[i], fragments: [] }),
      ),
    );
    expect(sameId.map((r) => r.status()).sort()).toEqual([200, 409, 409]);
    expect((await listAnnotations(request, world.orgToken, `assignment=${race.id}`)).map((n) => n.id).sort()).toEqual(
      [(await same.find((r) => r.status() === 200)!.json()).id, raceId].sort(),
    );
    for (const r of [...same, ...sameId].filter((x) => x.status() === 409))
      expect((await r.json()).message).toEqual(expect.any(String));

    // The same recording in another assignment is another annotation.
    const other = await createAssignment(request, world.orgToken, {
      fullAnnotator: s.full.id,
      recordings: [s.refs[0]],
    });
    const elsewhere = await createAnnotation(request, s.full.token, {
      assignment: other.id,
      recording: s.refs[0],
      fragments: [],
    });
    expect(elsewhere.id).not.toBe(id);
    expect(elsewhere.id).toBeGreaterThan(id2);
  });

  test("bad input on create: unknown or foreign references, fragments out of range, unknown layers and labels, overlaps; 422 and nothing created", async ({
    request,
    world,
    admin,
  }) => {
    const s = await setup(request, world, 3);
    const a = await createAssignment(request, world.orgToken, {
      baseAnnotator: s.base.id,
      fullAnnotator: s.full.id,
      recordings: s.refs.slice(0, 2),
    });
    const other = await otherTenant(request, admin);
    const otherStudent = await member(request, other.world, "STUDENT");
    const [foreign] = await seedRecordings(
      request,
      other.world,
      otherStudent,
      await createSpeechChallenge(request, other.world.orgToken),
      1,
    );
    const end = s.durationMs / 1000;
    const ok = { assignment: a.id, recording: s.refs[0], fragments: words(["the", "cat"]) };

    const cases: [string, Record<string, unknown>, string, string?][] = [
      ["unknown assignment", { ...ok, assignment: 999_999_999 }, "assignment", "missing"],
      ["malformed assignment", { ...ok, assignment: "first" }, "assignment"],
      ["no assignment", { recording: ok.recording, fragments: ok.fragments }, "assignment", "missing_field"],
      ["no recording", { assignment: a.id, fragments: ok.fragments }, "recording", "missing_field"],
      ["no fragments", { assignment: a.id, recording: ok.recording }, "fragments", "missing_field"],
      ["fragments not a list", { ...ok, fragments: { start: 0, end: 1 } }, "fragments"],
      ["a recording outside the assignment", { ...ok, recording: s.refs[2] }, "recording"],
      ["an unknown recording", { ...ok, recording: { ...s.refs[0], recording: "nope" } }, "recording"],
      ["another tenant's recording", { ...ok, recording: foreign.ref }, "recording"],
      ["a malformed reference", { ...ok, recording: { tenant: world.tenantId } }, "recording"],
      [
        "start after end",
        { ...ok, fragments: [{ start: 0.5, end: 0.2, labels: [{ layer: "Words", label: "a" }] }] },
        "fragments",
      ],
      [
        "start equals end",
        { ...ok, fragments: [{ start: 0.5, end: 0.5, labels: [{ layer: "Words", label: "a" }] }] },
        "fragments",
      ],
      [
        "negative start",
        { ...ok, fragments: [{ start: -0.1, end: 0.2, labels: [{ layer: "Words", label: "a" }] }] },
        "fragments",
      ],
      [
        "end after the recording",
        { ...ok, fragments: [{ start: 0.1, end: end + 0.001, labels: [{ layer: "Words", label: "a" }] }] },
        "fragments",
      ],
      [
        "far after the recording",
        { ...ok, fragments: [{ start: 100, end: 101, labels: [{ layer: "Words", label: "a" }] }] },
        "fragments",
      ],
      [
        "start not a number",
        { ...ok, fragments: [{ start: "soon", end: 0.2, labels: [{ layer: "Words", label: "a" }] }] },
        "fragments",
      ],
      ["no end", { ...ok, fragments: [{ start: 0, labels: [{ layer: "Words", label: "a" }] }] }, "fragments"],
      ["no labels", { ...ok, fragments: [{ start: 0, end: 0.2 }] }, "fragments"],
      ["empty labels", { ...ok, fragments: [{ start: 0, end: 0.2, labels: [] }] }, "fragments"],
      [
        "unknown layer",
        { ...ok, fragments: [{ start: 0, end: 0.2, labels: [{ layer: "Feelings", label: "happy" }] }] },
        "fragments",
      ],
      [
        "layer in the wrong case",
        { ...ok, fragments: [{ start: 0, end: 0.2, labels: [{ layer: "words", label: "a" }] }] },
        "fragments",
      ],
      [
        "label not in the layer's set",
        { ...ok, fragments: [{ start: 0, end: 0.2, labels: [{ layer: "Noise", label: "Thunder" }] }] },
        "fragments",
      ],
      [
        "another layer's label",
        { ...ok, fragments: [{ start: 0, end: 0.2, labels: [{ layer: "Noise", label: "Prompt" }] }] },
        "fragments",
      ],
      [
        "empty label",
        { ...ok, fragments: [{ start: 0, end: 0.2, labels: [{ layer: "Words", label: "  " }] }] },
        "fragments",
      ],
      ["no layer", { ...ok, fragments: [{ start: 0, end: 0.2, labels: [{ label: "a" }] }] }, "fragments"],
      [
        "comment not a string",
        { ...ok, fragments: [{ start: 0, end: 0.2, labels: [{ layer: "Words", label: "a", comment: 3 }] }] },
        "fragments",
      ],
      [
        "overlap on Words",
        {
          ...ok,
          fragments: [
            { start: 0, end: 0.3, labels: [{ layer: "Words", label: "a" }] },
            { start: 0.2, end: 0.4, labels: [{ layer: "Words", label: "b" }] },
          ],
        },
        "fragments",
      ],
      [
        "overlap on Words, hidden behind a short one",
        {
          ...ok,
          fragments: [
            { start: 0, end: 1, labels: [{ layer: "Words", label: "long" }] },
            { start: 0.1, end: 0.2, labels: [{ layer: "Prompt", label: "Prompt" }] },
            { start: 0.5, end: 0.6, labels: [{ layer: "Words", label: "inside" }] },
          ],
        },
        "fragments",
      ],
      [
        "two words in one fragment",
        {
          ...ok,
          fragments: [
            {
              start: 0,
              end: 0.3,
              labels: [
                { layer: "Words", label: "a" },
                { layer: "Words", label: "b" },
              ],
            },
          ],
        },
        "fragments",
      ],
      [
        "overlap on Prompt",
        {
          ...ok,
          fragments: [
            { start: 0, end: 0.3, labels: [{ layer: "Prompt", label: "Prompt" }] },
            { start: 0.1, end: 0.2, labels: [{ layer: "Prompt", label: "Prompt" }] },
          ],
        },
        "fragments",
      ],
    ];
    for (const [what, body, field, code] of cases) {
      await expectFieldError(
        await postAnnotation(request, s.full.token, body),
        ANNOTATION,
        field,
        code ?? "invalid",
      ).catch((e) => {
        throw new Error(`${what}: ${e}`);
      });
    }
    expect(await listAnnotations(request, world.orgToken, `assignment=${a.id}`)).toEqual([]);
    expect((await expectJson<Assignment>(await getAssignment(request, world.orgToken, a.id), 200)).annotations).toEqual(
      [],
    );

    // The limits themselves are fine: from 0 to the exact end of the recording; touching fragments;
    // overlaps on layers that allow them (Error, Noise); times as strings.
    const edge = await createAnnotation(request, s.full.token, {
      ...ok,
      fragments: [
        {
          start: 0,
          end: end / 2,
          labels: [
            { layer: "Words", label: "first" },
            { layer: "Error", label: "Pronunciation" },
          ],
        },
        { start: String(end / 2), end: String(end), labels: [{ layer: "Words", label: "last" }] },
        {
          start: 0.1,
          end: end,
          labels: [
            { layer: "Error", label: "Grammar" },
            { layer: "Noise", label: "Background" },
          ],
        },
        { start: 0.2, end: 0.3, labels: [{ layer: "Noise", label: "Breath" }] },
      ],
    });
    expect(edge.fragments.at(-1)!.end).toBe(end);
    expect(edge.fragments).toHaveLength(4);
  });

  test("PUT is incremental and follows the same rules; refusals change nothing", async ({ request, world, admin }) => {
    const s = await setup(request, world, 2);
    const a = await assign(request, s);
    const created = await createAnnotation(request, s.base.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: words(["the", "cat"]),
    });
    const put = async (body: Record<string, unknown>, token = s.base.token) =>
      expectJson<Annotation>(await putAnnotation(request, token, created.id!, body), 200);

    const marked = await put({ doneBase: true });
    expect(marked).toEqual({ ...created, doneBase: ISO, version: 2, updated: ISO });
    const fragments = words(["the", "cat", "sat"]);
    // Handed over: the base annotator's changes wait until the work is reopened (in the same save here).
    expect((await putAnnotation(request, s.base.token, created.id!, { fragments })).status()).toBe(409);
    const edited = await put({ fragments, doneBase: false });
    expect(edited).toEqual({ ...marked, fragments: normalised(fragments), doneBase: null, version: 3, updated: ISO });
    // The SDK way: the whole object back, as read (recording and assignment are its own).
    const echoed = await put(edited as unknown as Record<string, unknown>);
    expect(echoed).toEqual({ ...edited, version: 4, updated: ISO });
    // Same path, singular.
    const singular = await request.put(`/api/annotation/${created.id}`, {
      data: { fragments: words(["a"]) },
      headers: authed(s.base.token),
    });
    expect((await expectJson<Annotation>(singular, 200)).fragments).toEqual(normalised(words(["a"])));
    const current = (await readAnnotation(request, s.base.token, created.id!)).body;

    const other = await createAssignment(request, world.orgToken, {
      fullAnnotator: s.full.id,
      baseAnnotator: s.base.id,
      recordings: s.refs,
    });
    const refusals: [string, Record<string, unknown>, string][] = [
      ["another assignment", { assignment: other.id }, "assignment"],
      ["another recording", { recording: s.refs[1] }, "recording"],
      [
        "fragments out of range",
        { fragments: [{ start: 0, end: 999, labels: [{ layer: "Words", label: "x" }] }] },
        "fragments",
      ],
      [
        "unknown label",
        { fragments: [{ start: 0, end: 0.1, labels: [{ layer: "Prompt", label: "Maybe" }] }] },
        "fragments",
      ],
      [
        "overlap",
        { fragments: [...words(["a", "b"]), { start: 0.1, end: 0.3, labels: [{ layer: "Words", label: "c" }] }] },
        "fragments",
      ],
      ["fragments null", { fragments: null }, "fragments"],
      ["doneBase garbage", { doneBase: "yesterday" }, "doneBase"],
    ];
    for (const [what, body, field] of refusals) {
      await expectFieldError(await putAnnotation(request, s.base.token, created.id!, body), ANNOTATION, field).catch(
        (e) => {
          throw new Error(`${what}: ${e}`);
        },
      );
    }
    const bystander = await member(request, world, "ANNOTATOR_FULL");
    const outsider = await otherTenant(request, admin);
    await expectError(await putAnnotation(request, bystander.token, created.id!, { fragments: [] }), 404);
    await expectError(await putAnnotation(request, outsider.world.tenantToken, created.id!, { fragments: [] }), 404);
    await expectError(await putAnnotation(request, outsider.annotator.token, created.id!, { fragments: [] }), 404);
    await expectError(await putAnnotation(request, s.student.token, created.id!, { fragments: [] }), [403, 404]);
    await expectError(await putAnnotation(request, s.base.token, 999_999_999, { fragments: [] }), 404);
    await expectError(
      await request.post(`/api/annotations/${created.id}`, { data: {}, headers: authed(s.base.token) }),
      405,
    );
    expect((await readAnnotation(request, s.base.token, created.id!)).body).toEqual(current);
  });

  test("visibility and filters: administrators see all, annotators their own; annotator, assignment, recording, done", async ({
    request,
    world,
    admin,
  }) => {
    const s = await setup(request, world, 2);
    const { base2, full2, bystander, a1, a2 } = await twoAssignments(request, s, s.refs[0]);
    const n1 = await createAnnotation(request, s.base.token, {
      assignment: a1.id,
      recording: s.refs[0],
      fragments: words(["one"]),
    });
    const n2 = await createAnnotation(request, s.base.token, {
      assignment: a1.id,
      recording: s.refs[1],
      fragments: words(["two"]),
    });
    const n3 = await createAnnotation(request, base2.token, {
      assignment: a2.id,
      recording: s.refs[0],
      fragments: words(["three"]),
    });
    await expectJson(await putAnnotation(request, s.base.token, n1.id!, { doneBase: true }), 200);
    await expectJson(await putAnnotation(request, s.full.token, n1.id!, { doneFull: true }), 200);
    await expectJson(await putAnnotation(request, base2.token, n3.id!, { doneBase: true }), 200);

    const ids = async (token: string, query = "") => (await listAnnotations(request, token, query)).map((n) => n.id);
    const all = [n1.id, n2.id, n3.id];
    const tenantAdmin = await tenantUser(request, world, "TENANT");
    for (const [who, token] of [
      ["organisation", world.orgToken],
      ["ADMIN user", s.adminUser.token],
      ["tenant", world.tenantToken],
      ["tenant administrator", tenantAdmin.token],
    ] as const) {
      expect(await ids(token), who).toEqual(all);
    }
    expect(await ids(admin, `assignment=${a1.id}&assignment=${a2.id}`)).toEqual(all);
    expect(await ids(s.base.token)).toEqual([n1.id, n2.id]);
    expect(await ids(s.full.token)).toEqual([n1.id, n2.id]);
    expect(await ids(base2.token)).toEqual([n3.id]);
    expect(await ids(full2.token)).toEqual([n3.id]);
    expect(await ids(bystander.token)).toEqual([]);
    await expectError(await request.get("/api/annotations", { headers: authed(s.student.token) }), 403);
    await expectError(await request.get("/api/annotations"), 401);
    await expectError(await getAnnotation(request, s.base.token, n3.id!), 404);
    await expectError(await getAnnotation(request, bystander.token, n1.id!), 404);
    // Every list item carries its audioUrl.
    for (const n of await listAnnotations(request, world.orgToken)) expect(n.audioUrl).toMatch(downloadUrlPattern());

    // Filters, alone and together; repeated filters select several values.
    const org = world.orgToken;
    expect(await ids(org, `annotator=${s.base.id}`)).toEqual([n1.id, n2.id]);
    expect(await ids(org, `annotator=${s.full.id}`)).toEqual([n1.id, n2.id]);
    expect(await ids(org, `annotator=${full2.id}`)).toEqual([n3.id]);
    expect(await ids(org, `annotator=${bystander.id}`)).toEqual([]);
    expect(await ids(org, `annotator=${s.base.id}&annotator=${base2.id}`)).toEqual(all);
    expect(await ids(org, `assignment=${a2.id}`)).toEqual([n3.id]);
    expect(await ids(org, `assignment=${String(a1.id)}`)).toEqual([n1.id, n2.id]);
    expect(await ids(org, `recording=${s.refs[0].recording}`)).toEqual([n1.id, n3.id]);
    expect(await ids(org, `recording=${s.refs[0].recording}&recording=${s.refs[1].recording}`)).toEqual(all);
    expect(await ids(org, "done=true")).toEqual([n1.id]);
    expect(await ids(org, "done=false")).toEqual([n2.id, n3.id]);
    expect(await ids(org, "done=1")).toEqual([n1.id]);
    expect(await ids(org, "done=0")).toEqual([n2.id, n3.id]);
    expect(await ids(org, "done=")).toEqual(all);
    expect(await ids(org, `done=false&assignment=${a1.id}`)).toEqual([n2.id]);
    expect(await ids(s.base.token, `annotator=${base2.id}`)).toEqual([]);
    expect(await ids(s.base.token, `assignment=${a2.id}`)).toEqual([]);
    for (const bad of ["done=maybe", "assignment=abc", "perPage=0", "perPage=101", "perPage=many", "annotator=a/b"]) {
      await expectError(await request.get(`/api/annotations?${bad}`, { headers: authed(org) }), [400, 422], bad);
    }

    // Another tenant sees none of it.
    const other = await otherTenant(request, admin);
    for (const token of [other.world.tenantToken, other.world.orgToken, other.annotator.token]) {
      expect(await ids(token, `assignment=${a1.id}`)).toEqual([]);
      await expectError(await getAnnotation(request, token, n1.id!), 404);
    }
    // The top-level admin reads any.
    expect((await readAnnotation(request, admin, n1.id!)).body.id).toBe(n1.id);
  });

  test("version safety: ETag and If-Match; a stale save is a 409 with the current state; without If-Match saves still work", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 1);
    const a = await assign(request, s);
    const created = await postAnnotation(request, s.base.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: words(["one"]),
    });
    const v1 = created.headers().etag;
    const id = (await expectJson<Annotation>(created, 200)).id!;

    const saved = await putAnnotation(request, s.base.token, id, { fragments: words(["one", "two"]) }, v1);
    const v2 = saved.headers().etag;
    expect((await expectJson<Annotation>(saved, 200)).version).toBe(2);
    expect(v2).toMatch(ETAG);
    expect(v2).not.toBe(v1);
    const now = await readAnnotation(request, s.full.token, id);
    expect(now.etag).toBe(v2);

    // Stale: 409, the current state in `current`, its ETag in the header, nothing saved.
    const stale = await putAnnotation(request, s.full.token, id, { fragments: words(["lost"]) }, v1);
    const body = (await expectError(stale, 409)) as unknown as { current: Annotation };
    expect(body.current).toEqual(now.body);
    expect(stale.headers().etag).toBe(v2);
    expect(await readAnnotation(request, s.full.token, id)).toEqual(now);

    // Malformed If-Match: 400, nothing saved.
    await expectError(await putAnnotation(request, s.full.token, id, { fragments: words(["lost"]) }, "v2"), 400);
    expect(await readAnnotation(request, s.full.token, id)).toEqual(now);

    // Lists of tags and * match.
    const listed = await putAnnotation(request, s.full.token, id, { fragments: words(["a"]) }, `"nope", ${v2}`);
    const v3 = listed.headers().etag;
    await expectJson(listed, 200);
    await expectJson(
      await putAnnotation(request, s.full.token, id, { fragments: words(["b"]) }, `${v3}, "other"`),
      200,
    );
    await expectJson(await putAnnotation(request, s.full.token, id, { fragments: words(["c"]) }, "*"), 200);
    // No If-Match: a plain incremental update, whatever happened in between (the SDK's way).
    const plain = await expectJson<Annotation>(
      await putAnnotation(request, s.base.token, id, { fragments: words(["d"]) }),
      200,
    );
    expect(plain).toMatchObject({ version: 6, doneBase: null, fragments: normalised(words(["d"])) });

    // Two saves with the same If-Match at once: exactly one wins, the other gets 409 with the winner's state.
    for (let round = 0; round < 4; round++) {
      const { etag } = await readAnnotation(request, s.full.token, id);
      const [r1, r2] = await Promise.all([
        putAnnotation(request, s.full.token, id, { fragments: words([`left${round}`]) }, etag),
        putAnnotation(request, s.base.token, id, { fragments: words([`right${round}`]) }, etag),
      ]);
      const statuses = [r1.status(), r2.status()].sort();
      expect(statuses, `round ${round}: ${await r1.text()} / ${await r2.text()}`).toEqual([200, 409]);
      const [winner, loser] = r1.status() === 200 ? [r1, r2] : [r2, r1];
      const won = (await winner.json()) as Annotation;
      const lost = (await loser.json()) as { message: string; current: Annotation };
      expect(lost.current).toEqual(won);
      expect(loser.headers().etag).toBe(winner.headers().etag);
      expect((await readAnnotation(request, s.full.token, id)).body).toEqual(won);
    }

    // Without If-Match, concurrent saves all land, one after the other.
    const before = (await readAnnotation(request, s.full.token, id)).body.version;
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        putAnnotation(request, i % 2 ? s.base.token : s.full.token, id, { fragments: words([`w${i}`]) }),
      ),
    );
    for (const r of results) expect(r.status(), await r.text()).toBe(200);
    const after = (await readAnnotation(request, s.full.token, id)).body;
    expect(after.version).toBe(before + 4);
    expect(new Set(results.map((r) => r.headers().etag)).size).toBe(4);
  });

  test("administrators edit any annotation of their scope; annotators of other assignments and other tenants cannot", async ({
    request,
    world,
    admin,
  }) => {
    const s = await setup(request, world, 3);
    const a = await assign(request, s);
    // Administrators may create and annotate on their annotators' behalf, with any label.
    const byOrg = await createAnnotation(request, world.orgToken, {
      assignment: a.id,
      recording: s.refs[0],
      doneBase: "2030-01-01T00:00:00Z",
      doneFull: "2030-01-02T00:00:00+01:00",
      fragments: [{ start: 0, end: 0.1, labels: [{ layer: "Error", label: "Grammar" }] }],
    });
    expect(byOrg).toMatchObject({ doneBase: "2030-01-01T00:00:00.000Z", doneFull: "2030-01-01T23:00:00.000Z" });
    const byAdminUser = await createAnnotation(request, s.adminUser.token, {
      assignment: a.id,
      recording: s.refs[1],
      fragments: [],
    });
    const tenantAdmin = await tenantUser(request, world, "TENANT");
    const byTenantAdmin = await createAnnotation(request, tenantAdmin.token, {
      assignment: a.id,
      recording: s.refs[2],
      fragments: [],
    });
    await expectJson(await putAnnotation(request, admin, byTenantAdmin.id!, { doneFull: true }), 200);
    await expectJson(
      await putAnnotation(request, world.tenantToken, byAdminUser.id!, {
        doneBase: null,
        fragments: words(["by", "tenant"]),
      }),
      200,
    );

    // A sibling organisation, another tenant: the assignment is unknown to them.
    const sibling = await siblingOrganisation(request, world);
    const other = await otherTenant(request, admin);
    for (const token of [
      sibling.world.orgToken,
      other.world.orgToken,
      other.world.tenantToken,
      other.annotator.token,
    ]) {
      const before = await listAnnotations(request, world.orgToken, `assignment=${a.id}`);
      await expectFieldError(
        await postAnnotation(request, token, { assignment: a.id, recording: s.refs[0], fragments: [] }),
        ANNOTATION,
        "assignment",
        "missing",
      );
      await expectError(await getAnnotation(request, token, byOrg.id!), 404);
      await expectError(await putAnnotation(request, token, byOrg.id!, { fragments: [] }), 404);
      await expectError(
        await request.get(`/api/annotation/${byOrg.id}/export?format=textgrid`, { headers: authed(token) }),
        404,
      );
      await expectError(
        await importFile(
          request,
          token,
          `/api/annotation/${byOrg.id}/import`,
          'File type = "ooTextFile"\nObject class = "TextGrid"\n0\n1\n<absent>\n',
        ),
        404,
      );
      expect(await listAnnotations(request, world.orgToken, `assignment=${a.id}`)).toEqual(before);
    }
  });
});
