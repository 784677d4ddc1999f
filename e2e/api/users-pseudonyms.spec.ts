// Privacy: annotators never receive students' names. Every response path an annotator can reach
// that could carry a user (users, group members, assignments, annotations, recordings,
// progress) is read as each kind of annotator and searched for the students' names; users come
// back under stable pseudonyms ("Student 4F2A9C").

import { createSpeechChallenge, seedRecordings } from "../support/annotations";
import { asUser, authed, createUser, expectJson, member } from "../support/api";
import { expect, test } from "../support/fixtures";

type User = { id: string; firstName: string; infix: string | null; lastName: string; roles: string[] };

test("an annotator's responses contain no student names; users come as stable pseudonyms", async ({
  request,
  world,
}) => {
  test.setTimeout(120_000);
  const group = await expectJson<{ id: string }>(
    await request.post("/api/groups", { data: { name: "Class 7" }, headers: authed(world.orgToken) }),
    201,
  );
  const names = [
    ["Zeynep", "Quaresma"],
    ["Wolbert", "Xanthippe"],
  ];
  const students: { user: User; token: string }[] = [];
  for (const [firstName, lastName] of names) {
    const user = (await createUser(request, world.orgToken, {
      roles: ["STUDENT"],
      firstName,
      infix: "ten",
      lastName,
      groups: [group.id],
    })) as User;
    students.push({ user, token: await asUser(request, world, user.id) });
  }
  // The named students record.
  const challenge = await createSpeechChallenge(request, world.orgToken);
  const recs = (
    await Promise.all(
      students.map((s) => seedRecordings(request, world, { id: s.user.id, token: s.token }, challenge, 1)),
    )
  ).flat();
  const category = await expectJson<{ id: string }>(
    await request.post("/api/categories", {
      data: { name: "Unit 1", speechChallenges: [challenge] },
      headers: authed(world.orgToken),
    }),
    201,
  );

  const full = await member(request, world, "ANNOTATOR_FULL");
  const base = await member(request, world, "ANNOTATOR_BASE");
  const assignment = await expectJson<{ id: number }>(
    await request.post("/api/assignments", {
      data: { name: "Week 1", baseAnnotator: base.id, fullAnnotator: full.id, recordings: recs.map((r) => r.ref) },
      headers: authed(world.orgToken),
    }),
    201,
  );
  const annotation = await request.post("/api/annotations", {
    data: { assignment: assignment.id, recording: recs[0].ref, fragments: [] },
    headers: authed(full.token),
  });
  const annotationId = ((await annotation.json()) as { id: number }).id;

  const forbidden = names.flat().concat(["ten"]);
  const paths = [
    "/api/users?perPage=100",
    "/api/users?perPage=100&sort=lastName",
    `/api/users?group=${group.id}`,
    ...students.map((s) => `/api/users/${s.user.id}`),
    `/api/groups/${group.id}/members`,
    "/api/assignments",
    `/api/assignment/${assignment.id}`,
    "/api/annotations",
    `/api/annotation/${annotationId}`,
    `/api/challenges/speech/${challenge}/recordings`,
    `/api/categories/${category.id}/progress?group=${group.id}`,
    `/api/categories/${category.id}/progress`,
  ];
  const read = async (token: string) => {
    const seen: Record<string, string> = {};
    for (const path of paths) {
      const response = await request.get(path, { headers: authed(token) });
      const text = await response.text();
      seen[path] = text;
      for (const name of forbidden)
        expect(text, `${path} (${response.status()}) names ${name}`).not.toMatch(new RegExp(`\\b${name}\\b`));
    }
    return seen;
  };
  for (const annotator of [full, base]) {
    await read(annotator.token);
    const list = await expectJson<User[]>(
      await request.get("/api/users?perPage=100", { headers: authed(annotator.token) }),
      200,
    );
    const pseudonymous = list.filter((u) => students.some((s) => s.user.id === u.id));
    expect(pseudonymous).toHaveLength(2);
    for (const u of pseudonymous) {
      expect(u.firstName).toBe("Student");
      expect(u.infix).toBeNull();
      expect(u.lastName).toMatch(/^[0-9A-F]{6}$/);
    }
    expect(pseudonymous[0].lastName).not.toBe(pseudonymous[1].lastName);
    // Stable across requests and the same from the single read.
    const again = await expectJson<User>(
      await request.get(`/api/users/${pseudonymous[0].id}`, { headers: authed(annotator.token) }),
      200,
    );
    expect(again).toEqual(pseudonymous[0]);
    // An annotator's own name is its own.
    const me = list.find((u) => u.id === annotator.id)!;
    expect(me.firstName).toBe("Test");
    // Colleagues are shown by name, not pseudonym (issue 29): the other annotator, by name.
    const colleague = list.find((u) => u.id === (annotator === full ? base.id : full.id))!;
    expect(colleague).toMatchObject({ firstName: "Test", infix: "van", lastName: "User" });
  }
  // Both annotators see the same pseudonym for a student; administrators see the names.
  const [a, b] = await Promise.all(
    [full, base].map(async (x) =>
      expectJson<User>(await request.get(`/api/users/${students[0].user.id}`, { headers: authed(x.token) }), 200),
    ),
  );
  expect(a.lastName).toBe(b.lastName);
  expect(
    (
      await expectJson<User>(
        await request.get(`/api/users/${students[0].user.id}`, { headers: authed(world.orgToken) }),
        200,
      )
    ).lastName,
  ).toBe("Quaresma");
  const teacher = await member(request, world, "TEACHER");
  expect(
    (
      await expectJson<User>(
        await request.get(`/api/users/${students[1].user.id}`, { headers: authed(teacher.token) }),
        200,
      )
    ).firstName,
  ).toBe("Wolbert");
});
