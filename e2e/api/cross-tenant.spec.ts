// Tenant isolation: with every token of tenant A (tenant, organisation, teacher, student), nothing
// of tenant B may be read, changed or seen in a list. Reads answer 404 (403 where the permission
// is missing); afterwards B's data is unchanged (api-conventions.md: never leak existence).
import type { APIRequestContext } from "@playwright/test";
import {
  addBasicAuth,
  authed,
  createOrganisation,
  createTenant,
  createUser,
  expectJson,
  impersonate,
  nextUrl,
  signIn,
  type User,
  uniqueId,
} from "../support/api";
import { expectError } from "../support/assertions";
import { expect, test } from "../support/fixtures";

/** A whole list, or null when the caller lacks the permission (403). */
async function listOrForbidden(
  request: APIRequestContext,
  path: string,
  token: string,
  label: string,
): Promise<{ id: string }[] | null> {
  const items: { id: string }[] = [];
  let url: string | null = `${path}${path.includes("?") ? "&" : "?"}perPage=100`;
  for (let page = 0; url; page++) {
    expect(page, "pagination does not end").toBeLessThan(500);
    const response = await request.get(url, { headers: authed(token) });
    if (page === 0 && response.status() === 403) {
      await expectError(response, 403, label);
      return null;
    }
    items.push(...(await expectJson<{ id: string }[]>(response, 200)));
    url = nextUrl(response);
  }
  return items;
}

type Side = {
  tenantId: string;
  orgId: string;
  tenantToken: string;
  orgToken: string;
  student: User;
  teacher: User;
  studentToken: string;
  teacherToken: string;
  groupId: string;
  username: string;
  email: string;
};

async function buildSide(request: APIRequestContext, admin: string, label: string): Promise<Side> {
  const tenant = await createTenant(request, admin, `Tenant ${label}`);
  const tenantToken = await impersonate(request, admin, `tenant/${tenant.id}`);
  const org = await createOrganisation(request, tenantToken, `Organisation ${label}`);
  const orgToken = await impersonate(request, tenantToken, `tenant/${tenant.id}/organisation/${org.id}`);
  const group = await expectJson<{ id: string }>(
    await request.post("/api/groups", {
      data: { id: uniqueId("grp"), name: `Group ${label}` },
      headers: authed(orgToken),
    }),
    201,
  );
  const student = await createUser(request, orgToken, {
    roles: ["STUDENT"],
    groups: [group.id],
    firstName: `Student ${label}`,
  });
  const teacher = await createUser(request, orgToken, {
    roles: ["TEACHER"],
    groups: [group.id],
    firstName: `Teacher ${label}`,
  });
  const as = (id: string) => impersonate(request, orgToken, `tenant/${tenant.id}/organisation/${org.id}/student/${id}`);
  const studentToken = await as(student.id);
  const teacherToken = await as(teacher.id);
  await expectJson(
    await request.post(`/api/users/${student.id}/profile`, {
      data: { birthYear: 2008, gender: "f", country: "NL", language: "nld", cefr: 4 },
      headers: authed(orgToken),
    }),
    201,
  );
  const username = uniqueId("basic");
  await addBasicAuth(request, studentToken, username, `basic-${label}-password`);
  const email = `${uniqueId("mail")}@example.org`;
  await expectJson(
    await request.post("/api/user/emailauths", {
      data: { email, password: `email-${label}-password` },
      headers: authed(studentToken),
    }),
    201,
  );
  return {
    tenantId: tenant.id,
    orgId: org.id,
    tenantToken,
    orgToken,
    student,
    teacher,
    studentToken,
    teacherToken,
    groupId: group.id,
    username,
    email,
  };
}

/** Everything of B as B (and the top-level admin) sees it. */
async function snapshot(request: APIRequestContext, admin: string, b: Side) {
  const get = async (path: string, token: string) =>
    expectJson<unknown>(await request.get(path, { headers: authed(token) }), 200);
  return {
    tenant: await get(`/api/tenants/${b.tenantId}`, admin),
    organisations: await get("/api/organisations?perPage=100", b.tenantToken),
    users: await get("/api/users?perPage=100", b.orgToken),
    student: await get(`/api/users/${b.student.id}`, b.orgToken),
    teacher: await get(`/api/users/${b.teacher.id}`, b.orgToken),
    profile: await get(`/api/users/${b.student.id}/profile`, b.orgToken),
    groups: await get("/api/groups?perPage=100", b.orgToken),
    group: await get(`/api/groups/${b.groupId}`, b.orgToken),
    basic: await signIn(
      request,
      b.username,
      "basic-B-password",
      `tenant/${b.tenantId}/organisation/${b.orgId}/user/${b.username}`,
    ),
    email: await signIn(request, b.email, "email-B-password"),
  };
}

