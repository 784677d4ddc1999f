import { expect, test } from "../support/fixtures";

test("health reports the database and storage as ready", async ({ request }) => {
  const kind = test.info().project.name === "api-postgres" ? "postgres" : "sqlite";
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok", database: { ok: true, kind }, storage: { ok: true } });
});
