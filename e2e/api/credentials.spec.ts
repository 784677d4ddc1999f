// Credentials: POST/DELETE /user/basicauths (username unique per organisation) and
// POST/DELETE /user/emailauths (email unique globally, password generated when omitted), plus
// POST /users/:user/emailauths and /user/:userId/emailauths by an administrator for another user.
// Only administrators (or an administrator impersonating the user) manage credentials.

import { KID_WORDS_NL } from "../../lib/users/import/kid-words";
import {
  addBasicAuth,
  asUser,
  authed,
  createOrganisation,
  createTenant,
  createUser,
  expectJson,
  impersonate,
  passwordToken,
  signIn,
  uniqueId,
} from "../support/api";
import { expectError } from "../support/assertions";
import { expect, test, type World } from "../support/fixtures";

const userScope = (world: World, username: string) =>
  `tenant/${world.tenantId}/organisation/${world.orgId}/user/${username}`;
const email = () => `${uniqueId("mail")}@example.org`;

test.describe("basicauths", () => {
  test("POST /user/basicauths: 201 {email: username, password}; the credential signs in as the user", async ({
    request,
    world,
  }) => {
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const username = uniqueId("user");
    const response = await request.post("/api/user/basicauths", {
      data: { username, password: "correct horse 1" },
      headers: authed(await asUser(request, world, student.id)),
    });
    expect(await expectJson(response, 201)).toEqual({ email: username, password: "correct horse 1" });
    expect(await signIn(request, username, "correct horse 1", userScope(world, username))).toBe(student.id);
    expect(
      await signIn(request, username, "correct horse 1", `tenant/${world.tenantId}/organisation/${world.orgId}`),
    ).toBe(student.id);
  });

  test("a username is unique within its organisation (409) but not across organisations", async ({
    request,
    world,
  }) => {
    const first = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const second = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const username = uniqueId("dup");
    await addBasicAuth(request, await asUser(request, world, first.id), username, "first-password-1");

    const asSecond = await asUser(request, world, second.id);
    await expectError(
      await request.post("/api/user/basicauths", {
        data: { username, password: "second-password" },
        headers: authed(asSecond),
      }),
      409,
    );
    await expectError(
      await request.post("/api/user/basicauths", {
        data: { username, password: "again-password" },
        headers: authed(await asUser(request, world, first.id)),
      }),
      409,
    );
    expect(await signIn(request, username, "first-password-1", userScope(world, username))).toBe(first.id);

    const otherOrg = await createOrganisation(request, world.tenantToken);
    const otherOrgToken = await impersonate(
      request,
      world.tenantToken,
      `tenant/${world.tenantId}/organisation/${otherOrg.id}`,
    );
    const elsewhere = await createUser(request, otherOrgToken, { roles: ["STUDENT"] });
    const asElsewhere = await impersonate(
      request,
      otherOrgToken,
      `tenant/${world.tenantId}/organisation/${otherOrg.id}/student/${elsewhere.id}`,
    );
    expect(await addBasicAuth(request, asElsewhere, username, "elsewhere-pass")).toEqual({
      email: username,
      password: "elsewhere-pass",
    });
    expect(
      await signIn(
        request,
        username,
        "elsewhere-pass",
        `tenant/${world.tenantId}/organisation/${otherOrg.id}/user/${username}`,
      ),
    ).toBe(elsewhere.id);
    expect(await signIn(request, username, "first-password-1", userScope(world, username))).toBe(first.id);
  });

  test("missing fields are 422 missing_field, wrong types 422 invalid", async ({ request, world }) => {
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const token = await asUser(request, world, student.id);
    const missing = await expectError(
      await request.post("/api/user/basicauths", { data: {}, headers: authed(token) }),
      422,
    );
    expect(missing.errors).toContainEqual(
      expect.objectContaining({ resource: expect.any(String), field: "username", code: "missing_field" }),
    );
    expect(missing.errors).toContainEqual(expect.objectContaining({ field: "password", code: "missing_field" }));
    const noPassword = await expectError(
      await request.post("/api/user/basicauths", { data: { username: uniqueId("u") }, headers: authed(token) }),
      422,
    );
    expect(noPassword.errors).toEqual([expect.objectContaining({ field: "password", code: "missing_field" })]);
    const wrong = await expectError(
      await request.post("/api/user/basicauths", {
        data: { username: 12345, password: ["x"] },
        headers: authed(token),
      }),
      422,
    );
    expect(wrong.errors).toContainEqual(expect.objectContaining({ field: "username", code: "invalid" }));
    expect(wrong.errors).toContainEqual(expect.objectContaining({ field: "password", code: "invalid" }));
  });

  test("DELETE /user/basicauths/:username: 204, the credential stops working; others' usernames are not found", async ({
    request,
    world,
  }) => {
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const classmate = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const token = await asUser(request, world, student.id);
    const mine = uniqueId("mine");
    const theirs = uniqueId("theirs");
    await addBasicAuth(request, token, mine, "mine-password-1");
    await addBasicAuth(request, await asUser(request, world, classmate.id), theirs, "theirs-password-1");

    // Another user's username is not the current user's credential.
    await expectError(await request.delete(`/api/user/basicauths/${theirs}`, { headers: authed(token) }), [403, 404]);
    expect(await signIn(request, theirs, "theirs-password-1", userScope(world, theirs))).toBe(classmate.id);

    const deleted = await request.delete(`/api/user/basicauths/${mine}`, { headers: authed(token) });
    expect(deleted.status(), await deleted.text()).toBe(204);
    expect(await deleted.text()).toBe("");
    expect(await signIn(request, mine, "mine-password-1", userScope(world, mine))).toBe(400);
    await expectError(await request.delete(`/api/user/basicauths/${mine}`, { headers: authed(token) }), [404, 410]);
    await expectError(
      await request.delete(`/api/user/basicauths/${uniqueId("never")}`, { headers: authed(token) }),
      404,
    );
    // The freed username may be taken again.
    await addBasicAuth(request, await asUser(request, world, classmate.id), mine, "reused-password");
    expect(await signIn(request, mine, "reused-password", userScope(world, mine))).toBe(classmate.id);
  });
});

