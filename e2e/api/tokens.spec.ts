import {
  addBasicAuth,
  authed,
  createOrganisation,
  createUser,
  expectJson,
  impersonate,
  passwordToken,
  uniqueId,
} from "../support/api";
import { ADMIN_PASSWORD } from "../support/env";
import { expect, test } from "../support/fixtures";

const oauthError = expect.objectContaining({
  error: expect.any(String),
  error_description: expect.any(String),
  message: expect.any(String),
});

test.describe("password grant", () => {
  test("top-level admin signs in without scope; the response is not cacheable", async ({ request }) => {
    const response = await request.post("/api/tokens", {
      form: { grant_type: "password", username: "admin", password: ADMIN_PASSWORD },
    });
    const body = await expectJson<{ access_token: string; token_type: string; scope: string }>(response, 200);
    expect(body.token_type).toBe("Bearer");
    expect(body.scope).toBe("user/admin");
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(response.headers().pragma).toBe("no-cache");
    expect(response.headers()["content-type"]).toContain("application/json");
  });

  test("organisation users sign in with username and scope, by email without scope, tenants with tenant scope", async ({
    request,
    world,
  }) => {
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const asStudent = await impersonate(
      request,
      world.orgToken,
      `tenant/${world.tenantId}/organisation/${world.orgId}/student/${student.id}`,
    );
    const username = uniqueId("stu");
    await addBasicAuth(request, asStudent, username, "student-pass-1");
    const email = `${uniqueId("mail")}@example.org`;
    await expectJson(
      await request.post("/api/user/emailauths", {
        data: { email, password: "student-pass-2" },
        headers: authed(asStudent),
      }),
      201,
    );

    for (const scope of [
      `tenant/${world.tenantId}/organisation/${world.orgId}/user/${username}`,
      `tenant/${world.tenantId}/organisation/${world.orgId}`,
    ]) {
      const token = await passwordToken(request, username, "student-pass-1", scope);
      const me = await expectJson<{ id: string }>(await request.get("/api/user", { headers: authed(token) }), 200);
      expect(me.id).toBe(student.id);
    }
    const byEmail = await passwordToken(request, email.toUpperCase(), "student-pass-2");
    expect(
      (await expectJson<{ id: string }>(await request.get("/api/user", { headers: authed(byEmail) }), 200)).id,
    ).toBe(student.id);

    // The same username in another organisation is another account.
    const otherOrg = await createOrganisation(request, world.tenantToken);
    const otherOrgToken = await impersonate(
      request,
      world.tenantToken,
      `tenant/${world.tenantId}/organisation/${otherOrg.id}`,
    );
    const twin = await createUser(request, otherOrgToken, { roles: ["STUDENT"] });
    const asTwin = await impersonate(
      request,
      otherOrgToken,
      `tenant/${world.tenantId}/organisation/${otherOrg.id}/student/${twin.id}`,
    );
    await addBasicAuth(request, asTwin, username, "twin-pass-123");
    const twinToken = await passwordToken(
      request,
      username,
      "twin-pass-123",
      `tenant/${world.tenantId}/organisation/${otherOrg.id}`,
    );
    expect(
      (await expectJson<{ id: string }>(await request.get("/api/user", { headers: authed(twinToken) }), 200)).id,
    ).toBe(twin.id);

    // A tenant-level user signs in with scope tenant/<t>.
    const tenantAdmin = await createUser(request, world.tenantToken, { roles: ["TENANT"] });
    const asTenantAdmin = await impersonate(
      request,
      world.tenantToken,
      `tenant/${world.tenantId}/user/${tenantAdmin.id}`,
    );
    const tenantUsername = uniqueId("tadm");
    await addBasicAuth(request, asTenantAdmin, tenantUsername, "tenant-pass-1");
    const tenantToken = await passwordToken(request, tenantUsername, "tenant-pass-1", `tenant/${world.tenantId}`);
    const orgs = await expectJson<{ id: string }[]>(
      await request.get("/api/organisations", { headers: authed(tenantToken) }),
      200,
    );
    expect(orgs.map((o) => o.id).sort()).toEqual([world.orgId, otherOrg.id].sort());
  });

  test("an unknown user and a wrong password answer identically", async ({ request }) => {
    const wrong = await request.post("/api/tokens", {
      form: { grant_type: "password", username: "admin", password: "not-the-password" },
    });
    const unknown = await request.post("/api/tokens", {
      form: { grant_type: "password", username: uniqueId("nobody"), password: "not-the-password" },
    });
    expect(wrong.status()).toBe(400);
    expect(unknown.status()).toBe(400);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(await wrong.json()).toEqual(oauthError);
    expect((await wrong.json()).error).toBe("invalid_grant");
  });

  test("repeated failures on one account are throttled with 429 and Retry-After, known or not", async ({
    request,
    world,
  }) => {
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const asStudent = await impersonate(
      request,
      world.orgToken,
      `tenant/${world.tenantId}/organisation/${world.orgId}/student/${student.id}`,
    );
    const username = uniqueId("thr");
    await addBasicAuth(request, asStudent, username, "right-password");
    const scope = `tenant/${world.tenantId}/organisation/${world.orgId}`;
    const attempt = (user: string, password: string) =>
      request.post("/api/tokens", { form: { grant_type: "password", username: user, password, scope } });

    for (const user of [username, uniqueId("ghost")]) {
      for (let i = 0; i < 5; i++) expect((await attempt(user, "wrong-password")).status()).toBe(400);
      const locked = await attempt(user, "right-password");
      expect(locked.status()).toBe(429);
      expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(0);
      expect(await locked.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
    }
    // Other accounts are unaffected, and the lock lifts (LOGIN_LOCK_SECONDS=2 in tests).
    expect(
      (
        await request.post("/api/tokens", {
          form: { grant_type: "password", username: "admin", password: ADMIN_PASSWORD },
        })
      ).status(),
    ).toBe(200);
    await expect
      .poll(async () => (await attempt(username, "right-password")).status(), { timeout: 10_000, intervals: [1000] })
      .toBe(200);
  });

  test("malformed token requests get RFC 6749 errors", async ({ request }) => {
    const cases: [Record<string, string>, number, string][] = [
      [{}, 400, "invalid_request"],
      [{ grant_type: "password", username: "admin" }, 400, "invalid_request"],
      [{ grant_type: "authorization_code", code: "x" }, 400, "unsupported_grant_type"],
      [
        { grant_type: "password", username: "admin", password: ADMIN_PASSWORD, scope: "nonsense/scope/x" },
        400,
        "invalid_scope",
      ],
      [{ grant_type: "client_credentials" }, 401, "invalid_client"],
    ];
    for (const [form, status, error] of cases) {
      const response = await request.post("/api/tokens", { form });
      const body = await expectJson<{ error: string }>(response, status);
      expect(body).toEqual(oauthError);
      expect(body.error, JSON.stringify(form)).toBe(error);
    }
  });
});

test.describe("using tokens", () => {
  test("bearer header and ?access_token= both work; garbage, revoked and missing tokens get 401", async ({
    request,
    admin,
  }) => {
    expect((await request.get("/api/user", { headers: authed(admin) })).status()).toBe(200);
    expect((await request.get(`/api/user?access_token=${encodeURIComponent(admin)}`)).status()).toBe(200);

    const missing = await request.get("/api/user");
    expect(missing.status()).toBe(401);
    expect(missing.headers()["www-authenticate"]).toMatch(/^Bearer/);
    const garbage = await request.get("/api/user", { headers: authed("garbage-token-garbage-token") });
    expect(garbage.status()).toBe(401);
    expect(garbage.headers()["www-authenticate"]).toContain('error="invalid_token"');
    expect(await garbage.json()).toEqual({ message: expect.any(String) });

    // Revoking a token revokes the tokens impersonated from it.
    const session = await passwordToken(request, "admin", ADMIN_PASSWORD);
    const derived = await impersonate(request, session, "user/admin");
    expect((await request.post("/api/tokens/revoke", { headers: authed(session) })).status()).toBe(200);
    expect((await request.get("/api/user", { headers: authed(session) })).status()).toBe(401);
    expect((await request.get("/api/user", { headers: authed(derived) })).status()).toBe(401);
    expect((await request.get("/api/user", { headers: authed(admin) })).status()).toBe(200);
  });
});

test.describe("impersonation", () => {
  test("client_credentials without scope returns a token for the caller", async ({ request, admin }) => {
    const response = await request.post("/api/tokens", {
      form: { grant_type: "client_credentials" },
      headers: authed(admin),
    });
    const body = await expectJson<{ access_token: string; scope: string }>(response, 200);
    expect(body.scope).toBe("user/admin");
    expect(body.access_token).not.toBe(admin);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(
      (await expectJson<{ id: string }>(await request.get("/api/user", { headers: authed(body.access_token) }), 200))
        .id,
    ).toBe("admin");
  });

  test("top-down impersonation works for every scope shape", async ({ request, admin, world }) => {
    const t = world.tenantId;
    const o = world.orgId;
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const asStudent = await impersonate(request, admin, `tenant/${t}/organisation/${o}/student/${student.id}`);
    expect(
      (await expectJson<{ id: string }>(await request.get("/api/user", { headers: authed(asStudent) }), 200)).id,
    ).toBe(student.id);

    const username = uniqueId("u");
    await addBasicAuth(request, asStudent, username, "password-123");
    const byUsername = await impersonate(request, world.tenantToken, `tenant/${t}/organisation/${o}/user/${username}`);
    expect(
      (await expectJson<{ id: string }>(await request.get("/api/user", { headers: authed(byUsername) }), 200)).id,
    ).toBe(student.id);

    const tenantUser = await createUser(request, world.tenantToken, { roles: ["TENANT"] });
    const asTenantUser = await impersonate(request, admin, `tenant/${t}/user/${tenantUser.id}`);
    expect(
      (await expectJson<{ id: string }>(await request.get("/api/user", { headers: authed(asTenantUser) }), 200)).id,
    ).toBe(tenantUser.id);
    // "A tenant admin user may impersonate as a tenant does."
    await impersonate(request, asTenantUser, `tenant/${t}/organisation/${o}`);
    await impersonate(request, asTenantUser, `tenant/${t}`);

    const topUser = await createUser(request, admin, { roles: ["TEACHER"] });
    const asTopUser = await impersonate(request, admin, `user/${topUser.id}`);
    expect(
      (await expectJson<{ id: string }>(await request.get("/api/user", { headers: authed(asTopUser) }), 200)).id,
    ).toBe(topUser.id);

    const asOrg = await impersonate(request, admin, `tenant/${t}/organisation/${o}`);
    const users = await expectJson<{ id: string }[]>(await request.get("/api/users", { headers: authed(asOrg) }), 200);
    expect(users.map((u) => u.id)).toContain(student.id);
  });

  test("upward and sideways impersonation is refused with invalid_scope", async ({ request, admin, world }) => {
    const t = world.tenantId;
    const o = world.orgId;
    const other = await createOrganisation(request, world.tenantToken);
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const teacher = await createUser(request, world.orgToken, { roles: ["TEACHER"] });
    const asStudent = await impersonate(request, world.orgToken, `tenant/${t}/organisation/${o}/student/${student.id}`);
    const asTeacher = await impersonate(request, world.orgToken, `tenant/${t}/organisation/${o}/student/${teacher.id}`);
    const otherTenant = await expectJson<{ id: string }>(
      await request.post("/api/tenants", { data: { name: "Other" }, headers: authed(admin) }),
      201,
    );
    const orgAdmin = await createUser(request, world.orgToken, { roles: ["ORGANISATION"] });
    const orgAdmin2 = await createUser(request, world.orgToken, { roles: ["ORGANISATION"] });
    const asOrgAdmin = await impersonate(
      request,
      world.orgToken,
      `tenant/${t}/organisation/${o}/student/${orgAdmin.id}`,
    );

    const refusals: [string, string, string][] = [
      [asStudent, `tenant/${t}/organisation/${o}`, "student → its organisation"],
      [asStudent, `tenant/${t}`, "student → tenant"],
      [asStudent, `tenant/${t}/organisation/${o}/student/${teacher.id}`, "student → another user"],
      [
        asTeacher,
        `tenant/${t}/organisation/${o}/student/${student.id}`,
        "teacher → student (no administrative powers)",
      ],
      [world.orgToken, `tenant/${t}`, "organisation → its tenant"],
      [world.orgToken, `tenant/${t}/organisation/${other.id}`, "organisation → sibling organisation"],
      [world.tenantToken, `tenant/${otherTenant.id}`, "tenant → other tenant"],
      [world.tenantToken, "user/admin", "tenant → top-level admin"],
      [
        asOrgAdmin,
        `tenant/${t}/organisation/${o}/student/${orgAdmin2.id}`,
        "organisation admin → fellow administrator",
      ],
      [world.tenantToken, `tenant/${t}/organisation/does-not-exist`, "unknown organisation"],
    ];
    for (const [token, scope, label] of refusals) {
      const response = await request.post("/api/tokens", {
        form: { grant_type: "client_credentials", scope },
        headers: authed(token),
      });
      const body = await expectJson<{ error: string }>(response, 400);
      expect(body.error, label).toBe("invalid_scope");
    }
  });
});
