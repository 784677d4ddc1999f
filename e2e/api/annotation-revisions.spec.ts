// GET /annotations/:id/revisions (ours): every save of an annotation (create, PUT of fragments
// or markers, import, a restore sent as a PUT) is kept with its version, who saved it, when,
// its markers and its fragments, newest first and paged (perPage, Link rel="next"). Read by
// those who may read the annotation (its annotators and administrators); everyone else, other
// tenants included, gets 404 as for a missing annotation.

import {
  assign,
  createAnnotation,
  type Fragment,
  importFile,
  nextLinkOf,
  otherTenant,
  putAnnotation,
  readAnnotation,
  setup,
  words,
} from "../support/annotations";
import { authed, expectJson, member } from "../support/api";
import { expectError } from "../support/assertions";
import { prepareTestAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";

prepareTestAudio();

type Revision = {
  version: number;
  savedBy: string | null;
  savedByName: string | null;
  saved: string;
  doneBase: string | null;
  doneFull: string | null;
  fragments: Fragment[];
};

const revisionsUrl = (id: number, query = "") => `/api/annotations/${id}/revisions${query}`;

test.describe("annotation revisions", () => {
  test("every save is a revision: create, update, markers, import; newest first, with who and when", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 1);
    const a = await assign(request, s);
    const created = await createAnnotation(request, s.base.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: words(["one"]),
    });
    const id = created.id!;
    const v2 = await expectJson<{ version: number }>(
      await putAnnotation(request, s.base.token, id, { fragments: words(["one", "two"]) }),
      200,
    );
    expect(v2.version).toBe(2);
    await expectJson(await putAnnotation(request, s.base.token, id, { doneBase: true }), 200);
    const textgrid = [
      'File type = "ooTextFile"',
      'Object class = "TextGrid"',
      "",
      "0",
      "1",
      "<exists>",
      "1",
      '"IntervalTier"',
      '"Words"',
      "0",
      "1",
      "1",
      "0",
      "0.5",
      '"imported"',
      "",
    ].join("\n");
    const { etag } = await readAnnotation(request, s.full.token, id);
    await expectJson(
      await importFile(request, s.full.token, `/api/annotation/${id}/import`, textgrid, "x.TextGrid", etag),
      200,
    );

    const response = await request.get(revisionsUrl(id), { headers: authed(s.base.token) });
    const list = await expectJson<Revision[]>(response, 200);
    expect(list.map((r) => r.version)).toEqual([4, 3, 2, 1]);
    expect(list.map((r) => r.savedBy)).toEqual([s.full.id, s.base.id, s.base.id, s.base.id]);
    expect(list[3].fragments.map((f) => f.labels[0].label)).toEqual(["one"]);
    expect(list[2].fragments.map((f) => f.labels[0].label)).toEqual(["one", "two"]);
    expect(list[2].doneBase).toBeNull();
    expect(list[1].doneBase).not.toBeNull();
    expect(list[0].fragments).toEqual([
      { start: 0, end: 0.5, labels: [{ layer: "Words", label: "imported", comment: "" }] },
    ]);
    for (const r of list) expect(Number.isNaN(Date.parse(r.saved))).toBe(false);
    expect(list[0].savedByName).toBeTruthy();

    // A refused save (stale If-Match) adds nothing.
    await expectError(
      await putAnnotation(request, s.full.token, id, { fragments: words(["stale"]) }, `"annotation-${id}-v1"`),
      409,
    );
    expect(
      (await expectJson<Revision[]>(await request.get(revisionsUrl(id), { headers: authed(s.full.token) }), 200))
        .length,
    ).toBe(4);
  });

  test("paged: perPage with Link rel=next, a forged cursor is a 400", async ({ request, world }) => {
    const s = await setup(request, world, 1);
    const a = await assign(request, s);
    const created = await createAnnotation(request, s.base.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: words(["v1"]),
    });
    for (let v = 2; v <= 5; v++)
      await expectJson(await putAnnotation(request, s.base.token, created.id!, { fragments: words([`v${v}`]) }), 200);
    const seen: number[] = [];
    let url: string | null = revisionsUrl(created.id!, "?perPage=2");
    for (let page = 0; url; page++) {
      expect(page).toBeLessThan(5);
      const response = await request.get(url, { headers: authed(s.base.token) });
      const items = await expectJson<Revision[]>(response, 200);
      expect(items.length).toBeLessThanOrEqual(2);
      seen.push(...items.map((r) => r.version));
      url = nextLinkOf(response);
    }
    expect(seen).toEqual([5, 4, 3, 2, 1]);
    await expectError(
      await request.get(revisionsUrl(created.id!, "?startCursor=abc.def"), { headers: authed(s.base.token) }),
      400,
    );
    await expectError(
      await request.get(revisionsUrl(created.id!, "?perPage=1000"), { headers: authed(s.base.token) }),
      [400, 422],
    );
  });

  test("readable by the annotation's annotators and administrators; others get 404", async ({
    request,
    world,
    admin,
  }) => {
    const s = await setup(request, world, 1);
    const a = await assign(request, s);
    const created = await createAnnotation(request, s.base.token, {
      assignment: a.id,
      recording: s.refs[0],
      fragments: words(["one"]),
    });
    const id = created.id!;
    for (const token of [s.base.token, s.full.token, s.adminUser.token, world.orgToken, world.tenantToken, admin]) {
      const list = await expectJson<Revision[]>(await request.get(revisionsUrl(id), { headers: authed(token) }), 200);
      expect(list.map((r) => r.version)).toEqual([1]);
    }
    const bystander = await member(request, world, "ANNOTATOR_FULL");
    const outsider = await otherTenant(request, admin);
    for (const token of [bystander.token, outsider.world.tenantToken, outsider.annotator.token])
      await expectError(await request.get(revisionsUrl(id), { headers: authed(token) }), 404);
    await expectError(await request.get(revisionsUrl(id), { headers: authed(s.student.token) }), [403, 404]);
    await expectError(await request.get(revisionsUrl(999_999_999), { headers: authed(s.base.token) }), 404);
    await expectError(await request.get(revisionsUrl(id)), 401);
    await expectError(await request.post(revisionsUrl(id), { data: {}, headers: authed(s.base.token) }), 405);
  });
});
