// Token families, impersonation by the signed-in person's rights, credentials of others, atomic
// sign-in throttling and scope echo (the trust issue, defects 1–6). Each test reproduces an
// attack that worked before and shows it refused, and that the refusal changed nothing.
import type { APIRequestContext } from "@playwright/test";
import {
  addBasicAuth,
  authed,
  createUser,
  expectJson,
  impersonate,
  member,
  passwordToken,
  signIn,
  studentScope,
  type TokenResponse,
  uniqueId,
} from "../support/api";
import { ADMIN_PASSWORD, ADMIN_USERNAME } from "../support/env";
import { expect, test } from "../support/fixtures";

type Issued = TokenResponse & { expires_in: number };

const reissue = async (request: APIRequestContext, token: string, scope?: string): Promise<Issued> =>
  expectJson<Issued>(
    await request.post("/api/tokens", {
      form: { grant_type: "client_credentials", ...(scope ? { scope } : {}) },
      headers: authed(token),
    }),
    200,
  );

const status = async (request: APIRequestContext, token: string) =>
  (await request.get("/api/user", { headers: authed(token) })).status();

const revoke = (request: APIRequestContext, token: string) =>
  request.post("/api/tokens/revoke", { headers: authed(token) });

/** A fresh organisation user with a password, signed in by that password (its own sign-in family). */
async function signedIn(
  request: APIRequestContext,
  world: { tenantId: string; orgId: string; orgToken: string },
  roles: string[],
) {
  const user = await createUser(request, world.orgToken, { roles });
  const username = uniqueId("u");
  const password = `pw-${uniqueId("p")}`;
  await addBasicAuth(
    request,
    await impersonate(request, world.orgToken, studentScope(world.tenantId, world.orgId, user.id)),
    username,
    password,
  );
  const scope = `tenant/${world.tenantId}/organisation/${world.orgId}`;
  return {
    id: user.id,
    username,
    password,
    scope,
    token: await passwordToken(request, username, password, `${scope}/user/${username}`),
  };
}

test.describe("token families", () => {
  test("a 20-deep chain of re-issued tokens is revoked at its root; revoking in the middle takes only what derives from it", async ({
    request,
    world,
  }) => {
    const person = await signedIn(request, world, ["STUDENT"]);
    const chain = [person.token];
    for (let i = 0; i < 20; i++) chain.push((await reissue(request, chain[chain.length - 1])).access_token);
    expect(await Promise.all(chain.map((t) => status(request, t)))).toEqual(chain.map(() => 200));

    // Revoking depth 10 ends depths 10..20 and leaves the ten above it working.
    expect((await revoke(request, chain[10])).status()).toBe(200);
    expect(await Promise.all(chain.map((t) => status(request, t)))).toEqual(chain.map((_, i) => (i >= 10 ? 401 : 200)));
    // Revoking the root (the sign-in) ends all of them.
    expect((await revoke(request, chain[0])).status()).toBe(200);
    expect(await Promise.all(chain.map((t) => status(request, t)))).toEqual(chain.map(() => 401));
    // A revoked token derives nothing any more.
    const refused = await request.post("/api/tokens", {
      form: { grant_type: "client_credentials" },
      headers: authed(chain[5]),
    });
    expect(refused.status()).toBe(401);
  });

  test("a derived token never outlives its parent: re-issuing does not extend access, signing out ends the family", async ({
    request,
    world,
  }) => {
    const person = await signedIn(request, world, ["STUDENT"]);
    const root = await expectJson<Issued>(
      await request.post("/api/tokens", {
        form: { grant_type: "password", username: person.username, password: person.password, scope: person.scope },
      }),
      200,
    );
    await new Promise((r) => setTimeout(r, 2100));
    // Each generation ends when the sign-in does, never a full lifetime from now.
    let token = root.access_token;
    for (let i = 0; i < 3; i++) {
      const child = await reissue(request, token);
      expect(child.expires_in).toBeLessThanOrEqual(root.expires_in - 2);
      token = child.access_token;
    }
    const impersonated = await reissue(request, world.orgToken, studentScope(world.tenantId, world.orgId, person.id));
    expect(impersonated.expires_in).toBeLessThanOrEqual(root.expires_in);
    // Sign-out (revoking the sign-in token) ends every token derived from it.
    expect((await revoke(request, root.access_token)).status()).toBe(200);
    expect(await status(request, token)).toBe(401);
    expect(await status(request, root.access_token)).toBe(401);
  });
});