test.describe("emailauths", () => {
  test("POST /user/emailauths with a password: 201 {email, password}; signs in without scope", async ({
    request,
    world,
  }) => {
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const address = email();
    const response = await request.post("/api/user/emailauths", {
      data: { email: address, password: "mail-password-1" },
      headers: authed(await asUser(request, world, student.id)),
    });
    expect(await expectJson(response, 201)).toEqual({ email: address, password: "mail-password-1" });
    expect(await signIn(request, address, "mail-password-1")).toBe(student.id);
  });

  test("without a password one is generated and returned", async ({ request, world }) => {
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const address = email();
    const token = await asUser(request, world, student.id);
    const created = await expectJson<{ email: string; password: string }>(
      await request.post("/api/user/emailauths", { data: { email: address }, headers: authed(token) }),
      201,
    );
    expect(created).toEqual({ email: address, password: expect.any(String) });
    expect(created.password.length).toBeGreaterThanOrEqual(8);
    expect(await signIn(request, address, created.password)).toBe(student.id);

    const another = await expectJson<{ email: string; password: string }>(
      await request.post("/api/user/emailauths", { data: { email: email() }, headers: authed(token) }),
      201,
    );
    expect(another.password, "generated passwords differ").not.toBe(created.password);
  });

  test("an email address is unique globally, whatever its case (409); the first credential keeps working", async ({
    request,
    admin,
    world,
  }) => {
    const first = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const address = email();
    await expectJson(
      await request.post("/api/user/emailauths", {
        data: { email: address, password: "first-mail-pass" },
        headers: authed(await asUser(request, world, first.id)),
      }),
      201,
    );

    const tenant = await createTenant(request, admin);
    const tenantToken = await impersonate(request, admin, `tenant/${tenant.id}`);
    const org = await createOrganisation(request, tenantToken);
    const orgToken = await impersonate(request, tenantToken, `tenant/${tenant.id}/organisation/${org.id}`);
    const stranger = await createUser(request, orgToken, { roles: ["STUDENT"] });
    const asStranger = await impersonate(
      request,
      orgToken,
      `tenant/${tenant.id}/organisation/${org.id}/student/${stranger.id}`,
    );
    for (const variant of [address, address.toUpperCase()]) {
      await expectError(
        await request.post("/api/user/emailauths", {
          data: { email: variant, password: "stranger-pass" },
          headers: authed(asStranger),
        }),
        409,
      );
    }
    await expectError(
      await request.post(`/api/users/${first.id}/emailauths`, {
        data: { email: address },
        headers: authed(world.orgToken),
      }),
      409,
    );
    expect(await signIn(request, address, "first-mail-pass")).toBe(first.id);
    expect(await signIn(request, address, "stranger-pass")).toBe(400);
  });

  test("a missing email is 422 missing_field; a malformed one 422 invalid", async ({ request, world }) => {
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const token = await asUser(request, world, student.id);
    const missing = await expectError(
      await request.post("/api/user/emailauths", { data: { password: "some-password" }, headers: authed(token) }),
      422,
    );
    expect(missing.errors).toEqual([
      expect.objectContaining({ resource: expect.any(String), field: "email", code: "missing_field" }),
    ]);
    for (const bad of ["not-an-email", "two@@example.org", 42]) {
      const body = await expectError(
        await request.post("/api/user/emailauths", { data: { email: bad }, headers: authed(token) }),
        422,
      );
      expect(body.errors, String(bad)).toContainEqual(expect.objectContaining({ field: "email", code: "invalid" }));
    }
    const badPassword = await expectError(
      await request.post("/api/user/emailauths", {
        data: { email: email(), password: 12345678 },
        headers: authed(token),
      }),
      422,
    );
    expect(badPassword.errors).toContainEqual(expect.objectContaining({ field: "password", code: "invalid" }));
  });

  for (const path of ["/api/users/:id/emailauths", "/api/user/:id/emailauths"]) {
    test(`an administrator adds an email credential to another user with POST ${path}`, async ({ request, world }) => {
      const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
      const address = email();
      const response = await request.post(path.replace(":id", student.id), {
        data: { email: address, password: "given-by-admin" },
        headers: authed(world.orgToken),
      });
      expect(await expectJson(response, 201)).toEqual({ email: address, password: "given-by-admin" });
      expect(await signIn(request, address, "given-by-admin")).toBe(student.id);

      const generated = await expectJson<{ email: string; password: string }>(
        await request.post(path.replace(":id", student.id), {
          data: { email: email() },
          headers: authed(world.orgToken),
        }),
        201,
      );
      expect(await signIn(request, generated.email, generated.password)).toBe(student.id);

      await expectError(
        await request.post(path.replace(":id", uniqueId("nobody")), {
          data: { email: email() },
          headers: authed(world.orgToken),
        }),
        404,
      );
    });
  }

  test("DELETE /user/emailauths/:email: 204 and the address no longer signs in", async ({ request, world }) => {
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const classmate = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const token = await asUser(request, world, student.id);
    const mine = email();
    const theirs = email();
    await expectJson(
      await request.post("/api/user/emailauths", {
        data: { email: mine, password: "mine-mail-pass" },
        headers: authed(token),
      }),
      201,
    );
    await expectJson(
      await request.post("/api/user/emailauths", {
        data: { email: theirs, password: "theirs-mail-pass" },
        headers: authed(await asUser(request, world, classmate.id)),
      }),
      201,
    );

    await expectError(
      await request.delete(`/api/user/emailauths/${encodeURIComponent(theirs)}`, { headers: authed(token) }),
      [403, 404],
    );
    expect(await signIn(request, theirs, "theirs-mail-pass")).toBe(classmate.id);

    const deleted = await request.delete(`/api/user/emailauths/${encodeURIComponent(mine)}`, {
      headers: authed(token),
    });
    expect(deleted.status(), await deleted.text()).toBe(204);
    expect(await signIn(request, mine, "mine-mail-pass")).toBe(400);
    await expectError(
      await request.delete(`/api/user/emailauths/${encodeURIComponent(mine)}`, { headers: authed(token) }),
      [404, 410],
    );
    // The address is free again.
    await expectJson(
      await request.post("/api/user/emailauths", {
        data: { email: mine, password: "reused-mail-pass" },
        headers: authed(await asUser(request, world, classmate.id)),
      }),
      201,
    );
    expect(await signIn(request, mine, "reused-mail-pass")).toBe(classmate.id);
  });
});

