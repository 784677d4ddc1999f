// One structured line per request, with a request id; never a token or a password,
// whether they came in a header, a form body or the query string.
import { expect, test } from "@playwright/test";
import { ADMIN_PASSWORD, PORTS } from "../support/env";
import { type PrivateServer, privateServer } from "../support/server";

test.describe.configure({ mode: "serial" });
let server: PrivateServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await privateServer(PORTS.sqlite + 40, { LOG_LEVEL: "info" });
});
test.afterAll(async () => server?.stop());

test("request log lines carry a request id and method, path and status, but no secret", async () => {
  const form = (f: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(f).toString(),
  });
  const wrong = await fetch(
    `${server.url}/api/tokens`,
    form({ grant_type: "password", username: "admin", password: "wrong-secret-password" }),
  );
  expect(wrong.status).toBe(400);
  const signIn = await fetch(
    `${server.url}/api/tokens`,
    form({ grant_type: "password", username: "admin", password: ADMIN_PASSWORD }),
  );
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const viaQuery = await fetch(`${server.url}/api/user?access_token=${encodeURIComponent(token)}`);
  expect(viaQuery.status).toBe(200);
  const requestId = viaQuery.headers.get("x-request-id");
  await fetch(`${server.url}/api/users`, { headers: { Authorization: `Bearer ${token}` } });
  const emailAuth = await fetch(`${server.url}/api/user/emailauths`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ email: "logged@example.org", password: "email-secret-password" }),
  });
  expect(emailAuth.status).toBe(201);

  await expect.poll(() => server.log().includes(requestId!)).toBe(true);
  const log = server.log();
  const lines = log
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const line = lines.find((l) => l.requestId === requestId);
  expect(line).toMatchObject({ event: "request", method: "GET", path: "/api/user", status: 200 });
  for (const secret of [token, ADMIN_PASSWORD, "wrong-secret-password", "email-secret-password", "access_token"]) {
    expect(log, `the log contains ${secret.slice(0, 6)}…`).not.toContain(secret);
  }
});