test.describe("impersonation follows the person who signed in", () => {
  test("organisation administrator A, acting as the organisation, can neither impersonate administrator B nor add a credential to B", async ({
    request,
    world,
  }) => {
    const a = await signedIn(request, world, ["ORGANISATION"]);
    const b = await signedIn(request, world, ["ORGANISATION"]);
    const bScope = studentScope(world.tenantId, world.orgId, b.id);
    // Directly: refused, as before.
    expect(
      (
        await request.post("/api/tokens", {
          form: { grant_type: "client_credentials", scope: bScope },
          headers: authed(a.token),
        })
      ).status(),
    ).toBe(400);
    // Through the organisation: A may act as the organisation...
    const asOrg = (await reissue(request, a.token, `tenant/${world.tenantId}/organisation/${world.orgId}`))
      .access_token;
    // ...but from there still not as B, and not over B's credentials.
    const sideways = await request.post("/api/tokens", {
      form: { grant_type: "client_credentials", scope: bScope },
      headers: authed(asOrg),
    });
    expect(sideways.status()).toBe(400);
    expect((await sideways.json()).error).toBe("invalid_scope");
    const email = `${uniqueId("takeover")}@example.org`;
    const added = await request.post(`/api/users/${b.id}/emailauths`, {
      data: { email, password: "attacker-password-1" },
      headers: authed(asOrg),
    });
    expect(added.status()).toBe(403);
    expect(await signIn(request, email, "attacker-password-1")).toBe(400);
    expect((await request.get(`/api/users/${b.id}/credentials`, { headers: authed(asOrg) })).status()).toBe(403);
    // A still manages a teacher's credentials and impersonates a student from the organisation token.
    const teacher = await member(request, world, "TEACHER");
    expect(
      (
        await request.post(`/api/users/${teacher.id}/emailauths`, {
          data: { email: `${uniqueId("t")}@example.org` },
          headers: authed(asOrg),
        })
      ).status(),
    ).toBe(201);
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    await reissue(request, asOrg, studentScope(world.tenantId, world.orgId, student.id));
  });

  test("a teacher takes over no colleague: no credentials added, none listed", async ({ request, world }) => {
    const teacher = await signedIn(request, world, ["TEACHER"]);
    const colleague = await createUser(request, world.orgToken, { roles: ["TEACHER"] });
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    for (const target of [colleague.id, student.id]) {
      const email = `${uniqueId("take")}@example.org`;
      const response = await request.post(`/api/users/${target}/emailauths`, {
        data: { email, password: "attacker-password-1" },
        headers: authed(teacher.token),
      });
      expect(response.status()).toBe(403);
      expect(await signIn(request, email, "attacker-password-1")).toBe(400);
      expect((await request.get(`/api/users/${target}/credentials`, { headers: authed(teacher.token) })).status()).toBe(
        403,
      );
    }
  });
});