test.describe("who may manage credentials", () => {
  test("a student signed in with its own password has no administrative powers: 403, nothing stored", async ({
    request,
    world,
  }) => {
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const classmate = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const username = uniqueId("self");
    await addBasicAuth(request, await asUser(request, world, student.id), username, "own-password-1");
    const ownToken = await passwordToken(request, username, "own-password-1", userScope(world, username));

    const newName = uniqueId("new");
    await expectError(
      await request.post("/api/user/basicauths", {
        data: { username: newName, password: "other-password" },
        headers: authed(ownToken),
      }),
      403,
    );
    expect(await signIn(request, newName, "other-password", userScope(world, newName))).toBe(400);

    const address = email();
    await expectError(
      await request.post("/api/user/emailauths", {
        data: { email: address, password: "other-password" },
        headers: authed(ownToken),
      }),
      403,
    );
    expect(await signIn(request, address, "other-password")).toBe(400);

    // Nor for a classmate, impersonated or own token alike.
    for (const token of [ownToken, await asUser(request, world, student.id)]) {
      for (const path of [`/api/users/${classmate.id}/emailauths`, `/api/user/${classmate.id}/emailauths`]) {
        const target = email();
        await expectError(
          await request.post(path, { data: { email: target, password: "hijack-password" }, headers: authed(token) }),
          [403, 404],
        );
        expect(await signIn(request, target, "hijack-password")).toBe(400);
      }
    }
    // Deleting its own credential also needs administrative powers.
    await expectError(await request.delete(`/api/user/basicauths/${username}`, { headers: authed(ownToken) }), 403);
    expect(await signIn(request, username, "own-password-1", userScope(world, username))).toBe(student.id);
  });

  test("without a token: 401 with WWW-Authenticate", async ({ request, world }) => {
    for (const response of [
      await request.post("/api/user/basicauths", { data: { username: "x", password: "long-enough-pw" } }),
      await request.delete("/api/user/basicauths/x"),
      await request.post("/api/user/emailauths", { data: { email: email() } }),
      await request.delete(`/api/user/emailauths/${encodeURIComponent(email())}`),
      await request.post(`/api/users/${world.orgId}/emailauths`, { data: { email: email() } }),
    ]) {
      await expectError(response, 401);
      expect(response.headers()["www-authenticate"]).toMatch(/^Bearer/);
    }
  });
});

