// DELETE /api/assignments/:assignment (ours): 204 for whoever may change the assignment (its
// administrators), its recordings stay; refused with 409 once any annotation of it exists;
// annotators, teachers and students 403, no token 401; other tenants, sibling organisations and
// unknown ids 404. A refusal changes nothing, and a delete racing an annotation save never
// takes the annotation with it.

import {
  type Assignment,
  createAnnotation,
  createAssignment,
  getAssignment,
  listAssignments,
  otherTenant,
  postAnnotation,
  setup,
  siblingOrganisation,
  tenantUser,
  words,
} from "../support/annotations";
import { authed, download, expectJson, member } from "../support/api";
import { expectError } from "../support/assertions";
import { prepareTestAudio } from "../support/audio";
import { expect, test } from "../support/fixtures";

prepareTestAudio();

const del = (request: Parameters<typeof listAssignments>[0], token: string | null, id: number | string) =>
  request.delete(`/api/assignments/${id}`, { headers: token ? authed(token) : {} });

test.describe("deleting assignments", () => {
  test("204: gone from GET /assignments and by id, for its annotators too; the recordings stay; a second delete is 404", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 2);
    const body = { name: "To go", baseAnnotator: s.base.id, fullAnnotator: s.full.id, recordings: s.refs };
    const kept = await createAssignment(request, world.orgToken, { ...body, name: "Kept" });
    const gone = await createAssignment(request, world.orgToken, body);
    expect((await listAssignments(request, s.full.token)).map((a) => a.id)).toEqual([kept.id, gone.id]);

    const response = await del(request, world.orgToken, gone.id);
    expect(response.status()).toBe(204);
    expect(await response.body()).toHaveLength(0);

    expect((await listAssignments(request, world.orgToken)).map((a) => a.id)).toEqual([kept.id]);
    expect((await listAssignments(request, s.full.token)).map((a) => a.id)).toEqual([kept.id]);
    expect((await listAssignments(request, s.base.token)).map((a) => a.id)).toEqual([kept.id]);
    await expectError(await getAssignment(request, world.orgToken, gone.id), 404);
    await expectError(await request.get(`/api/assignments/${gone.id}`, { headers: authed(world.orgToken) }), 404);
    await expectError(await del(request, world.orgToken, gone.id), 404);
    // Its recordings are still there, in the other assignment and downloadable.
    expect(await expectJson<Assignment>(await getAssignment(request, world.orgToken, kept.id), 200)).toEqual(kept);
    expect((await download(request, world.orgToken, s.recordings[0].audioUrl)).length).toBeGreaterThan(1000);
    // Deleted ones cannot be annotated.
    await expectError(
      await postAnnotation(request, s.full.token, {
        assignment: gone.id,
        recording: s.refs[0],
        fragments: words(["the"]),
      }),
      422,
    );
  });

  test("409 once annotation has started, with the reason; the assignment and its annotation stay as they were", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 2);
    const a = await createAssignment(request, world.orgToken, {
      name: "Started",
      baseAnnotator: s.base.id,
      fullAnnotator: s.full.id,
      recordings: s.refs,
    });
    const annotation = await createAnnotation(request, s.base.token, {
      assignment: a.id,
      recording: s.refs[1],
      fragments: words(["the", "cat"]),
    });
    const before = await expectJson<Assignment>(await getAssignment(request, world.orgToken, a.id), 200);
    expect(before.annotations.map((x) => x.id)).toEqual([annotation.id]);

    for (const token of [world.orgToken, world.tenantToken]) {
      const refused = await expectError(await del(request, token, a.id), 409);
      expect(refused.message).toMatch(/^Annotation has started on this assignment/);
      expect(refused.message).toContain(String(annotation.id));
    }
    expect(await expectJson(await getAssignment(request, world.orgToken, a.id), 200)).toEqual(before);
    expect(
      await expectJson(await request.get(`/api/annotation/${annotation.id}`, { headers: authed(s.base.token) }), 200),
    ).toMatchObject({ id: annotation.id });
  });

  test("who: administrators of each level delete; annotators, teachers and students 403; no token 401", async ({
    request,
    world,
    admin,
  }) => {
    const s = await setup(request, world, 1);
    const body = { baseAnnotator: s.base.id, fullAnnotator: s.full.id, recordings: s.refs };
    const a = await createAssignment(request, world.orgToken, body);
    const teacher = await member(request, world, "TEACHER");
    for (const [who, token] of [
      ["base annotator", s.base.token],
      ["full annotator", s.full.token],
      ["student", s.student.token],
      ["teacher", teacher.token],
    ] as const) {
      await expectError(await del(request, token, a.id), 403, who);
    }
    await expectError(await del(request, null, a.id), 401);
    await expectError(await request.delete(`/api/assignments/${a.id}`, { headers: authed("not-a-token") }), 401);
    expect(await expectJson(await getAssignment(request, world.orgToken, a.id), 200)).toEqual(a);

    const tenantAdmin = await tenantUser(request, world, "TENANT");
    for (const token of [world.orgToken, s.adminUser.token, world.tenantToken, tenantAdmin.token, admin]) {
      const made = await createAssignment(request, world.orgToken, body);
      expect((await del(request, token, made.id)).status()).toBe(204);
      await expectError(await getAssignment(request, world.orgToken, made.id), 404);
    }
  });

  test("404: other tenants, a sibling organisation (tenant-wide assignment), unknown and malformed ids; nothing deleted", async ({
    request,
    world,
    admin,
  }) => {
    const s = await setup(request, world, 1);
    const a = await createAssignment(request, world.orgToken, { fullAnnotator: s.full.id, recordings: s.refs });
    const sibling = await siblingOrganisation(request, world);
    const siblingAdmin = await sibling.member("ADMIN");
    const other = await otherTenant(request, admin);
    const otherAdmin = await member(request, other.world, "ADMIN");
    for (const [who, token] of [
      ["other tenant", other.world.tenantToken],
      ["other tenant's organisation", other.world.orgToken],
      ["other tenant's ADMIN user", otherAdmin.token],
      ["sibling organisation", sibling.world.orgToken],
      ["sibling organisation's ADMIN user", siblingAdmin.token],
    ] as const) {
      await expectError(await del(request, token, a.id), 404, who);
    }
    for (const id of ["999999999", "abc", "0", "-1", "1.5"])
      await expectError(await del(request, world.orgToken, id), 404, id);
    expect(await expectJson(await getAssignment(request, world.orgToken, a.id), 200)).toEqual(a);
  });

  test("a delete racing annotation saves: never both succeed, and a 204 leaves no annotation behind", async ({
    request,
    world,
  }) => {
    const s = await setup(request, world, 1);
    for (let round = 0; round < 6; round++) {
      const a = await createAssignment(request, world.orgToken, { fullAnnotator: s.full.id, recordings: s.refs });
      const [saved, deleted] = await Promise.all([
        postAnnotation(request, s.full.token, { assignment: a.id, recording: s.refs[0], fragments: words(["race"]) }),
        del(request, world.orgToken, a.id),
      ]);
      const outcome = `${saved.status()}/${deleted.status()}`;
      expect(["200/409", "422/204"], outcome).toContain(outcome);
      if (deleted.status() === 204) {
        const annotations = await expectJson<unknown[]>(
          await request.get(`/api/annotations?assignment=${a.id}`, { headers: authed(world.orgToken) }),
          200,
        );
        expect(annotations).toEqual([]);
      } else {
        const still = await expectJson<Assignment>(await getAssignment(request, world.orgToken, a.id), 200);
        expect(still.annotations).toHaveLength(1);
      }
    }
  });
});
