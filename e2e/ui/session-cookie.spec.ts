// The API answers the web app's own pages by their HttpOnly session cookie, and nothing else
// by it: not a cross-site request, not a write without the pages' header (what a form sends),
// and never the token endpoint, so page script cannot mint a token to carry away.
import { uniqueId } from "../support/api";
import { expect, test } from "../support/fixtures";
import { SESSION_CALL, sessionCookie, signInAsAdmin } from "../support/ui";

test("same-origin calls with the header work by the cookie; cross-site, header-less writes and token minting do not", async ({
  page,
  request,
}) => {
  await signInAsAdmin(page);
  const inPage = (path: string, init: { method?: string; headers?: Record<string, string>; body?: string }) =>
    page.evaluate(
      async ([path, init]) => {
        const response = await fetch(path, init);
        return { status: response.status, body: await response.text() };
      },
      [path, init] as const,
    );
  const json = { "Content-Type": "application/json" };

  // The pages' own way: same-origin fetch with the header, reads and writes.
  const me = await inPage("/api/user", { headers: SESSION_CALL });
  expect(me.status).toBe(200);
  expect(JSON.parse(me.body).roles).toContain("ADMIN");
  const name = uniqueId("Cookie tenant");
  expect(
    (
      await inPage("/api/tenants", {
        method: "POST",
        headers: { ...SESSION_CALL, ...json },
        body: JSON.stringify({ name }),
      })
    ).status,
  ).toBe(201);
  // A same-origin write without the header (say, an injected <form>) is not the page's call.
  expect(
    (await inPage("/api/tenants", { method: "POST", headers: json, body: JSON.stringify({ name: `${name} again` }) }))
      .status,
  ).toBe(401);
  // The token endpoint never takes the cookie: no token for page script, not even of its own view.
  const form = { ...SESSION_CALL, "Content-Type": "application/x-www-form-urlencoded" };
  const minted = await inPage("/api/tokens", { method: "POST", headers: form, body: "grant_type=client_credentials" });
  expect(minted.status).toBe(401);
  expect(JSON.parse(minted.body)).toMatchObject({ error: "invalid_client" });

  // The same cookie sent as other senders would send it.
  const cookie = await sessionCookie(page);
  const get = async (headers: Record<string, string>) =>
    (await request.get("/api/user", { headers: { Cookie: cookie, ...headers } })).status();
  const post = async (headers: Record<string, string>) =>
    (
      await request.post("/api/tenants", {
        headers: { Cookie: cookie, ...json, ...headers },
        data: JSON.stringify({ name: uniqueId("Cross") }),
      })
    ).status();
  expect(await get(SESSION_CALL)).toBe(200);
  // The browser says the request comes from another site: refused even with the header.
  expect(await get({ ...SESSION_CALL, "Sec-Fetch-Site": "cross-site" })).toBe(401);
  expect(await get({ ...SESSION_CALL, "Sec-Fetch-Site": "same-site" })).toBe(401);
  // A media element's GET (no header, but the browser says same-origin) is the page's own.
  expect(await get({ "Sec-Fetch-Site": "same-origin" })).toBe(200);
  expect(await get({})).toBe(401);
  expect(await post({ "Sec-Fetch-Site": "same-origin" })).toBe(401);
  expect(await post({ "Sec-Fetch-Site": "cross-site" })).toBe(401);
});

test("the session takes no token from the browser: views are impersonated on the server, and a refusal says why once", async ({
  page,
  world,
}) => {
  await signInAsAdmin(page);
  const update = (data: unknown) =>
    page.evaluate(async (data) => {
      const { csrfToken } = await (await fetch("/auth/csrf")).json();
      const response = await fetch("/auth/session", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ csrfToken, data }),
      });
      return response.json();
    }, data);

  // A token pushed from the page (the old way) is not an update the session knows.
  const pushed = await update({
    op: "push",
    token: "x".repeat(43),
    scope: `tenant/${world.tenantId}`,
    label: "Pushed",
  });
  expect(pushed.stack).toHaveLength(1);
  expect(pushed.error).toBeTruthy();
  // A scope that does not exist: refused with the token endpoint's own words.
  const refused = await update({ op: "impersonate", scope: "tenant/no-such-tenant", label: "Nobody" });
  expect(refused.stack).toHaveLength(1);
  expect(refused.error).toMatch(/scope/i);
  const reread = await page.evaluate(async () => (await fetch("/auth/session")).json());
  expect(reread.error).toBeUndefined();
  // A real one: the stack grows, and still no token is in sight.
  const tenant = await update({ op: "impersonate", scope: `tenant/${world.tenantId}`, label: "The tenant" });
  expect(tenant.scope).toBe(`tenant/${world.tenantId}`);
  expect(tenant.stack).toHaveLength(2);
  expect(JSON.stringify(tenant)).not.toMatch(/"token"/);
});