test("no token of tenant A reads, changes or lists anything of tenant B", async ({ request, admin }) => {
  test.setTimeout(120_000);
  const a = await buildSide(request, admin, "A");
  const b = await buildSide(request, admin, "B");
  const before = await snapshot(request, admin, b);
  expect(before.basic).toBe(b.student.id);
  expect(before.email).toBe(b.student.id);
  const bIds = [b.tenantId, b.orgId, b.student.id, b.teacher.id, b.groupId];

  const tokens: [string, string][] = [
    [a.tenantToken, "A tenant"],
    [a.orgToken, "A organisation"],
    [a.teacherToken, "A teacher"],
    [a.studentToken, "A student"],
  ];
  const hijackEmails: string[] = [];
  for (const [token, label] of tokens) {
    const h = authed(token);
    const reads = [
      `/api/tenants/${b.tenantId}`,
      `/api/organisations/${b.orgId}`,
      `/api/users/${b.student.id}`,
      `/api/users/${b.teacher.id}`,
      `/api/users/${b.student.id}/profile`,
      `/api/groups/${b.groupId}`,
    ];
    for (const path of reads) await expectError(await request.get(path, { headers: h }), [403, 404], label);

    await expectError(
      await request.post(`/api/users/${b.student.id}/profile`, { data: { cefr: 10, gender: "m" }, headers: h }),
      [403, 404],
      label,
    );
    for (const path of [`/api/users/${b.student.id}/emailauths`, `/api/user/${b.student.id}/emailauths`]) {
      const hijack = `${uniqueId("hijack")}@example.org`;
      hijackEmails.push(hijack);
      await expectError(
        await request.post(path, { data: { email: hijack, password: "hijack-password" }, headers: h }),
        [403, 404],
        label,
      );
    }
    await expectError(await request.delete(`/api/user/basicauths/${b.username}`, { headers: h }), [403, 404], label);
    await expectError(
      await request.delete(`/api/user/emailauths/${encodeURIComponent(b.email)}`, { headers: h }),
      [403, 404],
      label,
    );

    for (const path of [
      "/api/tenants",
      "/api/organisations",
      "/api/users",
      "/api/groups",
      `/api/users?group=${b.groupId}`,
    ]) {
      const items = await listOrForbidden(request, path, token, `${label} ${path}`);
      if (items)
        for (const id of bIds)
          expect(
            items.map((i) => i.id),
            `${label} ${path} lists ${id} of B`,
          ).not.toContain(id);
    }
    if (label === "A tenant") {
      const tenants = await listOrForbidden(request, "/api/tenants", token, label);
      expect(tenants?.map((t) => t.id)).toEqual([a.tenantId]);
    }
  }

  // Referring to B's objects from A: unknown there. Reusing B's ids in A leaks nothing (no 409).
  const byGroup = await request.post("/api/users", {
    data: { firstName: "X", infix: null, lastName: "Y", roles: ["STUDENT"], groups: [b.groupId] },
    headers: authed(a.orgToken),
  });
  expect(byGroup.status(), await byGroup.text()).toBe(422);
  expect((await byGroup.json()).errors).toContainEqual(expect.objectContaining({ field: "groups", code: "missing" }));
  const sameUserId = await expectJson<User>(
    await request.post("/api/users", {
      data: { id: b.student.id, firstName: "Namesake", infix: null, lastName: "A", roles: ["STUDENT"] },
      headers: authed(a.orgToken),
    }),
    201,
  );
  expect(sameUserId.id).toBe(b.student.id);
  expect(
    (await expectJson<User>(await request.get(`/api/users/${b.student.id}`, { headers: authed(a.orgToken) }), 200))
      .firstName,
  ).toBe("Namesake");
  await expectJson(
    await request.post("/api/groups", { data: { id: b.groupId, name: "Namesake group" }, headers: authed(a.orgToken) }),
    201,
  );
  await expectJson(
    await request.post("/api/organisation", {
      data: { id: b.orgId, name: "Namesake organisation" },
      headers: authed(a.tenantToken),
    }),
    201,
  );

  // B is exactly as it was; no hijack address signs in.
  expect(await snapshot(request, admin, b)).toEqual(before);
  for (const hijack of hijackEmails) expect(await signIn(request, hijack, "hijack-password")).toBe(400);
  expect(
    (await expectJson<User>(await request.get(`/api/users/${b.student.id}`, { headers: authed(b.orgToken) }), 200))
      .firstName,
  ).toBe("Student B");
});