test.describe("password reset (ours): PUT /users/:userId/basicauths/:username", () => {
  const orgScope = (world: World) => `tenant/${world.tenantId}/organisation/${world.orgId}`;
  const reset = (
    request: import("@playwright/test").APIRequestContext,
    token: string,
    user: string,
    username: string,
    data: unknown,
  ) =>
    request.put(`/api/users/${encodeURIComponent(user)}/basicauths/${encodeURIComponent(username)}`, {
      data,
      headers: authed(token),
    });

  test("a school administrator sets a new password: the old one and every token of the user stop working; shown once", async ({
    request,
    world,
  }) => {
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const username = uniqueId("kid");
    await addBasicAuth(request, await asUser(request, world, student.id), username, "old-password-1");
    const signedIn = await passwordToken(request, username, "old-password-1", orgScope(world));
    expect((await request.get("/api/user", { headers: authed(signedIn) })).status()).toBe(200);
    const schoolAdmin = await createUser(request, world.orgToken, { roles: ["ORGANISATION"] });
    const adminToken = await asUser(request, world, schoolAdmin.id);

    const response = await reset(request, adminToken, student.id, username, { password: "new-password-2" });
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(await expectJson(response, 200)).toEqual({ email: username, password: "new-password-2" });
    // The tokens the user held are revoked; the old password no longer signs in, the new one does.
    expect((await request.get("/api/user", { headers: authed(signedIn) })).status()).toBe(401);
    expect(await signIn(request, username, "old-password-1", orgScope(world))).toBe(400);
    expect(await signIn(request, username, "new-password-2", orgScope(world))).toBe(student.id);
  });

  test("without a password one is generated as for imported students, in the organisation's language", async ({
    request,
    world,
  }) => {
    // A school whose challenges are in Dutch gets Dutch word pairs.
    for (const language of ["nld", "nld", "eng"])
      await expectJson(
        await request.post("/api/challenges/speech", { multipart: { language }, headers: authed(world.orgToken) }),
        201,
      );
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const username = uniqueId("kid");
    await addBasicAuth(request, await asUser(request, world, student.id), username, "old-password-1");
    for (let i = 0; i < 5; i++) {
      const { password } = await expectJson<{ email: string; password: string }>(
        await reset(request, world.orgToken, student.id, username, {}),
        200,
      );
      const m = /^([a-z]+)-([a-z]+)-[2-9]{2}$/.exec(password);
      expect(m, password).not.toBeNull();
      expect(KID_WORDS_NL).toContain(m![1]);
      expect(KID_WORDS_NL).toContain(m![2]);
      expect(await signIn(request, username, password, orgScope(world))).toBe(student.id);
    }
  });

  test("by the credential rules: a teacher may not (403); unknown usernames, others' usernames and users 404; short passwords 422; nothing changes", async ({
    request,
    world,
  }) => {
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const other = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const username = uniqueId("kid");
    const othersName = uniqueId("kid");
    await addBasicAuth(request, await asUser(request, world, student.id), username, "old-password-1");
    await addBasicAuth(request, await asUser(request, world, other.id), othersName, "other-password-1");
    const signedIn = await passwordToken(request, username, "old-password-1", orgScope(world));
    const teacher = await createUser(request, world.orgToken, { roles: ["TEACHER"] });
    const teacherToken = await asUser(request, world, teacher.id);

    await expectError(await reset(request, teacherToken, student.id, username, { password: "hijack-pass-1" }), 403);
    await expectError(await reset(request, world.orgToken, student.id, uniqueId("nobody"), {}), 404);
    await expectError(await reset(request, world.orgToken, student.id, othersName, {}), 404);
    await expectError(await reset(request, world.orgToken, uniqueId("nouser"), username, {}), 404);
    const short = await expectError(
      await reset(request, world.orgToken, student.id, username, { password: "short" }),
      422,
    );
    expect(JSON.stringify(short)).toContain("at least 8 characters");
    await expectError(
      await request.put(`/api/users/${student.id}/basicauths/${username}`, {
        headers: { ...authed(world.orgToken), "Content-Type": "application/json" },
        data: "{not json",
      }),
      400,
    );
    // Nothing changed: the old password and the old token still work.
    expect(await signIn(request, username, "old-password-1", orgScope(world))).toBe(student.id);
    expect(await signIn(request, othersName, "other-password-1", orgScope(world))).toBe(other.id);
    expect((await request.get("/api/user", { headers: authed(signedIn) })).status()).toBe(200);
  });
});