test.describe("sign-in throttling", () => {
  test("100 concurrent guesses on one account: exactly the limit (5) are checked, the rest are refused with 429", async ({
    request,
    world,
  }) => {
    const person = await signedIn(request, world, ["STUDENT"]);
    const attempt = (password: string) =>
      request.post("/api/tokens", {
        form: { grant_type: "password", username: person.username, password, scope: person.scope },
      });
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => attempt(`wrong-${i}`)));
    const statuses = answers.map((r) => r.status());
    // Five, plus one more each time the lock (2 s in tests, doubling) ran out while the burst lasted.
    const lockRounds = Math.ceil(Math.log2(1 + (Date.now() - started) / 2000));
    const checked = statuses.filter((s) => s !== 429).length;
    expect(checked, `statuses: ${JSON.stringify(statuses)}`).toBeLessThanOrEqual(5 + lockRounds);
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(95 - lockRounds);
    for (const r of answers.filter((r) => r.status() === 429))
      expect(Number(r.headers()["retry-after"])).toBeGreaterThan(0);
    // While locked, even the right password is refused.
    expect((await attempt(person.password)).status()).toBe(429);
  });

  test("20 concurrent attempts with the right password among them issue at most one token; wrong ones are bounded by the limit", async ({
    request,
    world,
  }) => {
    const person = await signedIn(request, world, ["STUDENT"]);
    const attempt = (password: string) =>
      request.post("/api/tokens", {
        form: { grant_type: "password", username: person.username, password, scope: person.scope },
      });
    const statuses = (
      await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i === 0 ? person.password : `wrong-${i}`)))
    ).map((r) => r.status());
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    // A success clears the count (the account's own password was given), so at most one more round.
    const limit = statuses.includes(200) ? 10 : 5;
    expect(statuses.filter((s) => s === 400).length, JSON.stringify(statuses)).toBeLessThanOrEqual(limit);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20 - limit - 1);
  });
});

test.describe("sign-ins in parallel", () => {
  test("right-password sign-ins of one account at the same time are never throttled, however they interleave", async ({
    request,
    world,
  }) => {
    const person = await signedIn(request, world, ["STUDENT"]);
    const attempt = () =>
      request.post("/api/tokens", {
        form: { grant_type: "password", username: person.username, password: person.password, scope: person.scope },
      });
    // Four at once stays under the limit of five, so any 429 is a success's clearing racing another attempt's slot.
    for (let round = 0; round < 6; round++) {
      const statuses = (await Promise.all(Array.from({ length: 4 }, attempt))).map((r) => r.status());
      expect(statuses, `round ${round}`).toEqual([200, 200, 200, 200]);
    }
  });
});

test.describe("scope echo", () => {
  test("every scope shape that names the account signing in is accepted; one naming another account is not", async ({
    request,
    world,
    admin,
  }) => {
    const me = await expectJson<{ id: string }>(await request.get("/api/user", { headers: authed(admin) }), 200);
    const adminScope = `user/${me.id}`;
    const echoed = await expectJson<TokenResponse>(
      await request.post("/api/tokens", {
        form: { grant_type: "password", username: ADMIN_USERNAME, password: ADMIN_PASSWORD, scope: adminScope },
      }),
      200,
    );
    expect(echoed.scope).toBe(adminScope);
    expect(await status(request, echoed.access_token)).toBe(200);

    // A student signed in by e-mail gets the student scope, and may echo it.
    const student = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const email = `${uniqueId("echo")}@example.org`;
    await expectJson(
      await request.post(`/api/users/${student.id}/emailauths`, {
        data: { email, password: "student-password-1" },
        headers: authed(world.orgToken),
      }),
      201,
    );
    const first = await expectJson<TokenResponse>(
      await request.post("/api/tokens", {
        form: { grant_type: "password", username: email, password: "student-password-1" },
      }),
      200,
    );
    expect(first.scope).toBe(studentScope(world.tenantId, world.orgId, student.id));
    const again = await request.post("/api/tokens", {
      form: { grant_type: "password", username: email, password: "student-password-1", scope: first.scope },
    });
    expect((await expectJson<TokenResponse>(again, 200)).scope).toBe(first.scope);

    // The same shapes naming someone else are refused as bad credentials.
    const other = await createUser(request, world.orgToken, { roles: ["STUDENT"] });
    const wrong = await request.post("/api/tokens", {
      form: {
        grant_type: "password",
        username: email,
        password: "student-password-1",
        scope: studentScope(world.tenantId, world.orgId, other.id),
      },
    });
    expect(wrong.status()).toBe(400);
    expect((await wrong.json()).error).toBe("invalid_grant");
  });
});
