import { authed } from "../support/api";
import { expect, test } from "../support/fixtures";

for (const method of ["GET", "POST", "DELETE"] as const) {
  test(`${method} on an unknown API path answers 404 JSON`, async ({ request }) => {
    for (const path of ["/api/no-such-endpoint", "/api/no/such/nested/endpoint"]) {
      const response = await request.fetch(path, { method, ...(method === "POST" ? { data: {} } : {}) });
      expect(response.status(), path).toBe(404);
      expect(response.headers()["content-type"]).toContain("application/json");
      expect(await response.json()).toMatchObject({ message: expect.any(String) });
    }
  });
}

test("client_credentials with a garbage bearer token answers 401", async ({ request }) => {
  const response = await request.post("/api/tokens", {
    form: { grant_type: "client_credentials" },
    headers: authed("not-a-real-token"),
  });
  expect(response.status()).toBe(401);
  expect(await response.json()).toMatchObject({ message: expect.any(String) });
});

test("the API root answers 404 JSON as well", async ({ request }) => {
  for (const path of ["/api", "/api/"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
  }
});

test("CORS: preflights are answered for any API path, and responses allow any origin", async ({ request }) => {
  const preflight = await request.fetch("/api/challenges/choice", {
    method: "OPTIONS",
    headers: {
      Origin: "https://app.example.org",
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization",
    },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()["access-control-allow-origin"]).toBe("*");
  expect(preflight.headers()["access-control-allow-methods"]).toContain("POST");
  expect(preflight.headers()["access-control-allow-headers"]).toContain("Authorization");
  const response = await request.get("/api/health", { headers: { Origin: "https://app.example.org" } });
  expect(response.headers()["access-control-allow-origin"]).toBe("*");
  expect(response.headers()["access-control-expose-headers"]).toContain("Link");
});
