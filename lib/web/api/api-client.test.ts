import { expect, test } from "@playwright/test";
import { ApiRequestError, apiFetch, nextCursor, withQuery } from "./api-client";

test("the next cursor comes from the Link header's rel=next URL", () => {
  expect(nextCursor('<http://x.test/api/organisations?perPage=2&startCursor=abc_-1>; rel="next"')).toBe("abc_-1");
  expect(nextCursor("<http://x.test/api/tenants?startCursor=q>; rel=next")).toBe("q");
  expect(nextCursor('<http://x.test/api/tenants?startCursor=q>; rel="prev"')).toBeNull();
  expect(nextCursor(null)).toBeNull();
});

test("query parameters leave out empty values and repeat lists", () => {
  expect(
    withQuery("/api/users", {
      role: ["TEACHER", "STUDENT"],
      sort: "name",
      group: "",
      startCursor: undefined,
      perPage: 20,
    }),
  ).toBe("/api/users?role=TEACHER&role=STUDENT&sort=name&perPage=20");
  expect(withQuery("/api/users?x=1", { perPage: 5 })).toBe("/api/users?x=1&perPage=5");
  expect(withQuery("/api/users", {})).toBe("/api/users");
});

test("failures carry the API's status, message and field errors", async () => {
  const original = globalThis.fetch;
  const answers: Response[] = [
    Response.json(
      {
        message: "Invalid Organisation: name (missing_field)",
        errors: [{ resource: "Organisation", field: "name", code: "missing_field" }],
      },
      { status: 422 },
    ),
    Response.json(
      { error: "invalid_grant", error_description: "The username, password or scope is incorrect" },
      { status: 400 },
    ),
    new Response("<html>proxy error</html>", { status: 502 }),
    Response.json([{ id: "a" }], { headers: { Link: '<http://x.test/api/tenants?startCursor=n1>; rel="next"' } }),
  ];
  const sent: RequestInit[] = [];
  globalThis.fetch = (async (_url: string, init: RequestInit) => (sent.push(init), answers.shift()!)) as typeof fetch;
  try {
    const validation = await apiFetch("/api/organisation", { token: "t0k", json: {} }).catch((e) => e);
    expect(validation).toBeInstanceOf(ApiRequestError);
    expect(validation).toMatchObject({
      status: 422,
      message: "Invalid Organisation: name (missing_field)",
      errors: [{ field: "name", code: "missing_field" }],
    });
    expect(sent[0]).toMatchObject({
      method: "POST",
      body: "{}",
      headers: { Authorization: "Bearer t0k", "Content-Type": "application/json" },
    });
    await expect(apiFetch("/api/tokens", { form: { grant_type: "password" } })).rejects.toMatchObject({
      status: 400,
      message: "The username, password or scope is incorrect",
    });
    await expect(apiFetch("/api/tenants")).rejects.toMatchObject({ status: 502, message: "The server answered 502" });
    expect(await apiFetch("/api/tenants")).toEqual({ data: [{ id: "a" }], status: 200, nextCursor: "n1" });
  } finally {
    globalThis.fetch = original;
  }
});
